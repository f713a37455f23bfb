/**
 * Property names reduced to comparable tokens. Suppliers write one hotel's name many ways: case, stripped
 * diacritics, "Hotel X" / "X Hotel", "& Spa" or "Boutique Hotel" appended, "Htl"/"Intl"/"St." abbreviations,
 * the city dropped or moved, the district appended, punctuation, a leading "The", or the name in the local
 * script. What is left after this module is the part of the name that tells hotels apart.
 */
import anyAscii from 'any-ascii';
import { withoutAffiliations } from './name-affiliations.js';

export interface NormalisedName {
  /** Distinguishing tokens, lower-case ASCII, abbreviations expanded, generic words dropped, in order. */
  readonly tokens: readonly string[];
  /**
   * True when the supplier wrote the name in a non-Latin script. Transliteration of such a name rarely
   * agrees with the romanised name another supplier shows ("ホテル雅" → "hoteruya" vs "Hotel Miyabi"),
   * so name disagreement then says little, and the pair has to be judged on address, phone and position.
   */
  readonly nonLatinScript: boolean;
}

/** Expansions of the abbreviations suppliers use in names. */
const NAME_ABBREVIATIONS: Readonly<Record<string, string>> = {
  htl: 'hotel',
  hotl: 'hotel',
  intl: 'international',
  int: 'international',
  apts: 'apartments',
  apt: 'apartments',
  res: 'residence',
  resid: 'residence',
  st: 'saint',
  ste: 'sainte',
  blvd: 'boulevard',
  ave: 'avenue',
  av: 'avenue',
  mt: 'mount',
  ctr: 'centre',
  center: 'centre',
  sq: 'square',
  gdn: 'garden',
  gdns: 'gardens',
  pk: 'park',
};

/**
 * Words that describe what kind of place it is, or glue, rather than which one: suppliers add and drop
 * them freely ("Sakura Hotel & Spa", "Hotel Gekko", "The Rose at Canary Wharf"). Includes "hotel" in the
 * languages and transliterations suppliers use.
 */
const GENERIC_WORDS = new Set([
  'hotel',
  'hotels',
  'hotell',
  'hotele',
  'otel',
  'oteli',
  'hoteru',
  'hostel',
  'the',
  'and',
  'et',
  'y',
  'e',
  'spa',
  'boutique',
  'by',
  'at',
  'of',
  'a',
  'an',
  'le',
  'la',
  'les',
  'l',
  'de',
  'des',
  'du',
  'del',
  'della',
  'di',
  'da',
  'do',
  'dos',
  'das',
  'el',
  'al',
  'der',
  'die',
  'zum',
  'zur',
  'am',
  'im',
  'u',
  't',
  // Marketing words that survive an affiliation clause written without its comma.
  'collection',
  'managed',
  'member',
  'resort',
  'resorts',
  'gostinitsa',
  'xenodocheio',
  'fndq',
  'rongraem',
  'orngaem',
  'jiudian',
  'albergo',
  'szalloda',
  'penzion',
  'pension',
]);

const LATIN_OR_COMMON = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]*$/u;
/** Scripts any-ascii romanises letter by letter, close to how suppliers romanise them. */
const TRANSLITERABLE = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]*$/u;

/** Whether text in this script reads back faithfully in Latin letters (Greek and Cyrillic do; Japanese does not). */
export function isTransliterable(text: string): boolean {
  return TRANSLITERABLE.test(text);
}

/**
 * `cityNames`: the city as the address gives it and as the catalogue names it ("Roma", "Rome"): a name
 * with the city appended is the same name.
 */
export function normaliseName(name: string, cityNames?: string | readonly (string | undefined)[]): NormalisedName {
  const nonLatinScript = !LATIN_OR_COMMON.test(name);
  const cities = typeof cityNames === 'string' ? [cityNames] : (cityNames ?? []);
  const cityTokens = new Set(cities.flatMap((city) => (city ? wordsOf(city) : [])));
  const words = wordsOf(nonLatinScript ? name : withoutAffiliations(name))
    .map((word) => NAME_ABBREVIATIONS[word] ?? word)
    .filter((word) => !GENERIC_WORDS.has(word));
  const withoutCity = words.filter((word) => !cityTokens.has(word));
  // "Cairo Hotel": the city is the name, not an addition to it.
  return { tokens: withoutCity.length > 0 ? withoutCity : words, nonLatinScript };
}

/** Lower-case ASCII words: transliterated, apostrophes joined ("Lulu'a" → "lulua"), "&" as "and". */
export function wordsOf(text: string): string[] {
  return anyAscii(text)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}
