/**
 * Undoing a booking its supplier confirmed but that cannot stand, in the one order that is safe against the
 * settle path (the reconciler, a GET): take the pending booking first (the lifecycle's begin-undo, a
 * conditional write), so nothing can confirm it any more; then cancel it at the supplier; then record the
 * compensation (failed, and what its wallet gave goes back). UndoBooking undoes this way, and so does the
 * settle path for a wallet-paid booking its supplier confirmed above what the wallet held.
 */
import type { UndoAtSupplier } from '../../domain/booking/lifecycle-command.js';
import type { UndoReason } from '../../domain/booking/lifecycle-event.js';
import { logger } from '../../shared/observability.js';
import type { Traveller } from '../../shared/traveller.js';
import { supplierFailureReason } from '../../suppliers/supplier-error.js';
import type { BookingRecord } from '../record/booking-record.js';
import { BookingStateConflict } from '../record/booking-store.js';
import { changeBooking } from '../record/change-booking.js';
import type { FlowDeps } from './flow-deps.js';
import { timedSupplierCall } from './measured-supplier-call.js';
import { adapterOf } from './supplier-of.js';

/** The supplier's booking being undone, and what our booking is. */
export interface UndoTarget {
  readonly tenant: string;
  readonly bookingId: string;
  readonly supplierId: string;
  readonly supplierReference: string;
}

/** What taking the booking for its undo found. */
export type Taken =
  /**
   * Ours to undo: taken now (`record`, as the undo left it), or one nothing can confirm under this reference
   * any more (failed, or none: no record).
   */
  | { readonly kind: 'to-undo'; readonly record?: BookingRecord }
  /** Confirmed (and maybe cancelled since) under this reference before the undo could take it: it stands. */
  | { readonly kind: 'stands'; readonly record: BookingRecord }
  /** Another undo of this booking took it and is cancelling it. */
  | { readonly kind: 'undone-elsewhere'; readonly record: BookingRecord };

/** `seen`: the booking as the caller read it, if it did (the store reads it again only if it changed since). */
export async function takeForUndo(deps: FlowDeps, target: UndoTarget, because: UndoReason, seen?: BookingRecord): Promise<Taken> {
  const { tenant, bookingId, supplierId, supplierReference } = target;
  try {
    const taken = await changeBooking(
      deps,
      tenant,
      bookingId,
      { kind: 'begin-undo', at: deps.now().toISOString(), supplierId, supplierReference, because },
      seen,
    );
    return { kind: 'to-undo', record: taken };
  } catch (error) {
    // Anything but a refusal (the table out of reach) leaves the booking pending and uncancelled: the
    // reconciler settles it with what the supplier holds, and a retry with the same key resumes it.
    if (!(error instanceof BookingStateConflict)) throw error;
    const current = error.current;
    if (current?.status === 'pending') return { kind: 'undone-elsewhere', record: current };
    if ((current?.status === 'confirmed' || current?.status === 'cancelled') && current.supplierReference === supplierReference)
      return { kind: 'stands', record: current };
    return { kind: 'to-undo' };
  }
}

/** Cancels the supplier's booking; a failure is the outcome recorded (and logged for on-call), never thrown. */
export async function cancelAtSupplier(
  deps: FlowDeps,
  target: UndoTarget,
  contact: { readonly holderEmail?: string; readonly traveller?: Traveller },
): Promise<UndoAtSupplier> {
  try {
    const adapter = await adapterOf(target.tenant, target.supplierId, deps);
    // Outside the supplier's slots: a booking the supplier holds and we cannot keep is cancelled whatever the load.
    const result = await timedSupplierCall(target.supplierId, 'cancel', () =>
      adapter.cancel({
        supplierReference: target.supplierReference,
        ...(contact.holderEmail ? { holderEmail: contact.holderEmail } : {}),
        scenarios: [],
        ...(contact.traveller ? { traveller: contact.traveller } : {}),
        signal: AbortSignal.timeout(deps.supplierCallTimeoutMs),
      }),
    );
    return {
      kind: 'cancelled',
      at: deps.now().toISOString(),
      penalty: { amount: result.penalty.amount, currency: result.penalty.currency },
    };
  } catch (error) {
    logger.error('compensation failed: a supplier booking is left without a saved booking', {
      bookingId: target.bookingId,
      supplierId: target.supplierId,
      supplierReference: target.supplierReference,
      error,
    });
    return {
      kind: 'cancel-failed',
      at: deps.now().toISOString(),
      why: supplierFailureReason(error),
    };
  }
}
