/**
 * What the booking flow's steps reach: the rate check's ports (contracts, adapters, fx, pricing rules,
 * the rateId key), the bookings table and the unified property content. One set per container; tests
 * build their own.
 */
import { optionalEnv } from '../../shared/config.js';
import { propertyMapStore, searchDeps } from '../../search/search-deps.js';
import type { UnifiedProperty } from '../../search/mapping/unified-property.js';
import type { RateCheckDeps } from '../check-rate.js';
import { DynamoBookingStore, type BookingStore } from '../booking-store.js';

export interface FlowDeps extends RateCheckDeps {
  readonly bookings: BookingStore;
  readonly property: (propertyId: string) => Promise<UnifiedProperty | undefined>;
  /**
   * How long a supplier may take to confirm a booking before we stop waiting and ask it by our
   * reference instead. Well inside the state machine's 27 s, leaving room for the lookup and the save.
   */
  readonly bookTimeoutMs: number;
  /** Budget of the lookup by our reference, and of the cancel that undoes a booking. */
  readonly supplierCallTimeoutMs: number;
}

let deps: FlowDeps | undefined;

export function flowDeps(): FlowDeps {
  if (deps) return deps;
  const search = searchDeps();
  deps = {
    contracts: search.contracts,
    adapterFor: search.adapterFor,
    fx: search.fx,
    pricingRules: search.pricingRules,
    rateIdKey: search.rateIdKey,
    now: search.now,
    bookings: new DynamoBookingStore(),
    property: (propertyId) => propertyMapStore().getProperty(propertyId),
    bookTimeoutMs: Number(optionalEnv('SUPPLIER_BOOK_TIMEOUT_MS') ?? 8_000),
    supplierCallTimeoutMs: Number(optionalEnv('SUPPLIER_CALL_TIMEOUT_MS') ?? 6_000),
  };
  return deps;
}
