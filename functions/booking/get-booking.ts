import { plannedRoute } from '../shared/planned.js';

/** GET /v1/hotels/bookings/{bookingId}: not delivered yet, answers 501 naming the capability. */
export const handler = plannedRoute('getBooking', 'Booking retrieval');
