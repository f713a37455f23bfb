/**
 * What booking reaches, wired once per container (tests build their own): the rate check's ports (the
 * tenant's suppliers, pricing's sources, the rateId key, the clock), the bookings table, the stored search
 * a booking is checked against and the unified property content.
 *
 * Booking's own wiring, not search's: contracts are read afresh on every call (search keeps them a few
 * seconds), so a contract that ended stops rate checks and bookings at once. The stored search's header and
 * the property map are read through the adapters in functions/stores/, which search uses too; pricing uses
 * the same embedded sources as search, so a rate is priced one way.
 */
import { storedPricingSources } from '../../stores/dynamo-pricing-rules.js';
import type { UnifiedProperty } from '../../domain/property/unified-property.js';
import type { SearchHeaders } from '../../domain/stay/search-header.js';
import { optionalEnv } from '../../shared/config.js';
import { searchKey } from '../../shared/search-secret.js';
import { DynamoPropertyContent } from '../../stores/dynamo-property-content.js';
import { DynamoSearchHeaders } from '../../stores/dynamo-search-headers.js';
import { DynamoWalletStore } from '../../stores/dynamo-wallets.js';
import { adapterFor } from '../../suppliers/adapter-registry.js';
import { listContracts } from '../../suppliers/contracts.js';
import { DynamoBookingStore, type BookingStore } from '../record/booking-store.js';
import { DynamoGuestDetailsStore } from '../personal-data/guest-details-store.js';
import type { GuestDetailsStore } from '../personal-data/guest-details.js';
import type { RateCheckDeps } from '../rate-check/check-rate.js';
import type { WalletPayments } from '../wallet/wallet-payment.js';

export interface FlowDeps extends RateCheckDeps {
  readonly bookings: BookingStore;
  /** The bookings' personal data, apart from them (guest-details.ts): only what shows or changes it reads it. */
  readonly guests: GuestDetailsStore;
  /** The searches a booking's rateId was quoted in (book.ts checks the rooms against the searched ones). */
  readonly searches: SearchHeaders;
  readonly property: (propertyId: string) => Promise<UnifiedProperty | undefined>;
  /** Agent wallets: a wallet-paid booking's hold, capture, give-back and refund (wallet-payment.ts). */
  readonly wallets: WalletPayments;
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
  // The content reader alone: booking never matches or indexes properties.
  const properties = new DynamoPropertyContent();
  deps = {
    contracts: listContracts,
    adapterFor,
    ...storedPricingSources,
    rateIdKey: () => searchKey('rate-id'),
    now: () => new Date(),
    bookings: new DynamoBookingStore(),
    guests: new DynamoGuestDetailsStore(),
    searches: new DynamoSearchHeaders(),
    property: (propertyId) => properties.getProperty(propertyId),
    wallets: new DynamoWalletStore(),
    bookTimeoutMs: Number(optionalEnv('SUPPLIER_BOOK_TIMEOUT_MS') ?? 8_000),
    supplierCallTimeoutMs: Number(optionalEnv('SUPPLIER_CALL_TIMEOUT_MS') ?? 6_000),
  };
  return deps;
}
