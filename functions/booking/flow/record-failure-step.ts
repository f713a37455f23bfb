/**
 * RecordFailure: the supplier refused the booking (or the step failed before asking it). The write-ahead
 * record becomes failed with the reason, then the flow ends with the same error, so the partner gets
 * the problem and GET shows what happened.
 */
import { recordBookingOutcome } from '../../shared/metric-events.js';
import { HttpProblem } from '../../shared/problem.js';
import type { FlowDeps } from './flow-deps.js';
import { FlowError, problemFromFailure } from './flow-error.js';
import type { FlowState } from './flow-state.js';
import { recordFailure } from './undo-booking-step.js';

export async function recordFailureStep(state: FlowState, deps: FlowDeps): Promise<never> {
  const problem =
    problemFromFailure(state.failure?.Error, state.failure?.Cause) ??
    new HttpProblem('internal-error', 'The booking failed before the supplier was asked; nothing was booked', {
      extensions: { bookingId: state.bookingId },
    });
  await recordFailure(state, deps, { kind: 'fail', at: deps.now().toISOString(), cause: { kind: 'not-booked', problem: problem.message } });
  recordBookingOutcome('failed');
  throw FlowError.of(new HttpProblem(problem.kind, problem.message, { extensions: { ...problem.extensions, bookingId: state.bookingId } }));
}
