/**
 * GET /v1/hotels/bookings/{bookingId}: the full record with its history. A pending booking is settled
 * with its supplier first (briefly), and so is a cancel in flight (looked up, never sent again), so polling
 * after a 202 shows the outcome as soon as it is known.
 */
import { httpHandler } from '../../shared/http-handler.js';
import { bookingOr404, bookingParams } from '../record/booking-access.js';
import { bookingView } from '../record/booking-record.js';
import { bookingDeps } from '../booking-deps.js';
import { settlePending } from '../reconcile/settle-pending.js';
import { cancelInFlight } from '../../domain/booking/booking-lifecycle.js';

const SETTLE_ON_READ_MS = 3_000;

export const handler = httpHandler('getBooking', { params: bookingParams, personalData: true }, async (request) => {
  const deps = bookingDeps();
  const record = await bookingOr404(deps.bookings, request.caller!.tenant, request.params.bookingId);
  // Read once: the answer shows them, and settling a pending booking needs the holder's contact.
  const guestDetails = deps.guests.get(record.tenant, record.bookingId);
  const [current, guests] = await Promise.all([
    record.status === 'pending' || cancelInFlight(record)
      ? settlePending(record, deps, { timeoutMs: SETTLE_ON_READ_MS, guests: guestDetails, onRead: true })
      : record,
    guestDetails,
  ]);
  return { status: 200, body: bookingView(current, guests) };
});
