/**
 * How a country writes its street addresses: street types with their abbreviations ("Str." / "Straße" /
 * "Strasse", "C/" / "Calle", "Bd" / "Boulevard"), the street suffixes glued to names ("Grunerstr."), unit
 * and floor words, and glue words. The data is derived from libpostal's dictionaries by
 * bin/build-street-types.ts (address-dictionary.json names the libpostal commit; MIT License).
 *
 * A country reads with its own languages and English (suppliers often translate the street type:
 * "Tverskaya Street"), so an abbreviation means what it means there ("St" is a street in London, and
 * "C" a calle only in Spain and Latin America).
 */
import dictionaryJson from './address-dictionary.json' with { type: 'json' };

interface DictionaryFile {
  readonly countries: Readonly<Record<string, readonly string[]>>;
  readonly streetTypes: Readonly<Record<string, readonly string[]>>;
  readonly streetSuffixes: Readonly<Record<string, readonly string[]>>;
  readonly unitWords: Readonly<Record<string, readonly string[]>>;
  readonly stopwords: Readonly<Record<string, readonly string[]>>;
}

export interface CountryAddressWords {
  /** Any form of a street type → its canonical form ("str" → "strasse", "c" → "calle"). */
  readonly streetType: ReadonlyMap<string, string>;
  /** Abbreviated street suffixes glued to a name, longest first: ["strasse", "str"] → "strasse". */
  readonly gluedSuffixes: readonly (readonly [string, string])[];
  /** Words that start a unit or floor ("suite", "floor", "piso", "etage"). */
  readonly unitWords: ReadonlySet<string>;
  /** Glue between the words of a street name ("de", "la", "of", "von"). */
  readonly glueWords: ReadonlySet<string>;
}

const file = dictionaryJson as DictionaryFile;
const byCountry = new Map<string, CountryAddressWords>();

/** Glued suffixes shorter than this are too often the end of an ordinary word ("w" of "Treptow"). */
const MIN_GLUED_SUFFIX = 3;

export function addressWordsFor(countryCode: string | undefined): CountryAddressWords {
  const key = countryCode?.toUpperCase() ?? '';
  let words = byCountry.get(key);
  if (!words) {
    words = build([...new Set([...(file.countries[key] ?? []), 'en'])]);
    byCountry.set(key, words);
  }
  return words;
}

function build(languages: readonly string[]): CountryAddressWords {
  const streetType = new Map<string, string>();
  const gluedSuffixes: [string, string][] = [];
  const unitWords = new Set<string>();
  const glueWords = new Set<string>();
  // The country's own languages first: on a clash ("pl": platz or place) its reading wins.
  for (const lang of languages) {
    for (const line of file.streetTypes[lang] ?? []) {
      const [canonical, ...variants] = line.split('|');
      for (const form of [canonical!, ...variants]) if (!streetType.has(form)) streetType.set(form, canonical!);
    }
    for (const line of file.streetSuffixes[lang] ?? []) {
      const [canonical, ...variants] = line.split('|');
      for (const form of variants) if (form.length >= MIN_GLUED_SUFFIX) gluedSuffixes.push([form, canonical!]);
    }
    for (const line of file.unitWords[lang] ?? []) for (const form of line.split('|')) if (form.length >= 2) unitWords.add(form);
    for (const word of file.stopwords[lang] ?? []) glueWords.add(word);
  }
  gluedSuffixes.sort((x, y) => y[0].length - x[0].length);
  return { streetType, gluedSuffixes, unitWords, glueWords };
}
