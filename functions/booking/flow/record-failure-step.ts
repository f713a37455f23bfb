/**
 * RecordFailure: the supplier refused the booking (or the step failed before asking it). The write-ahead
 * record becomes failed with the reason, then the flow ends with the same error, so the partner is
 * answered with it and GET shows what happened. A refusal for overload wrote no record: it only ends the flow.
 */
import { DomainError } from '../../domain/errors/domain-error.js';
import { recordBookingOutcome } from '../../shared/metric-events.js';
import type { FlowDeps } from './flow-deps.js';
import { domainErrorFromFailure, FlowError } from './flow-error.js';
import type { FlowState } from './flow-state.js';
import { recordFailure } from './undo-booking-step.js';

export async function recordFailureStep(state: FlowState, deps: FlowDeps): Promise<never> {
  const failure =
    domainErrorFromFailure(state.failure?.Error, state.failure?.Cause) ??
    new DomainError('internal', 'The booking failed before the supplier was asked; nothing was booked', { bookingId: state.bookingId });
  // Refused for overload before the write-ahead record (or withdrawn): there is nothing to record.
  if (failure.kind !== 'overloaded') {
    await recordFailure(state, deps, {
      kind: 'fail',
      at: deps.now().toISOString(),
      cause: { kind: 'not-booked', problem: failure.message },
    });
    recordBookingOutcome('failed');
  }
  throw FlowError.of(new DomainError(failure.kind, failure.message, { ...failure.details, bookingId: state.bookingId }));
}
