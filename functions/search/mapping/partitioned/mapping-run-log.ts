/**
 * The mapping runs' log and lock (functions/stores/dynamo-mapping-runs.ts): one run at a time rewrites the
 * map, and every run leaves a record the operator reads (`npm run admin -- mapping status`).
 */
import * as z from 'zod';
import { RUN_REASONS } from './run-plan.js';

export const RUN_STATUSES = ['running', 'succeeded', 'partial', 'failed'] as const;

export const mappingRunRecordSchema = z.object({
  runId: z.string(),
  reason: z.enum(RUN_REASONS),
  status: z.enum(RUN_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  durationMs: z.number().optional(),
  full: z.boolean(),
  /** Per supplier: how it was read and how many properties the run read of it. */
  suppliers: z.record(z.string(), z.object({ mode: z.string(), read: z.number() })),
  partitions: z.number().optional(),
  /** Partitions matched again (their content or their neighbours' changed), and left as they were. */
  matched: z.number().optional(),
  skipped: z.number().optional(),
  properties: z.number().optional(),
  written: z.number().optional(),
  /** Partitions whose match or write failed after its retries: their properties stay as the last run left them. */
  failedPartitions: z.array(z.string()).optional(),
  error: z.string().optional(),
});
export type MappingRunRecord = z.infer<typeof mappingRunRecordSchema>;

export interface MappingRunLog {
  /** Takes the lock until `until` for this run; false while another run holds an unexpired one. */
  acquire(runId: string, until: Date): Promise<boolean>;
  release(runId: string): Promise<void>;
  record(run: MappingRunRecord): Promise<void>;
  /** The latest runs, newest first. */
  recent(limit: number): Promise<MappingRunRecord[]>;
}
