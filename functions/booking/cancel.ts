/**
 * POST /v1/hotels/bookings/{bookingId}/cancel (rule 5), under an Idempotency-Key. The supplier cancels and
 * says what penalty it applied, on its own clock: that is `penalty`, which can differ from `quotedPenalty`
 * (what our stored policy said at the moment of the request) when a deadline passes during the call.
 * Both are in the booking's currency, converted with the rate stamped at booking; the supplier's own
 * amount is kept on the record for finance.
 */
import { penaltyInForce } from '../domain/cancellation/free-cancellation.js';
import { minorConverter } from '../domain/fx/minor-converter.js';
import { formatMinorUnits } from '../domain/money/minor-units.js';
import { HttpProblem } from '../shared/problem.js';
import type { CancellationPenalty } from '../suppliers/port.js';
import { isSupplierError } from '../suppliers/supplier-error.js';
import { bookingOr404 } from './booking-access.js';
import type { BookingRecord } from './booking-record.js';
import type { CancelBookingBody } from './booking-request.js';
import { BookingStateConflict } from './booking-store.js';
import type { FlowDeps } from './flow/flow-deps.js';
import { adapterOf } from './flow/supplier-of.js';
import type { IdempotentInput, StoredResult } from './idempotent-operation.js';
import { refundCancelledBooking } from './wallet-payment.js';


/** The penalty amount in force at `now` under a policy, zero when none is yet. */
export function penaltyAt(policy: readonly CancellationPenalty[], now: Date, currency: string): string {
  return penaltyInForce(policy, now)?.penalty.amount ?? formatMinorUnits(0n, currency);
}

function stateConflict(record: BookingRecord): HttpProblem {
  const why = record.status === 'cancelled' ? `was already cancelled at ${record.cancelledAt}` : record.status === 'pending' ? 'has no confirmed outcome yet; retry once GET shows it confirmed' : 'was never booked';
  return new HttpProblem('conflict', `Booking ${record.bookingId} ${why}`, { extensions: { bookingId: record.bookingId, status: record.status } });
}

export async function cancelBooking(input: IdempotentInput<CancelBookingBody & { bookingId: string }>, deps: FlowDeps): Promise<StoredResult> {
  const { tenant } = input;
  const { bookingId, reason } = input.body;
  const record = await bookingOr404(deps.bookings, tenant, bookingId);
  if (record.status !== 'confirmed') throw stateConflict(record);

  const quotedPenaltyAmount = penaltyAt(record.cancellationPolicy, deps.now(), record.currency);
  const adapter = await adapterOf(tenant, record.supplierId, deps);
  let result;
  try {
    result = await adapter.cancel({ supplierReference: record.supplierReference!, scenarios: input.scenarios, signal: AbortSignal.timeout(deps.supplierCallTimeoutMs) });
  } catch (error) {
    // Someone else's cancel may have won the race while we asked the supplier.
    const now = await deps.bookings.get(tenant, bookingId);
    if (now && now.status !== 'confirmed') throw stateConflict(now);
    if (isSupplierError(error) && error.kind === 'timeout') throw new HttpProblem('supplier-timeout', 'The supplier did not confirm the cancellation in time; the booking may or may not be cancelled. Retry with the same Idempotency-Key.', { extensions: { bookingId } });
    if (isSupplierError(error)) throw new HttpProblem('supplier-error', `The supplier refused the cancellation (${error.reduced()})`, { extensions: { bookingId } });
    throw error;
  }

  const penaltyAmount = formatMinorUnits(minorConverter(record.fxRate, record.currency)(result.penalty.amount, result.penalty.currency), record.currency);
  // The supplier has cancelled: the wallet's refund comes first (once per booking), so a cut after it
  // leaves a record the retry cancels, never a cancelled booking that was not refunded.
  await refundCancelledBooking(record, penaltyAmount, deps.wallets, deps.now());
  let cancelled: BookingRecord;
  try {
    cancelled = await deps.bookings.transition(tenant, bookingId, ['confirmed'], {
      status: 'cancelled',
      cancelledAt: result.cancelledAt,
      penaltyAmount,
      penaltyCurrency: record.currency,
      quotedPenaltyAmount,
      supplierPenaltyAmount: result.penalty.amount,
      supplierPenaltyCurrency: result.penalty.currency,
    }, {
      at: deps.now().toISOString(),
      event: 'cancelled',
      detail: `cancelled at ${record.supplierId}${result.cancellationReference ? ` (${result.cancellationReference})` : ''}; penalty applied ${penaltyAmount} ${record.currency}, quoted ${quotedPenaltyAmount}${reason ? '; a reason was given' : ''}`,
    }, record);
  } catch (error) {
    if (error instanceof BookingStateConflict && error.current) throw stateConflict(error.current);
    throw error;
  }
  // Free text about the guest: kept with the guest details (erasable), never in the history.
  if (reason) await deps.guests.update(tenant, bookingId, { cancellationReason: reason });
  return {
    status: 200,
    body: {
      bookingId,
      status: 'cancelled',
      cancelledAt: cancelled.cancelledAt,
      penalty: { amount: Number(penaltyAmount), currency: record.currency },
      quotedPenalty: { amount: Number(quotedPenaltyAmount), currency: record.currency },
      supplierReference: record.supplierReference,
    },
    requestId: input.requestId,
  };
}
