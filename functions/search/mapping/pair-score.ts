/**
 * How strongly the evidence says two supplier properties are one hotel: a sum of log-odds-like weights,
 * one per signal (Fellegi–Sunter style), so each trap is answered by the signals that still hold:
 *
 * - same brand at several addresses in one city: the shared brand token weighs little (token weights),
 *   and street, number and position disagree;
 * - two hotels in one building (same address and coordinates): the names disagree, and so do the phones
 *   when present; place alone does not reach the threshold;
 * - a name in a non-Latin script: name disagreement is not held against the pair; address, position and
 *   phone decide;
 * - a renamed hotel shown under its previous name: place agrees and the phone matches;
 * - coordinates kilometres off: street, number, name and phone still agree, and they outweigh the distance.
 *
 * Evidence counts against a pair only when both sides were read with confidence: a phone that could not
 * be read as a number of its country, or a street in a script that does not transliterate, says nothing.
 * And identical names within about 50 m in one postal code are one hotel unless the phones disagree.
 */
import { distance as editDistance } from 'fastest-levenshtein';
import { greatCircleDistance, UNITS } from 'h3-js';
import { compareHouseNumbers } from './address-normalisation.js';
import type { MatchProfile } from './match-profile.js';
import { nameSimilarity } from './name-similarity.js';
import { uniformTokenWeight, type TokenWeight } from './token-weights.js';

/** A pair at or above this score is a match candidate for clustering. */
export const MATCH_THRESHOLD = 4;

export const WEIGHTS = {
  phoneSame: 6,
  phoneDifferent: -3,
  emailSame: 1,
  emailDifferent: -0.5,
  streetAndNumberSame: 3.5,
  // "18" and "18-20", "31" and "31 bis": one building with two doors, or next door.
  streetAndNumberCompatible: 1.5,
  // Streets not comparable (one in Japanese), the same block number ("1-1-1") still says something.
  numberOnlySame: 1.5,
  numberDifferent: -2.5,
  streetDifferent: -2,
  postalSame: 0.5,
  // Postal codes of one building agree once normalised; two that differ point at two buildings.
  postalDifferent: -1.5,
  starsSame: 0.3,
  starsOffByOne: -0.3,
  // Each supplier may be one off, in opposite directions.
  starsTwoApart: -1,
  starsFarApart: -2.5,
  identicalNameNearby: 4,
} as const;

/** Identical names this close, in one postal code, are one hotel. */
const IDENTICAL_NAME_METRES = 50;

export interface PairEvidence {
  readonly score: number;
  readonly distanceMetres?: number;
  readonly name?: number;
  readonly parts: Readonly<Record<string, number>>;
}

export function scorePair(a: MatchProfile, b: MatchProfile, weight: TokenWeight = uniformTokenWeight): PairEvidence {
  const parts: Record<string, number> = {};

  let phonesDisagree = false;
  if (a.phone && b.phone) {
    if (samePhone(a.phone.e164, b.phone.e164)) parts.phone = WEIGHTS.phoneSame;
    else if (a.phone.confident && b.phone.confident) {
      parts.phone = WEIGHTS.phoneDifferent;
      phonesDisagree = true;
    }
  }
  if (a.email && b.email) parts.email = a.email === b.email ? WEIGHTS.emailSame : WEIGHTS.emailDifferent;

  let metres: number | undefined;
  if (a.geo && b.geo) {
    metres = greatCircleDistance([a.geo.lat, a.geo.lng], [b.geo.lat, b.geo.lng], UNITS.m);
    parts.geo = distanceEvidence(metres);
  }

  const address = addressEvidence(a, b);
  if (address !== 0) parts.address = address;
  if (a.address.postalCode && b.address.postalCode) {
    parts.postal = a.address.postalCode === b.address.postalCode ? WEIGHTS.postalSame : WEIGHTS.postalDifferent;
  }

  const similarity = nameSimilarity(a.nameTokens, b.nameTokens, weight);
  let name: number | undefined;
  if (similarity) {
    name = 0.6 * similarity.containment + 0.4 * similarity.dice;
    parts.name = a.nonLatinScript || b.nonLatinScript ? Math.max(0, nameEvidence(name)) : nameEvidence(name);
  }

  if (
    !phonesDisagree &&
    metres !== undefined &&
    metres <= IDENTICAL_NAME_METRES &&
    a.address.postalCode !== undefined &&
    a.address.postalCode === b.address.postalCode &&
    a.nameTokens.length > 0 &&
    sameTokens(a.nameTokens, b.nameTokens)
  ) {
    parts.identicalName = WEIGHTS.identicalNameNearby;
  }

  if (a.stars !== undefined && b.stars !== undefined) {
    const apart = Math.abs(a.stars - b.stars);
    parts.stars =
      apart === 0 ? WEIGHTS.starsSame : apart === 1 ? WEIGHTS.starsOffByOne : apart === 2 ? WEIGHTS.starsTwoApart : WEIGHTS.starsFarApart;
  }

  let score = 0;
  for (const value of Object.values(parts)) score += value;
  return { score, parts, ...(metres !== undefined ? { distanceMetres: metres } : {}), ...(name !== undefined ? { name } : {}) };
}

/** One hotel's coordinates at two suppliers: usually within a few hundred metres; a wrong geocode is km off. */
function distanceEvidence(metres: number): number {
  if (metres <= 75) return 2;
  if (metres <= 200) return 1.5;
  if (metres <= 400) return 0.5;
  if (metres <= 800) return -1;
  // A wrong geocode (2–3 % of a supplier's catalogue) lands up to ~5 km away; street, number and name
  // agreeing still outweigh it, but place alone no longer counts.
  // Both suppliers may be off: up to ~10 km apart.
  if (metres <= 10_000) return -1.5;
  return -6;
}

function nameEvidence(similarity: number): number {
  if (similarity >= 0.95) return 3;
  if (similarity >= 0.8) return 2;
  if (similarity >= 0.6) return 0.5;
  // A shared word or two ("Plaza", a district) is what two hotels in one building often have in common:
  // it must not let the shared address carry the pair.
  if (similarity >= 0.4) return -2.5;
  return -3.5;
}

function addressEvidence(a: MatchProfile, b: MatchProfile): number {
  const numbers = a.address.number && b.address.number ? compareHouseNumbers(a.address.number, b.address.number) : undefined;
  if (!a.address.confident || !b.address.confident) return numbers === 'same' ? WEIGHTS.numberOnlySame : 0;
  if (!sameStreet(a.address, b.address)) return WEIGHTS.streetDifferent;
  if (numbers === 'same') return WEIGHTS.streetAndNumberSame;
  if (numbers === 'compatible') return WEIGHTS.streetAndNumberCompatible;
  return numbers === 'different' ? WEIGHTS.numberDifferent : 0;
}

/**
 * One street whatever its type word ("Grunerstraße" / "Gruner Str.", "Tverskaya ulitsa" / "Tverskaya
 * Street"), and spelling variants ("Karl-Marx-Allee" / "Karl Marx Allee", a transliteration, a typo).
 */
function sameStreet(a: MatchProfile['address'], b: MatchProfile['address']): boolean {
  if (a.street === b.street || a.core === b.core) return true;
  const compactA = a.street.replace(/ /g, '');
  const compactB = b.street.replace(/ /g, '');
  if (compactA === compactB) return true;
  if (nearlyEqual(a.core, b.core) || nearlyEqual(compactA, compactB)) return true;
  // An abbreviated name ("O.Z. Voorburgwal", "Via V. Veneto", "Rua 1º de Dezembro") is read with less
  // confidence: its longest word standing in the other street is enough.
  if (!abbreviated(a.street) && !abbreviated(b.street)) return false;
  const longest = longestWord(a.street).length >= longestWord(b.street).length ? longestWord(a.street) : longestWord(b.street);
  return longest.length >= 5 && ` ${a.street} `.includes(` ${longest} `) && ` ${b.street} `.includes(` ${longest} `);
}

function abbreviated(street: string): boolean {
  return street.split(' ').some((word) => word.length === 1 || /\d/.test(word));
}

function longestWord(street: string): string {
  let longest = '';
  for (const word of street.split(' ')) if (word.length > longest.length && !/\d/.test(word)) longest = word;
  return longest;
}

function nearlyEqual(a: string, b: string): boolean {
  const longest = Math.max(a.length, b.length);
  return longest >= 8 && editDistance(a, b) / longest <= 0.12;
}

function sameTokens(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const sorted = [...b].sort();
  return [...a].sort().every((token, index) => token === sorted[index]);
}

/** Equal in E.164, or one the other read under another country code (a wrong country, the last 8 digits agree). */
function samePhone(a: string, b: string): boolean {
  return a === b || (a.length >= 9 && b.length >= 9 && a.slice(-8) === b.slice(-8));
}
