/**
 * A search index over places (MiniSearch, chosen by measurement against FlexSearch, Fuse.js and Orama:
 * docs/benchmarks.md, "Type-ahead"). The index finds candidates: every word typed as a prefix of a word of
 * the place's names, code or whereabouts, all words required, one typo forgiven in a word of five letters
 * or more. match-rank.ts then orders them as a person means them.
 *
 * Text arrives folded (fold-text.ts) on both sides, so the index's own tokenizer only splits on spaces and
 * its term processing is the identity.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { compareRanked, matchRank, TYPO_MIN_LETTERS, type RankedPlace } from './match-rank.js';
import type { Place } from './place.js';

interface IndexedPlace {
  readonly id: number;
  readonly name: string;
  readonly other: string;
  readonly script: string;
  readonly code: string;
  readonly where: string;
}

const FIELDS = ['name', 'other', 'script', 'code', 'where'] as const;
const LATIN_FIELDS = ['name', 'other', 'code', 'where'];
/** One letter says little: it is matched against names and codes only, not every other name of every place. */
const ONE_LETTER_FIELDS = ['name', 'code'];
/**
 * Candidates ranked for an answer, the index's best first. The index's own score is weighted by size, so a
 * short text that starts thousands of words ("a") ranks the big places among them, not all of them.
 */
export const MAX_CANDIDATES = 400;

export class PlaceIndex {
  private readonly index: MiniSearch<IndexedPlace>;

  constructor(readonly places: readonly Place[]) {
    this.index = new MiniSearch<IndexedPlace>({
      fields: [...FIELDS],
      idField: 'id',
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term || null,
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
    const results = this.index.search(folded, {
      fields: folded.length === 1 ? ONE_LETTER_FIELDS : otherScript ? [...FIELDS] : LATIN_FIELDS,
      prefix: true,
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
}

function reachesName(result: SearchResult): boolean {
  for (const fields of Object.values(result.match)) if (fields.some((field) => field !== 'where')) return true;
  return false;
}
