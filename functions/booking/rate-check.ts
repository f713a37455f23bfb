import { plannedRoute } from '../shared/planned.js';

/** POST /v1/hotels/rates/{rateId}/check: not delivered yet, answers 501 naming the capability. */
export const handler = plannedRoute('checkRate', 'Rate check');
