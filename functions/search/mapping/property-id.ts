/**
 * Unified property ids: opaque, stable across searches and across re-runs of the mapping job.
 *
 * The rule:
 * 1. A cluster keeps the id its members already carry in the stored map (the id held by most of its
 *    members; on a tie the smallest id), unless another cluster of the same run claimed it first
 *    (clusters claim in the order of their smallest ref). So a hotel keeps its id when a supplier joins
 *    or leaves it, and when the matcher is retuned.
 * 2. Otherwise the id is minted from the cluster's lexicographically smallest supplier ref
 *    ("<supplierId>:<supplierPropertyId>"): `prop_` + the first 20 hex digits of SHA-256 of that ref.
 *    A re-run over the same content gives the same clusters, so the same ids even with an empty map,
 *    and a supplier property matched on the fly (no cluster yet) gets the id the job would mint for it.
 * 3. Should a minted id already be taken in the run (its ref's id lives on in a split cluster), the next
 *    ref of the cluster is tried, then the smallest ref with a counter.
 */
import { hash } from 'node:crypto';
import { compareRefs, refKey, type SupplierRef } from '../../domain/property/supplier-ref.js';

export function mintPropertyId(ref: SupplierRef, attempt = 0): string {
  const seed = attempt === 0 ? refKey(ref) : `${refKey(ref)}#${attempt}`;
  // The one-shot hash: a map run mints millions of these, and a Hash object per id costs more than the digest.
  return `prop_${hash('sha256', seed, 'hex').slice(0, 20)}`;
}

/**
 * Ids for clusters, in the clusters' order. `previous` maps ref keys to the ids they had. `reserved` ids
 * are not given to any cluster (the partitioned job's partitions left as they were this run keep theirs).
 */
export function assignPropertyIds(
  clusters: readonly (readonly SupplierRef[])[],
  previous: ReadonlyMap<string, string>,
  reserved: ReadonlySet<string> = new Set(),
): string[] {
  const order = clusters
    .map((members, index) => ({ members: [...members].sort(compareRefs), index }))
    .sort((x, y) => compareRefs(x.members[0]!, y.members[0]!));
  const taken = new Set<string>(reserved);
  const ids: string[] = new Array<string>(clusters.length);
  for (const { members, index } of order) {
    const id = keptId(members, previous, taken) ?? mintedId(members, taken);
    taken.add(id);
    ids[index] = id;
  }
  return ids;
}

function keptId(members: readonly SupplierRef[], previous: ReadonlyMap<string, string>, taken: ReadonlySet<string>): string | undefined {
  const votes = new Map<string, number>();
  for (const member of members) {
    const id = previous.get(refKey(member));
    if (id && !taken.has(id)) votes.set(id, (votes.get(id) ?? 0) + 1);
  }
  return [...votes].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0]?.[0];
}

function mintedId(members: readonly SupplierRef[], taken: ReadonlySet<string>): string {
  for (const member of members) {
    const id = mintPropertyId(member);
    if (!taken.has(id)) return id;
  }
  for (let attempt = 1; ; attempt += 1) {
    const id = mintPropertyId(members[0]!, attempt);
    if (!taken.has(id)) return id;
  }
}
