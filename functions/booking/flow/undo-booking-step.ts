/**
 * UndoBooking (compensation): the supplier confirmed but the booking cannot stand, because it could not be
 * saved or because the confirmed price broke the partner's priceTolerance. It is cancelled at the
 * supplier, the attempt and its penalty are recorded on the booking (failed), and the flow ends with a
 * problem that says so. If even the cancel fails, the record and the log say which supplier booking is
 * left, for the on-call engineer: nothing the supplier confirmed is forgotten.
 */
import { HttpProblem } from '../../shared/problem.js';
import { recordBookingOutcome } from '../../shared/metric-events.js';
import { logger } from '../../shared/observability.js';
import type { BookingEvent } from '../record/booking-record.js';
import type { FlowDeps } from './flow-deps.js';
import { FlowError } from './flow-problem.js';
import type { FlowState } from './flow-state.js';
import { giveBackBookingFunds } from '../wallet/wallet-payment.js';
import { measuredSupplierCall } from './measured-supplier-call.js';
import { adapterOf } from './supplier-of.js';
import { isSupplierError } from '../../suppliers/supplier-error.js';

export async function undoBookingStep(state: FlowState, deps: FlowDeps): Promise<never> {
  const booking = state.supplierBooking!;
  const reason =
    state.priceAccepted === false
      ? `the supplier confirmed ${state.locked!.total} ${state.locked!.currency}, above the priceTolerance`
      : `the booking could not be saved (${state.failure?.Error ?? 'error'})`;
  const events: BookingEvent[] = [
    {
      at: deps.now().toISOString(),
      event: 'confirmed-by-supplier',
      detail: `${booking.supplierId} confirmed ${booking.supplierReference}; undone because ${reason}`,
    },
  ];
  let cancelled: { penalty: string } | undefined;
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
    cancelled = { penalty: `${result.penalty.amount} ${result.penalty.currency}` };
    events.push({
      at: deps.now().toISOString(),
      event: 'cancelled-at-supplier',
      detail: `cancelled ${booking.supplierReference} at ${booking.supplierId}, penalty ${cancelled.penalty}`,
    });
  } catch (error) {
    events.push({
      at: deps.now().toISOString(),
      event: 'cancel-at-supplier-failed',
      detail: `could not cancel ${booking.supplierReference} at ${booking.supplierId}: ${isSupplierError(error) ? error.reduced() : ((error as Error)?.name ?? 'error')}`,
    });
    logger.error('compensation failed: a supplier booking is left without a saved booking', {
      bookingId: state.bookingId,
      supplierId: booking.supplierId,
      supplierReference: booking.supplierReference,
      error,
    });
  }
  await recordFailure(state, deps, events, booking.supplierReference);
  recordBookingOutcome(cancelled ? 'compensated' : 'compensation-failed');

  const extensions = { bookingId: state.bookingId, supplierReference: booking.supplierReference, undone: cancelled !== undefined };
  if (state.priceAccepted === false) {
    throw FlowError.of(
      new HttpProblem(
        'price-changed',
        `The supplier confirmed ${state.locked!.total} ${state.locked!.currency}, above your priceTolerance; the booking was ${cancelled ? `cancelled at the supplier (penalty ${cancelled.penalty})` : 'NOT cancelled at the supplier: contact support'}`,
        { extensions },
      ),
    );
  }
  throw FlowError.of(
    new HttpProblem(
      'booking-not-completed',
      cancelled
        ? `The supplier confirmed the booking but we could not record it, so we cancelled it at the supplier (penalty ${cancelled.penalty}). Nothing is booked; try again with a new Idempotency-Key.`
        : `The supplier confirmed the booking but we could not record it, and cancelling it at the supplier failed; contact support with booking ${state.bookingId}.`,
      { extensions },
    ),
  );
}

/** Moves the write-ahead record to failed with its story; if the table is what failed, the log keeps it. */
export async function recordFailure(
  state: FlowState,
  deps: FlowDeps,
  events: readonly BookingEvent[],
  supplierReference: string | null,
): Promise<void> {
  try {
    const failed = await deps.bookings.transition(
      state.tenant,
      state.bookingId,
      ['pending'],
      { status: 'failed', ...(supplierReference ? { supplierReference } : {}) },
      events,
    );
    // Only once the record says failed: a booking the reconciler confirmed meanwhile keeps its payment.
    await giveBackBookingFunds(failed, deps.wallets, deps.now());
  } catch (error) {
    // A pending record left behind is failed by the reconciler later, which gives the funds back then.
    logger.error('could not record a failed booking', { bookingId: state.bookingId, events, error });
  }
}
