/**
 * The matcher: supplier properties in, clusters out (one per real hotel, at most one property per
 * supplier each). Pure: no I/O, same input → same clusters, whatever the input order.
 *
 * blocking (candidate-pairs.ts) → pair scores (pair-score.ts) → clustering (clustering.ts).
 */
import { compareRefs } from '../../domain/property/supplier-ref.js';
import { candidatePairs } from './candidate-pairs.js';
import { clusterPairs, type ScoredPair } from './clustering.js';
import { matchProfile, type MatchInput, type MatchProfile } from './match-profile.js';
import { MATCH_THRESHOLD, scorePair } from './pair-score.js';
import { inverseDocumentFrequency } from './token-weights.js';

export interface MatchOptions {
  /** Pair score needed to join; defaults to MATCH_THRESHOLD. */
  readonly threshold?: number;
}

export interface MatchResult<T extends MatchInput> {
  /** Each cluster's members ordered by ref; clusters ordered by their first ref. */
  readonly clusters: readonly (readonly T[])[];
  readonly candidatePairs: number;
  readonly matchedPairs: number;
}

export function matchProperties<T extends MatchInput>(properties: readonly T[], options: MatchOptions = {}): MatchResult<T> {
  // Sorting first makes the outcome independent of the order suppliers' pages arrived in.
  const items = [...properties].sort(compareRefs);
  const profiles = items.map(matchProfile);
  const weight = inverseDocumentFrequency(profiles.map((profile) => profile.nameTokens));
  const score = (a: number, b: number): number => scorePair(profiles[a]!, profiles[b]!, weight).score;

  const pairs: ScoredPair[] = candidatePairs(profiles).map(([a, b]) => ({ a, b, score: score(a, b) }));
  const threshold = options.threshold ?? MATCH_THRESHOLD;
  const groups = clusterPairs(items.length, pairs, threshold, {
    supplierOf: (index) => profiles[index]!.supplierId,
    keyOf: (index) => profiles[index]!.ref,
    score,
  });
  const clusters = groups
    .map((group) => group.sort((x, y) => x - y).map((index) => items[index]!))
    .sort((x, y) => compareRefs(x[0]!, y[0]!));
  return { clusters, candidatePairs: pairs.length, matchedPairs: pairs.filter((pair) => pair.score >= threshold).length };
}

export type { MatchProfile };
