/**
 * Maps the catalogues of the suppliers some contracts name into the property map and the destination index:
 * the property mapping job's work, which its Lambda entry (../mapping-job-handler.ts) runs for the stack's
 * tenant and the local host runs for its seeded tenants (local/map-properties.ts).
 */
import type { PropertyMapStore } from '../../domain/property/property-map.js';
import { adapterFor as registryAdapterFor } from '../../suppliers/adapter-registry.js';
import type { SupplierContract } from '../../suppliers/contracts.js';
import type { SupplierPort } from '../../suppliers/port.js';
import type { DestinationIndexStore } from './destination-index.js';
import { runMappingJob, type MappingJobReport, type StaticContentSource } from './mapping-job.js';

/** The largest page every sandbox supplier serves (Rapid pages at its own size and ignores it). */
export const MAPPING_PAGE_SIZE = 1_000;

export interface MapSupplierCataloguesOptions {
  /** The destination index search reads; rewritten for every city the run covers. */
  readonly destinations?: DestinationIndexStore;
  readonly pageSize?: number;
  readonly signal?: AbortSignal;
  /** Contract → adapter; the registry's in production, replaceable in tests. */
  readonly adapterFor?: (contract: SupplierContract) => Promise<Pick<SupplierPort, 'supplierId' | 'staticContent'>>;
}

/**
 * Maps the catalogues of the suppliers the contracts name, one source per distinct supplier: two
 * contracts with one supplier (several tenants, or a tenant's re-onboarding) read its catalogue once.
 */
export async function mapSupplierCatalogues(
  contracts: readonly SupplierContract[],
  store: PropertyMapStore,
  options: MapSupplierCataloguesOptions = {},
): Promise<MappingJobReport> {
  const adapterFor = options.adapterFor ?? registryAdapterFor;
  const bySupplier = new Map<string, SupplierContract>();
  for (const contract of contracts)
    if (contract.active && !bySupplier.has(contract.supplierId)) bySupplier.set(contract.supplierId, contract);
  const sources: StaticContentSource[] = [];
  for (const contract of bySupplier.values()) sources.push(await adapterFor(contract));
  return runMappingJob({
    sources,
    store,
    pageSize: options.pageSize ?? MAPPING_PAGE_SIZE,
    ...(options.destinations ? { destinations: options.destinations } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
