import { plannedRoute } from '../shared/planned.js';

/** POST /v1/cars/bookings: not delivered yet, answers 501 naming the capability. */
export const handler = plannedRoute('createCarBooking', 'Car booking (planned surface)');
