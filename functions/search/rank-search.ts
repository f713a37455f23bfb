/**
 * Search's filter and rank stage: the property half of the filters (the rate half ran as each supplier
 * answered, ask-suppliers.ts), then the order the partner asked for (ranking/property-sort.ts).
 */
import type { GeoPoint } from '../domain/property/geo-point.js';
import type { ShownAccumulated } from './offer-merger.js';
import { sortProperties } from './ranking/property-sort.js';
import { keepsProperty } from './ranking/search-filters.js';
import type { SearchRequest } from './search-request.js';

export function rankSearch(properties: readonly ShownAccumulated[], request: Pick<SearchRequest, 'filters' | 'sort'>, centre: GeoPoint): ShownAccumulated[] {
  const kept = properties.filter((property) => keepsProperty(property.starRating, request.filters));
  return sortProperties(kept, { sort: request.sort, centre });
}
