/** POST /v1/hotels/bookings/{bookingId}/modifications/quote: quote-stay-change.ts does the work, answered 200. */
import { httpHandler } from '../../shared/http-handler.js';
import { searchKey } from '../../shared/search-secret.js';
import { travellerOf } from '../../shared/traveller.js';
import { requestedScenarios } from '../../suppliers/scenario.js';
import { bookingConfig } from '../booking-config.js';
import { bookingDeps } from '../booking-deps.js';
import { bookingParams } from '../record/booking-access.js';
import { quoteStayChange } from './quote-stay-change.js';
import { stayChangeQuoteBodySchema } from './stay-change-request.js';

export const handler = httpHandler(
  'quoteStayChange',
  // The answer carries the rooms' children's ages: kept by no cache.
  { params: bookingParams, body: stayChangeQuoteBodySchema, personalData: true },
  async (request) => {
    const scenarios = requestedScenarios(bookingConfig().stage, request.headers);
    const traveller = travellerOf(request.event, request.headers);
    const quote = await quoteStayChange(
      request.caller!.tenant,
      request.params.bookingId,
      request.body,
      { scenarios, traveller },
      { ...bookingDeps(), quoteIdKey: () => searchKey('quote-id') },
    );
    return { status: 200, body: quote };
  },
);
