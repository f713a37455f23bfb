/**
 * The property mapping workflow on this machine: the stages of
 * functions/search/mapping/partitioned/workflow-stages.ts in the order statemachines/property-mapping.asl.json
 * runs them on AWS, each stage call made through `call` (a worker thread of mapping-worker-pool.ts, or in
 * process), with the ASL's rules: a call failing is tried again (STAGE_ATTEMPTS), a map stage runs its items
 * at most `concurrency` at a time and carries on past its tolerated share of failed items, a run that fails
 * as a whole is finished as failed (its record written, the lock released) and its error thrown.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { MappingObjects } from '../functions/search/mapping/partitioned/mapping-objects.js';
import { runFiles } from '../functions/search/mapping/partitioned/run-files.js';
import type { PlanResult, ReadItem, RunRequest } from '../functions/search/mapping/partitioned/stage-plan.js';
import type { RunReport } from '../functions/search/mapping/partitioned/stage-finish.js';
import type { ReadResult } from '../functions/search/mapping/partitioned/stage-read.js';
import {
  BUSY_WAIT_TRIES,
  MAPPING_STAGES,
  STAGE_ATTEMPTS,
  type MapStage,
  type MappingFunction,
} from '../functions/search/mapping/partitioned/workflow-stages.js';

export type StageCall = (fn: MappingFunction, event: unknown) => Promise<unknown>;

export interface MappingWorkflowOptions {
  readonly call: StageCall;
  /** Where the items files are (the same store the stages write). */
  readonly objects: MappingObjects;
  /** Map items at once (the ASL's MaxConcurrency; here, the worker threads). */
  readonly concurrency: number;
  /** Between tries for a lock another run holds (the ASL waits 60 s). */
  readonly busyWaitMs?: number;
  /** Called with each stage's time, for the benchmark. */
  readonly onStage?: (stage: string, ms: number) => void;
}

export class MappingRunFailed extends Error {
  constructor(
    readonly report: RunReport,
    cause: unknown,
  ) {
    super(`mapping run ${report.runId} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MappingRunFailed';
  }
}

export async function runMappingWorkflow(request: RunRequest, options: MappingWorkflowOptions): Promise<RunReport> {
  let plan: PlanResult | undefined;
  for (let tries = 0; tries < BUSY_WAIT_TRIES; tries += 1) {
    plan = (await withRetries(() => options.call('reader', { stage: 'Plan', request }))) as PlanResult;
    if (!plan.busy) break;
    await sleep(options.busyWaitMs ?? 1_000);
  }
  if (!plan || plan.busy) throw new Error('another mapping run held the lock for as long as this one waited');
  const { runId } = plan;
  if (plan.idle) return idleReport(runId);
  try {
    for (const stage of MAPPING_STAGES) {
      if (stage.name === 'Plan' || stage.name === 'Finish') continue;
      const started = performance.now();
      if (stage.kind === 'task') await withRetries(() => options.call(stage.fn, { stage: stage.name, runId }));
      else await runMap(stage, runId, options);
      options.onStage?.(stage.name, performance.now() - started);
    }
  } catch (error) {
    const report = (await withRetries(() =>
      options.call('writer', {
        stage: 'Finish',
        runId,
        error: { Error: error instanceof Error ? error.name : 'Error', Cause: String(error) },
      }),
    )) as RunReport;
    throw new MappingRunFailed(report, error);
  }
  return (await withRetries(() => options.call('writer', { stage: 'Finish', runId }))) as RunReport;
}

function idleReport(runId: string): RunReport {
  return { runId, status: 'succeeded', read: {}, partitions: [], written: 0, failedPartitions: [], durationMs: 0 };
}

async function runMap(stage: MapStage, runId: string, options: MappingWorkflowOptions): Promise<void> {
  const body = await options.objects.get(runFiles(runId).items(stage.items));
  if (!body) throw new Error(`mapping run ${runId}: no ${stage.items} items for ${stage.name}`);
  const items = JSON.parse(Buffer.from(body).toString('utf8')) as unknown[];
  const failures: unknown[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      try {
        if (stage.loop) {
          let at = item as ReadItem;
          for (;;) {
            const result = (await withRetries(() => options.call(stage.fn, { stage: stage.name, item: at }))) as ReadResult;
            if (result.done) break;
            at = {
              runId: result.runId,
              supplierId: result.supplierId,
              slice: result.slice,
              part: result.part,
              ...(result.cursor ? { cursor: result.cursor } : {}),
            };
          }
        } else await withRetries(() => options.call(stage.fn, { stage: stage.name, item }));
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, items.length)) }, worker));
  if (failures.length > 0 && (failures.length * 100) / items.length > stage.toleratedFailurePercentage) {
    throw new Error(
      `${stage.name}: ${failures.length} of ${items.length} items failed (tolerated ${stage.toleratedFailurePercentage} %): ${String(failures[0])}`,
      {
        cause: failures[0],
      },
    );
  }
}

async function withRetries<T>(call: () => Promise<T>): Promise<T> {
  let last: unknown;
  for (let attempt = 0; attempt < STAGE_ATTEMPTS; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      last = error;
    }
  }
  throw last;
}
