/**
 * What the three mapping workflow entries share: each stage call logged with its run, stage and what it
 * answered (counts, never content), a failure logged and thrown for the workflow's Retry and Catch.
 */
import type { Context } from 'aws-lambda';
import { logger } from '../shared/observability.js';
import { runStage, type StagePorts } from './mapping/partitioned/run-stage.js';
import type { MappingFunction } from './mapping/partitioned/workflow-stages.js';

/** Kept back from the function's timeout: a supplier read past it is aborted, and the stage fails by name. */
const RESERVE_MS = 20_000;

export async function handleStage(
  fn: MappingFunction,
  event: unknown,
  context: Context,
  ports: (signal: AbortSignal) => StagePorts,
): Promise<unknown> {
  logger.addContext(context);
  const summary = event as { stage?: string; runId?: string; item?: { runId?: string; name?: string; supplierId?: string } };
  const where = { stage: summary.stage, runId: summary.runId ?? summary.item?.runId, item: summary.item?.name ?? summary.item?.supplierId };
  try {
    const result = await runStage(fn, event, ports(AbortSignal.timeout(Math.max(1_000, context.getRemainingTimeInMillis() - RESERVE_MS))));
    logger.info('mapping stage done', { ...where, result: result as Record<string, unknown> });
    return result;
  } catch (error) {
    logger.error('mapping stage failed', { ...where, error: error as Error });
    throw error;
  }
}
