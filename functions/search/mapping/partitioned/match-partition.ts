/**
 * One partition's matching: the matcher of match-properties.ts over the partition's own properties and
 * those of its neighbours that can pair with them (halo and guests), scored with the token weights of the
 * whole catalogue, so every pair it scores scores as in one run over everything.
 *
 * Clustering depends on a component of the match graph (pairs at or above the threshold) as a whole. A
 * component made only of the partition's own properties is complete here (every pair of an own property is
 * scored here), so it is clustered here, exactly as one run over everything would. A component that reaches
 * a neighbour's property is open: its pairs and members go to the settle step, which joins the open
 * components of every partition into whole ones and clusters those (settle-boundary.ts).
 */
import { compareRefs } from '../../../domain/property/supplier-ref.js';
import { candidatePairs } from '../candidate-pairs.js';
import { clusterPairs, type ScoredPair } from '../clustering.js';
import { matchProfile, type MatchInput, type MatchProfile } from '../match-profile.js';
import { MATCH_THRESHOLD, scorePair } from '../pair-score.js';
import type { TokenWeight } from '../token-weights.js';

export interface PartitionMatchInput<T extends MatchInput> {
  /** The partition's own properties. */
  readonly home: readonly T[];
  /** Neighbours' properties that can pair with an own one (halo by position, guests by key). */
  readonly others: readonly MatchInput[];
  /** Weights over the whole catalogue. */
  readonly weight: TokenWeight;
  /** A key block's size over the whole catalogue, where it differs from what is here (undefined: count here). */
  readonly keyBlockSize: (key: string) => number | undefined;
  readonly threshold?: number;
}

/** A pair at or above the threshold, by ref keys (a < b), with its score. */
export type MatchedPair = readonly [a: string, b: string, score: number];

export interface OpenComponent {
  /** Every member, own or neighbour, as the matcher reads it. */
  readonly members: readonly MatchInput[];
  /** Every pair at or above the threshold among them that this partition scored. */
  readonly pairs: readonly MatchedPair[];
}

export interface PartitionMatchResult<T extends MatchInput> {
  /** Clusters of own properties only, as match-properties.ts orders them. */
  readonly clusters: readonly (readonly T[])[];
  readonly open: readonly OpenComponent[];
  readonly candidatePairs: number;
  readonly matchedPairs: number;
}

export function matchPartition<T extends MatchInput>(input: PartitionMatchInput<T>): PartitionMatchResult<T> {
  const threshold = input.threshold ?? MATCH_THRESHOLD;
  const items: { readonly item: MatchInput; readonly home: boolean }[] = [
    ...input.home.map((item) => ({ item, home: true })),
    ...input.others.map((item) => ({ item, home: false })),
  ].sort((x, y) => compareRefs(x.item, y.item));
  const profiles = items.map(({ item }) => matchProfile(item));
  const isHome = (index: number): boolean => items[index]!.home;
  const score = (a: number, b: number): number => scorePair(profiles[a]!, profiles[b]!, input.weight).score;

  const pairs: ScoredPair[] = candidatePairs(profiles, { isHome, keyBlockSize: input.keyBlockSize }).map(([a, b]) => ({
    a,
    b,
    score: score(a, b),
  }));
  const matched = pairs.filter((pair) => pair.score >= threshold);

  // Components of the match graph; open when one member is a neighbour's.
  const root = Array.from({ length: items.length }, (_, index) => index);
  const find = (index: number): number => {
    let at = index;
    while (root[at] !== at) {
      root[at] = root[root[at]!]!;
      at = root[at]!;
    }
    return at;
  };
  for (const pair of matched) root[find(pair.a)] = find(pair.b);
  const openRoots = new Set<number>();
  items.forEach((entry, index) => {
    if (!entry.home) openRoots.add(find(index));
  });

  // Closed: the own properties outside open components, clustered here.
  const closed = items.flatMap((entry, index) => (entry.home && !openRoots.has(find(index)) ? [index] : []));
  const local = new Map(closed.map((index, position) => [index, position]));
  const closedPairs = matched.flatMap((pair) =>
    local.has(pair.a) && local.has(pair.b) ? [{ a: local.get(pair.a)!, b: local.get(pair.b)!, score: pair.score }] : [],
  );
  const groups = clusterPairs(closed.length, closedPairs, threshold, {
    supplierOf: (position) => profiles[closed[position]!]!.supplierId,
    keyOf: (position) => profiles[closed[position]!]!.ref,
    score: (x, y) => score(closed[x]!, closed[y]!),
  });
  const clusters = groups
    .map((group) => group.sort((x, y) => x - y).map((position) => items[closed[position]!]!.item as T))
    .sort((x, y) => compareRefs(x[0]!, y[0]!));

  const open = new Map<number, { members: MatchInput[]; pairs: MatchedPair[] }>();
  items.forEach((entry, index) => {
    const at = find(index);
    if (!openRoots.has(at)) return;
    const component = open.get(at) ?? { members: [], pairs: [] };
    component.members.push(entry.item);
    open.set(at, component);
  });
  for (const pair of matched) {
    const component = open.get(find(pair.a));
    if (component) component.pairs.push(matchedPair(profiles[pair.a]!, profiles[pair.b]!, pair.score));
  }
  // Neighbours alone (no own property in their component) are their own partitions' business.
  const openComponents = [...open.values()].filter((component) => component.pairs.length > 0);

  return { clusters, open: openComponents, candidatePairs: pairs.length, matchedPairs: matched.length };
}

function matchedPair(a: MatchProfile, b: MatchProfile, score: number): MatchedPair {
  return a.ref < b.ref ? [a.ref, b.ref, score] : [b.ref, a.ref, score];
}
