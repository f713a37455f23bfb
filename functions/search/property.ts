/**
 * GET /v1/hotels/properties/{propertyId}?language=: the unified content of one property (API-SPEC "Property
 * content"), limited to what the caller's contracted suppliers provide; a property none of them carries
 * is a 404 like an unknown one. Room-level content is passed through per supplier unchanged. An id the
 * mapping job retired (a split or merge) answers with the property that replaced it. In another language
 * than English, the suppliers are asked for their texts in it (localized-content.ts).
 */
import { DomainError } from '../domain/errors/domain-error.js';
import { httpHandler } from '../shared/http-handler.js';
import { adapterFor } from '../suppliers/adapter-registry.js';
import { listContracts } from '../suppliers/contracts.js';
import { localizedContent } from './localized-content.js';
import { propertyView, STORED_LANGUAGE } from './property-view.js';
import { propertyMapStore } from './search-deps.js';
import { canonicalLanguage, propertyParams, propertyQuery } from './search-params.js';

export const handler = httpHandler('getProperty', { params: propertyParams, query: propertyQuery }, async (request) => {
  const { propertyId } = request.params;
  const language = canonicalLanguage(request.query.language ?? STORED_LANGUAGE)!;
  const [property, contracts] = await Promise.all([propertyMapStore().getProperty(propertyId), listContracts(request.caller!.tenant)]);
  const contracted = new Set(contracts.map((c) => c.supplierId));
  if (!property || !propertyView(property, contracted)) throw new DomainError('not-found', `No property ${propertyId}`);
  const localized = await localizedContent(
    { contracts: contracts.filter((c) => contracted.has(c.supplierId)), adapterFor },
    [property],
    language,
  );
  return { status: 200, body: propertyView(property, contracted, { language, localized }) };
});
