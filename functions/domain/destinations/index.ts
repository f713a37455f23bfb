/**
 * Destinations: the IATA city and airport catalogue, the four destination types a search accepts, and
 * what each resolves to. The module's whole public surface; README.md beside it says what it owns.
 */
export { cityByCode, airportByCode, allCities, allAirports, citiesAround, type City, type Airport } from './catalogue.js';
export { timeZoneAt } from './time-zone-at.js';
export { cityTimeZone } from './city-zone.js';
export type { GeoPoint } from './geo-point.js';
export {
  destinationSchema,
  cityDestinationSchema,
  airportDestinationSchema,
  geoDestinationSchema,
  propertiesDestinationSchema,
  DESTINATION_TYPES,
  DESTINATION_LIMITS,
  AIRPORT_RADIUS_KM,
  type Destination,
  type CityDestination,
  type AirportDestination,
  type GeoDestination,
  type PropertiesDestination,
} from './destination-schema.js';
export { resolveDestination, type ResolvedDestination, type SearchCircle, type PropertyList } from './resolve-destination.js';
