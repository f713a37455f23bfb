/**
 * POST /v1/cars/bookings (planned): the caller checks (tenant, scope, Idempotency-Key required by the
 * route table) and the body are validated like the final route, then 501 naming the contract.
 */
import { httpHandler } from '../shared/http-handler.js';
import { carBookingRequestSchema } from './car-booking-request.js';
import { plannedContract } from './planned-contract.js';

export const handler = httpHandler('createCarBooking', { body: carBookingRequestSchema }, async () => {
  throw plannedContract('createCarBooking', 'Car booking');
});
