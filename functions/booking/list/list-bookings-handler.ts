/** GET /v1/hotels/bookings: the caller's bookings as summaries, filtered, newest first, a page at a time. */
import { httpHandler } from '../../shared/http-handler.js';
import { decodeBookingCursor, encodeBookingCursor } from './booking-list-cursor.js';
import { filtersOf, planBookingList } from './booking-list-plan.js';
import { bookingListQuery } from './booking-list-query.js';
import { bookingSummary } from '../record/booking-summary.js';
import { bookingDeps } from '../booking-deps.js';

export const handler = httpHandler('listBookings', { query: bookingListQuery }, async (request) => {
  const { tenant } = request.caller!;
  const plan = planBookingList(tenant, filtersOf(request.query));
  const after = request.query.cursor ? decodeBookingCursor(plan, request.query.cursor) : undefined;
  const page = await bookingDeps().bookings.list(tenant, plan, { limit: request.query.limit, ...(after ? { after } : {}) });
  return {
    status: 200,
    body: {
      bookings: page.bookings.map(bookingSummary),
      order: plan.order,
      ...(page.next ? { next: encodeBookingCursor(plan, page.next) } : {}),
    },
  };
});
