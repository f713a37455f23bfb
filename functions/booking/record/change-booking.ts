/**
 * Every change to a booking after its write-ahead record goes through here. The lifecycle decides on the
 * booking as read (domain/booking/booking-lifecycle.ts); the wallet movements its events call for are made
 * when due (wallet/lifecycle-payments.ts); the store writes the move conditionally on the booking still
 * standing where the lifecycle allows it. A refusal, the lifecycle's or that of a booking which moved on
 * before the write, leaves as a BookingStateConflict carrying it (refusal-error.ts words it for partners).
 */
import { decide, refusalOf } from '../../domain/booking/booking-lifecycle.js';
import type { LifecycleCommand } from '../../domain/booking/lifecycle-command.js';
import { makePayments, type PaymentDeps } from '../wallet/lifecycle-payments.js';
import type { BookingRecord } from './booking-record.js';
import { BookingStateConflict, type BookingStore } from './booking-store.js';

/** A change to a written booking; a confirmation's terms are record fields. The write-ahead record is the store's create. */
export type BookingCommand = Exclude<LifecycleCommand<Partial<BookingRecord>>, { readonly kind: 'request' }>;

export interface BookingChangeDeps extends PaymentDeps {
  readonly bookings: BookingStore;
}

export async function changeBooking(
  deps: BookingChangeDeps,
  tenant: string,
  bookingId: string,
  command: BookingCommand,
  seen?: BookingRecord,
): Promise<BookingRecord> {
  const current = seen ?? (await deps.bookings.get(tenant, bookingId));
  const decision = decide(current, command);
  if (!decision.accepted) throw new BookingStateConflict(current, decision.refusal);
  await makePayments('before-recording', decision.events, { ...current!, ...decision.changes }, deps);
  let changed: BookingRecord;
  try {
    changed = await deps.bookings.transition(tenant, bookingId, { ...decision, kind: command.kind }, current);
  } catch (error) {
    if (error instanceof BookingStateConflict) throw refusedOnWrite(error, command);
    throw error;
  }
  await makePayments('once-recorded', decision.events, changed, deps);
  return changed;
}

/** The store found the booking moved on: why the lifecycle refuses the command on the booking as it now is. */
function refusedOnWrite(conflict: BookingStateConflict, command: BookingCommand): BookingStateConflict {
  const { current } = conflict;
  const refusal =
    refusalOf(current, command.kind) ?? (current ? { reason: 'changed-meanwhile' as const, status: current.status } : undefined);
  return new BookingStateConflict(current, refusal);
}
