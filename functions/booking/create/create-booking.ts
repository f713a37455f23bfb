/**
 * Booking a searched rate (sections 2.4, 2.5; rules 2 to 4). The request is checked against what only the
 * server knows (the rateId is ours and this tenant's, it came from the searchId sent, the rooms are the
 * searched ones), then the booking state machine runs (run-booking-flow.ts), all under the
 * Idempotency-Key: a replay answers what the first request answered and books nothing.
 *
 * It ends with the booking, confirmed or pending (the supplier's outcome is not known yet: GET the booking
 * later), or with the domain error of a booking we recorded as failed, which is the request's answer too.
 * It never ends unknown: by the request's answer deadline (answer-deadline.ts) the flow has answered, or the
 * booking is answered as its record stands (202 while pending), or, when the flow had not yet written it,
 * the booking is withdrawn so that nothing is ever sent to a supplier for this request, and refused as
 * overload (503, Retry-After: the retry with the same key books it). Past the bound of bookings in flight
 * in this environment, a booking that cannot start in time is refused the same way, untried.
 */
import { DomainError } from '../../domain/errors/domain-error.js';
import { invalidFields } from '../../domain/errors/invalid-fields.js';
import { nightsBetween } from '../../domain/stay/nights.js';
import { requireStoredSearch } from '../../stores/require-stored-search.js';
import { bookingIdFor } from '../record/booking-id.js';
import { bookingPath, bookingResponse, type BookingResponse } from '../record/booking-record.js';
import type { BookingRequest } from '../booking-request.js';
import { ticketOf } from '../rate-check/check-rate.js';
import type { FlowDeps } from '../flow/flow-deps.js';
import type { FlowInput } from '../flow/flow-state.js';
import type { IdempotentInput } from '../idempotent-input.js';
import { occupancyMismatches } from '../occupancy-match.js';
import type { FlowOutcome } from './run-booking-flow.js';
import { checkWalletFunds } from '../wallet/wallet-payment.js';
import { BOOKING_ANSWER_BUDGET, overloaded } from '../answer-deadline.js';
import type { InFlightLimit } from '../../shared/in-flight-limit.js';
import type { BookingRecord } from '../record/booking-record.js';
import { logger } from '../../shared/observability.js';
import { admitOperation, lagReserve, untilAnswerDue } from '../in-flight-bounds.js';

/**
 * How a booking request ends: the booking as it stands, at its location, with the voucher's issue to run
 * once the partner has the answer; or a booking we recorded failed, whose error is the answer.
 */
export type BookRateResult =
  | { readonly booking: BookingResponse; readonly location: string; readonly afterAnswer?: () => Promise<void> }
  | { readonly failed: DomainError };

function booked(response: BookingResponse, afterAnswer?: () => Promise<void>): BookRateResult {
  return { booking: response, location: bookingPath(response.bookingId), ...(afterAnswer ? { afterAnswer } : {}) };
}

export interface BookDeps extends Pick<FlowDeps, 'rateIdKey' | 'now' | 'bookings' | 'searches' | 'property' | 'wallets'> {
  /** Runs the booking state machine; the signal stops the waiting (the run itself goes on). */
  readonly runFlow: (input: FlowInput, signal: AbortSignal) => Promise<FlowOutcome>;
  /** Has a confirmed booking's voucher issued (by the vouchers function: voucher-issue.ts). */
  readonly issueVoucher: (tenant: string, bookingId: string) => Promise<void>;
  /** The bookings, cancels and changes this environment runs at once (in-flight-bounds.ts). */
  readonly operationsInFlight: InFlightLimit;
}

export async function bookRate(input: IdempotentInput<BookingRequest>, deps: BookDeps): Promise<BookRateResult> {
  // Refused untried when it could not start in time: before any table read, so a flood costs little.
  const release = await admitOperation(deps.operationsInFlight, 'booking', input.answerBy - BOOKING_ANSWER_BUDGET.startFlowMs);
  if (!release) throw overloaded('Too many bookings are in flight to start this one in time');
  try {
    // What is left to do after the deadline takes longer in an environment running late: decided earlier,
    // for the flow's steps by the lag of now, for the wait on the flow by the lag of each moment it waits.
    const answerBy = input.answerBy - lagReserve(deps.now().getTime());
    const flowInput = await checkedFlowInput({ ...input, answerBy }, deps);
    return await runToAnAnswer(flowInput, input.answerBy, deps);
  } finally {
    release();
  }
}

/** The request checked against what only the server knows, and the flow's input made of it. */
async function checkedFlowInput(input: IdempotentInput<BookingRequest>, deps: BookDeps): Promise<FlowInput> {
  const { tenant, clientId, body, requestId } = input;
  const ticket = await ticketOf(body.rateId, tenant, deps);
  if (ticket.searchId !== body.searchId) {
    throw invalidFields([
      { path: 'searchId', message: 'is not the search this rateId was quoted in (rule 2: send the searchId of the rate)' },
    ]);
  }
  const search = await requireStoredSearch(deps.searches, tenant, body.searchId);
  const mismatches = occupancyMismatches(body.rooms, search.request.occupancies);
  if (mismatches.length > 0) {
    throw invalidFields(mismatches);
  }
  // A wallet that cannot pay is told before any supplier call (the flow's hold is what guarantees it).
  await checkWalletFunds(tenant, body, ticket.quoted, deps.wallets);

  const { checkIn, checkOut } = search.request;
  return {
    tenant,
    clientId,
    bookingId: bookingIdFor(tenant, clientId, input.idempotencyKey),
    requestId,
    request: body,
    scenarios: input.scenarios,
    traveller: input.traveller,
    ...(search.request.nationality ? { nationality: search.request.nationality } : {}),
    stay: { checkIn, checkOut, nights: nightsBetween(checkIn, checkOut) },
    requestedAt: deps.now().toISOString(),
    answerBy: new Date(input.answerBy).toISOString(),
  };
}

/** The flow's answer when it comes by the deadline; else the booking as it stands, or withdrawn. */
async function runToAnAnswer(flowInput: FlowInput, answerBy: number, deps: BookDeps): Promise<BookRateResult> {
  const { tenant, bookingId } = flowInput;
  const waiting = untilAnswerDue(answerBy, () => deps.now().getTime());
  let outcome: FlowOutcome;
  try {
    outcome = await deps.runFlow(flowInput, waiting.signal);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // An outage is not this booking's answer: thrown, it releases the key, so the retry runs again; so is
    // a refusal for overload (nothing was written or sent).
    if (error.kind === 'dependency-unavailable' || error.kind === 'overloaded') throw error;
    // A step that failed in a way it could not name: the booking is answered as it stands, never as a 500.
    if (error.kind === 'internal') return answerAsItStands(flowInput, deps, 'crashed');
    if (error.details.bookingId) return { failed: error };
    throw error;
  } finally {
    waiting.stop();
  }
  if (outcome.kind === 'answered') {
    // The voucher is issued once the partner has the answer (a replay stores no function, so issues none).
    const issue = outcome.response.status === 'confirmed' ? () => deps.issueVoucher(tenant, bookingId) : undefined;
    return booked(outcome.response, issue);
  }
  return answerAsItStands(flowInput, deps, 'late');
}

/**
 * The flow did not answer in time (or failed without saying why): what the record says is the answer. No
 * record yet: the booking is withdrawn, so this request's flow, however late it runs, writes none and asks no
 * supplier; the partner is told so, and to retry (the same key books it then): 503 when we were late, 502
 * booking-not-completed when a step failed.
 */
async function answerAsItStands(flowInput: FlowInput, deps: BookDeps, why: 'late' | 'crashed'): Promise<BookRateResult> {
  const { tenant, bookingId, requestId } = flowInput;
  const found = await deps.bookings.withdraw(tenant, bookingId, requestId, deps.now().toISOString());
  if (!found.withdrawn) return answerOfRecord(found.record);
  logger.warn('booking withdrawn before its flow wrote it', { bookingId, why });
  if (why === 'late') throw overloaded('The booking could not be started in time', { bookingId });
  // Thrown, so the key is released: what failed may not fail again.
  throw new DomainError(
    'not-completed',
    'The booking could not be completed; nothing was sent to a supplier and nothing is booked. Retrying with the same Idempotency-Key is safe; if it fails again, quote the instance id to support',
    { bookingId },
  );
}

function answerOfRecord(record: BookingRecord): BookRateResult {
  if (record.status === 'confirmed' || record.status === 'pending') return booked(bookingResponse(record));
  return {
    failed: new DomainError(
      'supplier-failed',
      `The booking was not made (it is ${record.status}: GET it for the reason); nothing is booked under it`,
      { bookingId: record.bookingId },
    ),
  };
}
