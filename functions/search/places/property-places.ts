/**
 * The mapped properties as places, read from the mapping job's destination index: every city it indexed
 * (one BatchGetItem per hundred catalogue cities finds them), then each city's entries. A property's
 * whereabouts are its city's name, so "adlon berlin" finds it; its size is a handful of people by its
 * stars, so among equally good matches every town comes first.
 */
import { allCities, type City } from '../../domain/destinations/index.js';
import type { DestinationEntry } from '../mapping/destination-index.js';
import { foldText } from './fold-text.js';
import type { Place } from './place.js';

export interface DestinationEntries {
  indexedCities(cityCodes: readonly string[]): Promise<string[]>;
  destination(cityCode: string): Promise<readonly DestinationEntry[]>;
}

/** Cities read at once. */
const CITY_READS_IN_PARALLEL = 8;

export async function propertyPlaces(index: DestinationEntries): Promise<Place[]> {
  const cities = new Map<string, City>(allCities().map((city) => [city.code, city]));
  const indexed = await index.indexedCities([...cities.keys()]);
  const places: Place[] = [];
  for (let at = 0; at < indexed.length; at += CITY_READS_IN_PARALLEL) {
    const batch = indexed.slice(at, at + CITY_READS_IN_PARALLEL);
    const entries = await Promise.all(batch.map((code) => index.destination(code)));
    batch.forEach((code, i) => {
      const city = cities.get(code);
      const where = city ? foldText(city.name) : '';
      for (const entry of entries[i]!) places.push(propertyPlace(entry, code, city, where));
    });
  }
  return places;
}

export function propertyPlace(entry: DestinationEntry, cityCode: string, city: City | undefined, where: string): Place {
  return {
    kind: 'property',
    id: entry.propertyId,
    name: entry.name,
    ...(city ? { countryCode: city.countryCode } : {}),
    ...(entry.geo ? { geo: entry.geo } : {}),
    cityCode,
    names: [foldText(entry.name)],
    scriptNames: [],
    where,
    size: 1 + (entry.starRating ?? 0),
    supplierIds: [...new Set(entry.supplierRefs.map((ref) => ref.supplierId))],
  };
}
