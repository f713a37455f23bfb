/** The Hotelbeds sandbox as a Lambda function URL (sandbox stacks only). */
import { sandboxCredentials } from '../credentials.js';
import { sandboxLambdaHandler } from '../lambda-bridge.js';
import { sandboxSupplierConfig } from '../sandbox-supplier-config.js';
import { startHotelbedsSandbox } from './server.js';

// At the cold start: a variable missing or malformed fails the init, naming it.
const config = sandboxSupplierConfig();

export const handler = sandboxLambdaHandler(async () =>
  startHotelbedsSandbox({ ...(await sandboxCredentials(config.credentials)), host: '127.0.0.1', port: 0 }),
);
