/**
 * How long each step between a partner's request and its answer may take, in one place. The stack (lib/)
 * sets every function's timeout and the booking state machine's from these numbers; the functions bound
 * their supplier calls with them; the local host enforces the same ones (in bundle mode read back from the
 * synthesized template, so the two cannot drift). test/unit/time-budgets.test.ts holds the sums: every chain
 * a partner waits on ends inside API Gateway's integration timeout, a cold start included, whatever the
 * suppliers do.
 *
 * The chain of a booking, outermost first:
 *   API Gateway 29 s > booking function 28 s > state machine 27 s > the flow's supplier waits
 *   (check 6 s + book 8 s + lookup by our reference 6 s = 20 s) and their table writes.
 * A search: API Gateway 29 s > search function 25 s > the partner's timeoutMs (at most 20 s) + ranking.
 * A rate check: API Gateway 29 s > booking function 28 s > the supplier's check (8 s).
 */

/**
 * API Gateway's integration timeout for REST APIs (the default, which our integrations keep): past it the
 * partner gets 504 whatever the function is still doing. AWS "Amazon API Gateway quotas", "Integration timeout".
 */
export const API_GATEWAY_INTEGRATION_TIMEOUT_MS = 29_000;

/**
 * What a cold start may add before a handler runs: the module init of the largest bundle (booking, ~350 ms on
 * the build machine, `npm run bench:cold-start`) plus Lambda's own environment start, with headroom.
 */
export const COLD_START_ALLOWANCE_MS = 1_500;

/** What the answer takes after the last supplier wait: the table writes, the response, a margin. */
export const ANSWER_RESERVE_MS = 1_000;

/**
 * Each function's timeout, in seconds, as the stack sets it. The functions behind API Gateway stay under its
 * 29 s; the jobs are bounded by their own work.
 */
export const FUNCTION_TIMEOUT_SECONDS = {
  auth: 10,
  authorizer: 5,
  /** Covers the largest search budget (20 s) plus ranking and the first page's answer. */
  search: 25,
  booking: 28,
  vouchers: 28,
  webhooks: 28,
  cars: 10,
  docs: 10,
  /** Each task of the booking state machine; the machine's own timeout bounds the whole run. */
  bookingFlow: 25,
  signingKeyRotation: 30,
  /** The property mapping workflow's stages (lib/property-mapping.ts): a page of a catalogue read, a partition matched, written. */
  propertyMappingReader: 300,
  propertyMappingMatcher: 600,
  propertyMappingWriter: 600,
  pendingReconciler: 120,
  personalDataRetention: 600,
  /** A sweep tries up to 100 deliveries, each within its own 10 s. */
  webhookSender: 300,
  sandboxSupplier: 60,
} as const;

export type TimedFunction = keyof typeof FUNCTION_TIMEOUT_SECONDS;

/** A search's supplier budget: the request's `timeoutMs`, its bounds and default. */
export const SEARCH_BUDGET_MS = { min: 200, max: 20_000, default: 6_000 } as const;

/** After the slowest supplier's answer, what search has for mapping, pricing, ranking and the first page. */
export const SEARCH_RANKING_ALLOWANCE_MS = 3_000;

/** POST /v1/hotels/rates/{rateId}/check: how long the supplier has to re-validate the rate. */
export const RATE_CHECK_SUPPLIER_MS = 8_000;

/** The booking state machine (statemachines/booking.asl.json) and the supplier waits of its steps. */
export const BOOKING_FLOW_BUDGET = {
  /** The ASL's TimeoutSeconds: a run cut short leaves the pending record for the reconciler. */
  machineSeconds: 27,
  /** CheckRate: the supplier's re-validation right before the booking. */
  checkRateMs: 6_000,
  /** BookWithSupplier: past it we stop waiting and ask the supplier by our reference. */
  bookMs: 8_000,
  /** ReconcileBooking's lookup by our reference, and the cancel that undoes a booking. */
  supplierCallMs: 6_000,
  /** Step Functions' transitions and the steps' table writes (pending record, save, outbox) on the longest path. */
  writesAllowanceMs: 3_000,
} as const;

/** A function's timeout in milliseconds. */
export function functionTimeoutMs(fn: TimedFunction): number {
  return FUNCTION_TIMEOUT_SECONDS[fn] * 1000;
}

/**
 * A signal that aborts after `budgetMs`, or earlier when the invocation has less time left than that and the
 * answer's reserve: a supplier call never outlives the function that waits for it.
 */
export function deadlineSignal(budgetMs: number, remainingMs?: number): AbortSignal {
  const bounded = remainingMs === undefined ? budgetMs : Math.min(budgetMs, remainingMs - ANSWER_RESERVE_MS);
  return AbortSignal.timeout(Math.max(0, Math.floor(bounded)));
}
