/** Entry of the booking-flow Lambda function: the steps of the booking state machine (flow-handler.ts). */
import { flowDeps } from './flow-deps.js';
import { flowHandler } from './flow-handler.js';

export const handler = flowHandler(flowDeps);
