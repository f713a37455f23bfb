/**
 * What a supplier says about cancelling one of our bookings, as the cancel and the settle path both ask it:
 * asked to cancel, it cancelled, refused (certain: nothing changed there), or left the outcome unknown (no
 * answer in time, an answer we could not read, a failure after it may have acted); looked up, its booking is
 * cancelled, still confirmed, or it could not say. Nothing here writes: the callers record what it learned.
 */
import { penaltyInForce } from '../../domain/cancellation/free-cancellation.js';
import { formatMinorUnits } from '../../domain/money/minor-units.js';
import type { Asker, CancellationResult, SupplierPort } from '../../suppliers/port.js';
import { isSupplierError, type SupplierError } from '../../suppliers/supplier-error.js';
import type { BookingRecord } from '../record/booking-record.js';
import { timedSupplierCall } from '../flow/measured-supplier-call.js';

/** The booking's supplier, and what it files the booking under besides its reference. */
export interface BookingSupplier {
  readonly adapter: SupplierPort;
  readonly asker: Asker & { readonly holderEmail?: string };
}

export type CancelAnswer =
  | { readonly kind: 'cancelled'; readonly result: CancellationResult }
  /** Certain: the supplier said no, and its booking is as it was. */
  | { readonly kind: 'refused'; readonly error: SupplierError }
  /** The supplier may or may not have cancelled. */
  | { readonly kind: 'unknown'; readonly error: unknown };

/** Asks the supplier to cancel, within `timeoutMs`; what it answered, never thrown. */
export async function askSupplierToCancel(
  record: Pick<BookingRecord, 'supplierId' | 'supplierReference'>,
  supplier: BookingSupplier,
  timeoutMs: number,
): Promise<CancelAnswer> {
  try {
    const result = await timedSupplierCall(record.supplierId, 'cancel', () =>
      supplier.adapter.cancel({ supplierReference: record.supplierReference!, ...supplier.asker, signal: AbortSignal.timeout(timeoutMs) }),
    );
    return { kind: 'cancelled', result };
  } catch (error) {
    if (isSupplierError(error) && !error.outcomeUnknown) return { kind: 'refused', error };
    return { kind: 'unknown', error };
  }
}

export type HeldCancellation =
  | { readonly kind: 'cancelled'; readonly result: CancellationResult }
  | { readonly kind: 'confirmed' }
  | { readonly kind: 'unknown' };

/**
 * The booking as the supplier holds it, when its answer to a cancel was lost: cancelled there, it is recorded
 * with the penalty the supplier's own policy applies at `cancelledAround` (the answer that would have said it
 * is lost); still confirmed, nothing was cancelled.
 */
export async function lookUpCancellation(
  record: Pick<BookingRecord, 'supplierId' | 'supplierReference' | 'supplierCancellationPolicy' | 'supplierCurrency'>,
  supplier: BookingSupplier,
  cancelledAround: Date,
  timeoutMs: number,
): Promise<HeldCancellation> {
  let held;
  try {
    held = await timedSupplierCall(record.supplierId, 'find-booking', () =>
      supplier.adapter.getBooking({
        supplierReference: record.supplierReference!,
        ...supplier.asker,
        signal: AbortSignal.timeout(timeoutMs),
      }),
    );
  } catch {
    return { kind: 'unknown' };
  }
  if (held.status === 'confirmed') return { kind: 'confirmed' };
  if (held.status !== 'cancelled') return { kind: 'unknown' };
  const penalty = penaltyInForce(record.supplierCancellationPolicy, cancelledAround)?.penalty ?? {
    amount: formatMinorUnits(0n, record.supplierCurrency),
    currency: record.supplierCurrency,
  };
  return {
    kind: 'cancelled',
    result: { supplierReference: record.supplierReference!, status: 'cancelled', penalty, cancelledAt: cancelledAround.toISOString() },
  };
}
