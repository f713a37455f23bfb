/**
 * The booking flow's steps as one handler: the Task states of statemachines/booking.asl.json invoke the
 * flow function (index.ts) with {step, input}. Each step is a plain function of the flow state and its
 * ports; a domain error a step raises leaves as a FlowError so the state machine can branch on its name and the
 * booking function can answer with it.
 */
import { invocation } from '../../shared/lambda-entry.js';
import { DomainError } from '../../domain/errors/domain-error.js';
import { isDependencyOutage } from '../../shared/dependency-outage.js';
import { recordBookingStep } from '../../shared/metric-events.js';
import { isSupplierError } from '../../suppliers/supplier-error.js';
import { logger } from '../../shared/observability.js';
import { bookWithSupplierStep } from './book-with-supplier-step.js';
import { checkRateStep } from './check-rate-step.js';
import type { FlowDeps } from './flow-deps.js';
import { FlowError } from './flow-error.js';
import type { FlowState } from './flow-state.js';
import { keepPendingStep } from './keep-pending-step.js';
import { reconcileStep } from './reconcile-step.js';
import { recordFailureStep } from './record-failure-step.js';
import { saveBookingStep } from './save-booking-step.js';
import { undoBookingStep } from './undo-booking-step.js';

const STEPS = {
  CheckRate: checkRateStep,
  BookWithSupplier: bookWithSupplierStep,
  ReconcileBooking: reconcileStep,
  KeepPending: keepPendingStep,
  SaveBooking: saveBookingStep,
  UndoBooking: undoBookingStep,
  RecordFailure: recordFailureStep,
} as const satisfies Record<string, (state: FlowState, deps: FlowDeps) => Promise<FlowState>>;

export type FlowStep = keyof typeof STEPS;
export const FLOW_STEPS = Object.keys(STEPS) as FlowStep[];

export interface FlowInvocation {
  step: FlowStep;
  input: FlowState;
}

export function flowHandler(deps: () => FlowDeps) {
  return (event: FlowInvocation): Promise<FlowState> =>
    invocation(async () => {
      const step = STEPS[event.step];
      if (!step) throw new Error(`unknown booking flow step ${String(event.step)}`);
      // The API request that started the booking is the correlation id, as in the booking function's own lines.
      logger.appendKeys({ bookingId: event.input?.bookingId, step: event.step, correlation_id: event.input?.requestId });
      const started = performance.now();
      let result: 'ok' | 'error' = 'error';
      try {
        const next = await step(event.input, deps());
        result = 'ok';
        return next;
      } catch (error) {
        if (error instanceof DomainError) throw FlowError.of(error);
        // Our tables (or another AWS service) out of reach: the partner is told to retry with the same key,
        // which resumes this booking (its id is the key's), instead of seeing an internal error.
        if (isDependencyOutage(error)) {
          logger.warn('booking flow step could not reach a dependency', { error });
          throw FlowError.of(dependencyUnavailable(event.input?.bookingId), DEPENDENCY_UNAVAILABLE);
        }
        if (!(error instanceof FlowError)) logger.error('booking flow step failed', { error });
        // What leaves a step is kept in the execution's history and reaches the booking function's log: a
        // supplier's own text (which may echo the holder) leaves as its codes and length, under its name.
        if (isSupplierError(error)) throw Object.assign(new Error(error.redactedMessage()), { name: error.name });
        throw error;
      } finally {
        // RecordFailure always ends the flow with an error, and UndoBooking does unless the booking was confirmed
        // meanwhile: that is their job, so their `error` counts are the compensations and failures, which
        // BookingOutcome names.
        recordBookingStep(event.step, result, Math.round(performance.now() - started));
        logger.removeKeys(['bookingId', 'step', 'correlation_id']);
      }
    });
}

const DEPENDENCY_UNAVAILABLE = 'DependencyUnavailable';

function dependencyUnavailable(bookingId: string | undefined): DomainError {
  return new DomainError(
    'dependency-unavailable',
    'The booking could not be completed because a service it depends on was briefly unavailable; retry with the same Idempotency-Key, which resumes this booking',
    bookingId ? { bookingId } : {},
  );
}
