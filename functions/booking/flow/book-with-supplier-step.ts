/**
 * BookWithSupplier. The pending record is written first (write-ahead), so a booking the supplier may have
 * made is never without a trace on our side, whatever happens next; our bookingId goes to the supplier as
 * its client reference. A bookingId seen before is never booked again: a confirmed one is answered as it
 * is, a pending one is settled by asking the supplier (PreviousAttemptUnknown → ReconcileBooking).
 *
 * It runs in one of the environment's slots for the supplier, and only while the booking could still be
 * made before the partner's answer is due (answer-deadline.ts): otherwise it writes nothing, sends nothing,
 * and ends as overload. A booking the booking function withdrew meanwhile (it answered without it) is never
 * written, so never sent.
 */
import { refusalOf, requestedMove } from '../../domain/booking/booking-lifecycle.js';
import type { RequestCommand } from '../../domain/booking/lifecycle-command.js';
import { DomainError } from '../../domain/errors/domain-error.js';
import { isSupplierError, type SupplierError } from '../../suppliers/supplier-error.js';
import { bookingResponse } from '../record/booking-record.js';
import { refusalError } from '../record/refusal-error.js';
import { BookingWithdrawn } from '../record/booking-store.js';
import { captureBookingTotal, holdAgreedTotal, withinWalletHold } from '../wallet/wallet-payment.js';
import { fxStampsOf, guestDetailsOf, lockPrice, pendingRecord, withinTolerance } from './booking-draft.js';
import type { FlowDeps } from './flow-deps.js';
import { FlowError, PREVIOUS_ATTEMPT_UNKNOWN, SUPPLIER_BOOKING_TIMEOUT } from './flow-error.js';
import { askerOf, type CheckedState, type FlowState } from './flow-state.js';
import { inSupplierSlot, timedSupplierCall } from './measured-supplier-call.js';
import { BOOKING_ANSWER_BUDGET, overloaded } from '../answer-deadline.js';
import { adapterOf } from './supplier-of.js';

/** What a supplier's refusal of the booking means for the partner: nothing was booked, and why. */
function bookingRefusal(error: SupplierError, bookingId: string): DomainError {
  const details = { bookingId, supplierId: error.supplierId };
  switch (error.kind) {
    case 'sold_out':
    case 'not_found':
      return new DomainError('gone', 'The supplier no longer offers this rate; nothing was booked. Search again.', details);
    case 'price_changed':
      return new DomainError(
        'price-changed',
        'The supplier would only book at a different price; nothing was booked. Check the rate again.',
        details,
      );
    case 'timeout':
      return new DomainError('supplier-timeout', 'The supplier did not answer in time', details);
    default:
      return new DomainError(
        'supplier-failed',
        `The supplier refused the booking (${error.redactedMessage()}). Nothing was booked.`,
        details,
      );
  }
}

export async function bookWithSupplierStep(state: FlowState, deps: FlowDeps): Promise<FlowState> {
  const checked = state.checked!;
  const answerBy = state.answerBy ? Date.parse(state.answerBy) : undefined;
  // The supplier's slot first: a booking refused for want of one has written nothing and sent nothing.
  return inSupplierSlot(
    checked.ticket.supplierId,
    'book',
    async () => {
      // Too late to book before the partner's answer is due: refused untried rather than left pending.
      if (answerBy !== undefined && answerBy - deps.now().getTime() < BOOKING_ANSWER_BUDGET.bookWithSupplierMs) {
        throw FlowError.of(
          overloaded('Too little time was left to book with the supplier before the answer', { bookingId: state.bookingId }),
        );
      }
      return bookInSlot(state, checked, deps);
    },
    answerBy !== undefined ? { startBy: answerBy - BOOKING_ANSWER_BUDGET.bookWithSupplierMs } : {},
  ).catch((error: unknown) => {
    if (error instanceof DomainError) throw FlowError.of(error);
    throw error;
  });
}

async function bookInSlot(state: FlowState, checked: CheckedState, deps: FlowDeps): Promise<FlowState> {
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
  const request: RequestCommand = { kind: 'request', at: now, supplierId: checked.ticket.supplierId, requestId: state.requestId };
  let written;
  try {
    written = await deps.bookings.create(pendingRecord(state, checked, property, requestedMove(request)), state.requestId);
  } catch (error) {
    // The booking function answered this request without it (its deadline came first): nothing is written or sent.
    if (error instanceof BookingWithdrawn) throw overloaded('The booking was withdrawn before it was made', { bookingId: state.bookingId });
    throw error;
  }
  const { created, record } = written;
  if (!created) {
    // A retry of this booking: the lifecycle refuses to request it again, and why says what the retry gets.
    const refusal = refusalOf(record, request.kind)!;
    if (refusal.reason === 'already-confirmed' || refusal.reason === 'already-cancelled') {
      // A retried request that finds its booking confirmed: the capture its confirmation called for is made
      // again (a no-op once done), in case the step that made it was cut before the record said confirmed.
      if (refusal.reason === 'already-confirmed') await captureBookingTotal(record, record, deps.wallets, deps.now());
      return { ...state, response: bookingResponse(record), priceAccepted: true };
    }
    if (refusal.reason === 'still-pending')
      throw new FlowError(PREVIOUS_ATTEMPT_UNKNOWN, {
        kind: 'supplier-timeout',
        detail: 'An earlier attempt of this booking has no known outcome yet',
      });
    throw FlowError.of(refusalError('request', record.bookingId, refusal));
  }

  if ('error' in adapterOrError) throw adapterOrError.error;
  // After the write-ahead record (so the reconciler can always give a hold back) and before the supplier is asked.
  await holdAgreedTotal(state.tenant, state.bookingId, state.request, agreedPrice(checked), deps.wallets, deps.now());
  const { adapter } = adapterOrError;
  // The account's pricing rules, which the confirmed price is locked with, read while the supplier books:
  // a table round trip less after its answer. Awaited only once it has answered (lockPrice).
  const rules = deps.pricingRules(state.tenant);
  rules.catch(() => undefined);
  let booking;
  try {
    booking = await timedSupplierCall(checked.ticket.supplierId, 'book', () =>
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
    if (isSupplierError(error)) throw FlowError.of(bookingRefusal(error, state.bookingId));
    throw error;
  }
  return confirmedByTheSupplier(state, booking, { ...deps, pricingRules: () => rules });
}

/** What the partner agreed to pay: the searched total (its tolerance counts from it) and the binding one. */
const agreedPrice = (checked: NonNullable<FlowState['checked']>) => ({
  quotedTotal: checked.ticket.quoted.total,
  bindingTotal: checked.price.total,
  currency: checked.price.currency,
});

/**
 * The supplier holds the booking: its price locked for the account and held against the tolerance, and, for
 * a wallet-paid booking, against its hold, which a capture may never exceed.
 */
export async function confirmedByTheSupplier(
  state: FlowState,
  booking: NonNullable<FlowState['supplierBooking']>,
  deps: FlowDeps,
): Promise<FlowState> {
  const checked = state.checked!;
  const locked = await lockPrice({ ...checked, checkedAt: fxStampsOf(checked.price) }, booking, deps, state.tenant);
  return {
    ...state,
    supplierBooking: booking,
    locked,
    priceAccepted:
      withinTolerance(state.request, checked.ticket.quoted.total, locked.total) &&
      withinWalletHold(state.request, agreedPrice(checked), locked.total),
  };
}
