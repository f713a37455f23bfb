/**
 * The catalogue's cities and airports as places: names from the catalogue, other names and sizes from
 * place-names.json (compiled beside the catalogue by `npm run build:destinations`). Read once per container,
 * at the first type-ahead: the file lies beside this module in the repository and beside the bundle in a
 * function's package (DATA_FILES_BESIDE_CODE, lib/function-assets.ts), like the catalogue.
 */
import { readFileSync } from 'node:fs';
import { allAirports, allCities, type City } from '../../domain/destinations/index.js';
import { foldText } from './fold-text.js';
import type { Place } from './place.js';
import { NAME_SEPARATOR, PLACE_NAMES_FORMAT, type PlaceNamesFile } from './place-names-format.js';

const PLACE_NAMES_FILE = new URL('./place-names.json', import.meta.url);

/** An airport's share of its city's people, by its size class (large, medium, small). */
const AIRPORT_SHARE = [0.5, 0.1, 0.02] as const;
/** A city's airports by size class, as a tie-break between cities of the same people. */
const AIRPORT_TIE_BREAK = [3, 2, 1] as const;
/** The people an airport of a city with no known population stands for. */
const UNKNOWN_CITY_POPULATION = 50_000;

export function cataloguePlaces(): Place[] {
  const file = JSON.parse(readFileSync(PLACE_NAMES_FILE, 'utf8')) as PlaceNamesFile;
  if (file.format !== PLACE_NAMES_FORMAT) {
    throw new Error(
      `place-names.json has format ${String(file.format)}, this code reads ${PLACE_NAMES_FORMAT}: run npm run build:destinations`,
    );
  }
  const cities = allCities();
  if (file.cities.codes !== cities.map((city) => city.code).join('')) {
    throw new Error('place-names.json was built from another catalogue: run npm run build:destinations');
  }
  const cityByCode = new Map<string, City>(cities.map((city) => [city.code, city]));
  const population = new Map(cities.map((city, row) => [city.code, file.cities.population[row]!]));
  const airports = allAirports();
  // What a city's airports add to its people: only ever a tie-break (NYC's four airports before NBP, a
  // code of the same New York; SFO's large airport before JMC's small one in the same San Francisco).
  const airportWeight = new Map<string, number>();
  airports.forEach((airport, row) =>
    airportWeight.set(
      airport.cityCode,
      (airportWeight.get(airport.cityCode) ?? 0) + AIRPORT_TIE_BREAK[(file.airports.sizeClass[row] ?? 2) as 0 | 1 | 2],
    ),
  );
  const places: Place[] = cities.map((city, row) => ({
    kind: 'city',
    id: city.code,
    name: city.name,
    countryCode: city.countryCode,
    geo: city.centre,
    names: [foldText(city.name), ...split(file.cities.otherNames[row]!)],
    scriptNames: split(file.cities.scriptNames[row]!),
    where: '',
    size: file.cities.population[row]! + (airportWeight.get(city.code) ?? 0),
  }));
  airports.forEach((airport, row) => {
    const city = cityByCode.get(airport.cityCode);
    const sizeClass = file.airports.sizeClass[row] ?? 2;
    places.push({
      kind: 'airport',
      id: airport.code,
      name: airport.name,
      ...(city ? { countryCode: city.countryCode } : {}),
      geo: airport.location,
      cityCode: airport.cityCode,
      names: [foldText(airport.name)],
      scriptNames: [],
      where: city ? foldText(city.name) : '',
      size: Math.round((population.get(airport.cityCode) || UNKNOWN_CITY_POPULATION) * AIRPORT_SHARE[sizeClass as 0 | 1 | 2]),
    });
  });
  return places;
}

function split(names: string): string[] {
  return names === '' ? [] : names.split(NAME_SEPARATOR);
}
