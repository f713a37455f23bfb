/**
 * POST /v1/hotels/bookings/{bookingId}/cancel under its Idempotency-Key: cancel-booking.ts does the work,
 * answered 200 when the supplier cancelled, 202 `pending` (at the booking's Location) when its outcome is
 * not known yet.
 */
import { bookingParams } from '../record/booking-access.js';
import { bookingPath } from '../record/booking-record.js';
import { cancelBookingBodySchema } from '../booking-request.js';
import { cancelBooking } from './cancel-booking.js';
import { bookingDeps } from '../booking-deps.js';
import { idempotentRoute } from '../idempotent-operation.js';
import { bookingOperationsInFlight } from '../in-flight-bounds.js';

export const handler = idempotentRoute('cancelBooking', { params: bookingParams, body: cancelBookingBodySchema }, async (input) => {
  const outcome = await cancelBooking(input, { ...bookingDeps(), operationsInFlight: bookingOperationsInFlight });
  if (outcome.status === 'pending')
    return { status: 202, body: outcome, headers: { Location: bookingPath(outcome.bookingId) }, requestId: input.requestId };
  return { status: 200, body: outcome, requestId: input.requestId };
});
