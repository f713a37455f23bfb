/**
 * Entry of the property mapping Lambda function: an EventBridge schedule invokes it daily, and it maps the
 * static content of every supplier the stack's tenant (TENANT) is contracted with into the property map
 * and the destination index that search reads (mapping/map-supplier-catalogues.ts, which the local host
 * runs for its seeded tenants after seeding their contracts: local/map-properties.ts).
 *
 * A supplier that cannot be read fails the whole run: mapping without its catalogue would rewrite every
 * shared property without that supplier's refs, so the previous run's map is better kept as it is. The
 * job keeps ids across runs, so the schedule's next run (or a retry) simply starts over.
 */
import type { Context, ScheduledEvent } from 'aws-lambda';
import { logger } from '../shared/observability.js';
import { DynamoPropertyMapStore } from '../stores/dynamo-property-map-store.js';
import { listContracts } from '../suppliers/contracts.js';
import { DynamoDestinationIndex } from './mapping/destination-index.js';
import { mapSupplierCatalogues } from './mapping/map-supplier-catalogues.js';
import type { MappingJobReport } from './mapping/mapping-job.js';
import { mappingJobConfig } from './mapping-job-config.js';

// At the cold start: a variable missing or malformed fails the init, naming it.
const config = mappingJobConfig();

/**
 * Time kept back from the Lambda timeout for matching and writing once the catalogues are read: reading
 * is aborted past it, so a supplier that hangs ends the run with a named error instead of a timeout.
 */
const MATCH_AND_WRITE_RESERVE_MS = 3 * 60_000;

export async function handler(event: ScheduledEvent, context: Context): Promise<MappingJobReport> {
  logger.addContext(context);
  const { tenant } = config;
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
