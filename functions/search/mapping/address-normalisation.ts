/**
 * Street addresses reduced to a street key and a house number. Suppliers order the parts differently
 * ("Belgrave Road, 21", "21 Belgrave Road", "Belgrave Road 21"), abbreviate ("Rd", "St", "Ave"), strip
 * diacritics and sometimes leave the postal code out; the building is the same.
 */
import type { PropertyAddress } from '../../suppliers/port.js';
import { wordsOf } from './name-normalisation.js';

export interface NormalisedAddress {
  /** Street words, abbreviations expanded, in order ("belgrave road"); empty when unknown. */
  readonly street: string;
  /** House number with its letter suffix ("21", "12a", "7bis"); undefined when the line has none. */
  readonly number?: string;
  /** Upper-case, no spaces; undefined when absent. */
  readonly postalCode?: string;
}

const STREET_ABBREVIATIONS: Readonly<Record<string, string>> = {
  st: 'street', str: 'strasse', rd: 'road', ave: 'avenue', av: 'avenue', avda: 'avenida', blvd: 'boulevard',
  bd: 'boulevard', sq: 'square', pl: 'place', ln: 'lane', dr: 'drive', hwy: 'highway', pkwy: 'parkway', ct: 'court',
  cres: 'crescent', ter: 'terrace', c: 'calle', cl: 'calle',
};

/** "21", "21a", "7bis"; ordinals such as "44th" belong to the street ("West 44th Street"). */
const HOUSE_NUMBER = /^\d+(?:[a-z]|bis|ter)?$/;

export function normaliseAddress(address: PropertyAddress | undefined): NormalisedAddress {
  if (!address) return { street: '' };
  const words = wordsOf(address.line).map((word) => STREET_ABBREVIATIONS[word] ?? word);
  // The house number is the first number-shaped word at either end of the line; a number inside the
  // street name (e.g. "Calle 26 de Julio") stays in the street.
  let number: string | undefined;
  if (words.length > 1 && HOUSE_NUMBER.test(words.at(-1)!)) number = words.pop();
  else if (words.length > 1 && HOUSE_NUMBER.test(words[0]!)) number = words.shift();
  const postalCode = address.postalCode?.toUpperCase().replace(/\s+/g, '');
  return { street: words.join(' '), ...(number ? { number } : {}), ...(postalCode ? { postalCode } : {}) };
}
