/**
 * Scored pairs into clusters, one cluster per hotel, with AT MOST ONE property per supplier in a cluster
 * (a supplier lists a hotel once; two of its properties in one cluster means one of them is wrong).
 *
 * Greedy by descending score: the most certain pairs join first. Two clusters merge only if their
 * suppliers are disjoint and every cross pair clears LINK_FLOOR, so a property cannot slip into a cluster
 * through one good match while contradicting another member (complete-linkage check on merge).
 * Ties break on the refs, so the same input always gives the same clusters.
 */
export interface ScoredPair {
  readonly a: number;
  readonly b: number;
  readonly score: number;
}

export interface ClusterInput {
  /** Supplier of each item, by index. */
  readonly supplierOf: (index: number) => string;
  /** Stable identity of each item for tie-breaks (the ref key). */
  readonly keyOf: (index: number) => string;
  /** Score of any two items, for the linkage check (pairs not in `pairs` are scored on demand). */
  readonly score: (a: number, b: number) => number;
}

/** Below this, two members contradict each other too much to share a cluster. */
export const LINK_FLOOR = 0;

export function clusterPairs(count: number, pairs: readonly ScoredPair[], threshold: number, input: ClusterInput): number[][] {
  const clusterOf = Array.from({ length: count }, (_, index) => index);
  const members = new Map<number, number[]>(Array.from({ length: count }, (_, index) => [index, [index]]));
  const ordered = pairs
    .filter((pair) => pair.score >= threshold)
    .map((pair) => ({ pair, tie: tieKey(pair, input) }))
    .sort((x, y) => y.pair.score - x.pair.score || (x.tie < y.tie ? -1 : x.tie > y.tie ? 1 : 0))
    .map(({ pair }) => pair);

  for (const pair of ordered) {
    const left = clusterOf[pair.a]!;
    const right = clusterOf[pair.b]!;
    if (left === right) continue;
    const leftMembers = members.get(left)!;
    const rightMembers = members.get(right)!;
    if (!canMerge(leftMembers, rightMembers, input)) continue;
    const [keep, absorb] = leftMembers.length >= rightMembers.length ? [left, right] : [right, left];
    const absorbed = members.get(absorb)!;
    members.get(keep)!.push(...absorbed);
    for (const index of absorbed) clusterOf[index] = keep;
    members.delete(absorb);
  }
  return [...members.values()];
}

function canMerge(left: readonly number[], right: readonly number[], input: ClusterInput): boolean {
  const suppliers = new Set(left.map(input.supplierOf));
  if (right.some((index) => suppliers.has(input.supplierOf(index)))) return false;
  if (left.length === 1 && right.length === 1) return true;
  return left.every((x) => right.every((y) => input.score(x, y) >= LINK_FLOOR));
}

function tieKey(pair: ScoredPair, input: ClusterInput): string {
  const [first, second] = [input.keyOf(pair.a), input.keyOf(pair.b)].sort();
  return `${first}|${second}`;
}
