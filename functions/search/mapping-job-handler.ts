/**
 * Entry of the property mapping Lambda function: an EventBridge schedule invokes it daily, and it maps the
 * static content of every supplier the stack's tenant (TENANT) is contracted with into the property map
 * and the destination index that search reads. The local host runs mapSupplierCatalogues directly
 * (local/map-properties.ts) after seeding the contracts.
 *
 * A supplier that cannot be read fails the whole run: mapping without its catalogue would rewrite every
 * shared property without that supplier's refs, so the previous run's map is better kept as it is. The
 * job keeps ids across runs, so the schedule's next run (or a retry) simply starts over.
 */
import type { Context, ScheduledEvent } from 'aws-lambda';
import type { PropertyMapStore } from '../domain/property/property-map.js';
import { env } from '../shared/config.js';
import { logger } from '../shared/observability.js';
import { DynamoPropertyMapStore } from '../stores/dynamo-property-map-store.js';
import { adapterFor as registryAdapterFor } from '../suppliers/adapter-registry.js';
import { listContracts, type SupplierContract } from '../suppliers/contracts.js';
import type { SupplierPort } from '../suppliers/port.js';
import { DynamoDestinationIndex, type DestinationIndexStore } from './mapping/destination-index.js';
import { runMappingJob, type MappingJobReport, type StaticContentSource } from './mapping/mapping-job.js';

/** The largest page every sandbox supplier serves (Rapid pages at its own size and ignores it). */
export const MAPPING_PAGE_SIZE = 1_000;

/**
 * Time kept back from the Lambda timeout for matching and writing once the catalogues are read: reading
 * is aborted past it, so a supplier that hangs ends the run with a named error instead of a timeout.
 */
const MATCH_AND_WRITE_RESERVE_MS = 3 * 60_000;

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

export async function handler(event: ScheduledEvent, context: Context): Promise<MappingJobReport> {
  logger.addContext(context);
  const tenant = env('TENANT');
  const contracts = await listContracts(tenant);
  const suppliers = [...new Set(contracts.map((c) => c.supplierId))];
  logger.info('property mapping started', { tenant, suppliers, scheduledAt: event.time });
  if (suppliers.length === 0) logger.warn('the tenant has no active contracts: nothing to map', { tenant });

  const readBudgetMs = Math.max(0, context.getRemainingTimeInMillis() - MATCH_AND_WRITE_RESERVE_MS);
  try {
    const report = await mapSupplierCatalogues(contracts, new DynamoPropertyMapStore(), {
      destinations: new DynamoDestinationIndex(),
      signal: AbortSignal.timeout(readBudgetMs),
    });
    logger.info('property mapping finished', { tenant, report });
    return report;
  } catch (error) {
    logger.error('property mapping failed; the previous map stays in place', { tenant, suppliers, error: error as Error });
    throw error;
  }
}
