/** POST /v1/hotels/bookings/{bookingId}/cancel under its Idempotency-Key: cancel-booking.ts does the work, answered 200. */
import { bookingParams } from '../record/booking-access.js';
import { cancelBookingBodySchema } from '../booking-request.js';
import { cancelBooking } from './cancel-booking.js';
import { bookingDeps } from '../booking-deps.js';
import { idempotentRoute } from '../idempotent-operation.js';

export const handler = idempotentRoute('cancelBooking', { params: bookingParams, body: cancelBookingBodySchema }, async (input) => ({
  status: 200,
  body: await cancelBooking(input, bookingDeps()),
  requestId: input.requestId,
}));
