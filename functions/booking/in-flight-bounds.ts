/**
 * Load shedding in one execution environment of a booking function (the booking function, the flow's, the
 * reconciler's): how many bookings, cancels and changes it runs at once, and how many calls it has in flight
 * to any one supplier. Work past a bound waits only while it could still be done in time, then is refused
 * untried (shared/in-flight-limit.ts): overload becomes an early 503 with Retry-After, with nothing sent to a
 * supplier, rather than a late timeout that leaves the partner not knowing.
 *
 * Why these figures: a booking holds its environment for a few hundred milliseconds of CPU and a few
 * seconds of waiting on suppliers and tables at most; sixteen at once keep a Managed Instances environment
 * (or the local host, where every function shares one process) busy without queueing each behind the rest
 * past its deadline. Eight calls at once to one supplier is what one environment should ever ask of a
 * supplier's booking endpoints, whose own rate limits are per account, not per call.
 */
import { maxLagBetween, recentLag } from '../shared/event-loop-lag.js';
import { InFlightLimit, KeyedInFlightLimits, type Release } from '../shared/in-flight-limit.js';
import { recordLoadShed } from '../shared/metric-events.js';

export const IN_FLIGHT_BOUNDS = {
  /**
   * How late the environment's event loop may have run during a supplier call that timed out for its timeout
   * to be the supplier's: later than this, the answer may well have come in time and sat unread, so the
   * timeout is our overload (503), not the supplier's failure (502).
   */
  ownLagMs: 1_000,
  /**
   * New work is refused at once while the event loop has run this late in the last few seconds: an environment
   * that far behind answers nothing in time, and every request it takes on makes it later.
   */
  shedLagMs: 2_000,
  /** The window `shedLagMs` looks back over. */
  shedWindowMs: 3_000,
  /** Bookings, cancels and changes an environment runs at once. */
  bookingOperations: 8,
  /** Calls one environment has in flight to one supplier (checks, bookings, lookups, cancels, changes). */
  supplierCalls: 4,
} as const;

/** Whether this environment ran too late since `startedAt` to blame a timeout on anyone but itself. */
export function overloadedSince(startedAt: number): boolean {
  return maxLagBetween(startedAt) > IN_FLIGHT_BOUNDS.ownLagMs;
}

/** Whether this environment is too far behind to take on new work now (the loop ran late in the last seconds). */
export function tooFarBehind(now: number = Date.now()): boolean {
  return recentLag(IN_FLIGHT_BOUNDS.shedWindowMs, now) > IN_FLIGHT_BOUNDS.shedLagMs;
}

/**
 * What to keep back from a deadline on top of the answer's own budget, given how late the loop has run
 * lately: whatever is left to do after the deadline takes that much longer.
 */
export function lagReserve(now: number = Date.now()): number {
  return Math.min(10_000, 2 * recentLag(IN_FLIGHT_BOUNDS.shedWindowMs * 2, now));
}

/**
 * A signal that stops the waiting for an answer once what is left before `answerBy` is no more than the
 * lag reserve of the moment: load that builds while a booking runs moves its stop earlier, so what is left to
 * do after it (a table read, the stored answer) still ends before the function's and API Gateway's timeouts.
 */
export function untilAnswerDue(answerBy: number, now: () => number = Date.now): { readonly signal: AbortSignal; stop(): void } {
  const controller = new AbortController();
  // The lag is the real event loop's, whatever clock the deadline is read on.
  const due = () => now() >= answerBy - lagReserve();
  const timer = setInterval(() => {
    if (due()) controller.abort(new DOMException('The answer is due', 'TimeoutError'));
  }, ANSWER_DUE_POLL_MS);
  timer.unref?.();
  if (due()) controller.abort(new DOMException('The answer is due', 'TimeoutError'));
  const stop = () => clearInterval(timer);
  controller.signal.addEventListener('abort', stop, { once: true });
  return { signal: controller.signal, stop };
}

/** How often a booking waiting for its flow looks whether its answer is due. */
const ANSWER_DUE_POLL_MS = 100;

/** The environment's bookings, cancels and changes under way. */
export const bookingOperationsInFlight = new InFlightLimit(IN_FLIGHT_BOUNDS.bookingOperations);

/** The environment's calls in flight to each supplier. */
export const supplierCallsInFlight = new KeyedInFlightLimits(IN_FLIGHT_BOUNDS.supplierCalls);

/**
 * A slot among the environment's operations in flight (`limit`), by `latestStart` (epoch ms): while the
 * environment runs too far behind to take on new work the operation waits for it to catch up (a passing
 * burst), then for a slot; once it could no longer start in time it is refused (undefined), counted as shed.
 */
export async function admitOperation(limit: InFlightLimit, what: string, latestStart: number): Promise<Release | undefined> {
  while (tooFarBehind()) {
    if (Date.now() >= latestStart) {
      recordLoadShed(what);
      return undefined;
    }
    await new Promise((resolve) => setTimeout(resolve, CATCH_UP_POLL_MS));
  }
  const release = await limit.enter(latestStart);
  if (!release) recordLoadShed(what);
  return release;
}

/** How often an operation waiting for a late environment to catch up looks again. */
const CATCH_UP_POLL_MS = 250;
