/** The OpenTravel sandbox as a Lambda function URL (sandbox stacks only). */
import { sandboxCredentials } from '../sandbox-credentials.js';
import { sandboxLambdaHandler } from '../sandbox-lambda-bridge.js';
import { startOpenTravelSandbox } from './sandbox-server.js';

export const handler = sandboxLambdaHandler(async () =>
  startOpenTravelSandbox({ ...(await sandboxCredentials()), host: '127.0.0.1', port: 0 }),
);
