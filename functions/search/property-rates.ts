import { plannedRoute } from '../shared/planned.js';

/** GET /v1/hotels/searches/{searchId}/properties/{propertyId}/rates: not delivered yet, answers 501 naming the capability. */
export const handler = plannedRoute('listPropertyRates', 'Property rates of a search');
