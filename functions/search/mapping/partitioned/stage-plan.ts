/**
 * The run's first stage: takes the lock (one run at a time rewrites the map), decides how each supplier
 * is read (run-plan.ts, READ_MODES), asks each supplier read for the parts its catalogue can be read in at
 * the same time, and writes the plan and the read stage's items.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { layoutFor, type PartitionLayout } from './partition-layout.js';
import type { CatalogueSources } from './catalogue-source.js';
import { getJson, putJson, type MappingObjects } from './mapping-objects.js';
import type { MappingRunLog } from './mapping-run-log.js';
import { runFiles } from './run-files.js';
import { MANIFEST_KEY, manifestSchema, RUN_REASONS, type Manifest, type ReadMode, type RunPlan } from './run-plan.js';

export const runRequestSchema = z.object({
  reason: z.enum(RUN_REASONS),
  /** A contract run: the suppliers whose contracts changed (the others are read only if never read). */
  suppliers: z.array(z.string()).optional(),
  /** Ignore what earlier runs left and match everything again. */
  full: z.boolean().optional(),
  /** When the request was made: a supplier read since then need not be read again. */
  requestedAt: z.string().optional(),
  /** H3 resolution of a partition's home cells (tests cut the world finer to exercise the borders). */
  resolution: z.int().min(0).max(15).optional(),
  /** Partitions, for a full run (default: one per ~8,000 supplier properties). */
  buckets: z.int().min(1).max(4096).optional(),
});
export type RunRequest = z.infer<typeof runRequestSchema>;

/** A run holds the lock this long at most; one that died without releasing it frees it then. */
export const RUN_LEASE_MS = 3 * 3_600_000;

export interface ReadItem {
  readonly runId: string;
  readonly supplierId: string;
  readonly slice: number;
  readonly cursor?: string;
  readonly part: number;
}

export type PlanResult =
  | { readonly busy: true }
  | {
      readonly busy: false;
      readonly runId: string;
      /** Nothing to read and no partition waiting: the run is recorded as done, the lock released, no stage runs. */
      readonly idle: boolean;
      readonly readItems: number;
      readonly suppliers: Readonly<Record<string, ReadMode>>;
    };

export interface PlanDeps {
  readonly objects: MappingObjects;
  readonly runs: Pick<MappingRunLog, 'acquire' | 'record' | 'release'>;
  readonly sources: CatalogueSources;
  readonly now?: () => Date;
  readonly signal?: AbortSignal;
}

export async function planRun(request: RunRequest, deps: PlanDeps): Promise<PlanResult> {
  const now = deps.now?.() ?? new Date();
  const runId = newRunId(now);
  if (!(await deps.runs.acquire(runId, new Date(now.getTime() + RUN_LEASE_MS)))) return { busy: true };

  const manifest = await readManifest(deps.objects);
  const sources = await deps.sources();
  const full = request.full === true || !manifest;
  const suppliers: Record<string, { mode: ReadMode; changedSince?: string }> = {};
  for (const source of sources)
    suppliers[source.supplierId] = modeOf(source.supplierId, source.contentChangeDates === true, request, manifest, full);
  for (const supplierId of Object.keys(manifest?.suppliers ?? {})) suppliers[supplierId] ??= { mode: 'drop' };

  const items: ReadItem[] = [];
  let estimated = 0;
  for (const source of sources) {
    const plan = suppliers[source.supplierId]!;
    if (plan.mode !== 'full' && plan.mode !== 'changes') continue;
    const slices = (await source.contentSlices?.({
      ...(plan.changedSince ? { changedSince: plan.changedSince } : {}),
      ...(deps.signal ? { signal: deps.signal } : {}),
    })) ?? [{}];
    slices.forEach((slice, index) => {
      estimated += slice.properties ?? 0;
      items.push({ runId, supplierId: source.supplierId, slice: index, ...(slice.cursor ? { cursor: slice.cursor } : {}), part: 0 });
    });
  }
  const layout = full ? fullLayout(request, manifest, estimated) : manifest!.layout;
  const plan: RunPlan = {
    runId,
    reason: request.reason,
    ...(request.suppliers ? { requested: request.suppliers } : {}),
    startedAt: now.toISOString(),
    full,
    layout,
    suppliers,
    ...(manifest ? { previousRunId: manifest.lastRunId } : {}),
  };
  const files = runFiles(runId);
  await putJson(deps.objects, files.plan, plan);
  await deps.objects.put(files.items('read'), Buffer.from(JSON.stringify(items)));
  // A contract run whose suppliers a run read since their contracts were written (the first run at deploy
  // read the sandbox contracts the stack wrote): nothing changed, nothing waits; done as soon as planned.
  const idle =
    !full &&
    items.length === 0 &&
    Object.values(suppliers).every((s) => s.mode === 'keep') &&
    Object.keys(manifest!.pending).length === 0 &&
    manifest!.unwritten.length === 0;
  await deps.runs.record({
    runId,
    reason: request.reason,
    status: idle ? 'succeeded' : 'running',
    startedAt: plan.startedAt,
    ...(idle ? { finishedAt: plan.startedAt, durationMs: 0 } : {}),
    full,
    suppliers: Object.fromEntries(Object.entries(suppliers).map(([id, s]) => [id, { mode: s.mode, read: 0 }])),
  });
  if (idle) await deps.runs.release(runId);
  return {
    busy: false,
    runId,
    idle,
    readItems: items.length,
    suppliers: Object.fromEntries(Object.entries(suppliers).map(([id, s]) => [id, s.mode])),
  };
}

function modeOf(
  supplierId: string,
  changeDates: boolean,
  request: RunRequest,
  manifest: Manifest | undefined,
  full: boolean,
): { mode: ReadMode; changedSince?: string } {
  const last = manifest?.suppliers[supplierId];
  if (full || !last) return { mode: 'full' };
  if (request.reason === 'contract') {
    const asked = request.suppliers?.includes(supplierId) ?? true;
    // Read since the contract changed (an earlier run queued before this one did it): nothing to redo.
    const readSince = request.requestedAt !== undefined && last.readAt >= request.requestedAt;
    return { mode: asked && !readSince ? 'full' : 'keep' };
  }
  // The supplier's own change dates, from the day of its last read (dates are days: that day is read again).
  return changeDates ? { mode: 'changes', changedSince: last.readAt.slice(0, 10) } : { mode: 'full' };
}

function fullLayout(request: RunRequest, manifest: Manifest | undefined, estimated: number): PartitionLayout {
  const layout = layoutFor(estimated || 40_000, request.resolution);
  const sized = request.buckets ? { ...layout, buckets: request.buckets } : layout;
  return manifest && !request.resolution && !request.buckets && sameSizeClass(manifest.layout, sized) ? manifest.layout : sized;
}

const sameSizeClass = (a: PartitionLayout, b: PartitionLayout): boolean => a.resolution === b.resolution && a.buckets === b.buckets;

export async function readManifest(objects: MappingObjects): Promise<Manifest | undefined> {
  const raw = await getJson(objects, MANIFEST_KEY);
  return raw === undefined ? undefined : manifestSchema.parse(raw);
}

/** Sortable by time, unique: `20250101T030000Z-1a2b3c`. */
function newRunId(now: Date): string {
  return `${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}-${randomBytes(3).toString('hex')}`;
}
