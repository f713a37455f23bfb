/**
 * Entry of the booking-flow Lambda function: the steps of the booking state machine (flow-handler.ts),
 * with booking's wiring made from the function's configuration.
 */
import { flowConfig } from './flow-config.js';
import { flowDeps } from './flow-deps.js';
import { flowHandler } from './flow-handler.js';

// At the cold start: a variable missing or malformed fails the init, naming it.
const config = flowConfig();

export const handler = flowHandler(() => flowDeps(config.flow));
