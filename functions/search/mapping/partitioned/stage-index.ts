/**
 * After the reads: what they read (per supplier), the refs `changes` reads named, and the item lists of
 * the stages that fan out (key buckets, partitions, destination buckets).
 */
import { bucketName } from './partition-layout.js';
import { getJson, mapLimit, putJson, type MappingObjects } from './mapping-objects.js';
import { runFiles } from './run-files.js';
import { readPlan } from './run-state.js';
import type { SegmentSummary } from './stage-read.js';

export interface BucketItem {
  readonly runId: string;
  readonly bucket: number;
  /** The bucket's name, for people reading the workflow's map runs. */
  readonly name: string;
}

export interface IndexResult {
  readonly runId: string;
  readonly read: Readonly<Record<string, number>>;
  readonly changed: number;
  readonly partitions: number;
}

export async function indexRun(runId: string, objects: MappingObjects): Promise<IndexResult> {
  const plan = await readPlan(objects, runId);
  const files = runFiles(runId);
  const keys = await objects.list(files.segments);
  const summaries = await mapLimit(keys, 16, async (key) => (await getJson(objects, key)) as SegmentSummary);
  const read: Record<string, number> = {};
  const changed = new Set<string>();
  for (const summary of summaries) {
    read[summary.supplierId] = (read[summary.supplierId] ?? 0) + summary.properties;
    for (const ref of summary.refs ?? []) changed.add(ref);
  }
  await putJson(objects, files.changed, [...changed].sort());
  const items = (count: number): BucketItem[] =>
    Array.from({ length: count }, (_, bucket) => ({ runId, bucket, name: bucketName(bucket) }));
  const { layout } = plan;
  await objects.put(files.items('keys'), Buffer.from(JSON.stringify(items(layout.keyBuckets))));
  await objects.put(files.items('partitions'), Buffer.from(JSON.stringify(items(layout.buckets))));
  await objects.put(files.items('destinations'), Buffer.from(JSON.stringify(items(layout.destinationBuckets))));
  return { runId, read, changed: changed.size, partitions: layout.buckets };
}
