/**
 * The pending-booking reconciler, run every few minutes by an EventBridge schedule: every booking of the
 * stack's tenant whose supplier outcome is unknown is asked for by our reference and settled
 * (settle-pending.ts), so none waits for a partner to look at it.
 */
import { env } from '../../shared/config.js';
import { logger } from '../../shared/observability.js';
import { flowDeps } from '../flow/flow-deps.js';
import { settleAllPending } from './settle-pending.js';

export async function handler(): Promise<{ checked: number; settled: number }> {
  const result = await settleAllPending(env('TENANT'), flowDeps());
  if (result.checked > 0) logger.info('pending bookings reconciled', result);
  return result;
}
