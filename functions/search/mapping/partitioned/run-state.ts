/**
 * Reading back what earlier stages and runs wrote: the run's plan, the manifest it started from, the
 * changed refs of `changes` reads.
 */
import { getJson, type MappingObjects } from './mapping-objects.js';
import { runFiles } from './run-files.js';
import { runPlanSchema, type Manifest, type RunPlan } from './run-plan.js';
import { readManifest } from './stage-plan.js';

export async function readPlan(objects: MappingObjects, runId: string): Promise<RunPlan> {
  const raw = await getJson(objects, runFiles(runId).plan);
  if (raw === undefined) throw new Error(`mapping run ${runId} has no plan`);
  return runPlanSchema.parse(raw);
}

/** The manifest the run started from: the last one written before its plan (none for a first or full run's state). */
export async function startingManifest(objects: MappingObjects, plan: RunPlan): Promise<Manifest | undefined> {
  if (plan.full || !plan.previousRunId) return undefined;
  const manifest = await readManifest(objects);
  // Only the run that took the lock advances the manifest, so it is still the one the plan saw.
  if (manifest && manifest.lastRunId !== plan.previousRunId)
    throw new Error(`mapping run ${plan.runId}: the manifest moved on to ${manifest.lastRunId}`);
  return manifest;
}

export async function readChanged(objects: MappingObjects, runId: string): Promise<Set<string>> {
  const raw = await getJson(objects, runFiles(runId).changed);
  if (raw === undefined) return new Set();
  if (!Array.isArray(raw) || raw.some((ref) => typeof ref !== 'string')) throw new Error(`mapping run ${runId}: changed refs unreadable`);
  return new Set(raw as string[]);
}
