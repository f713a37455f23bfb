/**
 * The pricing path watch the functions wire (functions/domain/pricing/pricing-path-watch.ts): a fast path
 * that failed or disagreed with the exact one is logged with what tells the case apart (the supplier, the two
 * prices, the error) and counted (PricingPathDefects, by kind), so the alarm's on-call engineer learns of a
 * pricing defect the partner never saw: the exact price was the one used.
 */
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { emitMetric } from './metric-events.js';
import { Dim, MetricName } from './metric-names.js';
import { logger } from './observability.js';

/** A price as far as the log line shows it (the domain's Price is one). */
interface ShownPrice {
  readonly total: string;
  readonly currency: string;
}

/** Structurally the domain's PricingPathWatch (functions/domain/pricing/pricing-path-watch.ts), which shared does not import. */
export const loggedPricingPathWatch = {
  fastPathFailed(error: unknown, supplierId: string): void {
    logger.error('the fast pricing path failed on a rate the exact path priced; the exact price was used', { supplierId, error });
    emitMetric(MetricName.pricingPathDefects, MetricUnit.Count, 1, [{ [Dim.kind]: 'failed' }]);
  },
  disagreed(fast: ShownPrice, exact: ShownPrice, supplierId: string): void {
    logger.error('the fast pricing path disagreed with the exact one; the exact price was used', { supplierId, fast, exact });
    emitMetric(MetricName.pricingPathDefects, MetricUnit.Count, 1, [{ [Dim.kind]: 'disagreed' }]);
  },
};
