/**
 * GET /v1/destinations's use case: what the text typed names, among the catalogue's cities and airports and
 * the properties the account's suppliers carry, best match first (match-rank.ts), each with the
 * `destination` POST /v1/hotels/search takes as it is.
 */
import type { GeoPoint } from '../../domain/property/geo-point.js';
import { foldText } from './fold-text.js';
import { compareRanked, type RankedPlace } from './match-rank.js';
import type { Place, PlaceKind } from './place.js';
import type { PlaceIndex } from './place-index.js';
import { inOtherScript } from './script.js';

export type SuggestedDestination =
  | { readonly type: 'city' | 'airport'; readonly code: string }
  | { readonly type: 'properties'; readonly propertyIds: readonly string[] };

export interface DestinationSuggestion {
  readonly type: PlaceKind;
  readonly code?: string;
  readonly propertyId?: string;
  readonly name: string;
  readonly countryCode?: string;
  readonly geo?: GeoPoint;
  readonly cityCode?: string;
  readonly destination: SuggestedDestination;
}

export interface FindPlacesPorts {
  readonly catalogue: () => PlaceIndex;
  readonly properties: () => Promise<PlaceIndex>;
  /** The suppliers the account is contracted with: it sees the properties they carry. */
  readonly contractedSuppliers: () => Promise<ReadonlySet<string>>;
}

export async function findPlaces(
  ports: FindPlacesPorts,
  query: { readonly q: string; readonly limit: number },
): Promise<DestinationSuggestion[]> {
  const folded = foldText(query.q);
  if (folded === '') return [];
  const otherScript = inOtherScript(query.q);
  const [properties, suppliers] = await Promise.all([ports.properties(), ports.contractedSuppliers()]);
  const visible = (place: Place) => place.supplierIds?.some((id) => suppliers.has(id)) ?? false;
  const ranked: RankedPlace[] = [
    ...ports.catalogue().find(folded, { otherScript }),
    ...properties.find(folded, { otherScript, visible }),
  ].sort(compareRanked);
  return ranked.slice(0, query.limit).map(({ place }) => suggestion(place));
}

export function suggestion(place: Place): DestinationSuggestion {
  const where = {
    name: place.name,
    ...(place.countryCode ? { countryCode: place.countryCode } : {}),
    ...(place.geo ? { geo: place.geo } : {}),
    ...(place.cityCode ? { cityCode: place.cityCode } : {}),
  };
  if (place.kind === 'property') {
    return { type: 'property', propertyId: place.id, ...where, destination: { type: 'properties', propertyIds: [place.id] } };
  }
  return { type: place.kind, code: place.id, ...where, destination: { type: place.kind, code: place.id } };
}
