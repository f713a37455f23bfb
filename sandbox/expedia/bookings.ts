import type { CancellationTier, SandboxRate } from '../world/rates.js';
import type { SupplierProperty } from '../world/supplier-views.js';

/** An itinerary as the Rapid sandbox keeps it: in memory, by itinerary id and by affiliate reference. */
export interface SandboxItineraryRoom {
  /** Rapid's per-room id inside the itinerary (the cancel path's `room_id`). */
  readonly id: string;
  readonly occupancy: string;
  readonly adults: number;
  readonly childAges: readonly number[];
  readonly rate: SandboxRate;
  readonly givenName: string;
  readonly familyName: string;
  readonly specialRequest?: string;
  /** The spec shapes of the rate as shopped (rate-shapes.ts), and its stable label. */
  readonly shapes: readonly string[];
  readonly label: string;
  status: 'booked' | 'canceled';
  cancelRefundMinor?: number;
  canceledAt?: Date;
}

export interface SandboxItinerary {
  readonly itineraryId: string;
  readonly affiliateReferenceId: string;
  readonly affiliateMetadata?: string;
  readonly email: string;
  readonly phone: { readonly country_code: string; readonly area_code?: string; readonly number: string };
  readonly createdAt: Date;
  readonly property: SupplierProperty;
  readonly checkin: string;
  readonly checkout: string;
  readonly rooms: SandboxItineraryRoom[];
  readonly currency: string;
}

export class SandboxItineraryStore {
  private readonly byId = new Map<string, SandboxItinerary>();
  private readonly byAffiliateReference = new Map<string, SandboxItinerary>();
  private sequence = 0;

  /** Rapid itinerary ids are 13-digit numbers. */
  nextItineraryId(): string {
    this.sequence += 1;
    return String(7_100_000_000_000 + this.sequence * 7);
  }

  add(itinerary: SandboxItinerary): void {
    this.byId.set(itinerary.itineraryId, itinerary);
    if (itinerary.affiliateReferenceId) this.byAffiliateReference.set(itinerary.affiliateReferenceId, itinerary);
  }

  get(itineraryId: string): SandboxItinerary | undefined {
    return this.byId.get(itineraryId);
  }

  /** Rapid requires affiliate references to be unique, so there is at most one. */
  byAffiliateReferenceId(affiliateReferenceId: string): SandboxItinerary | undefined {
    return this.byAffiliateReference.get(affiliateReferenceId);
  }

  list(): SandboxItinerary[] {
    return [...this.byId.values()];
  }

  get size(): number {
    return this.byId.size;
  }
}

/** Sums tiered penalties of several rooms into one ascending policy (each room's tier holds from its instant). */
export function mergeTiers(perRoom: readonly (readonly CancellationTier[])[]): CancellationTier[] {
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
