/**
 * The pricing path watch the functions wire (functions/domain/pricing/pricing-path-watch.ts): a fast path
 * that failed or disagreed with the exact one is logged with what tells the case apart (the supplier, the two
 * prices, the error) and counted (PricingPathDefects, by kind), so the alarm's on-call engineer learns of a
 * pricing defect the partner never saw: the exact price was the one used.
 */
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { PricingPathWatch } from '../domain/pricing/pricing-path-watch.js';
import { emitMetric } from './metric-events.js';
import { Dim, MetricName } from './metric-names.js';
import { logger } from './observability.js';

export const loggedPricingPathWatch: PricingPathWatch = {
  fastPathFailed(error, supplierId) {
    logger.error('the fast pricing path failed on a rate the exact path priced; the exact price was used', { supplierId, error });
    emitMetric(MetricName.pricingPathDefects, MetricUnit.Count, 1, [{ [Dim.kind]: 'failed' }]);
  },
  disagreed(fast, exact, supplierId) {
    logger.error('the fast pricing path disagreed with the exact one; the exact price was used', { supplierId, fast, exact });
    emitMetric(MetricName.pricingPathDefects, MetricUnit.Count, 1, [{ [Dim.kind]: 'disagreed' }]);
  },
};
