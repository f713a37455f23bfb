/**
 * GET /v1/hotels/properties?destination=&updatedSince=&cursor=&limit=: a partner's own catalogue, a city's
 * mapped properties' content page by page (API-SPEC "Finding places and hotels"; catalogue-page.ts).
 */
import { DomainError } from '../../domain/errors/domain-error.js';
import { httpHandler } from '../../shared/http-handler.js';
import { DynamoDestinationIndex } from '../mapping/destination-index.js';
import { localizedContent } from '../localized-content.js';
import { propertyView, STORED_LANGUAGE } from '../property-view.js';
import { propertyMapStore, searchDeps } from '../search-deps.js';
import { canonicalLanguage, catalogueQuery } from '../search-params.js';
import { CatalogueCursorError } from './catalogue-cursor.js';
import { cataloguePage } from './catalogue-page.js';

// Read afresh on every page, not through search's five-minute cache: a sync right after the mapping job ran
// must see what it changed. One GetItem and one Query of a few items per page.
let destinations: DynamoDestinationIndex | undefined;

export const handler = httpHandler('listProperties', { query: catalogueQuery }, async (request) => {
  const tenant = request.caller!.tenant;
  const deps = searchDeps();
  const language = canonicalLanguage(request.query.language ?? STORED_LANGUAGE)!;
  const contracts = await deps.contracts(tenant);
  try {
    const page = await cataloguePage(
      {
        entries: (cityCode) => (destinations ??= new DynamoDestinationIndex()).destination(cityCode),
        contents: (ids) => propertyMapStore().getProperties(ids),
        contractedSuppliers: async () => new Set(contracts.map((contract) => contract.supplierId)),
        view: async (properties, contracted) => {
          const localized = await localizedContent(
            { contracts, adapterFor: (contract) => deps.adapterFor(contract) },
            properties,
            language,
          );
          return properties.map((property) => propertyView(property, contracted, { language, localized }));
        },
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
