/** The sandbox ECB feed as a Lambda function URL (sandbox stacks only): the FX feed job of the stack reads it. */
import { sandboxLambdaHandler } from '../lambda-bridge.js';
import { ecbFeedConfig } from './ecb-feed-config.js';
import { startEcbSandbox } from './server.js';

// At the cold start, as every function's entry does.
ecbFeedConfig();

export const handler = sandboxLambdaHandler(() => startEcbSandbox({ host: '127.0.0.1', port: 0 }));
