/**
 * Booking a searched rate (sections 2.4, 2.5; rules 2 to 4). The request is checked against what only the
 * server knows (the rateId is ours and this tenant's, it came from the searchId sent, the rooms are the
 * searched ones), then the booking state machine runs (run-booking-flow.ts), all under the
 * Idempotency-Key: a replay answers what the first request answered and books nothing.
 *
 * It ends with the booking, confirmed or pending (the supplier's outcome is not known yet: GET the booking
 * later), or with the domain error of a booking we recorded as failed, which is the request's answer too.
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
  readonly runFlow: (input: FlowInput) => Promise<FlowOutcome>;
  /** Has a confirmed booking's voucher issued (by the vouchers function: voucher-issue.ts). */
  readonly issueVoucher: (tenant: string, bookingId: string) => Promise<void>;
}

export async function bookRate(input: IdempotentInput<BookingRequest>, deps: BookDeps): Promise<BookRateResult> {
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
    if (error instanceof DomainError && error.details.bookingId && error.kind !== 'dependency-unavailable') return { failed: error };
    throw error;
  }
  if (outcome.kind === 'answered') {
    // The voucher is issued once the partner has the answer (a replay stores no function, so issues none).
    const issue = outcome.response.status === 'confirmed' ? () => deps.issueVoucher(tenant, bookingId) : undefined;
    return booked(outcome.response, issue);
  }

  // The run was cut short: whatever the write-ahead record says is the truth we have.
  const record = await deps.bookings.get(tenant, bookingId);
  if (record && (record.status === 'confirmed' || record.status === 'pending')) return booked(bookingResponse(record));
  throw new DomainError(
    'supplier-timeout',
    'The booking did not complete in time and nothing was booked; retry with the same Idempotency-Key',
  );
}
