/**
 * UndoBooking (compensation): the supplier confirmed but the booking cannot stand, because it could not be
 * saved or because the confirmed price broke the partner's priceTolerance. The undo first takes the pending
 * booking (a conditional write: the lifecycle's begin-undo), so the settle path (the reconciler, a GET) can no
 * longer confirm it; only then is it cancelled at the supplier, the attempt and its penalty recorded on the
 * booking (failed), and the flow ended with an error that says so. If even the cancel fails, the record and
 * the log say which supplier booking is left, for the on-call engineer: nothing the supplier confirmed is
 * forgotten.
 *
 * A booking the settle path confirmed first is not undone: the supplier holds it, we hold it confirmed and
 * paid, and the flow answers it. The two never both win, because each moves the booking only from the
 * status and history it read.
 */
import { eventsOf } from '../../domain/booking/booking-lifecycle.js';
import { historyOf } from '../../domain/booking/history-entry.js';
import type { CompensateCommand, FailCommand } from '../../domain/booking/lifecycle-command.js';
import type { UndoReason } from '../../domain/booking/lifecycle-event.js';
import { DomainError } from '../../domain/errors/domain-error.js';
import { recordBookingOutcome } from '../../shared/metric-events.js';
import { logger } from '../../shared/observability.js';
import { bookingResponse } from '../record/booking-record.js';
import { changeBooking } from '../record/change-booking.js';
import type { FlowDeps } from './flow-deps.js';
import { FlowError } from './flow-error.js';
import type { FlowState } from './flow-state.js';
import { cancelAtSupplier, takeForUndo, type UndoTarget } from './undo-at-supplier.js';

export async function undoBookingStep(state: FlowState, deps: FlowDeps): Promise<FlowState> {
  const booking = state.supplierBooking!;
  const because: UndoReason =
    state.priceAccepted === false
      ? { kind: 'above-tolerance', total: state.locked!.total, currency: state.locked!.currency }
      : { kind: 'not-saved', error: state.failure?.Error ?? 'error' };
  const target: UndoTarget = {
    tenant: state.tenant,
    bookingId: state.bookingId,
    supplierId: booking.supplierId,
    supplierReference: booking.supplierReference,
  };
  const taken = await takeForUndo(deps, target, because);
  if (taken.kind === 'stands') {
    logger.warn('not undone: the booking was confirmed meanwhile under the same supplier reference', {
      bookingId: state.bookingId,
      supplierId: booking.supplierId,
      status: taken.record.status,
    });
    return { ...state, response: bookingResponse(taken.record) };
  }
  if (taken.kind === 'undone-elsewhere') {
    throw FlowError.of(
      new DomainError(
        'not-completed',
        `The supplier confirmed the booking but we could not record it; an earlier attempt of booking ${state.bookingId} is cancelling it at the supplier. GET the booking for the outcome.`,
        { bookingId: state.bookingId, supplierReference: booking.supplierReference, undone: false },
      ),
    );
  }
  const at = deps.now().toISOString();
  const undo = await cancelAtSupplier(deps, target, {
    holderEmail: state.request.holder.email,
    ...(state.traveller ? { traveller: state.traveller } : {}),
  });
  const compensate: CompensateCommand = {
    kind: 'compensate',
    at,
    supplierId: booking.supplierId,
    supplierReference: booking.supplierReference,
    because,
    undo,
  };
  await recordFailure(state, deps, compensate);
  const cancelled = undo.kind === 'cancelled' ? { penalty: `${undo.penalty.amount} ${undo.penalty.currency}` } : undefined;
  recordBookingOutcome(cancelled ? 'compensated' : 'compensation-failed');

  const details = { bookingId: state.bookingId, supplierReference: booking.supplierReference, undone: cancelled !== undefined };
  if (state.priceAccepted === false) {
    throw FlowError.of(
      new DomainError(
        'price-changed',
        `The supplier confirmed ${state.locked!.total} ${state.locked!.currency}, above ${state.request.priceTolerance ? 'your priceTolerance' : 'the binding total held from your wallet (send a priceTolerance to accept a rise)'}; the booking was ${cancelled ? `cancelled at the supplier (penalty ${cancelled.penalty})` : 'NOT cancelled at the supplier: contact support'}`,
        details,
      ),
    );
  }
  throw FlowError.of(
    new DomainError(
      'not-completed',
      cancelled
        ? `The supplier confirmed the booking but we could not record it, so we cancelled it at the supplier (penalty ${cancelled.penalty}). Nothing is booked; try again with a new Idempotency-Key.`
        : `The supplier confirmed the booking but we could not record it, and cancelling it at the supplier failed; contact support with booking ${state.bookingId}.`,
      details,
    ),
  );
}

/**
 * Moves the write-ahead record to failed with its story, and gives back what its wallet gave once it says
 * so (a booking the reconciler confirmed meanwhile keeps its payment); if the table is what failed, the
 * log keeps the story.
 */
export async function recordFailure(state: FlowState, deps: FlowDeps, command: FailCommand | CompensateCommand): Promise<void> {
  try {
    await changeBooking(deps, state.tenant, state.bookingId, command);
  } catch (error) {
    // A pending record left behind is failed by the reconciler later, which gives the funds back then; one an
    // undo took is finished by the reconciler (settle-pending.ts, FINISH_UNDO_AFTER_MS).
    logger.error('could not record a failed booking', { bookingId: state.bookingId, events: historyOf(eventsOf(command)), error });
  }
}
