import { plannedRoute } from '../shared/planned.js';

/** POST /v1/hotels/bookings: not delivered yet, answers 501 naming the capability. */
export const handler = plannedRoute('createBooking', 'Hotel booking');
