/**
 * Writing down what a supplier said about a cancel, for the cancel and the settle path alike: cancelled
 * (the penalty it applied, converted to the booking's currency with the rate stamped at booking, beside the
 * one our policy quoted; the wallet refunded first), in flight (sent, outcome unknown), or refused after
 * all. Each goes through change-booking.ts, so the lifecycle decides and the store writes conditionally.
 */
import { minorConverter } from '../../domain/fx/minor-converter.js';
import { formatMinorUnits } from '../../domain/money/minor-units.js';
import type { CancellationResult } from '../../suppliers/port.js';
import type { BookingRecord } from '../record/booking-record.js';
import { BookingStateConflict } from '../record/booking-store.js';
import { changeBooking, type BookingChangeDeps } from '../record/change-booking.js';
import { refusalError } from '../record/refusal-error.js';

/** The supplier's penalty in the booking's currency, at the rate stamped when it was booked. */
export function penaltyInBookingCurrency(record: Pick<BookingRecord, 'fxRate' | 'currency'>, result: CancellationResult): string {
  return formatMinorUnits(minorConverter(record.fxRate, record.currency)(result.penalty.amount, result.penalty.currency), record.currency);
}

/**
 * The supplier has cancelled: recorded as cancelled. The wallet's refund comes first (once per booking: the
 * lifecycle's payments), so a cut after it leaves a record a retry cancels, never a cancelled booking not
 * refunded. A booking that moved on meanwhile (another cancel won) is the refusal the partner is told.
 */
export async function recordCancellation(
  deps: BookingChangeDeps,
  record: BookingRecord,
  cancel: {
    readonly result: CancellationResult;
    readonly quotedPenaltyAmount: string;
    readonly lookedUp: boolean;
    readonly reasonGiven: boolean;
  },
): Promise<BookingRecord> {
  const { result } = cancel;
  try {
    return await changeBooking(
      deps,
      record.tenant,
      record.bookingId,
      {
        kind: 'cancel',
        at: deps.now().toISOString(),
        supplierId: record.supplierId,
        cancelledAt: result.cancelledAt,
        ...(result.cancellationReference ? { cancellationReference: result.cancellationReference } : {}),
        penalty: { amount: penaltyInBookingCurrency(record, result), currency: record.currency },
        quotedPenaltyAmount: cancel.quotedPenaltyAmount,
        supplierPenalty: { amount: result.penalty.amount, currency: result.penalty.currency },
        lookedUp: cancel.lookedUp,
        reasonGiven: cancel.reasonGiven,
      },
      record,
    );
  } catch (error) {
    if (error instanceof BookingStateConflict && error.current && error.refusal)
      throw refusalError('cancel', record.bookingId, error.refusal);
    throw error;
  }
}

/**
 * The cancel was sent and its outcome is not known: the booking stays confirmed with its cancel in flight,
 * which the settle path finishes. One already in flight (the partner's retry) is left as it is.
 */
export async function recordCancelInFlight(
  deps: BookingChangeDeps,
  record: BookingRecord,
  cancel: { readonly quotedPenaltyAmount: string; readonly reasonGiven: boolean },
): Promise<BookingRecord> {
  try {
    return await changeBooking(
      deps,
      record.tenant,
      record.bookingId,
      {
        kind: 'request-cancel',
        at: deps.now().toISOString(),
        supplierId: record.supplierId,
        quotedPenaltyAmount: cancel.quotedPenaltyAmount,
        reasonGiven: cancel.reasonGiven,
      },
      record,
    );
  } catch (error) {
    if (!(error instanceof BookingStateConflict) || !error.current || !error.refusal) throw error;
    if (error.refusal.reason === 'cancel-in-flight') return error.current;
    throw refusalError('cancel', record.bookingId, error.refusal);
  }
}

/** The supplier refused a cancel that was in flight: the booking stands confirmed, and says why. */
export async function recordCancelRefused(deps: BookingChangeDeps, record: BookingRecord, why: string): Promise<BookingRecord> {
  return changeBooking(
    deps,
    record.tenant,
    record.bookingId,
    { kind: 'cancel-refused', at: deps.now().toISOString(), supplierId: record.supplierId, why },
    record,
  );
}
