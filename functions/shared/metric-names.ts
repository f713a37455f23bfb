/**
 * Every custom metric the functions emit and every dimension they carry, in one place: the code that
 * emits them (functions/shared/metric-events.ts) and the CDK alarms and dashboard (lib/observability.ts)
 * import the same names, so an alarm can never watch a metric nobody writes.
 *
 * The namespace is per deployment (one tenant, one stage), set on every function as
 * POWERTOOLS_METRICS_NAMESPACE. Our own metrics carry only the dimension sets listed here (no `service`
 * default dimension), so one alarm sees the same metric whichever function emitted it: a supplier's
 * booking calls come from the booking-flow function, the booking API (GET settling a pending booking) and
 * the reconciler alike.
 */

export function metricNamespace(tenant: string, stage: string): string {
  return `HotelApi/${tenant}/${stage}`;
}

/** Dimension names. */
export const Dim = {
  supplier: 'supplier',
  /** What was asked of a supplier: one of SUPPLIER_OPERATIONS. */
  operation: 'operation',
  /** A booking-flow step (statemachines/booking.asl.json's Task names). */
  step: 'step',
  /** ok | error, for a step. */
  result: 'result',
  /** confirmed | pending | compensated | compensation-failed | failed, for a booking. */
  outcome: 'outcome',
  /** The route id (functions/shared/routes.ts), for HTTP statuses and idempotent replays. */
  route: 'route',
  /** Age bucket of a pending booking: one of PENDING_AGE_BUCKETS. */
  age: 'age',
  /**
   * Why the supplier boundary refused an answer or part of one (REFUSAL_REASONS, functions/suppliers/answer-refusal.ts),
   * or why the FX feed job failed (FX_FEED_FAILURES).
   */
  reason: 'reason',
  /** What went wrong, for a pricing path defect: failed | disagreed. */
  kind: 'kind',
} as const;

/**
 * Why an FX feed run stored nothing: the feed could not be reached (or answered other than its file), its
 * file was not the ECB's layout, its figures failed their checks, or our table failed.
 */
export const FX_FEED_FAILURES = ['unreachable', 'unreadable', 'rejected', 'store'] as const;
export type FxFeedFailure = (typeof FX_FEED_FAILURES)[number];

export const SUPPLIER_OPERATIONS = ['search', 'book', 'find-booking', 'cancel'] as const;
export type SupplierOperation = (typeof SUPPLIER_OPERATIONS)[number];

export const BOOKING_OUTCOMES = ['confirmed', 'pending', 'compensated', 'compensation-failed', 'failed'] as const;
export type BookingOutcome = (typeof BOOKING_OUTCOMES)[number];

export const PENDING_AGE_BUCKETS = ['under-5m', '5m-15m', 'over-15m'] as const;
export type PendingAgeBucket = (typeof PENDING_AGE_BUCKETS)[number];

/**
 * Metric names. The supplier metrics are emitted with two dimension sets: [operation] (what the alarms
 * watch, whatever suppliers a deployment has) and [operation, supplier] (the dashboard and the on-call
 * engineer's drill-down: which supplier).
 */
export const MetricName = {
  /** Milliseconds a supplier call took (a timed-out call counts its budget). */
  supplierLatency: 'SupplierLatency',
  /** 1 when the call timed out, else 0: the Average is the timeout rate, the SampleCount the number of calls. */
  supplierTimeout: 'SupplierTimeout',
  /** 1 when the supplier failed otherwise (refusal, bad answer, unreachable), else 0. */
  supplierError: 'SupplierError',
  /** Offers a supplier returned to a search (search only). */
  supplierOffers: 'SupplierOffers',
  /**
   * Rates (or hotels) a supplier sent that we could not read, or price, and left out of the answer, the rest
   * of which still counts (search only). Above zero: a shape of its published spec our adapter does not read.
   */
  supplierRatesUnreadable: 'SupplierRatesUnreadable',
  /**
   * Hotels, rates or whole answers the supplier boundary refused (functions/suppliers/answer-check.ts,
   * http-client.ts), dimension sets [] (everything dropped: the SupplierAnswersRefused alarm), [supplier],
   * [reason] (the SupplierAnswersRefusedWhole alarm reads too_large, redirect, xml_doctype) and
   * [supplier, reason]. Texts cut to their length (reason text_cut) keep their item and are published under
   * [supplier, reason] only, so the totals count only what was dropped.
   */
  supplierAnswerRefused: 'SupplierAnswerRefused',
  /** One per booking-flow step run, dimensions [step, result]. */
  bookingStep: 'BookingStep',
  /** Milliseconds a booking-flow step took, dimension [step]. */
  bookingStepDuration: 'BookingStepDuration',
  /** One per booking that reached an outcome, dimension [outcome]. */
  bookingOutcome: 'BookingOutcome',
  /** Pending bookings the reconciler found still pending after its pass, dimension [age]. */
  pendingBookings: 'PendingBookings',
  /** Seconds since the oldest still-pending booking was requested (0 when none): the 15-minute alarm's input. */
  oldestPendingBookingAge: 'OldestPendingBookingAge',
  /** A pending booking settled later (by the reconciler or a GET), dimension [outcome]: confirmed | failed. */
  pendingSettled: 'PendingSettled',
  /** Pending bookings the reconciler could not settle because the supplier or the table failed. */
  reconcileFailures: 'ReconcileFailures',
  /**
   * Work refused untried because an environment was too busy to do it in time (functions/booking/in-flight-bounds.ts),
   * dimension [operation]: `booking`, `cancel`, `modify`, or `supplier <operation>`. Each one was answered 503
   * with Retry-After, nothing sent to a supplier.
   */
  loadShed: 'LoadShed',
  /**
   * A rate the pricer's fast path failed on, or priced otherwise than the exact path (functions/domain/pricing/
   * pricing-path-watch.ts), dimension [kind]: failed | disagreed. The exact price was used; any is a defect.
   */
  pricingPathDefects: 'PricingPathDefects',
  /** A request answered from the idempotency store instead of being run again, dimension [route]. */
  idempotentReplay: 'IdempotentReplay',
  /**
   * After each FX feed run: working days whose figures the ECB has published by now (16:00 UTC) and which are
   * not stored; 0 when up to date, over weekends and TARGET holidays too. The FxFeedNotRead alarm's input.
   */
  fxFeedWorkingDaysBehind: 'FxFeedWorkingDaysBehind',
  /** An FX feed run that stored nothing because it failed, dimension [reason]. */
  fxFeedFailures: 'FxFeedFailures',
  /** A quote (search, rate check, booking) refused because a figure it needed was past the maximum age, dimension [route]. */
  fxQuotesStale: 'FxQuotesStale',
} as const;

/** HTTP status classes per route (functions/shared/http-handler.ts), dimensions [service, route]. */
export function statusClassMetric(status: number): string {
  return `Status${Math.floor(status / 100)}xx`;
}
