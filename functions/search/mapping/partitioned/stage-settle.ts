/**
 * The one step that sees the whole map, and only as ids: the partitions' open components joined and
 * clustered (settle-boundary.ts), then every cluster's id by the rule of property-id.ts over all clusters
 * at once, and the ids no cluster carries any more retired in favour of the one that took their refs. Each
 * partition gets the ids of its own properties, the clusters across partitions it writes (those whose
 * first member is its own) and whether anything it writes changed.
 *
 * A partition whose match failed keeps what it had: its properties are left out of this run's clusters
 * (a neighbour's cluster is settled without them) and their ids are given to no other cluster.
 */
import { compareRefs, refKey, type SupplierRef } from '../../../domain/property/supplier-ref.js';
import { assignPropertyIds } from '../property-id.js';
import { getJson, mapLimit, putJson, type MappingObjects } from './mapping-objects.js';
import type { OpenComponent } from './match-partition.js';
import { bucketName } from './partition-layout.js';
import { homeBucketOf } from './route-property.js';
import { runFiles } from './run-files.js';
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
}

export async function settleRun(runId: string, objects: MappingObjects): Promise<SettleResult> {
  const plan = await readPlan(objects, runId);
  const manifest = await startingManifest(objects, plan);
  const { layout } = plan;
  const files = runFiles(runId);
  const buckets = Array.from({ length: layout.buckets }, (_, bucket) => bucket);
  const matches = await mapLimit(buckets, 16, (bucket) => readPartitionMatch(objects, runId, bucket));
  const lastIds = await mapLimit(buckets, 16, async (bucket) => {
    const run = manifest?.pointers.ids[bucketName(bucket)];
    return run ? readPartitionIds(objects, run, bucket) : undefined;
  });

  const failed = new Set(buckets.filter((bucket) => matches[bucket] === undefined));
  const previous = new Map<string, string>();
  const reserved = new Set<string>();
  for (const bucket of buckets) {
    const match = matches[bucket];
    const last = lastIds[bucket];
    if (!match) {
      for (const [, id] of last?.refs ?? []) reserved.add(id);
      continue;
    }
    // A partition carried over holds the ids the last run gave it; one matched again read them from the map.
    const now = match.carriedFrom && last ? last.refs : match.previous;
    for (const [ref, id] of now) previous.set(ref, id);
  }

  const clusters: { readonly members: SupplierRef[]; readonly owner: number; readonly boundary: boolean }[] = [];
  for (const bucket of buckets) {
    for (const cluster of matches[bucket]?.clusters ?? []) clusters.push({ members: cluster.map(refOf), owner: bucket, boundary: false });
  }
  const open: OpenComponent[] = [];
  for (const bucket of buckets) {
    for (const component of matches[bucket]?.open ?? []) open.push(withoutFailed(component, failed, layout));
  }
  const weight = await readWeights(objects, runId);
  for (const cluster of clusterOpenComponents(open, weight)) {
    clusters.push({
      members: cluster.map((m) => ({ supplierId: m.supplierId, supplierPropertyId: m.supplierPropertyId })),
      owner: homeBucketOf(layout, cluster[0]!),
      boundary: true,
    });
  }
  const homeOf = new Map<string, number>();
  for (const component of open) for (const member of component.members) homeOf.set(refKey(member), homeBucketOf(layout, member));

  const ids = assignPropertyIds(
    clusters.map((c) => c.members),
    previous,
    reserved,
  );

  const out = new Map<
    number,
    { refs: [string, string][]; boundary: BoundaryCluster[]; retire: { propertyId: string; replacedBy: string }[] }
  >();
  const of = (bucket: number) => {
    let entry = out.get(bucket);
    if (!entry) {
      entry = { refs: [], boundary: [], retire: [] };
      out.set(bucket, entry);
    }
    return entry;
  };
  const current = new Set(ids);
  const replacedBy = new Set<string>();
  const order = clusters
    .map((_cluster, index) => index)
    .sort((x, y) => compareRefs(firstRef(clusters[x]!.members), firstRef(clusters[y]!.members)));
  for (const index of order) {
    const cluster = clusters[index]!;
    const id = ids[index]!;
    const refs = [...cluster.members].sort(compareRefs).map(refKey);
    for (const ref of refs) {
      of(cluster.boundary ? homeOf.get(ref)! : cluster.owner).refs.push([ref, id]);
      const old = previous.get(ref);
      if (old && !current.has(old) && !reserved.has(old) && !replacedBy.has(old)) {
        replacedBy.add(old);
        of(cluster.owner).retire.push({ propertyId: old, replacedBy: id });
      }
    }
    if (cluster.boundary) of(cluster.owner).boundary.push({ refs, homes: refs.map((ref) => homeOf.get(ref)!), id });
  }

  let changedPartitions = 0;
  await mapLimit(
    buckets.filter((bucket) => !failed.has(bucket)),
    16,
    async (bucket) => {
      const entry = out.get(bucket) ?? { refs: [], boundary: [], retire: [] };
      entry.refs.sort((x, y) => (x[0] < y[0] ? -1 : 1));
      const last = lastIds[bucket];
      const unwritten = manifest?.unwritten.includes(bucketName(bucket)) ?? false;
      const same =
        !plan.full &&
        !unwritten &&
        matches[bucket]!.carriedFrom !== undefined &&
        last !== undefined &&
        entry.retire.length === 0 &&
        JSON.stringify(last.refs) === JSON.stringify(entry.refs) &&
        JSON.stringify(last.boundary) === JSON.stringify(entry.boundary);
      if (!same) changedPartitions += 1;
      const partition: PartitionIds = { ...entry, changed: !same };
      await putJson(objects, files.ids(bucket), partition);
    },
  );

  const result: SettleResult = {
    properties: clusters.length,
    shared: clusters.filter((cluster) => cluster.members.length > 1).length,
    boundaryClusters: clusters.filter((cluster) => cluster.boundary).length,
    retired: replacedBy.size,
    changedPartitions,
    failedPartitions: [...failed].map(bucketName),
  };
  await putJson(objects, files.settled, result);
  return result;
}

export async function readPartitionIds(objects: MappingObjects, runId: string, bucket: number): Promise<PartitionIds | undefined> {
  const raw = (await getJson(objects, runFiles(runId).ids(bucket))) as Partial<PartitionIds> | undefined;
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw.refs) || !Array.isArray(raw.boundary) || !Array.isArray(raw.retire) || typeof raw.changed !== 'boolean')
    throw new Error(`partition ${bucketName(bucket)} of ${runId}: not a partition's ids`);
  return raw as PartitionIds;
}

/** "hotelbeds:1234" back into its ref (supplier ids hold no colon). */
export function refOf(key: string): SupplierRef {
  const at = key.indexOf(':');
  return { supplierId: key.slice(0, at), supplierPropertyId: key.slice(at + 1) };
}

function firstRef(members: readonly SupplierRef[]): SupplierRef {
  return members.reduce((first, member) => (compareRefs(member, first) < 0 ? member : first));
}

function withoutFailed(component: OpenComponent, failed: ReadonlySet<number>, layout: Parameters<typeof homeBucketOf>[0]): OpenComponent {
  if (failed.size === 0) return component;
  const members = component.members.filter((member) => !failed.has(homeBucketOf(layout, member)));
  const kept = new Set(members.map(refKey));
  return { members, pairs: component.pairs.filter(([a, b]) => kept.has(a) && kept.has(b)) };
}

export type { PartitionMatch };
