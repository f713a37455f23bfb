/** The Hotelbeds sandbox as a Lambda function URL (sandbox stacks only). */
import { sandboxCredentials } from '../credentials.js';
import { sandboxLambdaHandler } from '../lambda-bridge.js';
import { startHotelbedsSandbox } from './server.js';

export const handler = sandboxLambdaHandler(async () =>
  startHotelbedsSandbox({ ...(await sandboxCredentials()), host: '127.0.0.1', port: 0 }),
);
