/**
 * POST /v1/hotels/bookings under its Idempotency-Key: create-booking.ts books; its result becomes the answer
 * here, inside what the idempotency layer stores, so a replay sends it as it was first sent.
 */
import { bookRate, type BookRateResult } from './create-booking.js';
import { bookingRequestSchema } from '../booking-request.js';
import { bookingDeps } from '../booking-deps.js';
import { idempotentRoute, storedProblem, type StoredResult } from '../idempotent-operation.js';
import { runBookingFlow } from './run-booking-flow.js';
import { handOverVoucherIssue } from '../voucher/voucher-issue-handoff.js';
import { bookingOperationsInFlight } from '../in-flight-bounds.js';

export const handler = idempotentRoute('createBooking', { body: bookingRequestSchema, personalData: true }, async (input) =>
  bookingAnswer(
    await bookRate(input, {
      ...bookingDeps(),
      runFlow: runBookingFlow,
      issueVoucher: handOverVoucherIssue,
      operationsInFlight: bookingOperationsInFlight,
    }),
    input.requestId,
  ),
);

/**
 * 201 for a confirmed booking, 202 for a pending one (the supplier's outcome is not known yet: GET it later),
 * at its Location; a booking we recorded as failed is answered with its problem.
 */
function bookingAnswer(result: BookRateResult, requestId: string): StoredResult {
  if ('failed' in result) return storedProblem(result.failed, requestId);
  return {
    status: result.booking.status === 'pending' ? 202 : 201,
    body: result.booking,
    headers: { Location: result.location },
    requestId,
    ...(result.afterAnswer ? { afterResponse: result.afterAnswer } : {}),
  };
}
