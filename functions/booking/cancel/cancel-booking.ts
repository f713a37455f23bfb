/**
 * POST /v1/hotels/bookings/{bookingId}/cancel (rule 5), under an Idempotency-Key. The supplier cancels and
 * says what penalty it applied, on its own clock: that is `penalty`, which can differ from `quotedPenalty`
 * (what our stored policy said at the moment of the request) when a deadline passes during the call.
 * Both are in the booking's currency, converted with the rate stamped at booking; the supplier's own
 * amount is kept on the record for finance.
 */
import { refusalOf } from '../../domain/booking/booking-lifecycle.js';
import { penaltyInForce } from '../../domain/cancellation/free-cancellation.js';
import { DomainError } from '../../domain/errors/domain-error.js';
import { minorConverter } from '../../domain/fx/minor-converter.js';
import { formatMinorUnits } from '../../domain/money/minor-units.js';
import type { Asker, CancellationPenalty, CancellationResult, SupplierPort } from '../../suppliers/port.js';
import { isSupplierError, type SupplierError } from '../../suppliers/supplier-error.js';
import { bookingOr404 } from '../record/booking-access.js';
import type { BookingRecord } from '../record/booking-record.js';
import type { CancelBookingBody } from '../booking-request.js';
import { BookingStateConflict } from '../record/booking-store.js';
import { changeBooking } from '../record/change-booking.js';
import { refusalError } from '../record/refusal-error.js';
import type { FlowDeps } from '../flow/flow-deps.js';
import { adapterOf } from '../flow/supplier-of.js';
import type { IdempotentInput } from '../idempotent-input.js';
import { supplierContactOf } from '../personal-data/guest-details.js';

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

export async function cancelBooking(
  input: IdempotentInput<CancelBookingBody & { bookingId: string }>,
  deps: FlowDeps,
): Promise<CancelledBooking> {
  const { tenant } = input;
  const { bookingId, reason } = input.body;
  const record = await bookingOr404(deps.bookings, tenant, bookingId);
  const refused = refusalOf(record, 'cancel');
  if (refused) throw refusalError('cancel', bookingId, refused);

  const quotedPenaltyAmount = penaltyAt(record.cancellationPolicy, deps.now(), record.currency);
  const adapter = await adapterOf(tenant, record.supplierId, deps);
  // The holder's e-mail for suppliers that file bookings under it; the traveller who cancels is the caller's.
  const { holderEmail } = supplierContactOf(await deps.guests.get(tenant, bookingId));
  const asker = { scenarios: input.scenarios, traveller: input.traveller };
  let result: CancellationResult;
  let lookedUp = false;
  try {
    result = await adapter.cancel({
      supplierReference: record.supplierReference!,
      holderEmail,
      ...asker,
      signal: AbortSignal.timeout(deps.supplierCallTimeoutMs),
    });
  } catch (error) {
    // Someone else's cancel may have won the race while we asked the supplier.
    const now = await deps.bookings.get(tenant, bookingId);
    const refusedNow = now && refusalOf(now, 'cancel');
    if (refusedNow) throw refusalError('cancel', bookingId, refusedNow);
    if (!isSupplierError(error)) throw error;
    if (!error.outcomeUnknown)
      throw new DomainError('supplier-failed', `The supplier refused the cancellation (${error.redactedMessage()})`, { bookingId });
    result = await cancellationAsTheSupplierHoldsIt(record, error, adapter, { ...asker, holderEmail }, deps);
    lookedUp = true;
  }

  const penaltyAmount = formatMinorUnits(
    minorConverter(record.fxRate, record.currency)(result.penalty.amount, result.penalty.currency),
    record.currency,
  );
  // The supplier has cancelled: the wallet's refund comes first (once per booking: the lifecycle's
  // payments), so a cut after it leaves a record the retry cancels, never a cancelled booking not refunded.
  let cancelled: BookingRecord;
  try {
    cancelled = await changeBooking(
      deps,
      tenant,
      bookingId,
      {
        kind: 'cancel',
        at: deps.now().toISOString(),
        supplierId: record.supplierId,
        cancelledAt: result.cancelledAt,
        ...(result.cancellationReference ? { cancellationReference: result.cancellationReference } : {}),
        penalty: { amount: penaltyAmount, currency: record.currency },
        quotedPenaltyAmount,
        supplierPenalty: { amount: result.penalty.amount, currency: result.penalty.currency },
        lookedUp,
        reasonGiven: Boolean(reason),
      },
      record,
    );
  } catch (error) {
    if (error instanceof BookingStateConflict && error.current && error.refusal) throw refusalError('cancel', bookingId, error.refusal);
    throw error;
  }
  // Free text about the guest: kept with the guest details (erasable), never in the history.
  if (reason) await deps.guests.update(tenant, bookingId, { cancellationReason: reason });
  return {
    bookingId,
    status: 'cancelled',
    cancelledAt: cancelled.cancelledAt,
    penalty: { amount: Number(penaltyAmount), currency: record.currency },
    quotedPenalty: { amount: Number(quotedPenaltyAmount), currency: record.currency },
    supplierReference: record.supplierReference,
  };
}

/**
 * The cancellation as the supplier holds it, when its answer to the cancel is unknown: the booking is looked
 * up, as a booking whose outcome is unknown is. Cancelled there: it is cancelled here too, with the penalty
 * its own policy applies now (the answer that would have said it is lost). Still confirmed: nothing was
 * cancelled, and the partner is told so. Not reachable either: the outcome stays unknown (supplier-timeout:
 * retry).
 */
async function cancellationAsTheSupplierHoldsIt(
  record: BookingRecord,
  error: SupplierError,
  adapter: SupplierPort,
  asker: Asker & { holderEmail?: string },
  deps: FlowDeps,
): Promise<CancellationResult> {
  const { bookingId } = record;
  const unknown = new DomainError(
    'supplier-timeout',
    'The supplier did not confirm the cancellation; the booking may or may not be cancelled. Retry with the same Idempotency-Key.',
    { bookingId },
  );
  let held;
  try {
    held = await adapter.getBooking({
      supplierReference: record.supplierReference!,
      ...asker,
      signal: AbortSignal.timeout(deps.supplierCallTimeoutMs),
    });
  } catch {
    throw unknown;
  }
  if (held.status === 'cancelled') {
    const penalty = penaltyInForce(record.supplierCancellationPolicy, deps.now())?.penalty ?? {
      amount: formatMinorUnits(0n, record.supplierCurrency),
      currency: record.supplierCurrency,
    };
    return { supplierReference: record.supplierReference!, status: 'cancelled', penalty, cancelledAt: deps.now().toISOString() };
  }
  if (error.kind === 'timeout') throw unknown;
  throw new DomainError(
    'supplier-failed',
    'The supplier did not cancel: its booking is still confirmed. Retry with the same Idempotency-Key.',
    { bookingId },
  );
}
