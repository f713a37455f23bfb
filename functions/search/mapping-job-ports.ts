/**
 * The real adapters behind the mapping workflow's stages, by function (workflow-stages.ts): the work
 * objects in the mapping bucket, the run lock and log and the property map in the properties table, the
 * destination index, and the stack tenant's contracted suppliers' catalogues through the adapter registry.
 * The Lambda entries wire these; so does the local host's worker (local/mapping-worker.ts).
 */
import { DynamoPropertyMapStore } from '../stores/dynamo-property-map-store.js';
import { adapterFor as registryAdapterFor } from '../suppliers/adapter-registry.js';
import { listContracts, type SupplierContract } from '../suppliers/contracts.js';
import type { SupplierPort } from '../suppliers/port.js';
import { DynamoDestinationIndex } from './mapping/destination-index.js';
import type { CatalogueSource, CatalogueSources } from './mapping/partitioned/catalogue-source.js';
import { DynamoMappingRuns } from './mapping/partitioned/dynamo-mapping-runs.js';
import type { MatcherPorts, ReaderPorts, WriterPorts } from './mapping/partitioned/run-stage.js';
import { S3MappingObjects } from './mapping/partitioned/s3-mapping-objects.js';

/**
 * The suppliers a tenant's active contracts name, one catalogue each: two contracts with one supplier read
 * its catalogue once.
 */
export function contractedCatalogues(
  tenant: string,
  adapterFor: (contract: SupplierContract) => Promise<SupplierPort> = registryAdapterFor,
): CatalogueSources {
  return async () => {
    const bySupplier = new Map<string, SupplierContract>();
    for (const contract of await listContracts(tenant))
      if (contract.active && !bySupplier.has(contract.supplierId)) bySupplier.set(contract.supplierId, contract);
    const sources: CatalogueSource[] = [];
    for (const contract of bySupplier.values()) sources.push(await adapterFor(contract));
    return sources;
  };
}

export function readerPorts(config: { readonly tenant: string; readonly bucket: string }, signal?: AbortSignal): ReaderPorts {
  return {
    objects: new S3MappingObjects(config.bucket),
    runs: new DynamoMappingRuns(),
    sources: contractedCatalogues(config.tenant),
    ...(signal ? { signal } : {}),
  };
}

export function matcherPorts(config: { readonly bucket: string }): MatcherPorts {
  const store = new DynamoPropertyMapStore();
  return { objects: new S3MappingObjects(config.bucket), previousIds: (refs) => store.propertyIdsOf(refs) };
}

export function writerPorts(config: { readonly bucket: string }): WriterPorts {
  return {
    objects: new S3MappingObjects(config.bucket),
    store: new DynamoPropertyMapStore(),
    destinations: new DynamoDestinationIndex(),
    runs: new DynamoMappingRuns(),
  };
}
