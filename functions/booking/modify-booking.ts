/** PATCH /v1/hotels/bookings/{bookingId} under its Idempotency-Key: modify.ts does the work. */
import { bookingParams } from './booking-access.js';
import { modifyBookingBodySchema } from './booking-request.js';
import { modifyBooking } from './modify.js';
import { flowDeps } from './flow/flow-deps.js';
import { idempotentRoute } from './idempotent-operation.js';

export const handler = idempotentRoute('modifyBooking', { params: bookingParams, body: modifyBookingBodySchema, personalData: true }, (input) => modifyBooking(input, flowDeps()));
