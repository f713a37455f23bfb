/**
 * UndoBooking (compensation): the supplier confirmed but the booking cannot stand, because it could not be
 * saved or because the confirmed price broke the partner's priceTolerance. It is cancelled at the
 * supplier, the attempt and its penalty are recorded on the booking (failed), and the flow ends with an
 * error that says so. If even the cancel fails, the record and the log say which supplier booking is
 * left, for the on-call engineer: nothing the supplier confirmed is forgotten.
 */
import { eventsOf } from '../../domain/booking/booking-lifecycle.js';
import { historyOf } from '../../domain/booking/history-entry.js';
import type { CompensateCommand, FailCommand, UndoAtSupplier } from '../../domain/booking/lifecycle-command.js';
import type { UndoReason } from '../../domain/booking/lifecycle-event.js';
import { DomainError } from '../../domain/errors/domain-error.js';
import { recordBookingOutcome } from '../../shared/metric-events.js';
import { logger } from '../../shared/observability.js';
import { changeBooking } from '../record/change-booking.js';
import type { FlowDeps } from './flow-deps.js';
import { FlowError } from './flow-error.js';
import type { FlowState } from './flow-state.js';
import { measuredSupplierCall } from './measured-supplier-call.js';
import { adapterOf } from './supplier-of.js';
import { supplierFailureReason } from '../../suppliers/supplier-error.js';

export async function undoBookingStep(state: FlowState, deps: FlowDeps): Promise<never> {
  const booking = state.supplierBooking!;
  const because: UndoReason =
    state.priceAccepted === false
      ? { kind: 'above-tolerance', total: state.locked!.total, currency: state.locked!.currency }
      : { kind: 'not-saved', error: state.failure?.Error ?? 'error' };
  const at = deps.now().toISOString();
  let undo: UndoAtSupplier;
  try {
    const adapter = await adapterOf(state.tenant, booking.supplierId, deps);
    const result = await measuredSupplierCall(booking.supplierId, 'cancel', () =>
      adapter.cancel({
        supplierReference: booking.supplierReference,
        holderEmail: state.request.holder.email,
        scenarios: [],
        ...(state.traveller ? { traveller: state.traveller } : {}),
        signal: AbortSignal.timeout(deps.supplierCallTimeoutMs),
      }),
    );
    undo = {
      kind: 'cancelled',
      at: deps.now().toISOString(),
      penalty: { amount: result.penalty.amount, currency: result.penalty.currency },
    };
  } catch (error) {
    undo = {
      kind: 'cancel-failed',
      at: deps.now().toISOString(),
      why: supplierFailureReason(error),
    };
    logger.error('compensation failed: a supplier booking is left without a saved booking', {
      bookingId: state.bookingId,
      supplierId: booking.supplierId,
      supplierReference: booking.supplierReference,
      error,
    });
  }
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
        `The supplier confirmed ${state.locked!.total} ${state.locked!.currency}, above your priceTolerance; the booking was ${cancelled ? `cancelled at the supplier (penalty ${cancelled.penalty})` : 'NOT cancelled at the supplier: contact support'}`,
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
    // A pending record left behind is failed by the reconciler later, which gives the funds back then.
    logger.error('could not record a failed booking', { bookingId: state.bookingId, events: historyOf(eventsOf(command)), error });
  }
}
