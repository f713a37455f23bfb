/**
 * The local host's mapping run: the scheduled job's own function over a tenant's seeded contracts, into
 * the local property map and destination index, so that search resolves offers to unified properties
 * from the first request. Call it once the tables exist and the contracts are seeded.
 */
import type { MappingJobReport } from '../functions/search/mapping/mapping-job.js';

export async function mapLocalProperties(tenant: string): Promise<MappingJobReport> {
  // Loaded here rather than at the top: Powertools reads its settings when the modules load, and the
  // host sets them (and the table names) only once it has started.
  const [{ mapSupplierCatalogues }, { DynamoPropertyMapStore }, { DynamoDestinationIndex }, { listContracts }] = await Promise.all([
    import('../functions/search/mapping/map-supplier-catalogues.js'),
    import('../functions/stores/dynamo-property-map-store.js'),
    import('../functions/search/mapping/destination-index.js'),
    import('../functions/suppliers/contracts.js'),
  ]);
  const contracts = await listContracts(tenant);
  return mapSupplierCatalogues(contracts, new DynamoPropertyMapStore(), { destinations: new DynamoDestinationIndex() });
}
