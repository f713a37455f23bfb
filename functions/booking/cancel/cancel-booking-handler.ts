/** POST /v1/hotels/bookings/{bookingId}/cancel under its Idempotency-Key: cancel.ts does the work. */
import { bookingParams } from '../record/booking-access.js';
import { cancelBookingBodySchema } from '../booking-request.js';
import { cancelBooking } from './cancel-booking.js';
import { bookingDeps } from '../booking-deps.js';
import { idempotentRoute } from '../idempotent-operation.js';

export const handler = idempotentRoute('cancelBooking', { params: bookingParams, body: cancelBookingBodySchema }, (input) =>
  cancelBooking(input, bookingDeps()),
);
