/**
 * One partition: the last run's lines of it with the reads since laid over them (written as this run's
 * state), the key bucket's messages, and, when any of that changed, the partition's matching
 * (match-partition.ts) and the ids its own properties hold now. A partition whose input is what it was is
 * left as it was: its last result is carried into this run.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { refKey, type SupplierRef } from '../../../domain/property/supplier-ref.js';
import type { SupplierPropertyContent } from '../../../suppliers/port.js';
import type { MatchInput } from '../match-profile.js';
import { matchPartition, type OpenComponent } from './match-partition.js';
import { getAllLines, getJson, getLines, mapLimit, putJson, putLines, type MappingObjects } from './mapping-objects.js';
import { bucketName } from './partition-layout.js';
import { runFiles } from './run-files.js';
import { asGeoLines, deltaOf, geoIdentity, mergeLines, type GeoLine, type RunDelta } from './run-lines.js';
import { readChanged, readPlan, startingManifest } from './run-state.js';
import type { BucketItem } from './stage-index.js';
import type { PartitionMessages } from './key-blocks.js';
import { readWeights } from './stage-weights.js';

export interface PartitionStats {
  readonly home: number;
  readonly halo: number;
  readonly guests: number;
  readonly candidatePairs: number;
  readonly clusters: number;
  readonly open: number;
  readonly ms: number;
  /** The largest JavaScript heap seen while matching (MB). */
  readonly heapMb: number;
}

export interface PartitionMatch {
  readonly digest: string;
  /** Set when the partition was left as it was: the run whose result this is. */
  readonly carriedFrom?: string;
  /** Clusters of own properties, by ref key. */
  readonly clusters: readonly (readonly string[])[];
  /** The ids own properties hold now (in clusters and open components). */
  readonly previous: readonly (readonly [string, string])[];
  readonly open: readonly OpenComponent[];
  readonly stats: PartitionStats;
}

export interface MatchDeps {
  readonly objects: MappingObjects;
  /** The ids the property map gives these refs now. */
  readonly previousIds: (refs: readonly SupplierRef[]) => Promise<Map<string, string>>;
}

export async function matchBucket(item: BucketItem, deps: MatchDeps): Promise<PartitionStats & { readonly carried: boolean }> {
  const started = performance.now();
  const { objects } = deps;
  const plan = await readPlan(objects, item.runId);
  const manifest = await startingManifest(objects, plan);
  const files = runFiles(item.runId);
  const name = bucketName(item.bucket);

  const stateRun = manifest?.pointers.geo[name];
  const state = stateRun
    ? asGeoLines(await getLines(objects, runFiles(stateRun).geo(item.bucket)), `partition ${name} of ${stateRun}`)
    : [];
  const pending = manifest?.pending[name] ?? [];
  const deltas: RunDelta<GeoLine>[] = [];
  for (const runId of [...pending, item.runId]) {
    const lines = asGeoLines(await getAllLines(objects, runFiles(runId).deltaGeoOf(item.bucket)), `partition ${name} of ${runId}`);
    deltas.push(deltaOf(await readPlan(objects, runId), await readChanged(objects, runId), lines));
  }
  const lines = mergeLines(state, deltas, geoIdentity);
  await putLines(objects, files.geo(item.bucket), lines);

  const messages = await readMessages(objects, files.messagesOf(item.bucket));
  const digest = digestOf(lines, messages);

  const lastRun = manifest?.pointers.match[name];
  const last = lastRun && pending.length === 0 ? await readPartitionMatch(objects, lastRun, item.bucket) : undefined;
  if (last && last.digest === digest) {
    await putJson(objects, files.match(item.bucket), { ...last, carriedFrom: last.carriedFrom ?? lastRun });
    await objects.put(files.openContent(item.bucket), (await objects.get(runFiles(lastRun!).openContent(item.bucket))) ?? gzipSync(''));
    return { ...last.stats, carried: true };
  }

  let heap = heapMb();
  const weight = await readWeights(objects, item.runId);
  const home = lines.filter((line) => line.o === 1).map((line) => line.p as SupplierPropertyContent);
  const halo = lines.filter((line) => line.o === 0).map((line) => line.p as MatchInput);
  heap = Math.max(heap, heapMb());
  const result = matchPartition({
    home,
    others: [...halo, ...messages.guests],
    weight,
    keyBlockSize: (key) => messages.sizes.get(key),
  });
  heap = Math.max(heap, heapMb());

  const ownRefs = new Set(home.map(refKey));
  const openOwn = result.open.flatMap((component) => component.members.filter((member) => ownRefs.has(refKey(member))));
  const previous = await deps.previousIds([...home]);
  const stats: PartitionStats = {
    home: home.length,
    halo: halo.length,
    guests: messages.guests.length,
    candidatePairs: result.candidatePairs,
    clusters: result.clusters.length,
    open: result.open.length,
    ms: Math.round(performance.now() - started),
    heapMb: Math.max(heap, heapMb()),
  };
  const match: PartitionMatch = {
    digest,
    clusters: result.clusters.map((cluster) => cluster.map(refKey)),
    previous: [...previous].filter(([ref]) => ownRefs.has(ref)).sort((x, y) => (x[0] < y[0] ? -1 : 1)),
    open: result.open,
    stats,
  };
  const openOwnRefs = new Set(openOwn.map(refKey));
  await Promise.all([
    putJson(objects, files.match(item.bucket), match),
    putLines(
      objects,
      files.openContent(item.bucket),
      home.filter((property) => openOwnRefs.has(refKey(property))),
    ),
  ]);
  return { ...stats, carried: false };
}

export async function readPartitionMatch(objects: MappingObjects, runId: string, bucket: number): Promise<PartitionMatch | undefined> {
  const raw = (await getJson(objects, runFiles(runId).match(bucket))) as Partial<PartitionMatch> | undefined;
  if (raw === undefined) return undefined;
  if (typeof raw.digest !== 'string' || !Array.isArray(raw.clusters) || !Array.isArray(raw.previous) || !Array.isArray(raw.open))
    throw new Error(`partition ${bucketName(bucket)} of ${runId}: not a partition's match`);
  return raw as PartitionMatch;
}

async function readMessages(objects: MappingObjects, prefix: string): Promise<{ sizes: Map<string, number>; guests: MatchInput[] }> {
  const keys = await objects.list(prefix);
  const parts = await mapLimit(keys, 16, async (key) => (await getJson(objects, key)) as PartitionMessages);
  const sizes = new Map<string, number>();
  const guests = new Map<string, MatchInput>();
  for (const part of parts) {
    for (const [key, size] of part.sizes) sizes.set(key, size);
    for (const guest of part.guests) guests.set(refKey(guest), guest);
  }
  return { sizes, guests: [...guests.entries()].sort((x, y) => (x[0] < y[0] ? -1 : 1)).map(([, guest]) => guest) };
}

/** What the partition's matching depends on: its lines' content and the messages about its key blocks. */
function digestOf(lines: readonly GeoLine[], messages: { sizes: Map<string, number>; guests: readonly MatchInput[] }): string {
  const hash = createHash('sha256');
  for (const line of lines) hash.update(`${line.r}|${line.o}|${line.x}\n`);
  for (const [key, size] of [...messages.sizes].sort((x, y) => (x[0] < y[0] ? -1 : 1))) hash.update(`${key}|${size}\n`);
  for (const guest of messages.guests) hash.update(`${JSON.stringify(guest)}\n`);
  return hash.digest('base64url');
}

function heapMb(): number {
  return Math.round(process.memoryUsage().heapUsed / 1_048_576);
}
