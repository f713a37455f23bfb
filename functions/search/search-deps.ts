/**
 * The real adapters behind the search ports, one set per container: contracts and the property map in
 * DynamoDB, the supplier adapters from the registry, the stored FX figures (read at most once a minute:
 * stored-fx-rates.ts), the accounts' pricing rules. A city's destination index is kept in memory for a few minutes, so a warm container resolves a
 * search's offers without reading it again; the mapping job runs daily, so minutes of staleness cost
 * nothing (an unknown ref is matched on the fly).
 *
 * A tenant's contracts are kept for CONTRACTS_CACHE_MS: the read comes before the fan-out, so it is
 * latency every search adds. A contract added or ended reaches a warm search container within that time,
 * well inside the five minutes API Gateway keeps an authorizer's answer (a disabled client's calls).
 * Rate checks and bookings read contracts afresh (functions/booking/flow/flow-deps.ts).
 */
import { storedPricingSources } from '../stores/dynamo-pricing-rules.js';
import { storedFxRates } from '../stores/stored-fx-rates.js';
import { searchConfig } from './search-config.js';
import { searchKey } from '../shared/search-secret.js';
import { DynamoPropertyMapStore } from '../stores/dynamo-property-map-store.js';
import { adapterFor } from '../suppliers/adapter-registry.js';
import { listContracts, type SupplierContract } from '../suppliers/contracts.js';
import { DynamoDestinationIndex, type DestinationEntry } from './mapping/destination-index.js';
import type { SearchDeps } from './search-ports.js';
import { DynamoSearchStore } from './search-store.js';

const DESTINATION_CACHE_MS = 5 * 60 * 1000;
export const CONTRACTS_CACHE_MS = 30 * 1000;

let deps: SearchDeps | undefined;

export function searchDeps(): SearchDeps {
  if (deps) return deps;
  const destinations = new DynamoDestinationIndex();
  const cached = new Map<string, { entries: Promise<DestinationEntry[]>; until: number }>();
  const contracts = new Map<string, { list: Promise<SupplierContract[]>; until: number }>();
  deps = {
    contracts: (tenant) => {
      const hit = contracts.get(tenant);
      if (hit && hit.until > Date.now()) return hit.list;
      const list = listContracts(tenant);
      contracts.set(tenant, { list, until: Date.now() + CONTRACTS_CACHE_MS });
      // A failed read is not kept: the next search reads again.
      list.catch(() => contracts.delete(tenant));
      return list;
    },
    adapterFor,
    destination: (cityCode) => {
      const hit = cached.get(cityCode);
      if (hit && hit.until > Date.now()) return hit.entries;
      const entries = destinations.destination(cityCode);
      // An empty index (the job has not run yet) is not kept: the next search reads again.
      cached.set(cityCode, { entries, until: Date.now() + DESTINATION_CACHE_MS });
      entries.then(
        (list) => list.length === 0 && cached.delete(cityCode),
        () => cached.delete(cityCode),
      );
      return entries;
    },
    propertiesNear: (point, radius) => propertyMapStore().propertiesNear(point, radius),
    rememberProperties: (properties, refs) => propertyMapStore().rememberProperties(properties, refs),
    knownProperties: async (propertyIds) => {
      const found = await Promise.all(propertyIds.map(async (id) => [id, await propertyMapStore().getProperty(id)] as const));
      return new Map(found.flatMap(([id, property]) => (property ? [[id, property] as const] : [])));
    },
    ...storedPricingSources(storedFxRates(searchConfig().fx)),
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
