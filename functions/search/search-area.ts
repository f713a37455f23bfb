/**
 * Search's destination stage: where the partner asked to look (a city, an airport, a circle, a list of our
 * propertyIds), turned into what the later stages need. What each supplier is asked, in the port's terms;
 * the destination-index entries its answers resolve against; and the point distances are measured from.
 *
 * - city: the city's circle; suppliers with a city form use the code. The city's own index.
 * - airport and geo: the circle. The indexes of the catalogue cities it overlaps (nearest first, a few):
 *   an offer none of them knows is matched on the fly, so a far edge costs only speed.
 * - properties: each supplier is asked for its own hotel codes of the listed properties (none: it is not
 *   called); the listed properties are the entries. Distances are measured from their centroid.
 */
import { citiesAround, resolveDestination, type Destination } from '../domain/destinations/index.js';
import { invalidFields } from '../domain/errors/invalid-fields.js';
import { distanceMetres } from '../domain/geo/distance.js';
import type { GeoPoint } from '../domain/property/geo-point.js';
import type { UnifiedProperty } from '../domain/property/unified-property.js';
import type { SupplierDestination } from '../suppliers/port.js';
import { destinationEntry, type DestinationEntry } from './mapping/destination-index.js';
import type { SearchDeps } from './search-ports.js';

export interface SearchArea {
  /** What a supplier is asked: the same area for all, or each its own hotel codes. */
  readonly destinationFor: (supplierId: string) => SupplierDestination;
  /** The mapping job's entries the answers resolve against; loads while suppliers are asked. */
  readonly entries: Promise<readonly DestinationEntry[]>;
  /** Where `distance` sorting measures from; none when no listed property has a position. */
  readonly centre: GeoPoint | undefined;
  /** For a circle (geo, airport): whether a position lies inside it. Absent: no bound of our own. */
  readonly within?: (geo: GeoPoint) => boolean;
}

/** Beyond the few nearest cities, a circle's offers are matched on the fly (resolve-property-ids.ts). */
const INDEXED_CITIES_MAX = 4;

export async function searchArea(destination: Destination, deps: Pick<SearchDeps, 'destination' | 'knownProperties'>): Promise<SearchArea> {
  const place = resolveDestination(destination);
  // destinationSchema refuses an unknown code; one reaching here is a caller that skipped it.
  if (!place) throw new RangeError('an unvalidated destination reached the search');
  if (place.kind === 'properties') return propertyListArea(place.propertyIds, deps);
  const { centre, radiusKm, cityCode } = place;
  if (destination.type === 'city' && cityCode) {
    const area: SupplierDestination = { kind: 'city', cityCode, centre, radiusKm };
    return { destinationFor: () => area, entries: deps.destination(cityCode), centre };
  }
  const area: SupplierDestination = { kind: 'circle', centre, radiusKm };
  const cities = [...new Set([...(cityCode ? [cityCode] : []), ...citiesAround(centre, radiusKm, INDEXED_CITIES_MAX)])];
  const radiusMetres = radiusKm * 1000;
  const within = (geo: GeoPoint): boolean => distanceMetres(centre, geo) <= radiusMetres;
  return { destinationFor: () => area, entries: mergedEntries(cities.map((code) => deps.destination(code))), centre, within };
}

async function propertyListArea(propertyIds: readonly string[], deps: Pick<SearchDeps, 'knownProperties'>): Promise<SearchArea> {
  const known = await deps.knownProperties(propertyIds);
  const unknown = propertyIds.flatMap((id, index) =>
    known.has(id) ? [] : [{ path: `destination.propertyIds[${index}]`, message: `${id} is not a property we know` }],
  );
  if (unknown.length > 0) {
    throw invalidFields(unknown);
  }
  // An id the mapping job has since merged into another answers under the id that took over, once.
  const properties = [...new Map([...known.values()].map((p) => [p.propertyId, p])).values()];
  return {
    destinationFor: (supplierId) => ({
      kind: 'hotels',
      supplierPropertyIds: properties.flatMap((p) =>
        p.supplierRefs.filter((r) => r.supplierId === supplierId).map((r) => r.supplierPropertyId),
      ),
    }),
    entries: Promise.resolve(properties.map(destinationEntry)),
    centre: centroid(properties),
  };
}

async function mergedEntries(lists: readonly Promise<readonly DestinationEntry[]>[]): Promise<DestinationEntry[]> {
  const byId = new Map<string, DestinationEntry>();
  for (const list of await Promise.all(lists)) for (const entry of list) if (!byId.has(entry.propertyId)) byId.set(entry.propertyId, entry);
  return [...byId.values()];
}

/** The mean position: a shortlist lies within one region, where averaging degrees is fine. */
function centroid(properties: readonly UnifiedProperty[]): GeoPoint | undefined {
  const placed = properties.flatMap((p) => (p.geo ? [p.geo] : []));
  if (placed.length === 0) return undefined;
  return {
    lat: placed.reduce((sum, p) => sum + p.lat, 0) / placed.length,
    lng: placed.reduce((sum, p) => sum + p.lng, 0) / placed.length,
  };
}
