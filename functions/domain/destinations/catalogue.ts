/**
 * The destination catalogue: IATA cities (metropolitan codes such as LON, NYC, TYO included) and the
 * scheduled-service airports that serve them, compiled at build time into catalogue.json (see
 * bin/build-destinations.ts for where the data comes from and the rules). No network at run time: the
 * file ships with the function and is parsed once, at the first lookup; a lookup finds its row by binary
 * search in the sorted code column and decodes that row only, once, then keeps it.
 */
import { readFileSync } from 'node:fs';
import { CATALOGUE_FORMAT, CODE_LENGTH, COORDINATE_SCALE, COUNTRY_LENGTH, type CatalogueFile } from './catalogue-format.js';
import { distanceMetres } from '../geo/distance.js';
import type { GeoPoint } from './geo-point.js';

export interface City {
  /** IATA city code: a metropolitan code (LON, NYC) or, for a city with one airport, that airport's code. */
  readonly code: string;
  readonly name: string;
  /** ISO 3166-1 alpha-2. */
  readonly countryCode: string;
  /** The city's centre (GeoNames), not an airport's. */
  readonly centre: GeoPoint;
  /** IANA time zone at the centre. */
  readonly timeZone: string;
  /** How far from the centre hotels are asked for: grows with the city's population, 3 to 30 km. */
  readonly radiusKm: number;
  /** The IATA codes of the airports serving the city, ascending. */
  readonly airportCodes: readonly string[];
  /** True for an IATA metropolitan-area code, which names no airport of its own (LON, NYC, TYO). */
  readonly metropolitan: boolean;
}

export interface Airport {
  readonly code: string;
  readonly name: string;
  /** The IATA city code of the city it serves (LHR serves LON). */
  readonly cityCode: string;
  readonly location: GeoPoint;
  readonly timeZone: string;
}

const IATA_CODE = /^[A-Z]{3}$/;
/**
 * Read from a file at the first lookup, not bundled: 386 KB that a function's bundle no longer carries nor
 * evaluates at a cold start. In the repository it lies beside this module; in a function's package beside the
 * bundle, where lib/hotel-function.ts copies it for every bundle that names it.
 */
const CATALOGUE_FILE = new URL('./catalogue.json', import.meta.url);

let file: CatalogueFile | undefined;
const cities = new Map<string, City>();
const airports = new Map<string, Airport>();

/** The city of an IATA city code (upper case), or undefined when there is none. */
export function cityByCode(code: string): City | undefined {
  return lookUp(cities, 'cities', code, decodeCity);
}

/** The airport of an IATA airport code (upper case), or undefined when none with scheduled service has it. */
export function airportByCode(code: string): Airport | undefined {
  return lookUp(airports, 'airports', code, decodeAirport);
}

function lookUp<T>(kept: Map<string, T>, table: 'cities' | 'airports', code: string, decode: (row: number) => T): T | undefined {
  const known = kept.get(code);
  if (known || !IATA_CODE.test(code)) return known;
  const row = rowOf(catalogue()[table].codes, code);
  if (row === undefined) return undefined;
  const entry = decode(row);
  kept.set(code, entry);
  return entry;
}

/** Every city, ascending by code: for reports, tests and the benchmark, not for a request's path. */
export function allCities(): City[] {
  return codesOf(catalogue().cities.codes).map((code) => cityByCode(code)!);
}

/** Every airport, ascending by code. */
export function allAirports(): Airport[] {
  return codesOf(catalogue().airports.codes).map((code) => airportByCode(code)!);
}

function catalogue(): CatalogueFile {
  if (!file) {
    const candidate = JSON.parse(readFileSync(CATALOGUE_FILE, 'utf8')) as CatalogueFile;
    if (candidate.format !== CATALOGUE_FORMAT) {
      throw new Error(
        `catalogue.json has format ${String(candidate.format)}, this code reads ${CATALOGUE_FORMAT}: run npm run build:destinations`,
      );
    }
    file = candidate;
  }
  return file;
}

/** Binary search in a column of sorted three-letter codes. */
function rowOf(codes: string, code: string): number | undefined {
  let low = 0;
  let high = codes.length / CODE_LENGTH - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const candidate = codeAt(codes, middle);
    if (candidate === code) return middle;
    if (candidate < code) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

function codeAt(codes: string, row: number): string {
  return codes.slice(row * CODE_LENGTH, (row + 1) * CODE_LENGTH);
}

function codesOf(codes: string): string[] {
  return Array.from({ length: codes.length / CODE_LENGTH }, (_, row) => codeAt(codes, row));
}

function point(lat: number, lng: number): GeoPoint {
  return { lat: lat / COORDINATE_SCALE, lng: lng / COORDINATE_SCALE };
}

function decodeCity(row: number): City {
  const { cities: columns, airports: airportColumns, zones } = catalogue();
  const code = codeAt(columns.codes, row);
  const airportCodes: string[] = [];
  // The airports' city column lists each airport's city; a city's airports are the rows that name it.
  for (let at = airportColumns.cities.indexOf(code); at !== -1; at = airportColumns.cities.indexOf(code, at + 1)) {
    if (at % CODE_LENGTH === 0) airportCodes.push(codeAt(airportColumns.codes, at / CODE_LENGTH));
  }
  return {
    code,
    name: columns.names[row]!,
    countryCode: columns.countries.slice(row * COUNTRY_LENGTH, (row + 1) * COUNTRY_LENGTH),
    centre: point(columns.lat[row]!, columns.lng[row]!),
    timeZone: zones[columns.zones[row]!]!,
    radiusKm: columns.radiusKm[row]!,
    airportCodes,
    metropolitan: !airportCodes.includes(code),
  };
}

function decodeAirport(row: number): Airport {
  const { airports: columns, zones } = catalogue();
  return {
    code: codeAt(columns.codes, row),
    name: columns.names[row]!,
    cityCode: codeAt(columns.cities, row),
    location: point(columns.lat[row]!, columns.lng[row]!),
    timeZone: zones[columns.zones[row]!]!,
  };
}

/**
 * The codes of the cities whose circle (centre, radiusKm) overlaps the circle given, nearest centre first,
 * at most `limit`. A search by airport or by a point uses them to find the destination indexes its
 * answers resolve against. Scans the coordinate columns (about 4,300 rows) and decodes nothing; a latitude
 * band skips the trigonometry for nearly every row.
 */
export function citiesAround(centre: GeoPoint, radiusKm: number, limit: number): string[] {
  const { cities: columns } = catalogue();
  const found: { code: string; metres: number }[] = [];
  // No city circle is wider than 30 km; a degree of latitude is at least 110.5 km.
  const band = ((radiusKm + 30) / 110.5) * COORDINATE_SCALE;
  const lat = centre.lat * COORDINATE_SCALE;
  for (let row = 0; row < columns.radiusKm.length; row += 1) {
    if (Math.abs(columns.lat[row]! - lat) > band) continue;
    const metres = distanceMetres(centre, point(columns.lat[row]!, columns.lng[row]!));
    if (metres <= (radiusKm + columns.radiusKm[row]!) * 1000) found.push({ code: codeAt(columns.codes, row), metres });
  }
  return found
    .sort((a, b) => a.metres - b.metres)
    .slice(0, limit)
    .map((city) => city.code);
}
