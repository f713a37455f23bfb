/**
 * One partition's writes: the unified content of its clusters (and of the clusters across partitions it
 * writes), under the ids the settle step gave them, into the property map; the ids retired in their
 * favour; and its properties' destination index entries, by city, for the destination buckets. A partition
 * where nothing changed writes nothing: the map already holds what it would write.
 */
import { refKey } from '../../../domain/property/supplier-ref.js';
import type { PropertyMapStore } from '../../../domain/property/property-map.js';
import type { UnifiedProperty } from '../../../domain/property/unified-property.js';
import type { SupplierPropertyContent } from '../../../suppliers/port.js';
import { entriesByCity, withChangeDates } from '../destination-index.js';
import { unifyProperty } from '../unify-property.js';
import { getLines, mapLimit, putJson, putLines, type MappingObjects } from './mapping-objects.js';
import { bucketName, destinationBucketOf } from './partition-layout.js';
import { runFiles } from './run-files.js';
import { asGeoLines } from './run-lines.js';
import { readPlan, startingManifest } from './run-state.js';
import type { BucketItem } from './stage-index.js';
import { readPartitionMatch } from './stage-match.js';
import { readPartitionIds } from './stage-settle.js';

export interface WriteDeps {
  readonly objects: MappingObjects;
  readonly store: Pick<PropertyMapStore, 'putProperties' | 'retireProperties'>;
}

export interface WriteResult {
  readonly wrote: boolean;
  readonly properties: number;
  readonly retired: number;
}

/** A destination index line: one property's entry under its city. */
export interface DestinationLine {
  readonly c: string;
  readonly e: ReturnType<typeof entriesByCity> extends Map<string, (infer E)[]> ? E : never;
}

export async function writePartition(item: BucketItem, deps: WriteDeps): Promise<WriteResult> {
  const { objects } = deps;
  const plan = await readPlan(objects, item.runId);
  const files = runFiles(item.runId);
  const name = bucketName(item.bucket);
  const ids = await readPartitionIds(objects, item.runId, item.bucket);
  // No ids this run: the partition's match failed, and it stays as the last run left it.
  if (!ids) return { wrote: false, properties: 0, retired: 0 };
  if (!ids.changed) {
    // The map holds what it would write; its index entries are carried into this run.
    const manifest = await startingManifest(objects, plan);
    const lastRun = manifest?.pointers.dest[name];
    await mapLimit(
      Array.from({ length: plan.layout.destinationBuckets }, (_, bucket) => bucket),
      8,
      async (bucket) => {
        const body = lastRun ? await objects.get(runFiles(lastRun).dest(bucket, item.bucket)) : undefined;
        if (body) await objects.put(files.dest(bucket, item.bucket), body);
        else await putLines(objects, files.dest(bucket, item.bucket), []);
      },
    );
    const carried: WriteResult = { wrote: false, properties: 0, retired: 0 };
    await putJson(objects, files.written(item.bucket), carried);
    return carried;
  }
  const match = await readPartitionMatch(objects, item.runId, item.bucket);
  if (!match) throw new Error(`partition ${name} of ${item.runId} has ids but no match`);

  const content = new Map<string, SupplierPropertyContent>();
  for (const line of asGeoLines(await getLines(objects, files.geo(item.bucket)), `partition ${name} of ${item.runId}`)) {
    if (line.o === 1) content.set(line.r, line.p as SupplierPropertyContent);
  }
  const others = new Set(ids.boundary.flatMap((cluster) => cluster.homes.filter((home) => home !== item.bucket)));
  await mapLimit([...others], 8, async (bucket) => {
    for (const property of (await getLines(objects, files.openContent(bucket))) as SupplierPropertyContent[])
      content.set(refKey(property), property);
  });

  const idOf = new Map(ids.refs);
  const memberContent = (ref: string): SupplierPropertyContent => {
    const property = content.get(ref);
    if (!property) throw new Error(`partition ${name} of ${item.runId}: no content for ${ref}`);
    return property;
  };
  const properties: UnifiedProperty[] = [
    ...match.clusters.map((cluster) => unifyProperty(idOf.get(cluster[0]!)!, cluster.map(memberContent))),
    ...ids.boundary.map((cluster) => unifyProperty(cluster.id, cluster.refs.map(memberContent))),
  ];
  // The store writes only what changed and says when each property's content last did: the index carries it.
  const changedAt = await deps.store.putProperties(properties);
  if (ids.retire.length > 0) await deps.store.retireProperties(ids.retire);

  const byDestination = new Map<number, DestinationLine[]>();
  for (const [cityCode, entries] of entriesByCity(withChangeDates(properties, changedAt))) {
    const bucket = destinationBucketOf(plan.layout, cityCode);
    const lines = byDestination.get(bucket) ?? [];
    for (const entry of entries) lines.push({ c: cityCode, e: entry });
    byDestination.set(bucket, lines);
  }
  await mapLimit(
    Array.from({ length: plan.layout.destinationBuckets }, (_, bucket) => bucket),
    8,
    (bucket) => putLines(objects, files.dest(bucket, item.bucket), byDestination.get(bucket) ?? []),
  );
  const result: WriteResult = { wrote: true, properties: properties.length, retired: ids.retire.length };
  await putJson(objects, files.written(item.bucket), result);
  return result;
}
