/**
 * BookWithSupplier. The pending record is written first (write-ahead), so a booking the supplier may have
 * made is never without a trace on our side, whatever happens next; our bookingId goes to the supplier as
 * its client reference. A bookingId seen before is never booked again: a confirmed one is answered as it
 * is, a pending one is settled by asking the supplier (PreviousAttemptUnknown → ReconcileBooking).
 */
import { HttpProblem } from '../../shared/problem.js';
import { isSupplierError, type SupplierError } from '../../suppliers/supplier-error.js';
import { bookingResponse } from '../record/booking-record.js';
import { captureBookingTotal, holdBookingTotal } from '../wallet/wallet-payment.js';
import { guestDetailsOf, lockPrice, pendingRecord, withinTolerance } from './booking-draft.js';
import type { FlowDeps } from './flow-deps.js';
import { FlowError, PREVIOUS_ATTEMPT_UNKNOWN, SUPPLIER_BOOKING_TIMEOUT } from './flow-problem.js';
import { askerOf, type FlowState } from './flow-state.js';
import { measuredSupplierCall } from './measured-supplier-call.js';
import { adapterOf } from './supplier-of.js';

export function bookingProblem(error: SupplierError, bookingId: string): HttpProblem {
  const extensions = { bookingId, supplierId: error.supplierId };
  switch (error.kind) {
    case 'sold_out':
    case 'not_found':
      return new HttpProblem('gone', 'The supplier no longer offers this rate; nothing was booked. Search again.', { extensions });
    case 'price_changed':
      return new HttpProblem(
        'price-changed',
        'The supplier would only book at a different price; nothing was booked. Check the rate again.',
        { extensions },
      );
    case 'timeout':
      return new HttpProblem('supplier-timeout', 'The supplier did not answer in time', { extensions });
    default:
      return new HttpProblem('supplier-error', `The supplier refused the booking (${error.reduced()}). Nothing was booked.`, {
        extensions,
      });
  }
}

export async function bookWithSupplierStep(state: FlowState, deps: FlowDeps): Promise<FlowState> {
  const checked = state.checked!;
  const now = deps.now().toISOString();
  // The property (for the record) and the supplier's adapter (its contract read afresh) side by side; a
  // contract that ended is reported where it was before, after the write-ahead, so it is recorded as failed.
  const [property, adapterOrError] = await Promise.all([
    deps.property(checked.ticket.propertyId),
    adapterOf(state.tenant, checked.ticket.supplierId, deps).then(
      (adapter) => ({ adapter }),
      (error: unknown) => ({ error }),
    ),
  ]);
  // The guest details first: a booking record never exists without them (a retry, or details erased since,
  // leaves what is stored as it is).
  await deps.guests.create(state.tenant, state.bookingId, guestDetailsOf(state.request, state.traveller), state.stay.checkOut);
  const { created, record } = await deps.bookings.create(
    pendingRecord(state, checked, property, {
      at: now,
      event: 'requested',
      detail: `booking requested with ${checked.ticket.supplierId} (request ${state.requestId})`,
    }),
  );
  if (!created) {
    if (record.status === 'confirmed' || record.status === 'cancelled') {
      // Captured before the record said confirmed; repeated (a no-op once done) in case that step was cut.
      if (record.status === 'confirmed') await captureBookingTotal(record, record, deps.wallets, deps.now());
      return { ...state, response: bookingResponse(record), priceAccepted: true };
    }
    if (record.status === 'pending')
      throw new FlowError(PREVIOUS_ATTEMPT_UNKNOWN, {
        kind: 'supplier-timeout',
        detail: 'An earlier attempt of this booking has no known outcome yet',
      });
    throw FlowError.of(
      new HttpProblem('conflict', `Booking ${record.bookingId} failed earlier; use a new Idempotency-Key to try again`, {
        extensions: { bookingId: record.bookingId },
      }),
    );
  }

  if ('error' in adapterOrError) throw adapterOrError.error;
  // After the write-ahead record (so the reconciler can always give a hold back) and before the supplier is asked.
  await holdBookingTotal(state.tenant, state.bookingId, state.request.payment, checked.price, deps.wallets, deps.now());
  const { adapter } = adapterOrError;
  // The account's pricing rules, which the confirmed price is locked with, read while the supplier books:
  // a table round trip less after its answer. Awaited only once it has answered (lockPrice).
  const rules = deps.pricingRules(state.tenant);
  rules.catch(() => undefined);
  let booking;
  try {
    booking = await measuredSupplierCall(checked.ticket.supplierId, 'book', () =>
      adapter.book({
        supplierRateKey: checked.rate.supplierRateKey,
        clientReference: state.bookingId,
        holder: state.request.holder,
        rooms: state.request.rooms,
        ...(state.nationality ? { nationality: state.nationality } : {}),
        ...askerOf(state),
        signal: AbortSignal.timeout(deps.bookTimeoutMs),
      }),
    );
  } catch (error) {
    if (isSupplierError(error) && error.outcomeUnknown) {
      throw new FlowError(SUPPLIER_BOOKING_TIMEOUT, {
        kind: 'supplier-timeout',
        detail: 'The supplier did not confirm the booking (no answer in time, or one we could not read)',
      });
    }
    if (isSupplierError(error)) throw FlowError.of(bookingProblem(error, state.bookingId));
    throw error;
  }
  return confirmedByTheSupplier(state, booking, { ...deps, pricingRules: () => rules });
}

/** The supplier holds the booking: its price locked for the account and held against the tolerance. */
export async function confirmedByTheSupplier(
  state: FlowState,
  booking: NonNullable<FlowState['supplierBooking']>,
  deps: FlowDeps,
): Promise<FlowState> {
  const checked = state.checked!;
  const locked = await lockPrice(checked, booking, deps, state.tenant);
  return {
    ...state,
    supplierBooking: booking,
    locked,
    priceAccepted: withinTolerance(state.request, checked.ticket.quoted.total, locked.total),
  };
}
