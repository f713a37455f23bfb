/**
 * One attempt of one delivery, and what follows from it:
 * - an earlier delivery of the same subject (booking) to the same endpoint is still open: this one waits
 *   behind it (deliveries of a booking arrive in the order its changes happened);
 * - the endpoint is gone or disabled: dead (the partner can retry it once the endpoint is back);
 * - a 2xx: delivered, and the endpoint is healthy again; the next waiting delivery of the lane goes at once;
 * - anything else (a non-2xx, a timeout, a refused connection): retried on the schedule, dead after the last
 *   attempt; an endpoint failing for longer than the limit is disabled with the reason.
 * At least once: an attempt whose answer was lost is made again, and the `webhook-id` lets the receiver
 * drop the repeat.
 */
import { signingSecrets, type WebhookDelivery } from '../domain/webhooks/webhook-endpoint.js';
import { logger } from '../shared/observability.js';
import { signedHeaders } from './signed-post.js';
import type { WebhookDeps } from './webhook-deps.js';

const WAIT_BEHIND_MS = 1_000;

function later(a: string | undefined, b: Date): string {
  return a && Date.parse(a) > b.getTime() ? a : b.toISOString();
}

export async function attemptDelivery(delivery: WebhookDelivery, deps: WebhookDeps): Promise<WebhookDelivery> {
  const now = deps.now();
  const blocker = await deps.store.laneNeighbour(delivery, 'before');
  if (blocker) {
    return deps.store.saveDelivery({
      ...delivery,
      status: 'waiting',
      nextAttemptAt: later(blocker.nextAttemptAt, new Date(now.getTime() + WAIT_BEHIND_MS)),
    });
  }
  const endpoint = await deps.store.getEndpoint(delivery.tenant, delivery.endpointId);
  if (!endpoint?.enabled) {
    const { nextAttemptAt: _next, ...rest } = delivery;
    const dead = await deps.store.saveDelivery({
      ...rest,
      status: 'dead',
      lastError: endpoint ? `the endpoint is disabled: ${endpoint.disabledReason ?? 'by the partner'}` : 'the endpoint was deleted',
    });
    await releaseLane(dead, deps);
    return dead;
  }

  const body = JSON.stringify(delivery.event);
  const result = await deps.post(endpoint.url, signedHeaders(signingSecrets(endpoint, now), delivery.event.id, now, body), body);
  const attempts = delivery.attempts + 1;
  const ok = result.status !== undefined && result.status >= 200 && result.status < 300;
  const { nextAttemptAt: _next, lastError: _error, lastResponseCode: _code, ...base } = delivery;
  const tried = {
    ...base,
    attempts,
    lastAttemptAt: now.toISOString(),
    ...(result.status !== undefined ? { lastResponseCode: result.status } : {}),
  };

  let next: WebhookDelivery;
  if (ok) {
    next = { ...tried, status: 'delivered', deliveredAt: now.toISOString() };
    if (endpoint.failingSince)
      await deps.store.updateEndpoint(endpoint.tenant, endpoint.endpointId, { failingSince: undefined, updatedAt: now.toISOString() });
  } else {
    const error = result.error ?? `answered ${result.status}`;
    const wait = deps.retryScheduleMs[attempts - 1];
    next =
      wait === undefined
        ? { ...tried, status: 'dead', lastError: error }
        : { ...tried, status: 'retrying', lastError: error, nextAttemptAt: new Date(now.getTime() + wait).toISOString() };
    await noteFailure(endpoint, now, deps);
  }
  await deps.store.saveDelivery(next);
  if (next.status === 'dead')
    logger.warn('webhook delivery dead-lettered', {
      endpointId: next.endpointId,
      deliveryId: next.deliveryId,
      eventType: next.event.type,
      attempts,
      lastResponseCode: next.lastResponseCode,
    });
  if (next.status === 'delivered' || next.status === 'dead') await releaseLane(next, deps);
  return next;
}

/** The endpoint failed once more: noted, and disabled once it has failed for longer than the limit. */
async function noteFailure(
  endpoint: { tenant: string; endpointId: string; failingSince?: string },
  now: Date,
  deps: WebhookDeps,
): Promise<void> {
  const since = endpoint.failingSince ?? now.toISOString();
  const failingFor = now.getTime() - Date.parse(since);
  if (failingFor >= deps.disableAfterMs && endpoint.failingSince) {
    const reason = `every delivery failed since ${since}; disabled at ${now.toISOString()}. Fix the receiver, then PATCH {"enabled": true} and retry the dead deliveries`;
    await deps.store.updateEndpoint(endpoint.tenant, endpoint.endpointId, {
      enabled: false,
      disabledReason: reason,
      updatedAt: now.toISOString(),
    });
    logger.warn('webhook endpoint disabled after failing', { endpointId: endpoint.endpointId, failingSince: since });
  } else if (!endpoint.failingSince) {
    await deps.store.updateEndpoint(endpoint.tenant, endpoint.endpointId, { failingSince: since, updatedAt: now.toISOString() });
  }
}

/** The lane's next delivery, which waited behind this one, is tried now rather than at the next sweep. */
async function releaseLane(settled: WebhookDelivery, deps: WebhookDeps): Promise<void> {
  const waiting = await deps.store.laneNeighbour(settled, 'after');
  if (waiting && (await deps.store.claim(waiting, deps.now().toISOString())))
    await attemptDelivery({ ...waiting, nextAttemptAt: deps.now().toISOString() }, deps);
}
