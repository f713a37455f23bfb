/** The Expedia Rapid sandbox as a Lambda function URL (sandbox stacks only). */
import { sandboxCredentials } from '../credentials.js';
import { sandboxLambdaHandler } from '../lambda-bridge.js';
import { startExpediaSandbox } from './server.js';

export const handler = sandboxLambdaHandler(async () =>
  startExpediaSandbox({ ...(await sandboxCredentials()), host: '127.0.0.1', port: 0 }),
);
