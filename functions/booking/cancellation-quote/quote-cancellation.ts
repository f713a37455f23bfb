/**
 * GET /v1/hotels/bookings/{bookingId}/cancellation-quote (API-SPEC "Changing and cancelling, previewed"): what
 * cancelling the booking now would cost, before cancelling. The supplier's own simulation where it has one
 * (Hotelbeds `cancellationFlag=SIMULATION`, OpenTravel `CancelType="Initiate"`: the same computation, on the
 * same clock, as its cancellation applies), converted at the rate stamped at booking as a cancel's penalty is;
 * the booking's stored policy at this moment otherwise (Rapid has no simulation), or when the supplier cannot
 * answer now. `source` says which. Nothing changes, at the supplier or here.
 */
import { refusalOf } from '../../domain/booking/booking-lifecycle.js';
import { penaltyInForce } from '../../domain/cancellation/free-cancellation.js';
import { minorConverter } from '../../domain/fx/minor-converter.js';
import { formatMinorUnits } from '../../domain/money/minor-units.js';
import { parseMinor } from '../../domain/money/money.js';
import { logger } from '../../shared/observability.js';
import type { Asker, CancellationQuote } from '../../suppliers/port.js';
import { supplierFailureReason } from '../../suppliers/supplier-error.js';
import type { FlowDeps } from '../flow/flow-deps.js';
import { adapterOf } from '../flow/supplier-of.js';
import { supplierContactOf } from '../personal-data/guest-details.js';
import { bookingOr404 } from '../record/booking-access.js';
import type { BookingRecord } from '../record/booking-record.js';
import { refusalError } from '../record/refusal-error.js';

/** What the quote reaches: the booking and its contact, the supplier, the clock. */
export type CancellationQuoteDeps = Pick<FlowDeps, 'bookings' | 'guests' | 'contracts' | 'adapterFor' | 'now' | 'supplierCallTimeoutMs'>;

export interface CancellationQuoteView {
  readonly bookingId: string;
  /** What the cancellation would cost, in the booking's currency. */
  readonly penalty: { readonly amount: number; readonly currency: string };
  /** What would come back of the booking's total: the total less the penalty, never below zero. */
  readonly refund: { readonly amount: number; readonly currency: string };
  readonly source: 'supplier' | 'policy';
  /** The moment the figures hold for: a deadline may pass right after it. */
  readonly asOf: string;
}

export async function quoteCancellation(
  tenant: string,
  bookingId: string,
  asker: Asker,
  deps: CancellationQuoteDeps,
): Promise<CancellationQuoteView> {
  const record = await bookingOr404(deps.bookings, tenant, bookingId);
  // Only what a cancel would accept has a price: a cancelled, pending or failed booking is the cancel's 409.
  const refused = refusalOf(record, 'cancel');
  if (refused) throw refusalError('cancel', bookingId, refused);
  const asOf = deps.now();
  const simulated = await supplierSimulation(record, asker, deps);
  const penaltyMinor = simulated
    ? minorConverter(record.fxRate, record.currency)(simulated.penalty.amount, simulated.penalty.currency)
    : BigInt(parseMinor(penaltyInForce(record.cancellationPolicy, asOf)?.penalty.amount ?? '0', record.currency));
  const totalMinor = BigInt(parseMinor(record.total, record.currency));
  const refundMinor = totalMinor > penaltyMinor ? totalMinor - penaltyMinor : 0n;
  const shown = (minor: bigint) => ({ amount: Number(formatMinorUnits(minor, record.currency)), currency: record.currency });
  return {
    bookingId,
    penalty: shown(penaltyMinor),
    refund: shown(refundMinor),
    source: simulated ? 'supplier' : 'policy',
    asOf: asOf.toISOString(),
  };
}

/** The supplier's own figure, or undefined where it has none or cannot give one now (the policy answers then). */
async function supplierSimulation(
  record: BookingRecord,
  asker: Asker,
  deps: CancellationQuoteDeps,
): Promise<CancellationQuote | undefined> {
  try {
    const adapter = await adapterOf(record.tenant, record.supplierId, deps);
    const { holderEmail } = supplierContactOf(await deps.guests.get(record.tenant, record.bookingId));
    return await adapter.quoteCancellation({
      supplierReference: record.supplierReference!,
      ...(holderEmail ? { holderEmail } : {}),
      ...asker,
      signal: AbortSignal.timeout(deps.supplierCallTimeoutMs),
    });
  } catch (error) {
    // A quote is a preview: the stored policy is the answer the partner can still act on, and `source` says so.
    logger.warn('cancellation quote from the stored policy: the supplier did not simulate', {
      bookingId: record.bookingId,
      supplierId: record.supplierId,
      reason: supplierFailureReason(error),
    });
    return undefined;
  }
}
