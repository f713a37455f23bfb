/**
 * A stay change asked of its supplier, settled: made (its terms recorded, the wallet's rise captured or fall
 * refunded before the record says so, the guests moved to the new occupancy, a `booking.modified` webhook) or
 * dropped (nothing changed; a rise's hold given back once the record says so). When the supplier's answer to
 * the change is lost, its booking is looked up: the new stay there means the change was made; the old stay
 * long after the request means it was not; otherwise the change stays pending and is asked again (the
 * reconciler, a retried commit), so a change the supplier made is never lost and none is made twice.
 */
import { logger } from '../../shared/observability.js';
import type { Asker, SupplierBooking, SupplierPort } from '../../suppliers/port.js';
import { supplierFailureReason } from '../../suppliers/supplier-error.js';
import type { FlowDeps } from '../flow/flow-deps.js';
import { adapterOf } from '../flow/supplier-of.js';
import type { GuestDetails } from '../personal-data/guest-details.js';
import { supplierContactOf } from '../personal-data/guest-details.js';
import type { BookingRecord } from '../record/booking-record.js';
import { BookingStateConflict } from '../record/booking-store.js';
import { changeBooking } from '../record/change-booking.js';
import { stayChangeTerms, type PendingStayChange } from './stay-change-record.js';

/** How long after the request a supplier still showing the old stay is taken to have not made the change. */
export const DROP_STAY_CHANGE_AFTER_MS = 15 * 60 * 1000;
/** How old a pending change is before the reconciler asks after it (the commit's own call lasts seconds). */
export const SETTLE_AFTER_MS = 60 * 1000;

export type StayChangeSettleDeps = Pick<
  FlowDeps,
  'bookings' | 'guests' | 'contracts' | 'adapterFor' | 'wallets' | 'now' | 'supplierCallTimeoutMs'
>;

export type StayChangeOutcome =
  | { readonly kind: 'changed'; readonly record: BookingRecord }
  | { readonly kind: 'pending'; readonly record: BookingRecord }
  | { readonly kind: 'dropped'; readonly record: BookingRecord };

/** The guests moved to the occupancy the change asked for (the names kept in order; new guests unnamed until renamed). */
export function guestsFor(details: GuestDetails, changeId: string): GuestDetails['rooms'] | undefined {
  const asked = details.stayChange?.changeId === changeId ? details.stayChange.occupancies : undefined;
  if (!asked) return undefined;
  return details.rooms.map((room, i) => {
    const occupancy = asked[i];
    if (!occupancy) return room;
    const adults = room.guests.filter((guest) => guest.type === 'adult');
    const children = room.guests.filter((guest) => guest.type === 'child');
    return {
      ...room,
      guests: [
        ...Array.from({ length: occupancy.adults }, (_, j) => adults[j] ?? { type: 'adult' as const, firstName: '', lastName: '' }),
        ...occupancy.children.map((age, j) => ({ ...(children[j] ?? { type: 'child' as const, firstName: '', lastName: '' }), age })),
      ],
    };
  });
}

/** Whether the booking already records this change (made by another path that settled it first). */
export function recordsChange(record: BookingRecord | undefined, changeId: string): boolean {
  return (record?.stayChanges ?? []).some((entry) => entry.changeId === changeId);
}

/** The change the supplier made, recorded with the terms it was quoted at (or as another path already recorded it). */
export async function recordStayChange(
  record: BookingRecord,
  pending: PendingStayChange,
  lookedUp: boolean,
  deps: StayChangeSettleDeps,
): Promise<BookingRecord> {
  const at = deps.now().toISOString();
  let changed: BookingRecord;
  try {
    changed = await changeBooking(
      deps,
      record.tenant,
      record.bookingId,
      {
        kind: 'change-stay',
        at,
        supplierId: record.supplierId,
        changeId: pending.changeId,
        from: { checkIn: record.checkIn, checkOut: record.checkOut },
        to: { checkIn: pending.checkIn, checkOut: pending.checkOut },
        previousTotal: { amount: pending.previousTotal, currency: record.currency },
        total: { amount: pending.price.total, currency: record.currency },
        lookedUp,
        terms: stayChangeTerms(record, pending, at),
      },
      record,
    );
  } catch (error) {
    if (error instanceof BookingStateConflict && recordsChange(error.current, pending.changeId)) return error.current!;
    throw error;
  }
  // The guests as the supplier now holds them, and their retention from the new check-out.
  const stored = await deps.guests.get(record.tenant, record.bookingId);
  if (stored?.kind === 'held') {
    const rooms = guestsFor(stored.details, pending.changeId);
    await deps.guests.update(record.tenant, record.bookingId, { ...(rooms ? { rooms } : {}), stayChange: null });
  }
  await deps.guests.moveCheckOut(record.tenant, record.bookingId, pending.checkOut);
  return changed;
}

/** The change not made: nothing changed at the supplier, the booking stands as it was. */
export async function dropStayChange(
  record: BookingRecord,
  pending: PendingStayChange,
  why: string,
  deps: StayChangeSettleDeps,
): Promise<BookingRecord> {
  const dropped = await changeBooking(
    deps,
    record.tenant,
    record.bookingId,
    { kind: 'drop-stay-change', at: deps.now().toISOString(), supplierId: record.supplierId, changeId: pending.changeId, why },
    record,
  );
  await deps.guests.update(record.tenant, record.bookingId, { stayChange: null });
  return dropped;
}

/** Whether the supplier's booking shows the stay the change asked for. */
function showsChange(booking: SupplierBooking, pending: PendingStayChange): boolean {
  return booking.status === 'confirmed' && booking.checkIn === pending.checkIn && booking.checkOut === pending.checkOut;
}

/** A pending change whose outcome is unknown, settled by what the supplier's booking shows now. */
export async function settleStayChange(
  record: BookingRecord,
  deps: StayChangeSettleDeps,
  asker: Asker = {},
  adapter?: SupplierPort,
): Promise<StayChangeOutcome> {
  const pending = record.stayChange;
  if (!pending) return { kind: 'changed', record };
  let held: SupplierBooking;
  try {
    const supplier = adapter ?? (await adapterOf(record.tenant, record.supplierId, deps));
    const { holderEmail, traveller } = supplierContactOf(await deps.guests.get(record.tenant, record.bookingId));
    held = await supplier.getBooking({
      supplierReference: record.supplierReference!,
      ...(holderEmail ? { holderEmail } : {}),
      ...(traveller ? { traveller } : {}),
      ...asker,
      signal: AbortSignal.timeout(deps.supplierCallTimeoutMs),
    });
  } catch (error) {
    logger.warn('stay change still unknown: the supplier could not be asked', {
      bookingId: record.bookingId,
      supplierId: record.supplierId,
      reason: supplierFailureReason(error),
    });
    return { kind: 'pending', record };
  }
  try {
    if (showsChange(held, pending)) return { kind: 'changed', record: await recordStayChange(record, pending, true, deps) };
    if (deps.now().getTime() - Date.parse(pending.requestedAt) > DROP_STAY_CHANGE_AFTER_MS)
      return {
        kind: 'dropped',
        record: await dropStayChange(record, pending, 'the supplier still shows the stay as it was, long after the request', deps),
      };
  } catch (error) {
    // Settled meanwhile by another (the reconciler, a retried commit): the booking as it now is answers.
    if (error instanceof BookingStateConflict && error.current)
      return { kind: error.current.stayChange ? 'pending' : 'changed', record: error.current };
    throw error;
  }
  return { kind: 'pending', record };
}

/** The reconciler's pass over a tenant's stay changes still waiting for their supplier's outcome. */
export async function settleStayChanges(records: readonly BookingRecord[], deps: StayChangeSettleDeps): Promise<number> {
  // A change asked within the last minute is its commit's to settle: its supplier call may still be running.
  const settledFrom = deps.now().getTime() - SETTLE_AFTER_MS;
  const waiting = records.filter(
    (record) => record.status === 'confirmed' && record.stayChange && Date.parse(record.stayChange.requestedAt) <= settledFrom,
  );
  const outcomes = await Promise.all(
    waiting.map((record) =>
      settleStayChange(record, deps).catch((error: unknown) => {
        logger.warn('stay change not settled', { bookingId: record.bookingId, reason: supplierFailureReason(error) });
        return { kind: 'pending' as const, record };
      }),
    ),
  );
  return outcomes.filter((outcome) => outcome.kind !== 'pending').length;
}
