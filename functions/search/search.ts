import { plannedRoute } from '../shared/planned.js';

/** POST /v1/hotels/search: not delivered yet, answers 501 naming the capability. */
export const handler = plannedRoute('searchHotels', 'Hotel search');
