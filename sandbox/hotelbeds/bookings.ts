import type { WireHolder, WirePax } from '../../functions/suppliers/hotelbeds/wire.js';
import { SandboxReservations } from '../reservations.js';
import type { CancellationTier, SandboxRate } from '../world/rates.js';
import type { SupplierProperty } from '../world/supplier-views.js';

/** A booking as the Hotelbeds sandbox keeps it: in memory, by its reference and by the client's. */
export interface SandboxBookingRoom {
  readonly id: number;
  readonly rateKey: string;
  /** As booked, or as a stay change requoted it. */
  rate: SandboxRate;
  paxes: WirePax[];
}

export interface SandboxBooking {
  readonly reference: string;
  readonly clientReference: string;
  readonly createdAt: Date;
  status: 'CONFIRMED' | 'CANCELLED';
  holder: WireHolder;
  remark?: string;
  readonly property: SupplierProperty;
  /** A stay change moves the dates, requotes the rooms and with them the total and the penalties. */
  checkIn: string;
  checkOut: string;
  readonly rooms: SandboxBookingRoom[];
  totalMinor: number;
  readonly currency: string;
  /** Penalties of all rooms summed per instant, ascending. */
  cancellation: readonly CancellationTier[];
  readonly modificationAllowed: boolean;
  cancellationReference?: string;
  cancellationAmountMinor?: number;
  cancelledAt?: Date;
}

/** Hotel-side references in the supplier's own format. */
export class SandboxBookingStore extends SandboxReservations<SandboxBooking> {
  constructor() {
    super((n) => `102-${String(4_000_000 + n).padStart(7, '0')}`);
  }
}

/** Sums tiered penalties of several rooms into one ascending policy (each room's tier holds from its instant). */
export function mergeCancellationTiers(perRoom: readonly (readonly CancellationTier[])[]): CancellationTier[] {
  const instants = [...new Set(perRoom.flatMap((tiers) => tiers.map((tier) => tier.from)))].sort();
  return instants.map((from) => ({
    from,
    amountMinor: perRoom.reduce((sum, tiers) => {
      let amount = 0;
      for (const tier of tiers) if (tier.from <= from) amount = tier.amountMinor;
      return sum + amount;
    }, 0),
  }));
}
