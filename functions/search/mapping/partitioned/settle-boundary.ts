/**
 * The settle step's clustering: the open components of every partition (match-partition.ts) joined into
 * whole components of the match graph, then clustered as one run over everything would cluster them.
 *
 * A pair at or above the threshold has at least one member at home in some partition, and that partition
 * scores every pair of its own properties; so the pairs the partitions report, put together, are every pair
 * of the joined components, and the clusters here are the clusters of one run over everything.
 */
import { compareRefs, refKey } from '../../../domain/property/supplier-ref.js';
import { clusterPairs, type ScoredPair } from '../clustering.js';
import { matchProfile, type MatchInput } from '../match-profile.js';
import { MATCH_THRESHOLD, scorePair } from '../pair-score.js';
import type { TokenWeight } from '../token-weights.js';
import type { OpenComponent } from './match-partition.js';

export function clusterOpenComponents(
  components: Iterable<OpenComponent>,
  weight: TokenWeight,
  threshold = MATCH_THRESHOLD,
): MatchInput[][] {
  const members = new Map<string, MatchInput>();
  const pairs = new Map<string, ScoredPairByRef>();
  for (const component of components) {
    for (const member of component.members) members.set(refKey(member), member);
    for (const [a, b, score] of component.pairs) pairs.set(`${a}\n${b}`, { a, b, score });
  }
  const items = [...members.values()].sort(compareRefs);
  const indexOf = new Map(items.map((item, index) => [refKey(item), index]));
  const profiles = items.map(matchProfile);
  const scored: ScoredPair[] = [...pairs.values()].map((pair) => ({ a: indexOf.get(pair.a)!, b: indexOf.get(pair.b)!, score: pair.score }));
  const groups = clusterPairs(items.length, scored, threshold, {
    supplierOf: (index) => profiles[index]!.supplierId,
    keyOf: (index) => profiles[index]!.ref,
    score: (a, b) => scorePair(profiles[a]!, profiles[b]!, weight).score,
  });
  return groups.map((group) => group.sort((x, y) => x - y).map((index) => items[index]!)).sort((x, y) => compareRefs(x[0]!, y[0]!));
}

interface ScoredPairByRef {
  readonly a: string;
  readonly b: string;
  readonly score: number;
}
