/**
 * Entry of the booking-flow Lambda function: the Task states of statemachines/booking.asl.json invoke it
 * with {step, input}. The booking issue fills in the steps; until then each fails with a named error, which
 * the state machine reports as a failed execution.
 */
export const FLOW_STEPS = ['CheckRate', 'BookWithSupplier', 'SaveBooking', 'CreateVoucher'] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

export interface FlowInvocation {
  step: FlowStep;
  input: unknown;
}

export class StepNotImplemented extends Error {
  override name = 'StepNotImplemented';
}

export async function handler(event: FlowInvocation): Promise<unknown> {
  if (!FLOW_STEPS.includes(event.step)) throw new Error(`unknown booking flow step ${String(event.step)}`);
  throw new StepNotImplemented(`booking flow step ${event.step} is not implemented yet`);
}
