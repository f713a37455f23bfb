/**
 * Emits the metrics of functions/shared/metric-names.ts. Each is a Powertools single metric: it carries its
 * own dimension sets and is written at once as one EMF line, so it never picks up (or leaves behind) the
 * per-route dimension the HTTP middleware puts on the function's shared Metrics object (observability.ts), and functions that
 * do not flush that object (the booking flow, the reconciler) lose nothing.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger, metricsNamespace } from './observability.js';
import { Dim, MetricName, type BookingOutcome, type FxFeedFailure, type SupplierOperation } from './metric-names.js';

type Unit = (typeof MetricUnit)[keyof typeof MetricUnit];

/**
 * Powertools warns whenever two dimension sets of one line share a key, even with the same value; the
 * supplier metrics do that on purpose ([operation] and [operation, supplier] are EMF's way of publishing
 * one value under an aggregate and a per-supplier series). That warning alone is dropped; every other
 * goes to the function's logger.
 */
const SHARED_SET_KEY = /^EMF key "[^"]+" is defined as both a dimension set and dimension set/;
const eventLogger = {
  debug: (...content: unknown[]) => logger.debug(String(content[0]), ...(content.slice(1) as [])),
  info: (...content: unknown[]) => logger.info(String(content[0]), ...(content.slice(1) as [])),
  error: (...content: unknown[]) => logger.error(String(content[0]), ...(content.slice(1) as [])),
  warn: (...content: unknown[]) => {
    if (!SHARED_SET_KEY.test(String(content[0]))) logger.warn(String(content[0]), ...(content.slice(1) as []));
  },
};

/** The parent of every single metric below: the function's namespace, the quieter logger. */
const events = new Metrics({ namespace: metricsNamespace, logger: eventLogger });

export function emitMetric(name: string, unit: Unit, value: number, dimensionSets: readonly Record<string, string>[]): void {
  const single = events.singleMetric();
  // Only the sets named here: the same metric from any function is one CloudWatch series.
  single.clearDefaultDimensions();
  for (const set of dimensionSets) single.addDimensions(set);
  single.addMetric(name, unit, value);
}

export type SupplierCallResult = 'ok' | 'timeout' | 'error';

export function recordSupplierCall(call: {
  supplier: string;
  operation: SupplierOperation;
  result: SupplierCallResult;
  tookMs: number;
  offers?: number;
  unreadable?: number;
}): void {
  const sets = supplierDimensions(call.supplier, call.operation);
  emitMetric(MetricName.supplierLatency, MetricUnit.Milliseconds, call.tookMs, sets);
  emitMetric(MetricName.supplierTimeout, MetricUnit.Count, call.result === 'timeout' ? 1 : 0, sets);
  emitMetric(MetricName.supplierError, MetricUnit.Count, call.result === 'error' ? 1 : 0, sets);
  if (call.offers !== undefined) emitMetric(MetricName.supplierOffers, MetricUnit.Count, call.offers, sets);
  if (call.unreadable !== undefined) emitMetric(MetricName.supplierRatesUnreadable, MetricUnit.Count, call.unreadable, sets);
}

/** Rates of a supplier's answer left out after it was recorded (the ones search could not price). */
export function recordRatesUnreadable(supplier: string, operation: SupplierOperation, count: number): void {
  emitMetric(MetricName.supplierRatesUnreadable, MetricUnit.Count, count, supplierDimensions(supplier, operation));
}

/**
 * What the supplier boundary refused of one answer, by reason: one line per reason met. A dropped item counts
 * in the total (no dimension: one alarm's series), per supplier and per reason (the other alarm watches the
 * whole answers refused); every reason, text cuts included, per supplier and reason.
 */
export function recordAnswerRefusals(supplier: string, counts: Readonly<Partial<Record<string, number>>>): void {
  for (const [reason, count] of Object.entries(counts)) {
    if (!count) continue;
    const detail: Record<string, string> = { [Dim.supplier]: supplier, [Dim.reason]: reason };
    const sets: Record<string, string>[] =
      reason === 'text_cut' ? [detail] : [{}, { [Dim.supplier]: supplier }, { [Dim.reason]: reason }, detail];
    emitMetric(MetricName.supplierAnswerRefused, MetricUnit.Count, count, sets);
  }
}

/** A supplier metric's two series: per operation, and per operation and supplier. */
function supplierDimensions(supplier: string, operation: SupplierOperation): Record<string, string>[] {
  return [{ [Dim.operation]: operation }, { [Dim.operation]: operation, [Dim.supplier]: supplier }];
}

export function recordBookingStep(step: string, result: 'ok' | 'error', tookMs: number): void {
  emitMetric(MetricName.bookingStep, MetricUnit.Count, 1, [{ [Dim.step]: step, [Dim.result]: result }]);
  emitMetric(MetricName.bookingStepDuration, MetricUnit.Milliseconds, tookMs, [{ [Dim.step]: step }]);
}

export function recordBookingOutcome(outcome: BookingOutcome): void {
  emitMetric(MetricName.bookingOutcome, MetricUnit.Count, 1, [{ [Dim.outcome]: outcome }]);
}

/** Work refused untried because the environment was too busy to do it in time (a booking, a supplier call). */
export function recordLoadShed(what: string): void {
  emitMetric(MetricName.loadShed, MetricUnit.Count, 1, [{ [Dim.operation]: what }]);
}

export function recordIdempotentReplay(route: string): void {
  emitMetric(MetricName.idempotentReplay, MetricUnit.Count, 1, [{ [Dim.route]: route }]);
}

/** After an FX feed run: how far behind the stored figures are, and why the run failed if it did. */
export function recordFxFeedRun(run: { workingDaysBehind: number | undefined; failure?: FxFeedFailure }): void {
  if (run.workingDaysBehind !== undefined) emitMetric(MetricName.fxFeedWorkingDaysBehind, MetricUnit.Count, run.workingDaysBehind, [{}]);
  if (run.failure) emitMetric(MetricName.fxFeedFailures, MetricUnit.Count, 1, [{}, { [Dim.reason]: run.failure }]);
}

/** A quote refused for a stale FX figure, per route and in all. */
export function recordStaleFxQuote(route: string): void {
  emitMetric(MetricName.fxQuotesStale, MetricUnit.Count, 1, [{}, { [Dim.route]: route }]);
}
