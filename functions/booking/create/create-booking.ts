/**
 * Booking a searched rate (sections 2.4, 2.5; rules 2 to 4). The request is checked against what only the
 * server knows (the rateId is ours and this tenant's, it came from the searchId sent, the rooms are the
 * searched ones), then the booking state machine runs (run-booking-flow.ts), all under the
 * Idempotency-Key: a replay answers what the first request answered and books nothing.
 *
 * 201 confirmed; 202 pending (the supplier's outcome is not known yet: GET the booking later).
 */
import { nightsBetween } from '../../domain/stay/nights.js';
import { HttpProblem, PROBLEM_CONTENT_TYPE } from '../../shared/problem.js';
import { fieldProblem } from '../../shared/validation.js';
import { requireStoredSearch } from '../../stores/require-stored-search.js';
import { bookingIdFor } from '../record/booking-id.js';
import { bookingPath, bookingResponse, type BookingResponse } from '../record/booking-record.js';
import type { BookingRequest } from '../booking-request.js';
import { ticketOf } from '../rate-check/check-rate.js';
import type { FlowDeps } from '../flow/flow-deps.js';
import type { FlowInput } from '../flow/flow-state.js';
import type { IdempotentInput } from '../idempotent-input.js';
import type { StoredResult } from '../idempotent-operation.js';
import { occupancyMismatches } from '../occupancy-match.js';
import type { FlowOutcome } from './run-booking-flow.js';
import { checkWalletFunds } from '../wallet/wallet-payment.js';

function answer(response: BookingResponse, requestId: string, afterResponse?: StoredResult['afterResponse']): StoredResult {
  return {
    status: response.status === 'pending' ? 202 : 201,
    body: response,
    headers: { Location: bookingPath(response.bookingId) },
    requestId,
    ...(afterResponse ? { afterResponse } : {}),
  };
}

/** A problem that belongs to a booking (one we recorded) is the request's answer, stored for replays. */
function storedProblem(problem: HttpProblem, requestId: string): StoredResult {
  return {
    status: problem.status,
    raw: { contentType: PROBLEM_CONTENT_TYPE, body: JSON.stringify(problem.body(requestId)) },
    headers: problem.headers,
    requestId,
  };
}

export interface BookDeps extends Pick<FlowDeps, 'rateIdKey' | 'now' | 'bookings' | 'searches' | 'property' | 'wallets'> {
  readonly runFlow: (input: FlowInput) => Promise<FlowOutcome>;
  /** Has a confirmed booking's voucher issued (by the vouchers function: voucher-issue.ts). */
  readonly issueVoucher: (tenant: string, bookingId: string) => Promise<void>;
}

export async function bookRate(input: IdempotentInput<BookingRequest>, deps: BookDeps): Promise<StoredResult> {
  const { tenant, clientId, body, requestId } = input;
  const ticket = await ticketOf(body.rateId, tenant, deps);
  if (ticket.searchId !== body.searchId) {
    throw new HttpProblem('validation-error', 'Invalid field: searchId', {
      extensions: {
        errors: [{ path: 'searchId', message: 'is not the search this rateId was quoted in (rule 2: send the searchId of the rate)' }],
      },
    });
  }
  const search = await requireStoredSearch(deps.searches, tenant, body.searchId);
  const mismatches = occupancyMismatches(body.rooms, search.request.occupancies);
  if (mismatches.length > 0) {
    throw fieldProblem(mismatches);
  }
  // A wallet that cannot pay is told before any supplier call (the flow's hold is what guarantees it).
  await checkWalletFunds(tenant, body.payment, ticket.quoted, deps.wallets);

  const bookingId = bookingIdFor(tenant, clientId, input.idempotencyKey);
  const { checkIn, checkOut } = search.request;
  let outcome;
  try {
    outcome = await deps.runFlow({
      tenant,
      clientId,
      bookingId,
      requestId,
      request: body,
      scenarios: input.scenarios,
      traveller: input.traveller,
      ...(search.request.nationality ? { nationality: search.request.nationality } : {}),
      stay: { checkIn, checkOut, nights: nightsBetween(checkIn, checkOut) },
      requestedAt: deps.now().toISOString(),
    });
  } catch (error) {
    // An outage is not this booking's answer: thrown, it releases the key, so the retry runs again.
    if (error instanceof HttpProblem && error.extensions.bookingId && error.kind !== 'service-unavailable')
      return storedProblem(error, requestId);
    throw error;
  }
  if (outcome.kind === 'answered') {
    // The voucher is issued once the partner has the answer (a replay stores no function, so issues none).
    const issue = outcome.response.status === 'confirmed' ? () => deps.issueVoucher(tenant, bookingId) : undefined;
    return answer(outcome.response, requestId, issue);
  }

  // The run was cut short: whatever the write-ahead record says is the truth we have.
  const record = await deps.bookings.get(tenant, bookingId);
  if (record && (record.status === 'confirmed' || record.status === 'pending')) return answer(bookingResponse(record), requestId);
  throw new HttpProblem(
    'supplier-timeout',
    'The booking did not complete in time and nothing was booked; retry with the same Idempotency-Key',
  );
}
