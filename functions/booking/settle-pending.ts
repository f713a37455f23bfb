/**
 * Settles a pending booking (its supplier did not answer in time) by asking the supplier for a booking
 * under our reference: found, it is confirmed with what the supplier holds; still absent long after the
 * attempt, it is failed (nothing was booked); otherwise, or when the supplier cannot be reached, it stays
 * pending for the next try. Used by GET (so a partner polling sees the outcome at once) and by the
 * scheduled reconciler (so no pending booking waits for a partner to look).
 */
import { logger } from '../shared/observability.js';
import type { BookingRecord } from './booking-record.js';
import { confirmedChanges, lockPrice } from './flow/booking-draft.js';
import type { FlowDeps } from './flow/flow-deps.js';
import { adapterOf } from './flow/supplier-of.js';
import { BookingStateConflict } from './booking-store.js';

/** How long after the attempt a supplier may still show a booking it was slow to make. */
export const GIVE_UP_AFTER_MS = 15 * 60 * 1000;

export async function settlePending(record: BookingRecord, deps: FlowDeps, timeoutMs = deps.supplierCallTimeoutMs): Promise<BookingRecord> {
  if (record.status !== 'pending') return record;
  try {
    const adapter = await adapterOf(record.tenant, record.supplierId, deps);
    const found = await adapter.findBookingByClientReference({ clientReference: record.bookingId, bookedAround: new Date(record.createdAt), signal: AbortSignal.timeout(timeoutMs) });
    const now = deps.now();
    if (found?.status === 'confirmed') {
      const locked = await lockPrice({ ticket: record.ticket, rate: record.checkedRate }, found, deps, record.tenant);
      return await deps.bookings.transition(record.tenant, record.bookingId, ['pending'], confirmedChanges(record, found, locked), {
        at: now.toISOString(),
        event: 'confirmed',
        detail: `found at ${found.supplierId} under our reference as ${found.supplierReference}`,
      });
    }
    if (now.getTime() - Date.parse(record.createdAt) > GIVE_UP_AFTER_MS) {
      return await deps.bookings.transition(record.tenant, record.bookingId, ['pending'], { status: 'failed' }, {
        at: now.toISOString(),
        event: 'failed',
        detail: `${record.supplierId} holds no booking under our reference ${GIVE_UP_AFTER_MS / 60_000} minutes after the attempt: nothing was booked`,
      });
    }
    return record;
  } catch (error) {
    if (error instanceof BookingStateConflict && error.current) return error.current;
    logger.warn('could not settle a pending booking yet', { bookingId: record.bookingId, error });
    return record;
  }
}

/** The scheduled reconciler's pass over one tenant's pending bookings. */
export async function settleAllPending(tenant: string, deps: FlowDeps): Promise<{ readonly checked: number; readonly settled: number }> {
  const pending = await deps.bookings.pending(tenant);
  const results = await Promise.all(pending.map((record) => settlePending(record, deps)));
  return { checked: pending.length, settled: results.filter((r) => r.status !== 'pending').length };
}
