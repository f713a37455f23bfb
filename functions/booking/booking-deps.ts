/** What the booking function's handlers reach: booking's wiring (flow/flow-deps.ts) with the function's own settings. */
import { bookingConfig } from './booking-config.js';
import { flowDeps, type FlowDeps } from './flow/flow-deps.js';

export function bookingDeps(): FlowDeps {
  return flowDeps(bookingConfig().flow);
}
