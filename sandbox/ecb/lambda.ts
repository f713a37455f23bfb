/** The sandbox ECB feed as a Lambda function URL (sandbox stacks only): the FX feed job of the stack reads it. */
import { sandboxLambdaHandler } from '../lambda-bridge.js';
import { startEcbSandbox } from './server.js';

export const handler = sandboxLambdaHandler(() => startEcbSandbox({ host: '127.0.0.1', port: 0 }));
