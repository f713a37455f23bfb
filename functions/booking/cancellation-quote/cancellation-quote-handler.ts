/** GET /v1/hotels/bookings/{bookingId}/cancellation-quote: quote-cancellation.ts does the work, answered 200. */
import { httpHandler } from '../../shared/http-handler.js';
import { travellerOf } from '../../shared/traveller.js';
import { requestedScenarios } from '../../suppliers/scenario.js';
import { bookingConfig } from '../booking-config.js';
import { bookingDeps } from '../booking-deps.js';
import { bookingParams } from '../record/booking-access.js';
import { quoteCancellation } from './quote-cancellation.js';

export const handler = httpHandler('quoteCancellation', { params: bookingParams }, async (request) => {
  const scenarios = requestedScenarios(bookingConfig().stage, request.headers);
  const traveller = travellerOf(request.event, request.headers);
  const quote = await quoteCancellation(request.caller!.tenant, request.params.bookingId, { scenarios, traveller }, bookingDeps());
  return { status: 200, body: quote };
});
