/**
 * GET /v1/hotels/properties/{propertyId}: the unified content of one property (API-SPEC "Property
 * content"), limited to what the caller's contracted suppliers provide; a property none of them carries
 * is a 404 like an unknown one. Room-level content is passed through per supplier unchanged. An id the
 * mapping job retired (a split or merge) answers with the property that replaced it.
 */
import { DomainError } from '../domain/errors/domain-error.js';
import { httpHandler } from '../shared/http-handler.js';
import { listContracts } from '../suppliers/contracts.js';
import { propertyView } from './property-view.js';
import { propertyMapStore } from './search-deps.js';
import { propertyParams } from './search-params.js';

export const handler = httpHandler('getProperty', { params: propertyParams }, async (request) => {
  const { propertyId } = request.params;
  const [property, contracts] = await Promise.all([propertyMapStore().getProperty(propertyId), listContracts(request.caller!.tenant)]);
  const view = property && propertyView(property, new Set(contracts.map((c) => c.supplierId)));
  if (!view) throw new DomainError('not-found', `No property ${propertyId}`);
  return { status: 200, body: view };
});
