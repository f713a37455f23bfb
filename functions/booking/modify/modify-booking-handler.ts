/**
 * PATCH /v1/hotels/bookings/{bookingId} under its Idempotency-Key: modify-booking.ts does the work, answered
 * 200. Its answer shows the guests, so it is kept by no cache, and stored for replays without them.
 */
import { bookingParams } from '../record/booking-access.js';
import { modifyBookingBodySchema } from '../booking-request.js';
import { modifyBooking } from './modify-booking.js';
import { bookingDeps } from '../booking-deps.js';
import { idempotentRoute, type StoredResult } from '../idempotent-operation.js';
import { joinGuestDetails, type BookingView } from '../record/booking-record.js';
import { bookingOperationsInFlight } from '../in-flight-bounds.js';

export const handler = idempotentRoute(
  'modifyBooking',
  { params: bookingParams, body: modifyBookingBodySchema, personalData: true, joinPersonalData: joinAnswerGuests },
  async (input) => ({
    status: 200,
    body: await modifyBooking(input, { ...bookingDeps(), operationsInFlight: bookingOperationsInFlight }),
    requestId: input.requestId,
  }),
);

/** The modified booking's answer with its guest details as they are now (stored without them). */
export async function joinAnswerGuests(result: StoredResult, tenant: string): Promise<StoredResult> {
  if (result.status !== 200 || !('body' in result)) return result;
  const view = result.body as BookingView;
  return { ...result, body: joinGuestDetails(view, await bookingDeps().guests.get(tenant, view.bookingId)) };
}
