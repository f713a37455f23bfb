/**
 * POST /v1/hotels/bookings/{bookingId}/cancel (rule 5), under an Idempotency-Key. The supplier cancels and
 * says what penalty it applied, on its own clock: that is `penalty`, which can differ from `quotedPenalty`
 * (what our stored policy said at the moment of the request) when a deadline passes during the call.
 * Both are in the booking's currency, converted with the rate stamped at booking; the supplier's own
 * amount is kept on the record for finance.
 *
 * In steps: the booking must be cancellable; the environment must have room to do it in time (else 503,
 * nothing sent); the supplier is asked; then what it said is recorded:
 *   cancelled                  → cancelled here (the wallet refunded), 200;
 *   refused                    → nothing changed anywhere, 502 supplier-error;
 *   outcome unknown            → the booking is looked up while there is time:
 *       cancelled there        → cancelled here with its policy's penalty, 200;
 *       confirmed, and the supplier had answered (unreadably, or failed after) → not cancelled, 502;
 *       otherwise              → the cancel is in flight (202 `pending`): the settle path asks the supplier
 *                                 until it says, and cancels again if it still holds the booking.
 * A booking another cancel moved on meanwhile is that cancel's 409.
 */
import { refusalOf } from '../../domain/booking/booking-lifecycle.js';
import { penaltyInForce } from '../../domain/cancellation/free-cancellation.js';
import { DomainError } from '../../domain/errors/domain-error.js';
import { formatMinorUnits } from '../../domain/money/minor-units.js';
import type { CancellationPenalty } from '../../suppliers/port.js';
import type { InFlightLimit } from '../../shared/in-flight-limit.js';
import { isSupplierError } from '../../suppliers/supplier-error.js';
import { admitOperation } from '../in-flight-bounds.js';
import { BOOKING_ANSWER_BUDGET, overloaded, timeLeft } from '../answer-deadline.js';
import type { CancelBookingBody } from '../booking-request.js';
import type { FlowDeps } from '../flow/flow-deps.js';
import { adapterOf } from '../flow/supplier-of.js';
import type { IdempotentInput } from '../idempotent-input.js';
import { supplierContactOf } from '../personal-data/guest-details.js';
import { bookingOr404 } from '../record/booking-access.js';
import type { BookingRecord } from '../record/booking-record.js';
import { refusalError } from '../record/refusal-error.js';
import { recordCancelInFlight, recordCancellation } from './record-cancellation.js';
import { askSupplierToCancel, lookUpCancellation, type BookingSupplier, type CancelAnswer } from './supplier-cancellation.js';

/** What cancelling reaches: the bookings and their guests, the tenant's suppliers, the wallets, the clock. */
export interface CancelDeps
  extends Pick<FlowDeps, 'bookings' | 'guests' | 'contracts' | 'adapterFor' | 'wallets' | 'now' | 'supplierCallTimeoutMs'> {
  /** The cancels, bookings and changes this environment runs at once (in-flight-bounds.ts). */
  readonly operationsInFlight: InFlightLimit;
}

/** The penalty amount in force at `now` under a policy, zero when none is yet. */
export function penaltyAt(policy: readonly CancellationPenalty[], now: Date, currency: string): string {
  return penaltyInForce(policy, now)?.penalty.amount ?? formatMinorUnits(0n, currency);
}

/** What the partner is shown of a cancelled booking: the penalty the supplier applied beside the quoted one. */
export interface CancelledBooking {
  readonly bookingId: string;
  readonly status: 'cancelled';
  readonly cancelledAt: BookingRecord['cancelledAt'];
  readonly penalty: { readonly amount: number; readonly currency: string };
  readonly quotedPenalty: { readonly amount: number; readonly currency: string };
  readonly supplierReference: BookingRecord['supplierReference'];
}

/** A cancel whose outcome the supplier has not told yet: GET the booking for it. */
export interface CancelPending {
  readonly bookingId: string;
  readonly status: 'pending';
  readonly cancelRequestedAt: string;
  readonly quotedPenalty: { readonly amount: number; readonly currency: string };
  readonly supplierReference: BookingRecord['supplierReference'];
}

export type CancelOutcome = CancelledBooking | CancelPending;

export async function cancelBooking(
  input: IdempotentInput<CancelBookingBody & { bookingId: string }>,
  deps: CancelDeps,
): Promise<CancelOutcome> {
  const { tenant, answerBy } = input;
  const { bookingId, reason } = input.body;
  const record = await cancellableBooking(deps, tenant, bookingId);
  const quotedPenaltyAmount = penaltyAt(record.cancellationPolicy, deps.now(), record.currency);
  const cancel = { quotedPenaltyAmount, reasonGiven: Boolean(reason) };

  const release = await admitOperation(deps.operationsInFlight, 'cancel', answerBy - BOOKING_ANSWER_BUDGET.supplierChangeMs);
  if (!release) throw overloaded('Too many cancels and bookings are in flight to cancel this one in time', { bookingId });
  let cancelled: BookingRecord;
  try {
    const supplier = await supplierOfBooking(deps, record, input);
    const answer = await askSupplierToCancel(record, supplier, callBudget(answerBy, deps));
    const settled = await settledAnswer(deps, record, supplier, answer, answerBy);
    if (settled.kind === 'in-flight') {
      // Free text about the guest: kept with the guest details (erasable), never in the history.
      if (reason) await deps.guests.update(tenant, bookingId, { cancellationReason: reason });
      return cancelPending(await recordCancelInFlight(deps, record, cancel), quotedPenaltyAmount);
    }
    cancelled = await recordCancellation(deps, record, { ...cancel, result: settled.result, lookedUp: settled.lookedUp });
  } finally {
    release();
  }
  if (reason) await deps.guests.update(tenant, bookingId, { cancellationReason: reason });
  return cancelledBooking(cancelled, quotedPenaltyAmount);
}

/** The booking, if this tenant's and one the lifecycle lets be cancelled (a cancel in flight may be sent again). */
async function cancellableBooking(deps: Pick<CancelDeps, 'bookings'>, tenant: string, bookingId: string): Promise<BookingRecord> {
  const record = await bookingOr404(deps.bookings, tenant, bookingId);
  const refused = refusalOf(record, 'cancel');
  if (refused) throw refusalError('cancel', bookingId, refused);
  return record;
}

/** The booking's supplier, and who asks: the holder's e-mail for suppliers that file bookings under it, the caller as traveller. */
async function supplierOfBooking(
  deps: CancelDeps,
  record: BookingRecord,
  input: Pick<IdempotentInput<unknown>, 'scenarios' | 'traveller'>,
): Promise<BookingSupplier> {
  const [adapter, stored] = await Promise.all([
    adapterOf(record.tenant, record.supplierId, deps),
    deps.guests.get(record.tenant, record.bookingId),
  ]);
  const { holderEmail } = supplierContactOf(stored);
  return { adapter, asker: { scenarios: input.scenarios, traveller: input.traveller, ...(holderEmail ? { holderEmail } : {}) } };
}

/** How long the cancel itself may take: its budget, leaving time for the lookup after it; none left is overload. */
function callBudget(answerBy: number, deps: Pick<CancelDeps, 'now' | 'supplierCallTimeoutMs'>): number {
  const left = timeLeft(answerBy, deps.now()) - BOOKING_ANSWER_BUDGET.lookupMs;
  if (left < BOOKING_ANSWER_BUDGET.lookupMs) throw overloaded('Too little time was left to ask the supplier to cancel');
  return Math.min(deps.supplierCallTimeoutMs, left);
}

type Settled =
  | { readonly kind: 'cancelled'; readonly result: Extract<CancelAnswer, { kind: 'cancelled' }>['result']; readonly lookedUp: boolean }
  | { readonly kind: 'in-flight' };

/** What the supplier's answer settles: cancelled (maybe found so by a lookup), refused (thrown), or in flight. */
async function settledAnswer(
  deps: CancelDeps,
  record: BookingRecord,
  supplier: BookingSupplier,
  answer: CancelAnswer,
  answerBy: number,
): Promise<Settled> {
  if (answer.kind === 'cancelled') return { kind: 'cancelled', result: answer.result, lookedUp: false };
  // Someone else's cancel may have won the race while we asked the supplier: its answer is theirs to give.
  await refusedIfMovedOn(deps, record);
  if (answer.kind === 'refused') {
    throw new DomainError('supplier-failed', `The supplier refused the cancellation (${answer.error.redactedMessage()})`, {
      bookingId: record.bookingId,
    });
  }
  const left = timeLeft(answerBy, deps.now());
  if (left < BOOKING_ANSWER_BUDGET.lookupMs) return { kind: 'in-flight' };
  const held = await lookUpCancellation(record, supplier, deps.now(), Math.min(deps.supplierCallTimeoutMs, left - 500));
  if (held.kind === 'cancelled') return { kind: 'cancelled', result: held.result, lookedUp: true };
  // It answered (unreadably, or failed after reading us) and its booking is still confirmed: it did not cancel.
  if (held.kind === 'confirmed' && !(isSupplierError(answer.error) && answer.error.kind === 'timeout')) {
    throw new DomainError(
      'supplier-failed',
      'The supplier did not cancel: its booking is still confirmed. Retry with the same Idempotency-Key.',
      { bookingId: record.bookingId },
    );
  }
  // No answer in time: a late cancel may still land there. The settle path asks until the supplier says.
  return { kind: 'in-flight' };
}

async function refusedIfMovedOn(deps: Pick<CancelDeps, 'bookings'>, record: BookingRecord): Promise<void> {
  const now = await deps.bookings.get(record.tenant, record.bookingId);
  const refusedNow = now && refusalOf(now, 'cancel');
  if (refusedNow) throw refusalError('cancel', record.bookingId, refusedNow);
}

function cancelledBooking(cancelled: BookingRecord, quotedPenaltyAmount: string): CancelledBooking {
  return {
    bookingId: cancelled.bookingId,
    status: 'cancelled',
    cancelledAt: cancelled.cancelledAt,
    penalty: { amount: Number(cancelled.penaltyAmount), currency: cancelled.currency },
    quotedPenalty: { amount: Number(quotedPenaltyAmount), currency: cancelled.currency },
    supplierReference: cancelled.supplierReference,
  };
}

function cancelPending(record: BookingRecord, quotedPenaltyAmount: string): CancelPending {
  return {
    bookingId: record.bookingId,
    status: 'pending',
    cancelRequestedAt: record.cancelRequestedAt!,
    quotedPenalty: { amount: Number(quotedPenaltyAmount), currency: record.currency },
    supplierReference: record.supplierReference,
  };
}
