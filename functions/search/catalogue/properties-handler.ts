/**
 * GET /v1/hotels/properties?destination=&updatedSince=&cursor=&limit=: a partner's own catalogue, a city's
 * mapped properties' content page by page (API-SPEC "Finding places and hotels"; catalogue-page.ts).
 */
import { DomainError } from '../../domain/errors/domain-error.js';
import { httpHandler } from '../../shared/http-handler.js';
import { DynamoDestinationIndex } from '../mapping/destination-index.js';
import { propertyView } from '../property-view.js';
import { propertyMapStore, searchDeps } from '../search-deps.js';
import { catalogueQuery } from '../search-params.js';
import { CatalogueCursorError } from './catalogue-cursor.js';
import { cataloguePage } from './catalogue-page.js';

// Read afresh on every page, not through search's five-minute cache: a sync right after the mapping job ran
// must see what it changed. One GetItem and one Query of a few items per page.
let destinations: DynamoDestinationIndex | undefined;

export const handler = httpHandler('listProperties', { query: catalogueQuery }, async (request) => {
  const tenant = request.caller!.tenant;
  const deps = searchDeps();
  try {
    const page = await cataloguePage(
      {
        entries: (cityCode) => (destinations ??= new DynamoDestinationIndex()).destination(cityCode),
        contents: (ids) => propertyMapStore().getProperties(ids),
        contractedSuppliers: async () => new Set((await deps.contracts(tenant)).map((contract) => contract.supplierId)),
        view: async (properties, contracted) => properties.map((property) => propertyView(property, contracted)),
        now: deps.now,
      },
      request.query,
    );
    return { status: 200, body: page };
  } catch (error) {
    if (error instanceof CatalogueCursorError)
      throw new DomainError('invalid', 'Invalid field: cursor', { errors: [{ path: 'query.cursor', message: error.message }] });
    throw error;
  }
});
