/**
 * How well a place matches what was typed, as a rank (lower is better), and the order of an answer:
 * by that rank, then by size, then by name. The search index finds the candidates (prefixes of words, one
 * typo in a word of five letters or more); this says which of them a person meant.
 *
 *  0  a name or the code is what was typed ("par" is PAR; "munchen" is one of Munich's names)
 *  1  every word typed is a whole word of its own name, its whereabouts added ("heathrow" is London
 *     Heathrow Airport as much as Heathrow Palace Hotel, and the bigger comes first; "adlon berlin")
 *  2  its own name starts with what was typed ("pari" → Paris, "par" → Parma)
 *  3  every word typed starts a word of its own name or whereabouts ("charles de gaul")
 *  4  one of its other names starts with what was typed, or has words so started ("lute" → Paris's Lutetia)
 *  5  every word typed starts a word of its own name or is one typo from a word of it ("barcelna")
 *  6  found only through a typo in one of its other names, or through some of the words typed
 */
import { distance } from 'fastest-levenshtein';
import type { Place } from './place.js';

/** One typo (an edit) in a word of this many letters or more; fewer letters must be typed right. */
export const TYPO_MIN_LETTERS = 5;

export const MATCH_RANKS = { exact: 0, words: 1, prefix: 2, wordStarts: 3, other: 4, typo: 5, weak: 6 } as const;

export function matchRank(place: Place, folded: string, otherScript: boolean): number {
  if (place.kind !== 'property' && place.id.toLowerCase() === folded) return MATCH_RANKS.exact;
  const typed = folded.split(' ');
  const names = otherScript ? [...place.names, ...place.scriptNames] : place.names;
  let best: number = MATCH_RANKS.weak;
  names.forEach((name, index) => {
    if (name === folded) {
      best = MATCH_RANKS.exact;
      return;
    }
    if (index > 0) {
      if (best > MATCH_RANKS.other && (name.startsWith(folded) || matchesWords(name, typed, 'start'))) best = MATCH_RANKS.other;
      return;
    }
    const words = `${name} ${place.where}`;
    if (matchesWords(words, typed, 'whole')) best = Math.min(best, MATCH_RANKS.words);
    else if (name.startsWith(folded)) best = Math.min(best, MATCH_RANKS.prefix);
    else if (matchesWords(words, typed, 'start')) best = Math.min(best, MATCH_RANKS.wordStarts);
    else if (matchesWords(words, typed, 'typo')) best = Math.min(best, MATCH_RANKS.typo);
  });
  return best;
}

/**
 * Every word typed matches a distinct word of the text: is it (`whole`), starts it (`start`), or starts it
 * or is one typo from it (`typo`).
 */
function matchesWords(text: string, typed: readonly string[], how: 'whole' | 'start' | 'typo'): boolean {
  const words = text.split(' ');
  const used = new Set<number>();
  for (const word of typed) {
    const at = words.findIndex((candidate, index) => {
      if (used.has(index)) return false;
      if (how === 'whole') return candidate === word;
      return candidate.startsWith(word) || (how === 'typo' && word.length >= TYPO_MIN_LETTERS && distance(candidate, word) <= 1);
    });
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
