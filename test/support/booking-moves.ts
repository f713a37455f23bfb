/**
 * Moves for tests that write the bookings store directly (its conditional writes, its listing): each is what
 * the lifecycle accepts for a command on the booking as the test read it (domain/booking/booking-lifecycle.ts),
 * which is all the store is ever given.
 */
import { decide, type LifecycleBooking } from '../../functions/domain/booking/booking-lifecycle.js';
import type { BookingMove } from '../../functions/booking/record/booking-store.js';
import type { BookingCommand } from '../../functions/booking/record/change-booking.js';

export function acceptedMove(booking: LifecycleBooking, command: BookingCommand): BookingMove {
  const decision = decide(booking, command);
  if (!decision.accepted) throw new Error(`the lifecycle refuses ${command.kind}: ${decision.refusal.reason}`);
  return { ...decision, kind: command.kind };
}

/** A pending booking found confirmed under our reference (what the reconciler records). */
export const confirmAs = (supplierReference: string, at: string): BookingCommand => ({
  kind: 'confirm',
  at,
  supplierId: 'hotelbeds',
  supplierReference,
  via: 'settled-later',
  terms: {},
});

export const keepPending = (at: string): BookingCommand => ({ kind: 'keep-pending', at });

/** A confirmed booking cancelled free of charge. */
export const cancelFree = (at: string): BookingCommand => ({
  kind: 'cancel',
  at,
  supplierId: 'hotelbeds',
  cancelledAt: at,
  penalty: { amount: '0.00', currency: 'EUR' },
  quotedPenaltyAmount: '0.00',
  supplierPenalty: { amount: '0.00', currency: 'EUR' },
  lookedUp: false,
  reasonGiven: false,
});
