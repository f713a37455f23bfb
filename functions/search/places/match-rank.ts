/**
 * How well a place matches what was typed, as a rank (lower is better), and the order of an answer:
 * by that rank, then by size, then by name. The search index finds the candidates (prefixes of words, one
 * typo in a word of five letters or more); this says which of them a person meant.
 *
 *  0  a name or the code is what was typed ("par" is PAR; "munchen" is one of Munich's names)
 *  1  its own name starts with what was typed ("pari" → Paris, "paris" → Paris Orly Airport)
 *  2  one of its other names does ("par" → Barcelona's "Parcelona" comes after Parma)
 *  3  every word typed starts a word of its own name, its whereabouts added ("charles de gaulle",
 *     "adlon berlin")
 *  4  the same with one of its other names
 *  5  every word typed starts a word of its own name or is one typo from a word of it ("barcelna")
 *  6  found only through a typo in one of its other names
 */
import { distance } from 'fastest-levenshtein';
import type { Place } from './place.js';

/** One typo (an edit) in a word of this many letters or more; fewer letters must be typed right. */
export const TYPO_MIN_LETTERS = 5;

export const MATCH_RANKS = { exact: 0, prefix: 1, otherPrefix: 2, words: 3, otherWords: 4, typo: 5, otherTypo: 6 } as const;

export function matchRank(place: Place, folded: string, otherScript: boolean): number {
  if (place.kind !== 'property' && place.id.toLowerCase() === folded) return MATCH_RANKS.exact;
  const words = folded.split(' ');
  const names = otherScript ? [...place.names, ...place.scriptNames] : place.names;
  let best: number = MATCH_RANKS.otherTypo;
  names.forEach((name, index) => {
    const own = index === 0;
    if (name === folded) best = MATCH_RANKS.exact;
    else if (name.startsWith(folded)) best = Math.min(best, own ? MATCH_RANKS.prefix : MATCH_RANKS.otherPrefix);
    else if (best > MATCH_RANKS.words && startsWords(`${name} ${place.where}`, words, false))
      best = Math.min(best, own ? MATCH_RANKS.words : MATCH_RANKS.otherWords);
    else if (own && best > MATCH_RANKS.typo && startsWords(`${name} ${place.where}`, words, true)) best = MATCH_RANKS.typo;
  });
  return best;
}

/** Every word typed is the start of a distinct word of the text (or, with `typo`, one edit from such a word). */
function startsWords(text: string, typed: readonly string[], typo: boolean): boolean {
  const words = text.split(' ');
  const used = new Set<number>();
  for (const word of typed) {
    const at = words.findIndex(
      (candidate, index) =>
        !used.has(index) && (candidate.startsWith(word) || (typo && word.length >= TYPO_MIN_LETTERS && distance(candidate, word) <= 1)),
    );
    if (at < 0) return false;
    used.add(at);
  }
  return true;
}

export interface RankedPlace {
  readonly place: Place;
  readonly rank: number;
}

export function compareRanked(a: RankedPlace, b: RankedPlace): number {
  return a.rank - b.rank || b.place.size - a.place.size || order(a.place.name, b.place.name) || order(a.place.id, b.place.id);
}

function order(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
