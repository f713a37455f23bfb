/**
 * When a booking route (create, cancel, modify) must have its answer, and how much of the time before it each
 * of its stages needs: the booking side of functions/shared/time-budgets.ts. A partner who gets API Gateway's
 * 504, or a 500, does not know whether it holds a room, and books again; so the route decides its answer
 * itself, before anyone else's timeout can: the outcome when it is known by then, 202 `pending` when it is not
 * (settled later by our reference), 503 with Retry-After when it refused the work before anything was sent to
 * a supplier.
 *
 * The clock starts when API Gateway received the request (`requestContext.requestTimeEpoch`), so the time a
 * request spent queued, or in a cold start, counts; the function's own end counts too.
 */
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { DomainError } from '../domain/errors/domain-error.js';
import { API_GATEWAY_INTEGRATION_TIMEOUT_MS, BOOKING_FLOW_BUDGET } from '../shared/time-budgets.js';

export const BOOKING_ANSWER_BUDGET = {
  /**
   * Kept for the answer once the route stops waiting: the booking read (or withdrawn) and answered, the answer
   * stored for replays under its Idempotency-Key, its way back through API Gateway; on a machine whose CPU is
   * saturated each table call can take a second.
   */
  answerMs: 5_000,
  /**
   * A booking's flow starts only with this much left before the answer: the supplier's check (well under a
   * second when it is healthy) and the booking's own wait. Later than that, it is refused (503) untried.
   */
  startFlowMs: BOOKING_FLOW_BUDGET.bookMs + 4_000,
  /**
   * BookWithSupplier writes the pending record and asks the supplier only with the booking's wait and a second
   * to spare left; otherwise nothing is written or sent and the booking is refused as overload.
   */
  bookWithSupplierMs: BOOKING_FLOW_BUDGET.bookMs + 1_000,
  /** A cancel or a change asks its supplier only with its call's wait and the lookup after it left. */
  supplierChangeMs: 2 * BOOKING_FLOW_BUDGET.supplierCallMs,
  /** After an unanswered cancel or change, the lookup of what the supplier holds is made only with this much left. */
  lookupMs: 2_000,
  /** What Retry-After says on a refusal for overload: long enough for a burst to pass. */
  retryAfterSeconds: 3,
} as const;

/**
 * The moment (epoch ms) the route must have decided its answer: the integration timeout counted from when API
 * Gateway received the request, or the function's own end if that comes first, less the answer's budget.
 */
export function answerDeadline(
  event: Pick<APIGatewayProxyEvent, 'requestContext'>,
  context: Pick<Context, 'getRemainingTimeInMillis'>,
  now: number,
): number {
  const received = event.requestContext?.requestTimeEpoch;
  const gatewayEnds =
    (typeof received === 'number' && received > 0 && received <= now ? received : now) + API_GATEWAY_INTEGRATION_TIMEOUT_MS;
  const functionEnds = now + context.getRemainingTimeInMillis();
  return Math.min(gatewayEnds, functionEnds) - BOOKING_ANSWER_BUDGET.answerMs;
}

/** Milliseconds left before `answerBy`, never negative. */
export const timeLeft = (answerBy: number, now: Date): number => Math.max(0, answerBy - now.getTime());

/**
 * The refusal of work we could not take on in time: nothing was written for it or sent to a supplier, so the
 * partner retries after Retry-After, with the same Idempotency-Key.
 */
export function overloaded(why: string, details: { readonly bookingId?: string } = {}): DomainError {
  return new DomainError(
    'overloaded',
    `${why}; nothing was sent to a supplier. Retry after the seconds in Retry-After, with the same Idempotency-Key`,
    { ...details, retryAfterSeconds: BOOKING_ANSWER_BUDGET.retryAfterSeconds },
  );
}
