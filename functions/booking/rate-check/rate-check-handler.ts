/** POST /v1/hotels/rates/{rateId}/check: the binding price of a searched rate (check-rate.ts). */
import * as z from 'zod';
import { rateIdSchema } from '../../domain/ids/id-schemas.js';
import { httpHandler } from '../../shared/http-handler.js';
import { deadlineSignal, RATE_CHECK_SUPPLIER_MS } from '../../shared/time-budgets.js';
import { travellerOf } from '../../shared/traveller.js';
import { requestedScenarios } from '../../suppliers/scenario.js';
import { checkRate } from './check-rate.js';
import { bookingConfig } from '../booking-config.js';
import { bookingDeps } from '../booking-deps.js';

const params = z.object({ rateId: rateIdSchema });

export const handler = httpHandler('checkRate', { params }, async (request) => {
  const scenarios = requestedScenarios(bookingConfig().stage, request.headers);
  const traveller = travellerOf(request.event, request.headers);
  // The supplier's budget, or what the invocation has left if that is less: the answer always fits the function.
  const signal = deadlineSignal(RATE_CHECK_SUPPLIER_MS, request.context.getRemainingTimeInMillis());
  const { result } = await checkRate(request.caller!.tenant, request.params.rateId, { scenarios, traveller }, bookingDeps(), signal);
  return { status: 200, body: result };
});
