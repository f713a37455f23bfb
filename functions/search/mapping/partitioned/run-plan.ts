/**
 * What a mapping run does and what the runs so far have left: the run's plan (written by its first stage,
 * read by every later one) and the manifest (the last good state of every partition, advanced by the last
 * stage of a run that finished). Both are parsed at the edge, as anything read back from a store is.
 */
import * as z from 'zod';

export const RUN_REASONS = ['deploy', 'schedule', 'contract', 'manual'] as const;
export type RunReason = (typeof RUN_REASONS)[number];

/**
 * How a run reads a supplier:
 * - full: every property (the first run, a new contract, a supplier without change dates, a full run asked for);
 *   its properties replace all the supplier had. Content hashes then tell which partitions changed.
 * - changes: only the properties the supplier says changed since its last read (its own change dates).
 * - keep: not read; what the last run read stands (another supplier's contract run).
 * - drop: no longer contracted; its properties leave the map.
 */
export const READ_MODES = ['full', 'changes', 'keep', 'drop'] as const;
export type ReadMode = (typeof READ_MODES)[number];

export const layoutSchema = z.object({
  resolution: z.int().min(0).max(15),
  buckets: z.int().min(1),
  keyBuckets: z.int().min(1),
  destinationBuckets: z.int().min(1),
});

export const supplierPlanSchema = z.object({
  mode: z.enum(READ_MODES),
  /** For `changes`: the supplier's change date to read from (UTC, YYYY-MM-DD). */
  changedSince: z.string().optional(),
});

export const runPlanSchema = z.object({
  runId: z.string(),
  reason: z.enum(RUN_REASONS),
  /** The suppliers the run was asked for (a contract run), or all. */
  requested: z.array(z.string()).optional(),
  startedAt: z.string(),
  /** Every state file is ignored and rebuilt: the run is exact (every partition matched over everything). */
  full: z.boolean(),
  layout: layoutSchema,
  suppliers: z.record(z.string(), supplierPlanSchema),
  /** The manifest the run started from (absent: the first run). */
  previousRunId: z.string().optional(),
});
export type RunPlan = z.infer<typeof runPlanSchema>;

const bucketPointers = z.record(z.string(), z.string());

export const manifestSchema = z.object({
  version: z.literal(1),
  layout: layoutSchema,
  lastRunId: z.string(),
  finishedAt: z.string(),
  /** When each supplier was last read (the start of the run that read it) and how. */
  suppliers: z.record(z.string(), z.object({ readAt: z.string(), mode: z.enum(READ_MODES) })),
  /** Per bucket (its name), the run that holds its latest good files. */
  pointers: z.object({ geo: bucketPointers, keys: bucketPointers, match: bucketPointers, ids: bucketPointers, dest: bucketPointers }),
  /**
   * Partitions whose match failed in a later run: the runs whose reads they have not taken in yet (in
   * order); the next run takes them in and matches the partition whatever its content.
   */
  pending: z.record(z.string(), z.array(z.string())).default({}),
  /** Partitions whose write failed: the next run writes them whatever changed. */
  unwritten: z.array(z.string()).default([]),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const MANIFEST_KEY = 'state/manifest.json.gz';
