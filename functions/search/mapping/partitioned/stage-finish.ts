/**
 * The run's last stage: what it did (per supplier, per partition), the manifest advanced to it (where a
 * partition failed, to the last run that did it, with this run's reads kept pending for it), the run's
 * record, and the lock released. A run that failed as a whole (the workflow's catch) leaves the manifest
 * as it was: the next run reads again what this one read.
 */
import { getJson, mapLimit, putJson, type MappingObjects } from './mapping-objects.js';
import type { MappingRunLog, MappingRunRecord } from './mapping-run-log.js';
import { bucketName } from './partition-layout.js';
import { runFiles } from './run-files.js';
import { MANIFEST_KEY, type Manifest } from './run-plan.js';
import { readPlan, startingManifest } from './run-state.js';
import type { SegmentSummary } from './stage-read.js';
import { readPartitionMatch, type PartitionStats } from './stage-match.js';
import { readPartitionIds, type SettleResult } from './stage-settle.js';
import type { WriteResult } from './stage-write.js';

export interface FinishInput {
  readonly runId: string;
  /** Set by the workflow's catch: the run failed as a whole. */
  readonly error?: { readonly Error?: string; readonly Cause?: string };
}

export interface RunReport {
  readonly runId: string;
  readonly status: MappingRunRecord['status'];
  readonly read: Readonly<Record<string, number>>;
  readonly partitions: readonly ({ readonly name: string; readonly carried: boolean } & PartitionStats)[];
  readonly settle?: SettleResult;
  readonly written: number;
  readonly failedPartitions: readonly string[];
  readonly durationMs: number;
}

export async function finishRun(
  input: FinishInput,
  deps: { readonly objects: MappingObjects; readonly runs: Pick<MappingRunLog, 'record' | 'release'>; readonly now?: () => Date },
): Promise<RunReport> {
  const { objects } = deps;
  const now = deps.now?.() ?? new Date();
  const plan = await readPlan(objects, input.runId);
  const files = runFiles(input.runId);
  const durationMs = now.getTime() - Date.parse(plan.startedAt);
  const read: Record<string, number> = {};
  for (const key of await objects.list(files.segments)) {
    const summary = (await getJson(objects, key)) as SegmentSummary;
    read[summary.supplierId] = (read[summary.supplierId] ?? 0) + summary.properties;
  }
  const base: MappingRunRecord = {
    runId: plan.runId,
    reason: plan.reason,
    status: 'failed',
    startedAt: plan.startedAt,
    finishedAt: now.toISOString(),
    durationMs,
    full: plan.full,
    suppliers: Object.fromEntries(Object.entries(plan.suppliers).map(([id, s]) => [id, { mode: s.mode, read: read[id] ?? 0 }])),
  };
  try {
    if (input.error) {
      const error = `${input.error.Error ?? 'Error'}: ${(input.error.Cause ?? '').slice(0, 500)}`;
      await deps.runs.record({ ...base, error });
      const report: RunReport = { runId: plan.runId, status: 'failed', read, partitions: [], written: 0, failedPartitions: [], durationMs };
      await putJson(objects, files.report, report);
      return report;
    }
    const manifest = await startingManifest(objects, plan);
    const settle = (await getJson(objects, files.settled)) as SettleResult;
    const buckets = Array.from({ length: plan.layout.buckets }, (_, bucket) => bucket);
    // What each partition came to, and nothing more: a partition's match and ids are dropped once read, so
    // the finish holds a few numbers per partition, never the whole map (3 × 1,000,000 would not fit).
    const partitions = await mapLimit(buckets, 16, async (bucket) => {
      const [match, ids, written] = await Promise.all([
        readPartitionMatch(objects, plan.runId, bucket),
        readPartitionIds(objects, plan.runId, bucket),
        getJson(objects, files.written(bucket)) as Promise<WriteResult | undefined>,
      ]);
      return {
        bucket,
        name: bucketName(bucket),
        match: match ? { carriedFrom: match.carriedFrom, stats: match.stats } : undefined,
        ids: ids !== undefined,
        written: written ? { properties: written.properties } : undefined,
      };
    });
    const failedMatch = partitions.filter((p) => !p.match);
    const failedWrite = partitions.filter((p) => p.match && p.ids && !p.written);
    const failedPartitions = [...failedMatch, ...failedWrite].map((p) => p.name).sort();

    const previous = manifest?.pointers;
    const pointer = (kind: keyof Manifest['pointers'], name: string, ok: boolean): [string, string][] => {
      const run = ok ? plan.runId : previous?.[kind][name];
      return run ? [[name, run]] : [];
    };
    const suppliers: Manifest['suppliers'] = {};
    for (const [id, supplier] of Object.entries(plan.suppliers)) {
      if (supplier.mode === 'full' || supplier.mode === 'changes') suppliers[id] = { readAt: plan.startedAt, mode: supplier.mode };
      else if (supplier.mode === 'keep' && manifest?.suppliers[id]) suppliers[id] = manifest.suppliers[id];
    }
    const next: Manifest = {
      version: 1,
      layout: plan.layout,
      lastRunId: plan.runId,
      finishedAt: now.toISOString(),
      suppliers,
      pointers: {
        geo: Object.fromEntries(partitions.flatMap((p) => pointer('geo', p.name, p.match !== undefined))),
        keys: Object.fromEntries(
          Array.from({ length: plan.layout.keyBuckets }, (_, bucket) => [bucketName(bucket), plan.runId] as [string, string]),
        ),
        match: Object.fromEntries(partitions.flatMap((p) => pointer('match', p.name, p.match !== undefined))),
        ids: Object.fromEntries(partitions.flatMap((p) => pointer('ids', p.name, p.ids))),
        dest: Object.fromEntries(partitions.flatMap((p) => pointer('dest', p.name, p.written !== undefined))),
      },
      pending: Object.fromEntries(failedMatch.map((p) => [p.name, [...(manifest?.pending[p.name] ?? []), plan.runId]])),
      unwritten: failedWrite.map((p) => p.name).sort(),
    };
    await putJson(objects, MANIFEST_KEY, next);

    const status = failedPartitions.length > 0 ? 'partial' : 'succeeded';
    const written = partitions.reduce((sum, p) => sum + (p.written?.properties ?? 0), 0);
    await deps.runs.record({
      ...base,
      status,
      partitions: buckets.length,
      matched: partitions.filter((p) => p.match && !p.match.carriedFrom).length,
      skipped: partitions.filter((p) => p.match?.carriedFrom).length,
      properties: settle.properties,
      written,
      ...(failedPartitions.length > 0 ? { failedPartitions } : {}),
    });
    const report: RunReport = {
      runId: plan.runId,
      status,
      read,
      partitions: partitions.flatMap((p) =>
        p.match ? [{ name: p.name, carried: p.match.carriedFrom !== undefined, ...p.match.stats }] : [],
      ),
      settle,
      written,
      failedPartitions,
      durationMs,
    };
    await putJson(objects, files.report, report);
    return report;
  } finally {
    await deps.runs.release(plan.runId);
  }
}
