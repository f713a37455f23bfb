/**
 * The retry sweep, run every minute on AWS (and every few hundred milliseconds by the local host): every
 * open delivery of the tenant whose next attempt is due is tried, earliest first.
 */
import type { WebhookDeps } from './webhook-deps.js';
import { claimAndAttempt } from './dispatch-event.js';

const PER_SWEEP = 100;

export async function deliverDue(tenant: string, deps: WebhookDeps): Promise<{ readonly attempted: number }> {
  const due = await deps.store.dueDeliveries(tenant, deps.now().toISOString(), PER_SWEEP);
  let attempted = 0;
  for (const delivery of due) if (await claimAndAttempt(delivery, deps)) attempted++;
  return { attempted };
}
