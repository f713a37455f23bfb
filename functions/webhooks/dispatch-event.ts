/**
 * An event from the outbox, handed over by the table's stream: one delivery for each of the tenant's
 * enabled endpoints subscribed to its type, each tried at once. The delivery's id is derived from the event
 * and the endpoint, so a stream record handed over twice makes no second delivery.
 */
import { createHash } from 'node:crypto';
import type { WebhookDelivery, WebhookEndpoint } from '../domain/webhooks/webhook-endpoint.js';
import type { WebhookEvent } from '../domain/webhooks/webhook-event.js';
import { attemptDelivery } from './attempt-delivery.js';
import type { WebhookDeps } from './webhook-deps.js';

/** `dlv_` + the event's time (base 36, so ids sort by it) + a digest of event and endpoint. */
export function deliveryIdOf(event: Pick<WebhookEvent, 'id' | 'createdAt'>, endpointId: string): string {
  const digest = createHash('sha256').update(`${event.id}\n${endpointId}`).digest('hex').slice(0, 20);
  return `dlv_${Date.parse(event.createdAt).toString(36).padStart(9, '0')}${digest}`;
}

export function newDelivery(
  event: WebhookEvent,
  subject: string,
  endpoint: Pick<WebhookEndpoint, 'endpointId'>,
  now: Date,
): WebhookDelivery {
  return {
    tenant: event.tenant,
    endpointId: endpoint.endpointId,
    deliveryId: deliveryIdOf(event, endpoint.endpointId),
    subject,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now.toISOString(),
    createdAt: now.toISOString(),
    event,
  };
}

/** Makes the delivery's first attempt unless another sender holds it (claims push its due time past the attempt). */
export async function claimAndAttempt(delivery: WebhookDelivery, deps: WebhookDeps): Promise<WebhookDelivery | undefined> {
  const until = new Date(deps.now().getTime() + 60_000).toISOString();
  if (!(await deps.store.claim(delivery, until))) return undefined;
  return attemptDelivery({ ...delivery, nextAttemptAt: until }, deps);
}

export async function dispatchEvent(event: WebhookEvent, subject: string, deps: WebhookDeps): Promise<WebhookDelivery[]> {
  const endpoints = (await deps.store.listEndpoints(event.tenant)).filter((e) => e.enabled && e.events.includes(event.type));
  const attempted: WebhookDelivery[] = [];
  for (const endpoint of endpoints) {
    const delivery = newDelivery(event, subject, endpoint, deps.now());
    if (!(await deps.store.createDelivery(delivery))) continue;
    const done = await claimAndAttempt(delivery, deps);
    if (done) attempted.push(done);
  }
  return attempted;
}
