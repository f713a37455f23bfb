/**
 * Search's filter and rank stage: the property half of the filters (the rate half ran as each supplier
 * answered, ask-suppliers.ts), then the order the partner asked for (ranking/property-sort.ts).
 */
import type { GeoPoint } from '../domain/property/geo-point.js';
import type { ShownAccumulated } from './offer-merger.js';
import { sortProperties } from './ranking/property-sort.js';
import { keepsProperty } from './ranking/search-filters.js';
import type { SearchRequest } from './search-request.js';

export function rankSearch(
  properties: readonly ShownAccumulated[],
  request: Pick<SearchRequest, 'filters' | 'sort'>,
  centre: GeoPoint | undefined,
): ShownAccumulated[] {
  const kept = properties.filter((property) => keepsProperty(property.starRating, request.filters));
  // A list of properties none of which has a position has no centre: nearest-first has nothing to measure.
  const sort = request.sort === 'distance' && !centre ? 'price' : request.sort;
  return sortProperties(kept, { sort, ...(centre ? { centre } : {}) });
}
