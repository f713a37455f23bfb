/**
 * The shape of catalogue.json, the destination catalogue `npm run build:destinations` compiles from
 * registry data. Columnar rather than one object per entry: the same ~4,600 cities and airports as
 * objects would repeat every key name, and three-letter codes and two-letter countries packed into one
 * string cost no quotes or commas. The loader (catalogue.ts) turns the columns back into entries.
 *
 * Row i of a table is the i-th code in `codes` (characters 3i..3i+2) and the i-th element of every other
 * column. Rows are sorted by code, so the file is the same byte for byte for the same inputs.
 */

/** Bump when the layout changes, so a loader never misreads an artefact of another layout. */
export const CATALOGUE_FORMAT = 1;

/** Coordinates are stored as integers of 1/10,000 degree (about 11 m), exact in JSON and short. */
export const COORDINATE_SCALE = 10_000;

export const CODE_LENGTH = 3;
export const COUNTRY_LENGTH = 2;

export interface CityColumns {
  /** IATA city codes, three letters each, concatenated, ascending. */
  readonly codes: string;
  readonly names: readonly string[];
  /** ISO 3166-1 alpha-2 country codes, two letters each, concatenated. */
  readonly countries: string;
  readonly lat: readonly number[];
  readonly lng: readonly number[];
  /** Index into CatalogueFile.zones. */
  readonly zones: readonly number[];
  readonly radiusKm: readonly number[];
}

export interface AirportColumns {
  /** IATA airport codes, three letters each, concatenated, ascending. */
  readonly codes: string;
  readonly names: readonly string[];
  /** The IATA city code each airport serves (a row of `cities`), three letters each, concatenated. */
  readonly cities: string;
  readonly lat: readonly number[];
  readonly lng: readonly number[];
  readonly zones: readonly number[];
}

export interface CatalogueFile {
  readonly format: typeof CATALOGUE_FORMAT;
  /** Where the data came from and under which licence; carried in the artefact for attribution. */
  readonly notice: string;
  /** The data packages and versions the file was compiled from (name -> version). */
  readonly sources: Readonly<Record<string, string>>;
  /** IANA zone names, ascending; the tables refer to them by index. */
  readonly zones: readonly string[];
  readonly cities: CityColumns;
  readonly airports: AirportColumns;
}

/**
 * city-zones.json: the catalogue's city codes and their zones only, for code that must place a hotel's
 * city in its zone (an OpenTravel deadline in hotel-local time) without loading the whole catalogue's
 * names and coordinates: the booking functions. A projection of catalogue.json, built with it.
 */
export interface CityZonesFile {
  readonly format: typeof CATALOGUE_FORMAT;
  /** The catalogue's city codes, three letters each, concatenated, ascending. */
  readonly codes: string;
  /** Index into `zones`, one per city. */
  readonly zone: readonly number[];
  readonly zones: readonly string[];
}

export function projectCityZones(file: CatalogueFile): CityZonesFile {
  return { format: file.format, codes: file.cities.codes, zone: file.cities.zones, zones: file.zones };
}
