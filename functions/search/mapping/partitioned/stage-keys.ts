/**
 * One key bucket: the last run's key lines with this run's reads laid over them (written as this run's
 * state), the token counts of the properties whose ref lives here, and each partition's messages about the
 * key blocks that reach across partitions (key-blocks.ts).
 */
import { getAllLines, getLines, mapLimit, putJson, putLines, type MappingObjects } from './mapping-objects.js';
import { keyBlockMessages } from './key-blocks.js';
import { bucketName } from './partition-layout.js';
import { runFiles } from './run-files.js';
import { asKeyBucketLines, deltaOf, isKeyLine, keyBucketIdentity, mergeLines, type KeyBucketLine, type KeyLine } from './run-lines.js';
import { readChanged, readPlan, startingManifest } from './run-state.js';
import type { BucketItem } from './stage-index.js';

/** How many of the properties whose ref is in a key bucket carry each token. */
export interface TokenFrequency {
  readonly documents: number;
  readonly tokens: readonly (readonly [string, number])[];
}

export async function keyBucket(
  item: BucketItem,
  objects: MappingObjects,
): Promise<{ readonly lines: number; readonly partitionsTold: number }> {
  const plan = await readPlan(objects, item.runId);
  const manifest = await startingManifest(objects, plan);
  const files = runFiles(item.runId);
  const previousRun = manifest?.pointers.keys[bucketName(item.bucket)];
  const state = previousRun
    ? asKeyBucketLines(await getLines(objects, runFiles(previousRun).keys(item.bucket)), `key bucket ${item.bucket} of ${previousRun}`)
    : [];
  const delta = asKeyBucketLines(await getAllLines(objects, files.deltaKeysOf(item.bucket)), `key bucket ${item.bucket} of ${item.runId}`);
  const lines = mergeLines<KeyBucketLine>(state, [deltaOf(plan, await readChanged(objects, item.runId), delta)], keyBucketIdentity);
  await putLines(objects, files.keys(item.bucket), lines);

  const counts = new Map<string, number>();
  let documents = 0;
  const keyLines: KeyLine[] = [];
  for (const line of lines) {
    if (isKeyLine(line)) {
      keyLines.push(line);
      continue;
    }
    documents += 1;
    for (const token of new Set(line.n)) counts.set(token, (counts.get(token) ?? 0) + 1);
  }
  const frequency: TokenFrequency = { documents, tokens: [...counts] };
  await putJson(objects, files.frequency(item.bucket), frequency);

  const messages = keyBlockMessages(keyLines);
  await mapLimit([...messages], 16, ([bucket, message]) => putJson(objects, files.messages(bucket, item.bucket), message));
  return { lines: lines.length, partitionsTold: messages.size };
}
