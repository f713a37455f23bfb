import { plannedRoute } from '../shared/planned.js';

/** GET /v1/hotels/properties/{propertyId}: not delivered yet, answers 501 naming the capability. */
export const handler = plannedRoute('getProperty', 'Property content');
