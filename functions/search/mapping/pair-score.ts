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
 */
import { distance as editDistance } from 'fastest-levenshtein';
import { greatCircleDistance, UNITS } from 'h3-js';
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
} as const;

export interface PairEvidence {
  readonly score: number;
  readonly distanceMetres?: number;
  readonly name?: number;
  readonly parts: Readonly<Record<string, number>>;
}

export function scorePair(a: MatchProfile, b: MatchProfile, weight: TokenWeight = uniformTokenWeight): PairEvidence {
  const parts: Record<string, number> = {};

  if (a.phone && b.phone) parts.phone = samePhone(a.phone, b.phone) ? WEIGHTS.phoneSame : WEIGHTS.phoneDifferent;
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

  if (a.stars !== undefined && b.stars !== undefined) {
    const apart = Math.abs(a.stars - b.stars);
    parts.stars = apart === 0 ? WEIGHTS.starsSame : apart === 1 ? WEIGHTS.starsOffByOne : apart === 2 ? WEIGHTS.starsTwoApart : WEIGHTS.starsFarApart;
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
  if (!a.address.street || !b.address.street) return 0;
  if (!sameStreet(a.address.street, b.address.street)) return WEIGHTS.streetDifferent;
  if (a.address.number && b.address.number) {
    return a.address.number === b.address.number ? WEIGHTS.streetAndNumberSame : WEIGHTS.numberDifferent;
  }
  return 0;
}

/** Spelling variants of one street ("Karl-Marx-Allee" / "Karl Marx Allee", a typo) count as the same. */
function sameStreet(a: string, b: string): boolean {
  if (a === b) return true;
  const compactA = a.replace(/ /g, '');
  const compactB = b.replace(/ /g, '');
  if (compactA === compactB) return true;
  const longest = Math.max(compactA.length, compactB.length);
  return longest >= 8 && editDistance(compactA, compactB) / longest <= 0.12;
}

/** Equal, or one the other without its country or trunk prefix. */
function samePhone(a: string, b: string): boolean {
  if (a === b) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return shorter.length >= 8 && longer.endsWith(shorter.replace(/^0+/, ''));
}
