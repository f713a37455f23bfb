/**
 * Street addresses reduced to a street and a house number, the way the world writes them. Suppliers order
 * the parts differently ("Avenue Montaigne, 18-20", "18 Avenue Montaigne", "Grunerstraße 11"), abbreviate
 * the street type ("Str.", "C/", "Bd", "Av.", "Rd", "Pl."), write ranges and suffixes ("18-20", "31 bis",
 * "31B"), add units and floors ("Suite 200", "2nd Floor"), repeat the postal code and city in the line,
 * strip diacritics, or write the line in another script. The building is the same.
 *
 * Street types, glued suffixes, unit words and glue words come from libpostal's dictionaries for the
 * property's country (address-dictionary.ts). What is left of the street without its type and glue words
 * is its core ("Rue de Rivoli" → "rivoli"): two suppliers agree on a street when the cores agree, whichever
 * type word, in whichever language, each wrote.
 */
import type { PropertyAddress } from '../../suppliers/port.js';
import { addressWordsFor, type CountryAddressWords } from './address-dictionary.js';
import anyAscii from 'any-ascii';
import { isTransliterable, wordsOf } from './name-normalisation.js';

export interface HouseNumber {
  /** Canonical text: "18-20", "31b" ("31 bis" and "31B" alike), or a Japanese block number "1-1-1". */
  readonly text: string;
  /** First and last number of a range ("18-20" → 18, 20; "31b" → 31, 31); -1 for a block number. */
  readonly from: number;
  readonly to: number;
  /** "" or one letter: bis → b, ter → c, quater → d, as the letters those buildings also get. */
  readonly suffix: string;
}

export interface NormalisedAddress {
  /** Street words, types canonical ("grunerstrasse", "avenue montaigne"); empty when unknown. */
  readonly street: string;
  /** The street without type and glue words, spaces removed ("gruner", "montaigne"); empty when none. */
  readonly core: string;
  readonly number?: HouseNumber;
  /** Upper-case, no spaces; undefined when absent. */
  readonly postalCode?: string;
  /**
   * True when the street was read in a script the matcher transliterates faithfully (Latin, Greek,
   * Cyrillic). A street in Japanese or Thai against its English form cannot be compared, so it is no
   * evidence either way.
   */
  readonly confident: boolean;
}

const SUFFIX_LETTER: Readonly<Record<string, string>> = { bis: 'b', ter: 'c', quater: 'd' };
/** "1-1-1", "2-7-2": Japanese (and Korean) block numbers, compared whole. */
const BLOCK_NUMBER = /(?<![a-z0-9])\d+(?:-\d+){2,}(?![a-z0-9])/;
/** "18", "18-20", "18 - 20", "31b", "31 bis", "12 B" at the end; never "44th", "2nd" or the "W" of "228 W 47th St". */
const HOUSE_NUMBER = /(?<![a-z0-9])(\d{1,5})(?:\s*-\s*(\d{1,5}))?(?:\s*(bis|ter|quater)|([a-z])|\s([a-z])$)?(?![a-z0-9])/g;
/** Number markers before a house number: "No. 5", "Nr. 5", "#5", "n° 5". */
const NUMBER_MARKER = /(?<![a-z])(?:no|nr|num|n)\s*(?=\d)/g;
/** "2nd floor", "3. etage", "10f": a floor written number first. */
const ORDINAL_FLOOR = /^\d+\s*(?:st|nd|rd|th|e|er|eme|o|a)?\s*(?:floor|fl|flr|etage|stock|og|piso|planta|piano|f)$/;
/** Saints open street names in most languages ("St Martin's Lane", "Rue Saint-Honoré"). */
const SAINTS = new Set(['st', 'saint', 'ste', 'sainte', 'sankt', 'san', 'santa', 'santo', 'sao', 'sant']);
const SAINT_ABBREVIATIONS: Readonly<Record<string, string>> = { st: 'saint', ste: 'sainte' };

export function normaliseAddress(address: PropertyAddress | undefined): NormalisedAddress {
  if (!address?.line) return { street: '', core: '', confident: false };
  const words = addressWordsFor(address.countryCode);
  const postalCode = address.postalCode?.toUpperCase().replace(/\s+/g, '') || undefined;
  const cityWords = address.city ? wordsOf(address.city).join(' ') : '';

  const segments = buildingNumbers(address.line, address.countryCode)
    .split(/[,;\n]+/)
    .map((segment) => ({ raw: segment, text: foldSegment(segment, address.postalCode) }))
    .filter(({ text }) => text.length > 0 && text !== cityWords && !isUnitOrFloor(text, words));

  // The street is the first segment with a house number at either end; a number standing alone belongs to
  // the segment before it ("Avenue Montaigne, 18-20"), or after it when first ("18-20, Avenue Montaigne").
  let street: { raw: string; text: string } | undefined;
  let number: HouseNumber | undefined;
  for (let index = 0; index < segments.length && !number; index += 1) {
    const segment = segments[index]!;
    const alone = wholeNumber(segment.text);
    if (alone) {
      number = alone;
      street = segments[index - 1] ?? segments[index + 1];
      continue;
    }
    const found = numberAtEdge(segment.text);
    if (found) {
      number = found.number;
      street = { raw: segment.raw, text: found.rest };
    }
  }
  street ??= segments[0];
  const streetWords = street ? canonicalStreet(street.text, words) : [];
  const core = streetCore(streetWords, words);
  return {
    street: streetWords.join(' '),
    core,
    ...(number ? { number } : {}),
    ...(postalCode ? { postalCode } : {}),
    confident: street !== undefined && core.length > 0 && isTransliterable(street.raw),
  };
}

/** Whether two house numbers can be one building: equal, or overlapping ranges with no suffix clash. */
export function compareHouseNumbers(a: HouseNumber, b: HouseNumber): 'same' | 'compatible' | 'different' {
  if (a.text === b.text) return 'same';
  if (a.from < 0 || b.from < 0) return 'different';
  if (a.to < b.from || b.to < a.from) return 'different';
  if (a.suffix && b.suffix && a.suffix !== b.suffix) return 'different';
  // "31" and "31 bis" are often neighbours; "18" and "18-20" one building with two doors.
  return a.suffix !== b.suffix ? 'compatible' : 'same';
}

/** Countries whose "1080/1" is the land-register number, then the street number (Czech, Slovak). */
const STREET_NUMBER_SECOND = new Set(['CZ', 'SK']);

/**
 * "15/1" is building 15 on a corner plot 1 in Moscow, but land-register number 1080, street number 1 in
 * Prague: only the street number is kept, so that "U Obecního domu 1" and "U Obecniho domu 1080/1" agree.
 */
function buildingNumbers(line: string, countryCode: string | undefined): string {
  const second = STREET_NUMBER_SECOND.has(countryCode?.toUpperCase() ?? '');
  return line.replace(/(\d+[a-zA-Z]?)\s*\/\s*(\d+[a-zA-Z]?)/g, (_, first: string, other: string) => (second ? other : first));
}

/** Lower-case ASCII with the postal code and number markers taken out; "-" kept between digits. */
function foldSegment(segment: string, postalCode: string | undefined): string {
  let text = segment;
  if (postalCode) text = text.replace(postalCode, ' ');
  // Greek "ου" is romanised "ou" on every street sign; any-ascii's letter-by-letter "oy" would not agree.
  text = text.replace(/ο[υύ]/g, 'ou').replace(/Ο[υύ]/g, 'Ou').replace(/ΟΥ/g, 'OU');
  return (
    anyAscii(text)
      .toLowerCase()
      .replace(/['’`]/g, '')
      // Scripts written without spaces run the street into its number ("...naisaiwaicho1-1-1").
      .replace(/([a-z])(?=\d)/g, '$1 ')
      .replace(/(\d)\s*[-–‐]\s*(?=\d)/g, '$1~')
      .split(/[^a-z0-9~#]+/)
      .filter((word) => word.length > 0)
      .join(' ')
      .replace(/~/g, '-')
      .replace(NUMBER_MARKER, '')
      .replace(/#\s*/g, '')
      .trim()
  );
}

function isUnitOrFloor(text: string, words: CountryAddressWords): boolean {
  if (ORDINAL_FLOOR.test(text)) return true;
  const parts = text.split(' ');
  // "Suite 200", "Floor 3", "Piso 2", "Apt 4B": a unit word and its designator, nothing else.
  return parts.length === 2 && words.unitWords.has(parts[0]!) && /^(?:\d+[a-z]?|[a-z])$/.test(parts[1]!);
}

function wholeNumber(text: string): HouseNumber | undefined {
  if (BLOCK_NUMBER.test(text) && text.replace(BLOCK_NUMBER, '').trim() === '') return blockNumber(text.trim());
  HOUSE_NUMBER.lastIndex = 0;
  const match = HOUSE_NUMBER.exec(text);
  return match && match.index === 0 && match[0].length === text.length ? houseNumber(match) : undefined;
}

function numberAtEdge(text: string): { number: HouseNumber; rest: string } | undefined {
  const block = BLOCK_NUMBER.exec(text);
  if (block)
    return { number: blockNumber(block[0]), rest: (text.slice(0, block.index) + text.slice(block.index + block[0].length)).trim() };
  HOUSE_NUMBER.lastIndex = 0;
  const matches = [...text.matchAll(HOUSE_NUMBER)];
  const first = matches[0];
  const last = matches.at(-1);
  if (first && first.index === 0 && first[0].length < text.length)
    return { number: houseNumber(first), rest: text.slice(first[0].length).trim() };
  if (last && last.index! > 0 && last.index! + last[0].length === text.length)
    return { number: houseNumber(last), rest: text.slice(0, last.index).trim() };
  return undefined;
}

function houseNumber(match: RegExpExecArray | RegExpMatchArray): HouseNumber {
  const from = Number(match[1]);
  const second = match[2] !== undefined ? Number(match[2]) : undefined;
  // "18-20" is a range; "120-4" is not a range downwards but a building and its door: keep the first.
  const to = second !== undefined && second > from ? second : from;
  const raw = match[3] ?? match[4] ?? match[5] ?? '';
  const suffix = SUFFIX_LETTER[raw] ?? raw;
  return { text: `${from}${to !== from ? `-${to}` : ''}${suffix}`, from, to, suffix };
}

function blockNumber(text: string): HouseNumber {
  return { text, from: -1, to: -1, suffix: '' };
}

/** Street words with types canonical and glued abbreviations expanded ("grunerstr" → "grunerstrasse"). */
function canonicalStreet(text: string, words: CountryAddressWords): string[] {
  const out: string[] = [];
  const all = text.split(/[\s-]+/).filter((word) => word.length > 0 && !/^\d+-/.test(word));
  for (const [index, word] of all.entries()) {
    // "St" opening a street, or after its type, is a saint ("St Martin's Lane", "Rue St-Honoré");
    // elsewhere it is the type ("King St West").
    if (SAINTS.has(word) && index < all.length - 1 && (index === 0 || words.streetType.has(all[index - 1]!))) {
      out.push(SAINT_ABBREVIATIONS[word] ?? word);
      continue;
    }
    const type = words.streetType.get(word);
    if (type) {
      out.push(type);
      continue;
    }
    const glued = words.gluedSuffixes.find(([form]) => word.length > form.length + 2 && word.endsWith(form));
    out.push(glued ? word.slice(0, -glued[0].length) + glued[1] : word);
  }
  return out;
}

/** The street's own words; "Via del Corso" keeps "corso", a type word that is all the name it has. */
function streetCore(streetWords: readonly string[], words: CountryAddressWords): string {
  const own = streetWords.filter((word, index) => !isType(word, index, streetWords, words) && !words.glueWords.has(word));
  if (own.length > 0) return own.join('');
  const closing = streetWords.at(-1);
  return closing !== undefined && streetWords.length > 1 ? closing : streetWords.join('');
}

/**
 * Type words open or close a street ("Rue ...", "... Road", "C/ Carrera de San Jerónimo": a supplier's type
 * before the street's own); "St" opening a street is a saint. A street that is nothing but types keeps them.
 */
function isType(word: string, index: number, all: readonly string[], words: CountryAddressWords): boolean {
  if (all.length === 1 || !words.streetType.has(word) || SAINTS.has(word)) return false;
  let opening = 0;
  while (opening < all.length && words.streetType.has(all[opening]!) && !SAINTS.has(all[opening]!)) opening += 1;
  if (opening === all.length) return false;
  return index < opening || index === all.length - 1;
}
