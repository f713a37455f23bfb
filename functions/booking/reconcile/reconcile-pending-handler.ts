/**
 * The pending-booking reconciler, run every few minutes by an EventBridge schedule: every booking of the
 * stack's tenant whose supplier outcome is unknown is asked for by our reference and settled
 * (settle-pending.ts), so none waits for a partner to look at it; then the hotels' confirmation numbers that
 * came late are collected (collect-hotel-confirmations.ts).
 */
import { logger } from '../../shared/observability.js';
import { flowDeps } from '../flow/flow-deps.js';
import { reconcilerConfig } from './reconciler-config.js';
import { reconcileTenant } from './reconcile-tenant.js';

// At the cold start: a variable missing or malformed fails the init, naming it.
const config = reconcilerConfig();

export async function handler(): Promise<{ checked: number; settled: number; confirmationsAsked: number; confirmationsNoted: number }> {
  const result = await reconcileTenant(config.tenant, flowDeps(config.flow));
  if (result.checked > 0 || result.confirmationsNoted > 0) logger.info('pending bookings reconciled', result);
  return result;
}
