/**
 * A booking's personal data, kept apart from the booking (booking-record.ts: ids, dates, status, supplier
 * reference, money, history), in its own table (guest-details-store.ts): the holder's name, e-mail and
 * phone, the guests' names and children's ages room by room, and the free-text cancel reason. So the
 * bookings table, finance's exports of it and the ledger hold none of it, and erasing it (on request, or
 * after check-out) is one item while the booking stays.
 */
import type { Traveller } from '../../shared/traveller.js';
import type { Asker, Guest, Holder } from '../../suppliers/port.js';

export interface GuestDetails {
  readonly holder: Holder;
  /**
   * Room by room, in the booking's room order: who stays, and what the traveller asked of the hotel (free
   * text, personal data: erased with the names).
   */
  readonly rooms: readonly { readonly guests: readonly Guest[]; readonly specialRequest?: string }[];
  readonly cancellationReason?: string;
  /**
   * The traveller's address and session as the booking request gave them (Customer-Ip, or the partner's own
   * address): suppliers that take them (Rapid) want them on every later call, the reconciler's included.
   */
  readonly traveller?: Traveller;
  /**
   * A stay change asked of the supplier and not settled yet: the occupancies it asks for (children's ages are
   * personal data, so they wait here, not on the booking), applied to the rooms once the change is made.
   */
  readonly stayChange?: PendingOccupancies | null;
}

export interface PendingOccupancies {
  readonly changeId: string;
  readonly occupancies: readonly { readonly adults: number; readonly children: readonly number[] }[];
}

/** What the guests table holds for a booking: its details, or the mark that they were erased. */
export type StoredGuestDetails =
  | { readonly kind: 'held'; readonly details: GuestDetails }
  | { readonly kind: 'erased'; readonly erasedAt: string };

/** The personal data a change writes (a modification, a cancel's reason). */
export type GuestDetailsChanges = Partial<GuestDetails>;

export interface GuestDetailsStore {
  /** undefined when the booking never had any (a booking that failed before its record was written). */
  get(tenant: string, bookingId: string): Promise<StoredGuestDetails | undefined>;
  /**
   * Stores a new booking's details, once: a retried booking step never overwrites them, nor brings back
   * details that were erased. `checkOut` sets the backstop expiry.
   */
  create(tenant: string, bookingId: string, details: GuestDetails, checkOut: string): Promise<void>;
  /** Changes held details; nothing when they were erased (an erasure is never undone). */
  update(tenant: string, bookingId: string, changes: GuestDetailsChanges): Promise<void>;
  /** A stay change moved the check-out: the details' retention (and their expiry backstop) counts from the new one. */
  moveCheckOut(tenant: string, bookingId: string, checkOut: string): Promise<void>;
  /** Bookings whose details are still held and whose check-out is on or before `lastCheckOut` (a date), oldest first. */
  heldUntil(tenant: string, lastCheckOut: string, limit: number): Promise<string[]>;
  /** Replaces the details with the erasure mark; the same mark when already erased. Returns when. */
  erase(tenant: string, bookingId: string, at: string): Promise<string>;
}

/** The occupancy the guests make up: adults and children's ages per room (to hold a renaming to it). */
export function occupancyOf(details: GuestDetails): { adults: number; children: number[] }[] {
  return details.rooms.map((room) => ({
    adults: room.guests.filter((g) => g.type === 'adult').length,
    children: room.guests.filter((g) => g.type === 'child').map((g) => g.age!),
  }));
}

/**
 * What a later supplier call about a booking (a lookup, a cancel, a change) needs of its personal data: the
 * holder's e-mail (Rapid files an itinerary under it) and the traveller. Nothing once erased: a supplier that
 * needs the e-mail is then given the account's reservations desk, as for a booking made without one.
 */
export function supplierContactOf(stored: StoredGuestDetails | undefined): { holderEmail?: string } & Pick<Asker, 'traveller'> {
  if (stored?.kind !== 'held') return {};
  const { holder, traveller } = stored.details;
  return { ...(holder.email ? { holderEmail: holder.email } : {}), ...(traveller ? { traveller } : {}) };
}
