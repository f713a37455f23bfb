/**
 * The layout of place-names.json, what the type-ahead knows of the catalogue's places beyond the catalogue
 * itself: each city's other names (GeoNames' alternate names: other languages and scripts, old and local
 * names), already folded (fold-text.ts), and how big each place is, which orders equally good matches.
 * Compiled by `npm run build:destinations` with the catalogue (bin/destinations/place-names.ts); columnar
 * like the catalogue, rows in the catalogue's code order.
 */
export const PLACE_NAMES_FORMAT = 1;

/** Between one city's other names in `cities.otherNames`. */
export const NAME_SEPARATOR = '|';

export interface PlaceNamesFile {
  readonly format: typeof PLACE_NAMES_FORMAT;
  readonly notice: string;
  readonly sources: Readonly<Record<string, string>>;
  readonly cities: {
    /** The catalogue's city codes, three letters each, concatenated, ascending. */
    readonly codes: string;
    /** GeoNames population of the place the city was matched to; 0 when none was. */
    readonly population: readonly number[];
    /** Folded other names written in Latin letters, NAME_SEPARATOR between them, none equal to the folded catalogue name. */
    readonly otherNames: readonly string[];
    /** Folded other names written in other scripts (what a query in such a script is matched against). */
    readonly scriptNames: readonly string[];
  };
  readonly airports: {
    /** The catalogue's airport codes, three letters each, concatenated, ascending. */
    readonly codes: string;
    /** 0 large, 1 medium, 2 small or other (the airport database's type). */
    readonly sizeClass: readonly number[];
  };
}
