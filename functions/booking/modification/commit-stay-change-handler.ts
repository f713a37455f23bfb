/**
 * POST /v1/hotels/bookings/{bookingId}/modifications under its Idempotency-Key: commit-stay-change.ts makes
 * the change. 200 with the booking as GET shows it once made (its voucher issued again after the answer), 202
 * with it while the supplier's outcome is being settled. Stored for replays without the guests' names.
 */
import { searchKey } from '../../shared/search-secret.js';
import { bookingDeps } from '../booking-deps.js';
import { idempotentRoute } from '../idempotent-operation.js';
import { joinAnswerGuests } from '../modify/modify-booking-handler.js';
import { bookingParams } from '../record/booking-access.js';
import { bookingView } from '../record/booking-record.js';
import { handOverVoucherIssue } from '../voucher/voucher-issue-handoff.js';
import { commitStayChange } from './commit-stay-change.js';
import { stayChangeCommitBodySchema } from './stay-change-request.js';

export const handler = idempotentRoute(
  'commitStayChange',
  { params: bookingParams, body: stayChangeCommitBodySchema, personalData: true, joinPersonalData: joinAnswerGuests },
  async (input) => {
    const outcome = await commitStayChange(input, { ...bookingDeps(), quoteIdKey: () => searchKey('quote-id') });
    const { tenant, bookingId } = outcome.record;
    return {
      status: outcome.kind === 'pending' ? 202 : 200,
      body: bookingView(outcome.record, undefined),
      requestId: input.requestId,
      // The stay the voucher names changed: a new one is issued once the partner has the answer.
      ...(outcome.kind === 'changed' ? { afterResponse: () => handOverVoucherIssue(tenant, bookingId) } : {}),
    };
  },
);
