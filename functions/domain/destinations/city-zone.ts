/**
 * The IANA zone of a catalogue city by its IATA code, from city-zones.json (the catalogue's codes and zones
 * only, 30 KB): what a supplier adapter needs to read a deadline given in hotel-local time, without the
 * whole catalogue in every booking function. Undefined for a code the catalogue does not have.
 */
import cityZonesJson from './city-zones.json' with { type: 'json' };
import { CATALOGUE_FORMAT, CODE_LENGTH, type CityZonesFile } from './catalogue-format.js';

const IATA_CODE = /^[A-Z]{3}$/;
let file: CityZonesFile | undefined;

export function cityTimeZone(code: string): string | undefined {
  if (!IATA_CODE.test(code)) return undefined;
  const { codes, zone, zones } = cityZones();
  let low = 0;
  let high = codes.length / CODE_LENGTH - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const candidate = codes.slice(middle * CODE_LENGTH, (middle + 1) * CODE_LENGTH);
    if (candidate === code) return zones[zone[middle]!];
    if (candidate < code) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

function cityZones(): CityZonesFile {
  if (!file) {
    const candidate = cityZonesJson as unknown as CityZonesFile;
    if (candidate.format !== CATALOGUE_FORMAT)
      throw new Error(
        `city-zones.json has format ${String(candidate.format)}, this code reads ${CATALOGUE_FORMAT}: run npm run build:destinations`,
      );
    file = candidate;
  }
  return file;
}
