import { plannedRoute } from '../shared/planned.js';

/** GET /v1/hotels/searches/{searchId}: not delivered yet, answers 501 naming the capability. */
export const handler = plannedRoute('getSearchPage', 'Search paging');
