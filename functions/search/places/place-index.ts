/**
 * A search index over places (MiniSearch, chosen by measurement against FlexSearch, Fuse.js and Orama:
 * docs/benchmarks.md, "Type-ahead"). The index finds candidates: every word typed as a prefix of a word of
 * the place's names, code or whereabouts, all words required, one typo forgiven in a word of five letters
 * or more. match-rank.ts then orders them as a person means them.
 *
 * Text arrives folded (fold-text.ts) on both sides, so the index's own tokenizer only splits on spaces.
 * What keeps a keystroke cheap:
 * - Words in more than STOP_SHARE of the places' own names ("airport", "international", "hotel") are not
 *   indexed and not looked up: they would make every keystroke gather thousands of places. They still
 *   count in the match rank ("heathrow airport" ranks London Heathrow Airport above Heathrow Palace Hotel).
 * - Whereabouts are searched only beside another word ("adlon berlin"): "paris" alone would otherwise
 *   gather every Paris hotel to leave them out.
 * - One or two letters are not a search: the answer is the biggest places whose own name starts with them,
 *   worked out once per container and kept (SHORT_TEXT_LETTERS).
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { compareRanked, matchRank, TYPO_MIN_LETTERS, type RankedPlace } from './match-rank.js';
import type { Place } from './place.js';

/** A word in more of the places' own names than this share is left out of the index. */
export const STOP_SHARE = 0.1;
/** Below this many places, no word is common enough to leave out. */
const STOP_MIN_PLACES = 1_000;
/** Up to this many letters, a text is answered from the names' starts, not searched. */
export const SHORT_TEXT_LETTERS = 2;
/** Places kept for each short text. */
const SHORT_TEXT_ANSWERS = 50;
/**
 * Candidates ranked for an answer, the index's best first. The index's own score is weighted by size, so a
 * text that starts thousands of words ranks the big places among them, not all of them.
 */
export const MAX_CANDIDATES = 400;

interface IndexedPlace {
  readonly id: number;
  readonly name: string;
  readonly other: string;
  readonly script: string;
  readonly code: string;
  readonly where: string;
}

const ALL_FIELDS = ['name', 'other', 'script', 'code', 'where'];
const LATIN_FIELDS = ['name', 'other', 'code', 'where'];

export class PlaceIndex {
  private readonly index: MiniSearch<IndexedPlace>;
  private readonly stop: ReadonlySet<string>;
  private readonly short = new Map<string, readonly RankedPlace[]>();

  constructor(readonly places: readonly Place[]) {
    this.stop = commonWords(places);
    this.index = new MiniSearch<IndexedPlace>({
      fields: ALL_FIELDS,
      idField: 'id',
      tokenize: (text) => text.split(' '),
      processTerm: (term) => (term === '' || this.stop.has(term) ? null : term),
    });
    this.index.addAll(
      places.map((place, id) => ({
        id,
        name: place.names[0] ?? '',
        other: place.names.slice(1).join(' '),
        script: place.scriptNames.join(' '),
        code: place.kind === 'property' ? '' : place.id.toLowerCase(),
        where: place.where,
      })),
    );
  }

  /**
   * The places that match the folded query, each with its match rank, best first; `visible` leaves out
   * what the caller may not see. A place found by its whereabouts alone ("berlin" in every Berlin hotel)
   * is not a match: the words must reach its names or code.
   */
  find(folded: string, options: { otherScript: boolean; visible?: (place: Place) => boolean }): RankedPlace[] {
    if (folded === '') return [];
    const { visible, otherScript } = options;
    if (folded.length <= SHORT_TEXT_LETTERS && !folded.includes(' ')) {
      const answer = this.shortText(folded);
      return visible ? answer.filter((ranked) => visible(ranked.place)) : [...answer];
    }
    const fields = (otherScript ? ALL_FIELDS : LATIN_FIELDS).filter((field) => field !== 'where' || folded.includes(' '));
    const results = this.index.search(folded, {
      fields,
      // A last word of one letter ("hotel p") is taken as typed, not as the start of every word with it.
      prefix: (term) => term.length > 1,
      fuzzy: (term) => (term.length >= TYPO_MIN_LETTERS ? 1 : false),
      combineWith: 'AND',
      boostDocument: (id) => 1 + Math.log10(1 + this.places[id as number]!.size),
      filter: (result) => reachesName(result) && (!visible || visible(this.places[result.id as number]!)),
    });
    return results
      .slice(0, MAX_CANDIDATES)
      .map((result) => {
        const place = this.places[result.id as number]!;
        return { place, rank: matchRank(place, folded, otherScript) };
      })
      .sort(compareRanked);
  }

  /** The biggest places whose own name starts with one or two letters, kept once worked out. */
  private shortText(folded: string): readonly RankedPlace[] {
    let answer = this.short.get(folded);
    if (!answer) {
      answer = this.places
        .filter((place) => place.names[0]?.startsWith(folded))
        .map((place) => ({ place, rank: matchRank(place, folded, false) }))
        .sort(compareRanked)
        .slice(0, SHORT_TEXT_ANSWERS);
      this.short.set(folded, answer);
    }
    return answer;
  }
}

function reachesName(result: SearchResult): boolean {
  for (const fields of Object.values(result.match)) if (fields.some((field) => field !== 'where')) return true;
  return false;
}

/** The words of more than STOP_SHARE of the places' own names. */
function commonWords(places: readonly Place[]): Set<string> {
  const stop = new Set<string>();
  if (places.length < STOP_MIN_PLACES) return stop;
  const counts = new Map<string, number>();
  for (const place of places) for (const word of new Set((place.names[0] ?? '').split(' '))) counts.set(word, (counts.get(word) ?? 0) + 1);
  for (const [word, count] of counts) if (count > places.length * STOP_SHARE) stop.add(word);
  return stop;
}
