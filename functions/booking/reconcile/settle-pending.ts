/**
 * Settles a pending booking (its supplier did not answer in time) by asking the supplier for a booking
 * under our reference: found, it is confirmed with what the supplier holds; still absent long after the
 * attempt, it is failed (nothing was booked); otherwise, or when the supplier cannot be reached, it stays
 * pending for the next try. A wallet-paid booking found confirmed at more than its wallet held cannot be
 * paid: it is undone as the flow undoes one (flow/undo-at-supplier.ts).
 *
 * A booking the flow's undo took is left to it: its supplier's booking is being cancelled, and the lifecycle
 * refuses to confirm or fail it (a settle that read it before the undo took it is refused at its write). An
 * undo still unrecorded long after it began was cut short, and is finished here.
 *
 * A confirmed booking whose cancel is in flight (sent, outcome unknown) is settled the same way: looked up,
 * and cancelled again by the reconciler while the supplier still holds it (settleCancel).
 *
 * Used by GET (so a partner polling sees the outcome at once) and by the scheduled reconciler (so no pending
 * booking waits for a partner to look).
 */
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Price } from '../../domain/pricing/price.js';
import { emitMetric, recordBookingOutcome } from '../../shared/metric-events.js';
import type { SupplierBooking } from '../../suppliers/port.js';
import { Dim, MetricName, PENDING_AGE_BUCKETS, type PendingAgeBucket } from '../../shared/metric-names.js';
import { logger } from '../../shared/observability.js';
import { stampOf, type BookingRecord } from '../record/booking-record.js';
import { supplierContactOf } from '../personal-data/guest-details.js';
import { confirmedTerms, lockPrice } from '../flow/booking-draft.js';
import type { FlowDeps } from '../flow/flow-deps.js';
import { measuredSupplierCall } from '../flow/measured-supplier-call.js';
import { adapterOf } from '../flow/supplier-of.js';
import { BookingStateConflict } from '../record/booking-store.js';
import { changeBooking } from '../record/change-booking.js';
import { cancelAtSupplier, takeForUndo } from '../flow/undo-at-supplier.js';
import { walletHoldCovers } from '../wallet/wallet-payment.js';
import { cancelInFlight } from '../../domain/booking/booking-lifecycle.js';
import { recordCancellation, recordCancelRefused } from '../cancel/record-cancellation.js';
import { askSupplierToCancel, lookUpCancellation } from '../cancel/supplier-cancellation.js';
import { settleStayChanges } from '../modification/settle-stay-change.js';

/** How long after the attempt a supplier may still show a booking it was slow to make. */
export const GIVE_UP_AFTER_MS = 15 * 60 * 1000;

/**
 * How long after an undo began the settle path takes it for cut short (its Lambda ended before it recorded
 * the cancel) and finishes it: far past any flow run, so the two do not both cancel at the supplier. Which
 * one records the outcome is the bookings table's conditional write, never this delay.
 */
export const FINISH_UNDO_AFTER_MS = GIVE_UP_AFTER_MS;

type StoredGuests = Awaited<ReturnType<FlowDeps['guests']['get']>>;

export interface SettleOptions {
  /** How long the supplier's lookup may take (a GET waits less than the reconciler). */
  readonly timeoutMs?: number;
  /** The booking's guest details when the caller reads them anyway (GET), so they are read once. */
  readonly guests?: Promise<StoredGuests>;
  /**
   * A partner's read: it settles what the supplier says, but never finishes a cut-short undo. Only the
   * reconciler does, so one caller cancels at the supplier and a read never does.
   */
  readonly onRead?: boolean;
}

export async function settlePending(record: BookingRecord, deps: FlowDeps, options: SettleOptions = {}): Promise<BookingRecord> {
  if (cancelInFlight(record)) return settleCancel(record, deps, options);
  if (record.status !== 'pending') return record;
  const undoBegunAt = record.undoBegunAt;
  if (undoBegunAt && (options.onRead || deps.now().getTime() - Date.parse(undoBegunAt) <= FINISH_UNDO_AFTER_MS)) return record;
  const readGuests = () => Promise.resolve().then(() => options.guests ?? deps.guests.get(record.tenant, record.bookingId));
  try {
    // The undo's cancel finds its own adapter and records a supplier it cannot reach, so it waits on no
    // contract here (an ended contract would otherwise leave the booking pending for ever).
    if (undoBegunAt) return await finishUndo(record, supplierContactOf(await readGuests()), deps);
    // Side by side; the read is started inside a promise so that a store failing at once still leaves
    // Promise.all the one to report (and the adapter's own failure handled).
    const [adapter, stored] = await Promise.all([adapterOf(record.tenant, record.supplierId, deps), readGuests()]);
    // The holder's e-mail and the traveller, for suppliers that file and look bookings up by them (Rapid).
    const contact = supplierContactOf(stored);
    const found = await measuredSupplierCall(record.supplierId, 'find-booking', () =>
      adapter.findBookingByClientReference({
        clientReference: record.bookingId,
        ...contact,
        bookedAround: new Date(record.createdAt),
        signal: AbortSignal.timeout(options.timeoutMs ?? deps.supplierCallTimeoutMs),
      }),
    );
    const now = deps.now();
    if (found?.status === 'confirmed') {
      // At the figures the booking was checked at, as its record keeps them (booking-draft.ts, lockPrice).
      const locked = await lockPrice(
        { ticket: record.ticket, rate: record.checkedRate, checkedAt: [stampOf(record)] },
        found,
        deps,
        record.tenant,
      );
      if (!(await walletHoldCovers(record, locked, deps.wallets))) return await undoAboveHold(record, found, locked, contact, deps);
      // Captured for the locked total before the record says confirmed (the lifecycle's payments).
      const confirmed = await changeBooking(
        deps,
        record.tenant,
        record.bookingId,
        {
          kind: 'confirm',
          at: now.toISOString(),
          supplierId: found.supplierId,
          supplierReference: found.supplierReference,
          via: 'settled-later',
          terms: confirmedTerms(record, found, locked),
        },
        record,
      );
      emitMetric(MetricName.pendingSettled, MetricUnit.Count, 1, [{ [Dim.outcome]: 'confirmed' }]);
      return confirmed;
    }
    if (now.getTime() - Date.parse(record.createdAt) > GIVE_UP_AFTER_MS) {
      // What its wallet gave goes back once the record says failed (the lifecycle's payments).
      const failed = await changeBooking(
        deps,
        record.tenant,
        record.bookingId,
        {
          kind: 'fail',
          at: now.toISOString(),
          cause: { kind: 'absent-at-supplier', supplierId: record.supplierId, afterMinutes: GIVE_UP_AFTER_MS / 60_000 },
        },
        record,
      );
      emitMetric(MetricName.pendingSettled, MetricUnit.Count, 1, [{ [Dim.outcome]: 'failed' }]);
      return failed;
    }
    return record;
  } catch (error) {
    if (error instanceof BookingStateConflict && error.current) return error.current;
    logger.warn('could not settle a pending booking yet', { bookingId: record.bookingId, error });
    emitMetric(MetricName.reconcileFailures, MetricUnit.Count, 1, [{}]);
    return record;
  }
}

/**
 * The supplier confirmed more than the booking's wallet held (a capture never pays more than its hold): the
 * booking is taken, cancelled at the supplier and recorded as undone, its hold released; if something
 * confirmed or took it first, it is answered as it stands.
 */
async function undoAboveHold(
  record: BookingRecord,
  found: SupplierBooking,
  locked: Price,
  contact: Parameters<typeof cancelAtSupplier>[2],
  deps: FlowDeps,
): Promise<BookingRecord> {
  const target = {
    tenant: record.tenant,
    bookingId: record.bookingId,
    supplierId: found.supplierId,
    supplierReference: found.supplierReference,
  };
  const because = { kind: 'above-hold', total: locked.total, currency: locked.currency } as const;
  const taken = await takeForUndo(deps, target, because, record);
  if (taken.kind !== 'to-undo') return taken.record;
  // Taken now, or failed meanwhile (nothing confirms it any more): cancelled and recorded as a finished undo.
  return finishUndo(taken.record ?? { ...record, supplierReference: found.supplierReference, undoReason: because }, contact, deps);
}

/**
 * An undo the flow began and never recorded: the booking is still taken (nothing confirms it), so its
 * supplier's booking is cancelled now, under the reference the undo named, and the compensation recorded for
 * the reason it gave.
 */
async function finishUndo(record: BookingRecord, contact: Parameters<typeof cancelAtSupplier>[2], deps: FlowDeps): Promise<BookingRecord> {
  const { tenant, bookingId, supplierId } = record;
  const supplierReference = record.supplierReference!;
  const because = record.undoReason ?? { kind: 'not-saved' as const, error: 'unknown' };
  const at = deps.now().toISOString();
  const undo = await cancelAtSupplier(deps, { tenant, bookingId, supplierId, supplierReference }, contact);
  const undone = await changeBooking(
    deps,
    tenant,
    bookingId,
    { kind: 'compensate', at, supplierId, supplierReference, because, undo },
    record,
  );
  recordBookingOutcome(undo.kind === 'cancelled' ? 'compensated' : 'compensation-failed');
  return undone;
}

/**
 * A confirmed booking whose cancel was sent and never answered: the supplier is asked how it holds the
 * booking. Cancelled there: cancelled here, with the penalty its policy applied when the cancel was sent (the
 * wallet refunded, booking.cancelled sent). Still confirmed: the partner asked to cancel, so the reconciler
 * cancels again (a read only looks); a refusal then ends the cancel in flight and the booking stands. No
 * answer: it stays in flight for the next pass.
 */
async function settleCancel(record: BookingRecord, deps: FlowDeps, options: SettleOptions): Promise<BookingRecord> {
  try {
    const [adapter, stored] = await Promise.all([
      adapterOf(record.tenant, record.supplierId, deps),
      options.guests ?? deps.guests.get(record.tenant, record.bookingId),
    ]);
    const supplier = { adapter, asker: { scenarios: [], ...supplierContactOf(stored) } };
    const timeoutMs = options.timeoutMs ?? deps.supplierCallTimeoutMs;
    const requestedAt = new Date(record.cancelRequestedAt!);
    const cancel = { quotedPenaltyAmount: record.quotedPenaltyAmount ?? '0', reasonGiven: false };
    const held = await lookUpCancellation(record, supplier, requestedAt, timeoutMs);
    if (held.kind === 'cancelled') return await recordCancellation(deps, record, { ...cancel, result: held.result, lookedUp: true });
    if (held.kind === 'unknown' || options.onRead) return record;
    const answer = await askSupplierToCancel(record, supplier, timeoutMs);
    if (answer.kind === 'cancelled') return await recordCancellation(deps, record, { ...cancel, result: answer.result, lookedUp: false });
    if (answer.kind === 'refused') return await recordCancelRefused(deps, record, answer.error.redactedMessage());
    return record;
  } catch (error) {
    if (error instanceof BookingStateConflict && error.current) return error.current;
    logger.warn('could not settle a cancel in flight yet', { bookingId: record.bookingId, error });
    emitMetric(MetricName.reconcileFailures, MetricUnit.Count, 1, [{}]);
    return record;
  }
}

/** The scheduled reconciler's pass over one tenant's pending bookings. */
export async function settleAllPending(tenant: string, deps: FlowDeps): Promise<{ readonly checked: number; readonly settled: number }> {
  const waiting = await deps.bookings.pending(tenant);
  // The index also holds confirmed bookings whose cancel is in flight (settled here too) and ones whose stay
  // change waits for its supplier's outcome (settled apart).
  const pending = waiting.filter((record) => record.status === 'pending' || cancelInFlight(record) !== undefined);
  const changesSettled = await settleStayChanges(waiting, deps);
  const results = await Promise.all(pending.map((record) => settlePending(record, deps)));
  const unsettled = (r: BookingRecord) => r.status === 'pending' || cancelInFlight(r) !== undefined;
  recordStillPending(
    results.filter((r) => r.status === 'pending'),
    deps.now(),
  );
  return { checked: waiting.length, settled: results.filter((r) => !unsettled(r)).length + changesSettled };
}

/**
 * What the pass left pending, by age, and the oldest one's age: emitted on every pass (zeros included),
 * so the "pending booking older than 15 minutes" alarm always has data and clears once it is settled.
 */
function recordStillPending(stillPending: readonly BookingRecord[], now: Date): void {
  const ages = stillPending.map((r) => Math.max(0, now.getTime() - Date.parse(r.createdAt)));
  const counts = new Map<PendingAgeBucket, number>(PENDING_AGE_BUCKETS.map((bucket) => [bucket, 0]));
  for (const age of ages) {
    const bucket: PendingAgeBucket = age < 5 * 60_000 ? 'under-5m' : age <= GIVE_UP_AFTER_MS ? '5m-15m' : 'over-15m';
    counts.set(bucket, counts.get(bucket)! + 1);
  }
  for (const [bucket, count] of counts) emitMetric(MetricName.pendingBookings, MetricUnit.Count, count, [{ [Dim.age]: bucket }]);
  emitMetric(MetricName.oldestPendingBookingAge, MetricUnit.Seconds, Math.round(Math.max(0, ...ages) / 1000), [{}]);
}
