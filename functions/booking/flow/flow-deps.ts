/**
 * What booking reaches, wired once per container from the function's configuration (tests build their
 * own): the rate check's ports (the tenant's suppliers, pricing's sources, the rateId key, the clock), the
 * bookings table, the stored search a booking is checked against and the unified property content.
 *
 * Booking's own wiring, not search's: contracts are read afresh on every call (search keeps them a few
 * seconds), so a contract that ended stops rate checks and bookings at once. The stored search's header and
 * the property map are read through the adapters in functions/stores/, which search uses too; pricing uses
 * the same sources as search (the stored FX figures, the account's rules), so a rate is priced one way.
 */
import { storedPricingSources } from '../../stores/dynamo-pricing-rules.js';
import { DEFAULT_FX_SETTINGS, type FxSettings } from '../../stores/fx-settings.js';
import { storedFxRates } from '../../stores/stored-fx-rates.js';
import type { UnifiedProperty } from '../../domain/property/unified-property.js';
import type { SearchHeaders } from '../../domain/stay/search-header.js';
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
import { DEFAULT_SUPPLIER_TIMEOUTS, type SupplierTimeouts } from './supplier-timeouts-config.js';

export interface FlowDeps extends RateCheckDeps, SupplierTimeouts {
  readonly bookings: BookingStore;
  /** The bookings' personal data, apart from them (guest-details.ts): only what shows or changes it reads it. */
  readonly guests: GuestDetailsStore;
  /** The searches a booking's rateId was quoted in (book.ts checks the rooms against the searched ones). */
  readonly searches: SearchHeaders;
  readonly property: (propertyId: string) => Promise<UnifiedProperty | undefined>;
  /** Agent wallets: a wallet-paid booking's hold, capture, give-back and refund (wallet-payment.ts). */
  readonly wallets: WalletPayments;
}

/** What a function's configuration sets of booking's wiring. */
export interface FlowSettings extends SupplierTimeouts {
  /** PERSONAL_DATA_RETENTION_DAYS, in the functions that write guest details (their expiry backstop). */
  readonly retentionDays?: number;
  /** FX_MAX_AGE_DAYS: how old an FX figure may be and still be used (the default without it). */
  readonly fx?: FxSettings;
}

const wired = new WeakMap<FlowSettings, FlowDeps>();

/** One set per configuration, so per container; without one (tests reaching the stores), the defaults. */
export function flowDeps(settings: FlowSettings = DEFAULT_SUPPLIER_TIMEOUTS): FlowDeps {
  const existing = wired.get(settings);
  if (existing) return existing;
  // The content reader alone: booking never matches or indexes properties. It and the stored searches are
  // made at their first use: the pending reconciler settles bookings without them, and is not told their tables.
  let properties: DynamoPropertyContent | undefined;
  let searches: DynamoSearchHeaders | undefined;
  const deps: FlowDeps = {
    contracts: listContracts,
    adapterFor,
    ...storedPricingSources(storedFxRates(settings.fx ?? DEFAULT_FX_SETTINGS)),
    rateIdKey: () => searchKey('rate-id'),
    now: () => new Date(),
    bookings: new DynamoBookingStore(),
    guests: new DynamoGuestDetailsStore(settings.retentionDays === undefined ? {} : { retentionDays: settings.retentionDays }),
    searches: { find: (tenant, searchId, now) => (searches ??= new DynamoSearchHeaders()).find(tenant, searchId, now) },
    property: (propertyId) => (properties ??= new DynamoPropertyContent()).getProperty(propertyId),
    wallets: new DynamoWalletStore(),
    bookTimeoutMs: settings.bookTimeoutMs,
    supplierCallTimeoutMs: settings.supplierCallTimeoutMs,
  };
  wired.set(settings, deps);
  return deps;
}
