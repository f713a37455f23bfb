/**
 * What the search use cases (run-search.ts, property-rates-of.ts) reach, each behind a port: the tenant's
 * contracted suppliers, pricing's sources, the destination index and the property map, the stored searches,
 * the signing keys and the clock. search-deps.ts wires them once per container; tests and benchmarks build
 * their own.
 */
import type { PropertyMapStore } from '../domain/property/property-map.js';
import type { UnifiedProperty } from '../domain/property/unified-property.js';
import type { PricingSources } from '../domain/pricing/pricing-sources.js';
import type { ContractedSuppliers } from '../suppliers/contracted-suppliers.js';
import type { DestinationEntry } from './mapping/destination-index.js';
import type { PropertiesNear } from './resolve-property-ids.js';
import type { SearchStore } from './search-store.js';

export interface SearchDeps extends ContractedSuppliers, PricingSources {
  /** The city's unified properties (the mapping job's destination index). */
  destination(cityCode: string): Promise<readonly DestinationEntry[]>;
  /** Stored properties near a point, for offers the index does not know. */
  propertiesNear: PropertiesNear;
  /** Stores what a search matched on the fly where the map has nothing yet (the property map's rememberProperties). */
  rememberProperties: PropertyMapStore['rememberProperties'];
  /** The unified properties of these ids, keyed by the id asked (a merged id answers with the one that took over). */
  knownProperties(propertyIds: readonly string[]): Promise<Map<string, UnifiedProperty>>;
  searches: SearchStore;
  rateIdKey(): Promise<Buffer>;
  cursorKey(): Promise<Buffer>;
  now(): Date;
}
