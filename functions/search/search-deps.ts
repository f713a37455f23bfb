/**
 * The real adapters behind the search ports, one set per container: contracts and the property map in
 * DynamoDB, the supplier adapters from the registry, the embedded FX reference rates, the seeded pricing
 * rules. A city's destination index is kept in memory for a few minutes, so a warm container resolves a
 * search's offers without reading it again; the mapping job runs daily, so minutes of staleness cost
 * nothing (an unknown ref is matched on the fly).
 */
import { adapterFor } from '../suppliers/adapter-registry.js';
import { listContracts } from '../suppliers/contracts.js';
import { embeddedFxRates } from './fx/reference-fx-rates.js';
import { DynamoDestinationIndex, type DestinationEntry } from './mapping/destination-index.js';
import { DynamoPropertyMapStore } from './mapping/dynamo-property-map-store.js';
import { defaultPricingRules } from './pricing/default-pricing-rules.js';
import type { SearchDeps } from './run-search.js';
import { searchKey } from './search-secret.js';
import { DynamoSearchStore } from './search-store.js';

const DESTINATION_CACHE_MS = 5 * 60 * 1000;

let deps: SearchDeps | undefined;

export function searchDeps(): SearchDeps {
  if (deps) return deps;
  const destinations = new DynamoDestinationIndex();
  const cached = new Map<string, { entries: Promise<DestinationEntry[]>; until: number }>();
  deps = {
    contracts: listContracts,
    adapterFor,
    destination: (cityCode) => {
      const hit = cached.get(cityCode);
      if (hit && hit.until > Date.now()) return hit.entries;
      const entries = destinations.destination(cityCode);
      // An empty index (the job has not run yet) is not kept: the next search reads again.
      cached.set(cityCode, { entries, until: Date.now() + DESTINATION_CACHE_MS });
      entries.then((list) => list.length === 0 && cached.delete(cityCode), () => cached.delete(cityCode));
      return entries;
    },
    propertiesNear: (point, radius) => propertyMapStore().propertiesNear(point, radius),
    fx: () => embeddedFxRates.ratesFor(),
    pricingRules: async (tenant) => defaultPricingRules(tenant),
    searches: new DynamoSearchStore(),
    rateIdKey: () => searchKey('rate-id'),
    cursorKey: () => searchKey('cursor'),
    now: () => new Date(),
  };
  return deps;
}

let propertyStore: DynamoPropertyMapStore | undefined;

/** The property map, one per container: on-the-fly matching in search and the property content handler. */
export function propertyMapStore(): DynamoPropertyMapStore {
  return (propertyStore ??= new DynamoPropertyMapStore());
}
