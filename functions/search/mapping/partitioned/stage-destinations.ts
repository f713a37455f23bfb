/**
 * One destination bucket: the index search reads per city (destination-index.ts), rebuilt from every
 * partition's entries for its cities (this run's where a partition wrote, the last run's where nothing
 * changed) and written for the cities whose entries changed.
 */
import { createHash } from 'node:crypto';
import { getJson, getLines, mapLimit, putJson, type MappingObjects } from './mapping-objects.js';
import type { DestinationEntry, DestinationIndexStore } from '../destination-index.js';
import { bucketName } from './partition-layout.js';
import { runFiles } from './run-files.js';
import { readPlan, startingManifest } from './run-state.js';
import type { BucketItem } from './stage-index.js';
import type { DestinationLine } from './stage-write.js';

export interface IndexedCities {
  /** City code → digest of its entries. */
  readonly cities: Readonly<Record<string, string>>;
}

export async function indexDestinations(
  item: BucketItem,
  deps: { readonly objects: MappingObjects; readonly destinations: Pick<DestinationIndexStore, 'putDestination'> },
): Promise<{ readonly cities: number; readonly written: number }> {
  const { objects } = deps;
  const plan = await readPlan(objects, item.runId);
  const manifest = await startingManifest(objects, plan);
  const files = runFiles(item.runId);
  const buckets = Array.from({ length: plan.layout.buckets }, (_, bucket) => bucket);
  const parts = await mapLimit(buckets, 16, async (bucket) => {
    // This run's entries where the partition's write stage ran, else those of the run that last wrote it.
    const wroteNow = (await objects.get(files.written(bucket))) !== undefined;
    const run = wroteNow ? item.runId : manifest?.pointers.dest[bucketName(bucket)];
    return run ? ((await getLines(objects, runFiles(run).dest(item.bucket, bucket))) as DestinationLine[]) : [];
  });
  const byCity = new Map<string, DestinationEntry[]>();
  for (const part of parts) {
    for (const line of part) {
      const entries = byCity.get(line.c) ?? [];
      entries.push(line.e);
      byCity.set(line.c, entries);
    }
  }
  const lastRun = manifest?.lastRunId;
  const last = lastRun ? ((await getJson(objects, runFiles(lastRun).indexed(item.bucket))) as IndexedCities | undefined) : undefined;
  const cities: Record<string, string> = {};
  const changed: [string, DestinationEntry[]][] = [];
  for (const [cityCode, entries] of byCity) {
    entries.sort((x, y) => (x.propertyId < y.propertyId ? -1 : x.propertyId > y.propertyId ? 1 : 0));
    const digest = createHash('sha256').update(JSON.stringify(entries)).digest('base64url');
    cities[cityCode] = digest;
    if (last?.cities[cityCode] !== digest) changed.push([cityCode, entries]);
  }
  // A city none of whose properties is left: its index is emptied.
  for (const cityCode of Object.keys(last?.cities ?? {})) if (!byCity.has(cityCode)) changed.push([cityCode, []]);
  await mapLimit(changed, 4, ([cityCode, entries]) => deps.destinations.putDestination(cityCode, entries));
  await putJson(objects, files.indexed(item.bucket), { cities } satisfies IndexedCities);
  return { cities: byCity.size, written: changed.length };
}
