import { plannedRoute } from '../shared/planned.js';

/** POST /v1/hotels/bookings/{bookingId}/cancel: not delivered yet, answers 501 naming the capability. */
export const handler = plannedRoute('cancelBooking', 'Booking cancellation');
