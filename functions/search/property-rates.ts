/** GET /v1/hotels/searches/{searchId}/properties/{propertyId}/rates: every rate of one property of a search (property-rates-of.ts). */
import { httpHandler } from '../shared/http-handler.js';
import { travellerOf } from '../shared/traveller.js';
import { requestedScenarios } from '../suppliers/scenario.js';
import { propertyRatesOf } from './property-rates-of.js';
import { searchConfig } from './search-config.js';
import { searchDeps } from './search-deps.js';
import { propertyRatesParams } from './search-params.js';

export const handler = httpHandler('listPropertyRates', { params: propertyRatesParams }, async (request) => {
  const scenarios = requestedScenarios(searchConfig().stage, request.headers);
  const traveller = travellerOf(request.event, request.headers);
  const body = await propertyRatesOf({ tenant: request.caller!.tenant, ...request.params, scenarios, traveller }, searchDeps());
  return { status: 200, body };
});
