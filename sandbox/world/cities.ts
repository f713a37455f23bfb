import { cityByCode } from '../../functions/domain/destinations/index.js';
import type { City } from './types.js';

/**
 * The sandbox's forty cities: real IATA cities of the destination catalogue (functions/domain/destinations/),
 * whose centre, radius, zone, name and country they take, so a city search asks every sandbox supplier
 * about the circle its hotels are in. What is invented is the market: size weights are rough relative
 * hotel-market sizes; prices are typical 3-star nightly rates, in EUR cents; the city tax per person and
 * night, in EUR cents.
 */
type CityRow = [code: string, weight: number, baseEur: number, cityTaxEur: number];

const ROWS: readonly CityRow[] = [
  ['LON', 112, 14500, 0],
  ['PAR', 100, 14000, 260],
  ['NYC', 96, 19000, 0],
  ['TYO', 60, 12000, 200],
  ['ROM', 46, 11500, 600],
  ['BCN', 42, 12500, 400],
  ['DXB', 42, 11000, 500],
  ['BKK', 40, 5500, 0],
  ['IST', 36, 7500, 0],
  ['BER', 36, 9500, 500],
  ['MAD', 34, 10000, 0],
  ['LAX', 34, 16000, 0],
  ['AMS', 30, 15000, 1250],
  ['MOW', 28, 7000, 0],
  ['MIL', 26, 12000, 500],
  ['SIN', 26, 15500, 0],
  ['HKG', 25, 13000, 0],
  ['CHI', 24, 14000, 0],
  ['PRG', 22, 8000, 200],
  ['LIS', 22, 10500, 400],
  ['VIE', 21, 11000, 300],
  ['SEL', 20, 9000, 0],
  ['MIA', 20, 17000, 0],
  ['SYD', 18, 15000, 0],
  ['SFO', 18, 19000, 0],
  ['OSA', 16, 9000, 200],
  ['YTO', 15, 13000, 0],
  ['MEX', 15, 7000, 0],
  ['ATH', 15, 8500, 300],
  ['BUD', 13, 7000, 0],
  ['DUB', 12, 15000, 0],
  ['CAI', 12, 5000, 0],
  ['RIO', 12, 8000, 0],
  ['CPH', 10, 15500, 0],
  ['STO', 10, 13500, 0],
  ['WAW', 10, 7000, 0],
  ['BUE', 10, 6500, 0],
  ['CPT', 8, 7500, 0],
  ['RAK', 6, 8000, 250],
  ['REK', 4, 17000, 0],
];

export const CITIES: readonly City[] = ROWS.map(([code, sizeWeight, baseNightlyEurMinor, cityTaxEurMinor]) => {
  const city = cityByCode(code);
  if (!city) throw new Error(`sandbox city ${code} is not in the destination catalogue`);
  const { name, countryCode, timeZone, centre, radiusKm } = city;
  return { code, name, countryCode, timeZone, centre, sizeWeight, radiusKm, baseNightlyEurMinor, cityTaxEurMinor };
});

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
