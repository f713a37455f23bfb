/**
 * The one step that sees the whole map, and only as ids, a partition at a time: the partitions' open
 * components joined and clustered (settle-boundary.ts), then every cluster's id by the rule of property-id.ts,
 * and the ids no cluster carries any more retired in favour of the one that took their refs. Each partition
 * gets the ids of its own properties, the clusters across partitions it writes (those whose first member is
 * its own) and whether anything it writes changed.
 *
 * It holds no partition but the one it reads. Up to three readings of the partitions' matches: the first
 * notes every cluster's candidate ids (id-claims.ts) and keeps the open components; the second, of only the
 * partitions that named a contested id, keeps the few clusters whose candidates another shares, which are
 * given their ids by the rule itself, in its order; the third gives every other cluster the id it would take
 * alone and writes each partition's ids. What it keeps is the open components, the boundary clusters and 12
 * bytes per candidate id (its number and partition), so 3 × 1,000,000 supplier properties settle in a few
 * hundred MB rather than the gigabytes the whole map's ids would take.
 *
 * A partition whose match failed keeps what it had: its properties are left out of this run's clusters
 * (a neighbour's cluster is settled without them) and their ids are given to no other cluster.
 */
import { compareRefs, refKey, type SupplierRef } from '../../../domain/property/supplier-ref.js';
import { assignPropertyIds } from '../property-id.js';
import { candidateIds, IdClaims } from './id-claims.js';
import { getJson, mapLimit, putJson, type MappingObjects } from './mapping-objects.js';
import type { OpenComponent } from './match-partition.js';
import { bucketName, type PartitionLayout } from './partition-layout.js';
import { homeBucketOf } from './route-property.js';
import { runFiles } from './run-files.js';
import type { Manifest } from './run-plan.js';
import { readPlan, startingManifest } from './run-state.js';
import { clusterOpenComponents } from './settle-boundary.js';
import { readPartitionMatch, type PartitionMatch } from './stage-match.js';
import { readWeights } from './stage-weights.js';

export interface BoundaryCluster {
  readonly refs: readonly string[];
  /** Each member's partition (where its content is). */
  readonly homes: readonly number[];
  readonly id: string;
}

export interface PartitionIds {
  /** The ids of the partition's own properties. */
  readonly refs: readonly (readonly [string, string])[];
  /** Clusters across partitions whose first member is the partition's own: it writes them. */
  readonly boundary: readonly BoundaryCluster[];
  readonly retire: readonly { readonly propertyId: string; readonly replacedBy: string }[];
  /** Whether what the partition writes differs from what the run its ids replace wrote. */
  readonly changed: boolean;
}

export interface SettleResult {
  readonly properties: number;
  readonly shared: number;
  readonly boundaryClusters: number;
  readonly retired: number;
  readonly changedPartitions: number;
  readonly failedPartitions: readonly string[];
  /** Clusters that shared a candidate id with another, given their ids in the rule's order. */
  readonly contestedClusters?: number;
}

/** Partitions read at once: each is parsed and dropped before the next few. */
const READ_CONCURRENCY = 8;

/** A cluster with its refs sorted (by ref key), ready to be given its id. */
interface SortedCluster {
  readonly refs: readonly string[];
}

/** A cluster given its id, with the ids it retires. */
interface SettledCluster {
  readonly refs: readonly string[];
  readonly id: string;
  readonly retire: readonly { readonly propertyId: string; readonly replacedBy: string }[];
}

/** One partition as the settle reads it: its match and the ids its own properties hold, or the ids it keeps. */
type PartitionView =
  | {
      readonly matched: true;
      readonly bucket: number;
      readonly match: PartitionMatch;
      readonly previous: ReadonlyMap<string, string>;
      readonly last?: PartitionIds;
    }
  | { readonly matched: false; readonly last?: PartitionIds };

export async function settleRun(runId: string, objects: MappingObjects): Promise<SettleResult> {
  const plan = await readPlan(objects, runId);
  const manifest = await startingManifest(objects, plan);
  const { layout } = plan;
  const buckets = Array.from({ length: layout.buckets }, (_, bucket) => bucket);
  const view = (bucket: number) => readView(objects, runId, manifest, bucket);
  // The second and third readings: only partitions the first found matched, whose match cannot go missing.
  const eachMatched = (
    read: (partition: Extract<PartitionView, { matched: true }>) => void | Promise<void>,
    only: (bucket: number) => boolean = () => true,
  ) =>
    mapLimit(
      buckets.filter((bucket) => !failed.has(bucket) && only(bucket)),
      READ_CONCURRENCY,
      async (bucket) => {
        const partition = await view(bucket);
        if (!partition.matched) throw new Error(`partition ${bucketName(bucket)} of ${runId}: its match went missing during the settle`);
        await read(partition);
      },
    );

  // First reading: the failed partitions (their ids reserved), the open components, every cluster's candidates.
  const claims = new IdClaims();
  const failed = new Set<number>();
  const reserved = new Set<string>();
  const openByBucket = new Map<number, readonly OpenComponent[]>();
  const openPrevious = new Map<string, string>();
  await mapLimit(buckets, READ_CONCURRENCY, async (bucket) => {
    const partition = await view(bucket);
    if (!partition.matched) {
      failed.add(bucket);
      for (const [, id] of partition.last?.refs ?? []) reserved.add(id);
      return;
    }
    for (const cluster of partition.match.clusters)
      claims.claim(
        candidateIds(cluster.map(refOf), (ref) => partition.previous.get(ref)),
        bucket,
      );
    openByBucket.set(bucket, partition.match.open);
    for (const component of partition.match.open) {
      for (const member of component.members) {
        const id = partition.previous.get(refKey(member));
        if (id) openPrevious.set(refKey(member), id);
      }
    }
  });
  for (const id of reserved) claims.reserve(id);

  // The open components joined across partitions and clustered: the boundary clusters.
  const open = buckets.flatMap((bucket) => (openByBucket.get(bucket) ?? []).map((component) => withoutFailed(component, failed, layout)));
  openByBucket.clear();
  const homeOf = new Map<string, number>();
  for (const component of open) for (const member of component.members) homeOf.set(refKey(member), homeBucketOf(layout, member));
  const boundary = clusterOpenComponents(open, await readWeights(objects, runId)).map((cluster) => ({
    refs: cluster.map(refKey).sort(byRef),
    owner: homeBucketOf(layout, cluster[0]!),
  }));
  open.length = 0;
  for (const cluster of boundary) claims.claim(candidateIds(cluster.refs.map(refOf), (ref) => openPrevious.get(ref)));
  claims.settle();

  // Second reading: the clusters whose candidates another cluster shares, given their ids in the rule's order.
  const contested: { readonly refs: readonly string[]; readonly previous: readonly (readonly [string, string])[] }[] = [];
  const contestedOf = (refs: readonly string[], previous: (ref: string) => string | undefined) => {
    if (!claims.anyContested(candidateIds(refs.map(refOf), previous))) return;
    contested.push({ refs, previous: refs.flatMap((ref) => (previous(ref) ? [[ref, previous(ref)!] as const] : [])) });
  };
  for (const cluster of boundary) contestedOf(cluster.refs, (ref) => openPrevious.get(ref));
  // Only the partitions whose clusters named a contested id are read again (most runs: none).
  await eachMatched(
    (partition) => {
      for (const cluster of partition.match.clusters) contestedOf([...cluster].sort(byRef), (ref) => partition.previous.get(ref));
    },
    (bucket) => claims.groupContested(bucket),
  );
  const resolved = settleContested(contested, reserved);

  // The boundary clusters given their ids, each to be written by its owner, each ref's id by its home.
  const owned = new Map<number, { cluster: SettledCluster; boundary: BoundaryCluster }[]>();
  const boundaryRefsOf = new Map<number, [string, string][]>();
  for (const cluster of boundary) {
    const settled = resolved.get(cluster.refs[0]!) ?? settleAlone(cluster, (ref) => openPrevious.get(ref));
    const homes = cluster.refs.map((ref) => homeOf.get(ref)!);
    const list = owned.get(cluster.owner) ?? [];
    list.push({ cluster: settled, boundary: { refs: cluster.refs, homes, id: settled.id } });
    owned.set(cluster.owner, list);
    cluster.refs.forEach((ref, index) => {
      const refs = boundaryRefsOf.get(homes[index]!) ?? [];
      refs.push([ref, settled.id]);
      boundaryRefsOf.set(homes[index]!, refs);
    });
  }

  // Third reading: every partition's clusters given their ids, and its ids written.
  let properties = boundary.length;
  let shared = boundary.filter((cluster) => cluster.refs.length > 1).length;
  let retired = 0;
  let changedPartitions = 0;
  for (const list of owned.values()) for (const { cluster } of list) retired += cluster.retire.length;
  await eachMatched(async (partition) => {
    const bucket = partition.bucket;
    const clusters = partition.match.clusters.map((members) => {
      const cluster = { refs: [...members].sort(byRef) };
      return resolved.get(cluster.refs[0]!) ?? settleAlone(cluster, (ref) => partition.previous.get(ref));
    });
    properties += clusters.length;
    shared += clusters.filter((cluster) => cluster.refs.length > 1).length;
    for (const cluster of clusters) retired += cluster.retire.length;
    const own = owned.get(bucket) ?? [];
    const ordered = [...clusters.map((cluster) => ({ cluster, boundary: undefined as BoundaryCluster | undefined })), ...own].sort((x, y) =>
      compareRefs(refOf(x.cluster.refs[0]!), refOf(y.cluster.refs[0]!)),
    );
    const refs: [string, string][] = [...(boundaryRefsOf.get(bucket) ?? [])];
    const retire: { propertyId: string; replacedBy: string }[] = [];
    const boundaryHere: BoundaryCluster[] = [];
    for (const { cluster, boundary: across } of ordered) {
      if (!across) for (const ref of cluster.refs) refs.push([ref, cluster.id]);
      retire.push(...cluster.retire);
      if (across) boundaryHere.push(across);
    }
    refs.sort((x, y) => (x[0] < y[0] ? -1 : 1));
    const last = partition.last;
    const unwritten = manifest?.unwritten.includes(bucketName(bucket)) ?? false;
    const same =
      !plan.full &&
      !unwritten &&
      partition.match.carriedFrom !== undefined &&
      last !== undefined &&
      retire.length === 0 &&
      JSON.stringify(last.refs) === JSON.stringify(refs) &&
      JSON.stringify(last.boundary) === JSON.stringify(boundaryHere);
    if (!same) changedPartitions += 1;
    const ids: PartitionIds = { refs, boundary: boundaryHere, retire, changed: !same };
    await putJson(objects, runFiles(runId).ids(bucket), ids);
  });

  const result: SettleResult = {
    properties,
    shared,
    boundaryClusters: boundary.length,
    retired,
    changedPartitions,
    failedPartitions: [...failed].sort((a, b) => a - b).map(bucketName),
    contestedClusters: contested.length,
  };
  await putJson(objects, runFiles(runId).settled, result);
  return result;
}

/**
 * A partition's match, and the ids its own properties hold: the last run's when it was carried over. The
 * last run's ids are read only where they are used: a partition carried over (its ids, and whether what it
 * writes changed) or one whose match failed (the ids it keeps); one matched again read its ids from the map.
 */
async function readView(objects: MappingObjects, runId: string, manifest: Manifest | undefined, bucket: number): Promise<PartitionView> {
  const lastRun = manifest?.pointers.ids[bucketName(bucket)];
  const match = await readPartitionMatch(objects, runId, bucket);
  const last = lastRun && (!match || match.carriedFrom) ? await readPartitionIds(objects, lastRun, bucket) : undefined;
  if (!match) return { matched: false, ...(last ? { last } : {}) };
  // A partition carried over holds the ids the last run gave it; one matched again read them from the map.
  const previous = new Map(match.carriedFrom && last ? last.refs : match.previous);
  return { matched: true, bucket, match, previous, ...(last ? { last } : {}) };
}

/**
 * A cluster no other shares a candidate with: the id it would take alone under property-id.ts, and the ids
 * its members carried that it did not take (no other cluster can have taken them), retired in its favour.
 */
function settleAlone(cluster: SortedCluster, previous: (ref: string) => string | undefined): SettledCluster {
  const [id] = assignPropertyIds(
    [cluster.refs.map(refOf)],
    new Map(cluster.refs.flatMap((ref) => (previous(ref) ? [[ref, previous(ref)!]] : []))),
  );
  const retire: { propertyId: string; replacedBy: string }[] = [];
  for (const ref of cluster.refs) {
    const old = previous(ref);
    if (old && old !== id && !retire.some((entry) => entry.propertyId === old)) retire.push({ propertyId: old, replacedBy: id! });
  }
  return { refs: cluster.refs, id: id!, retire };
}

/**
 * The contested clusters given their ids by the rule of property-id.ts over them alone (no other cluster
 * names any of their candidates, so none takes one), and the ids they retire in the rule's order; by first ref.
 */
function settleContested(
  clusters: readonly { readonly refs: readonly string[]; readonly previous: readonly (readonly [string, string])[] }[],
  reserved: ReadonlySet<string>,
): Map<string, SettledCluster> {
  const previous = new Map(clusters.flatMap((cluster) => cluster.previous));
  const ids = assignPropertyIds(
    clusters.map((cluster) => cluster.refs.map(refOf)),
    previous,
    reserved,
  );
  const current = new Set(ids);
  const replaced = new Set<string>();
  const order = clusters
    .map((_cluster, index) => index)
    .sort((x, y) => compareRefs(refOf(clusters[x]!.refs[0]!), refOf(clusters[y]!.refs[0]!)));
  const settled = new Map<string, SettledCluster>();
  for (const index of order) {
    const { refs } = clusters[index]!;
    const id = ids[index]!;
    const retire: { propertyId: string; replacedBy: string }[] = [];
    for (const ref of refs) {
      const old = previous.get(ref);
      if (old && !current.has(old) && !reserved.has(old) && !replaced.has(old)) {
        replaced.add(old);
        retire.push({ propertyId: old, replacedBy: id });
      }
    }
    settled.set(refs[0]!, { refs, id, retire });
  }
  return settled;
}

export async function readPartitionIds(objects: MappingObjects, runId: string, bucket: number): Promise<PartitionIds | undefined> {
  const raw = (await getJson(objects, runFiles(runId).ids(bucket))) as Partial<PartitionIds> | undefined;
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw.refs) || !Array.isArray(raw.boundary) || !Array.isArray(raw.retire) || typeof raw.changed !== 'boolean')
    throw new Error(`partition ${bucketName(bucket)} of ${runId}: not a partition's ids`);
  return raw as PartitionIds;
}

/** Ref keys in the order of their refs (compareRefs), as the rule of property-id.ts reads a cluster. */
const byRef = (a: string, b: string): number => compareRefs(refOf(a), refOf(b));

/** "hotelbeds:1234" back into its ref (supplier ids hold no colon). */
export function refOf(key: string): SupplierRef {
  const at = key.indexOf(':');
  return { supplierId: key.slice(0, at), supplierPropertyId: key.slice(at + 1) };
}

function withoutFailed(component: OpenComponent, failed: ReadonlySet<number>, layout: PartitionLayout): OpenComponent {
  if (failed.size === 0) return component;
  const members = component.members.filter((member) => !failed.has(homeBucketOf(layout, member)));
  const kept = new Set(members.map(refKey));
  return { members, pairs: component.pairs.filter(([a, b]) => kept.has(a) && kept.has(b)) };
}

export type { PartitionMatch };
