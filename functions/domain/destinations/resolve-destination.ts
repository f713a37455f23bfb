/**
 * What suppliers are asked about for a destination: a circle (centre, radius), the zone whose calendar
 * says what "today" is for the check-in, and a name to show; or, for `properties`, the ids themselves,
 * which the caller resolves through the property map (nothing geometric about them).
 */
import { airportByCode, cityByCode } from './catalogue.js';
import { AIRPORT_RADIUS_KM, type Destination } from './destination-schema.js';
import type { GeoPoint } from './geo-point.js';
import { timeZoneAt } from './time-zone-at.js';

export interface SearchCircle {
  readonly kind: 'circle';
  readonly centre: GeoPoint;
  readonly radiusKm: number;
  readonly timeZone: string;
  /** "London", "London Heathrow Airport", "2 km around 48.8584, 2.2945". */
  readonly displayName: string;
  /** The IATA city the circle belongs to: the city itself, or the city an airport serves; none for `geo`. */
  readonly cityCode?: string;
  /** ISO 3166-1 alpha-2 of a city; none for `airport` and `geo`. */
  readonly countryCode?: string;
}

export interface PropertyList {
  readonly kind: 'properties';
  readonly propertyIds: readonly string[];
}

export type ResolvedDestination = SearchCircle | PropertyList;

/**
 * Resolves a destination that destinationSchema accepted. Undefined only for a city or airport code the
 * catalogue does not know, which the schema already refuses: a caller that skipped it gets no guess.
 */
export function resolveDestination(destination: Destination): ResolvedDestination | undefined {
  switch (destination.type) {
    case 'city': {
      const city = cityByCode(destination.code);
      return (
        city && {
          kind: 'circle',
          centre: city.centre,
          radiusKm: city.radiusKm,
          timeZone: city.timeZone,
          displayName: city.name,
          cityCode: city.code,
          countryCode: city.countryCode,
        }
      );
    }
    case 'airport': {
      const airport = airportByCode(destination.code);
      return (
        airport && {
          kind: 'circle',
          centre: airport.location,
          radiusKm: AIRPORT_RADIUS_KM,
          timeZone: airport.timeZone,
          displayName: airport.name,
          cityCode: airport.cityCode,
        }
      );
    }
    case 'geo': {
      const centre = { lat: destination.lat, lng: destination.lng };
      return {
        kind: 'circle',
        centre,
        radiusKm: destination.radiusKm,
        timeZone: timeZoneAt(centre),
        displayName: `${destination.radiusKm} km around ${destination.lat}, ${destination.lng}`,
      };
    }
    case 'properties':
      return { kind: 'properties', propertyIds: destination.propertyIds };
  }
}
