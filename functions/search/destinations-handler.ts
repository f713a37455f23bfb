/**
 * GET /v1/destinations?q=&limit=: the type-ahead (API-SPEC "Finding places and hotels"). Cities with their
 * other names, airports, and the properties the account's suppliers carry, best match first, each with a
 * `destination` that POST /v1/hotels/search takes as it is (functions/search/places/).
 */
import { httpHandler } from '../shared/http-handler.js';
import { DynamoDestinationIndex } from './mapping/destination-index.js';
import { findPlaces } from './places/find-places.js';
import { catalogueIndex, PropertyIndexCache } from './places/place-indexes.js';
import { searchDeps } from './search-deps.js';
import { destinationsQuery } from './search-params.js';

let properties: PropertyIndexCache | undefined;

export const handler = httpHandler('findDestinations', { query: destinationsQuery }, async (request) => {
  const tenant = request.caller!.tenant;
  const cache = (properties ??= new PropertyIndexCache(new DynamoDestinationIndex()));
  const suggestions = await findPlaces(
    {
      catalogue: catalogueIndex,
      properties: () => cache.index(),
      contractedSuppliers: async () => new Set((await searchDeps().contracts(tenant)).map((contract) => contract.supplierId)),
    },
    request.query,
  );
  return { status: 200, body: { suggestions } };
});
