import type { City } from './types.js';

/**
 * The destination catalogue: real cities with their IATA city codes (metropolitan-area codes where one
 * exists, e.g. LON, NYC, TYO, not an airport), centre coordinates and IANA zones. Size weights are rough
 * relative hotel-market sizes; prices are typical 3-star nightly rates, in EUR cents.
 */
type CityRow = [code: string, name: string, country: string, zone: string, lat: number, lng: number,
  weight: number, radiusKm: number, baseEur: number, cityTaxEur: number];

const ROWS: readonly CityRow[] = [
  ['LON', 'London', 'GB', 'Europe/London', 51.507351, -0.127758, 112, 14, 14500, 0],
  ['PAR', 'Paris', 'FR', 'Europe/Paris', 48.856614, 2.352222, 100, 9, 14000, 260],
  ['NYC', 'New York', 'US', 'America/New_York', 40.712776, -74.005974, 96, 12, 19000, 0],
  ['TYO', 'Tokyo', 'JP', 'Asia/Tokyo', 35.676192, 139.650311, 60, 16, 12000, 200],
  ['ROM', 'Rome', 'IT', 'Europe/Rome', 41.902784, 12.496366, 46, 9, 11500, 600],
  ['BCN', 'Barcelona', 'ES', 'Europe/Madrid', 41.385064, 2.173403, 42, 7, 12500, 400],
  ['DXB', 'Dubai', 'AE', 'Asia/Dubai', 25.204849, 55.270783, 42, 20, 11000, 500],
  ['BKK', 'Bangkok', 'TH', 'Asia/Bangkok', 13.756331, 100.501765, 40, 14, 5500, 0],
  ['IST', 'Istanbul', 'TR', 'Europe/Istanbul', 41.008238, 28.978359, 36, 14, 7500, 0],
  ['BER', 'Berlin', 'DE', 'Europe/Berlin', 52.520007, 13.404954, 36, 11, 9500, 500],
  ['MAD', 'Madrid', 'ES', 'Europe/Madrid', 40.416775, -3.70379, 34, 9, 10000, 0],
  ['LAX', 'Los Angeles', 'US', 'America/Los_Angeles', 34.052235, -118.243683, 34, 25, 16000, 0],
  ['AMS', 'Amsterdam', 'NL', 'Europe/Amsterdam', 52.367573, 4.904139, 30, 7, 15000, 1250],
  ['MOW', 'Moscow', 'RU', 'Europe/Moscow', 55.755826, 37.6173, 28, 14, 7000, 0],
  ['MIL', 'Milan', 'IT', 'Europe/Rome', 45.464204, 9.189982, 26, 8, 12000, 500],
  ['SIN', 'Singapore', 'SG', 'Asia/Singapore', 1.352083, 103.819836, 26, 12, 15500, 0],
  ['HKG', 'Hong Kong', 'HK', 'Asia/Hong_Kong', 22.319304, 114.169361, 25, 10, 13000, 0],
  ['CHI', 'Chicago', 'US', 'America/Chicago', 41.878114, -87.629798, 24, 12, 14000, 0],
  ['PRG', 'Prague', 'CZ', 'Europe/Prague', 50.075538, 14.4378, 22, 7, 8000, 200],
  ['LIS', 'Lisbon', 'PT', 'Europe/Lisbon', 38.722252, -9.139337, 22, 7, 10500, 400],
  ['VIE', 'Vienna', 'AT', 'Europe/Vienna', 48.208174, 16.373819, 21, 8, 11000, 300],
  ['SEL', 'Seoul', 'KR', 'Asia/Seoul', 37.566535, 126.977969, 20, 14, 9000, 0],
  ['MIA', 'Miami', 'US', 'America/New_York', 25.76168, -80.19179, 20, 12, 17000, 0],
  ['SYD', 'Sydney', 'AU', 'Australia/Sydney', -33.86882, 151.209296, 18, 12, 15000, 0],
  ['SFO', 'San Francisco', 'US', 'America/Los_Angeles', 37.774929, -122.419416, 18, 8, 19000, 0],
  ['OSA', 'Osaka', 'JP', 'Asia/Tokyo', 34.693738, 135.502165, 16, 10, 9000, 200],
  ['YTO', 'Toronto', 'CA', 'America/Toronto', 43.653226, -79.383184, 15, 11, 13000, 0],
  ['MEX', 'Mexico City', 'MX', 'America/Mexico_City', 19.432608, -99.133208, 15, 12, 7000, 0],
  ['ATH', 'Athens', 'GR', 'Europe/Athens', 37.98381, 23.727539, 15, 8, 8500, 300],
  ['BUD', 'Budapest', 'HU', 'Europe/Budapest', 47.497912, 19.040235, 13, 7, 7000, 0],
  ['DUB', 'Dublin', 'IE', 'Europe/Dublin', 53.349805, -6.26031, 12, 7, 15000, 0],
  ['CAI', 'Cairo', 'EG', 'Africa/Cairo', 30.04442, 31.235712, 12, 12, 5000, 0],
  ['RIO', 'Rio de Janeiro', 'BR', 'America/Sao_Paulo', -22.906847, -43.172896, 12, 14, 8000, 0],
  ['CPH', 'Copenhagen', 'DK', 'Europe/Copenhagen', 55.676097, 12.568337, 10, 7, 15500, 0],
  ['STO', 'Stockholm', 'SE', 'Europe/Stockholm', 59.329323, 18.068581, 10, 8, 13500, 0],
  ['WAW', 'Warsaw', 'PL', 'Europe/Warsaw', 52.229676, 21.012229, 10, 9, 7000, 0],
  ['BUE', 'Buenos Aires', 'AR', 'America/Argentina/Buenos_Aires', -34.603684, -58.381559, 10, 12, 6500, 0],
  ['CPT', 'Cape Town', 'ZA', 'Africa/Johannesburg', -33.924869, 18.424055, 8, 12, 7500, 0],
  ['RAK', 'Marrakech', 'MA', 'Africa/Casablanca', 31.629472, -7.981084, 6, 8, 8000, 250],
  ['REK', 'Reykjavik', 'IS', 'Atlantic/Reykjavik', 64.146582, -21.942635, 4, 6, 17000, 0],
];

export const CITIES: readonly City[] = ROWS.map(
  ([code, name, countryCode, timeZone, lat, lng, sizeWeight, radiusKm, baseNightlyEurMinor, cityTaxEurMinor]) => ({
    code, name, countryCode, timeZone, centre: { lat, lng }, sizeWeight, radiusKm, baseNightlyEurMinor, cityTaxEurMinor,
  }),
);

const BY_CODE: ReadonlyMap<string, City> = new Map(CITIES.map((city) => [city.code, city]));

/** The city for an IATA city code, or undefined for an unknown code (the API answers 4xx on that). */
export function findCity(code: string): City | undefined {
  return BY_CODE.get(code.toUpperCase());
}

/** Hotels per city: proportional to size, at least 100 (the smallest market still has a real choice). */
export const HOTELS_PER_WEIGHT = 16;
export const MIN_HOTELS_PER_CITY = 100;

export function hotelCountFor(city: City): number {
  return Math.max(MIN_HOTELS_PER_CITY, city.sizeWeight * HOTELS_PER_WEIGHT);
}
