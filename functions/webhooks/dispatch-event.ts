/**
 * An event from the outbox, handed over by the table's stream: one delivery for each of the tenant's
 * enabled endpoints subscribed to its type, each tried at once. The delivery's id is derived from the event
 * and the endpoint, so a stream record handed over twice makes no second delivery.
 */
import { createHash } from 'node:crypto';
import { isOpen, type WebhookDelivery, type WebhookEndpoint } from '../domain/webhooks/webhook-endpoint.js';
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

/**
 * How long one attempt holds its delivery: its due time is pushed this far ahead, so the sweep leaves it
 * alone, and takes it again only if the sender died mid-attempt.
 */
const ATTEMPT_HOLD_MS = 60_000;

function heldUntil(deps: WebhookDeps): string {
  return new Date(deps.now().getTime() + ATTEMPT_HOLD_MS).toISOString();
}

/** Makes the delivery's next attempt unless another sender holds it (claims push its due time past the attempt). */
export async function claimAndAttempt(delivery: WebhookDelivery, deps: WebhookDeps): Promise<WebhookDelivery | undefined> {
  const until = heldUntil(deps);
  if (!(await deps.store.claim(delivery, until))) return undefined;
  return attemptDelivery({ ...delivery, nextAttemptAt: until }, deps);
}

/**
 * Records a new delivery already held for its first attempt, and makes it; undefined when the delivery
 * exists already. Born held, it is never due in between: a sweep running at that moment cannot take the
 * attempt away from the sender that made it (which then answered a ping with `pending`).
 */
export async function createAndAttempt(delivery: WebhookDelivery, deps: WebhookDeps): Promise<WebhookDelivery | undefined> {
  const held = { ...delivery, nextAttemptAt: heldUntil(deps) };
  if (!(await deps.store.createDelivery(held))) return undefined;
  return attemptDelivery(held, deps);
}

/**
 * One more attempt now, asked for by the partner. An open delivery is claimed on the due time it was read
 * with, so an attempt a sweep is making at that moment is not made twice (undefined: the sweep has it). A
 * dead one is not due for anyone, so it is saved held for the attempt this sender then makes.
 */
export async function attemptNow(delivery: WebhookDelivery, deps: WebhookDeps): Promise<WebhookDelivery | undefined> {
  if (isOpen(delivery.status)) return claimAndAttempt(delivery, deps);
  const held = await deps.store.saveDelivery({ ...delivery, status: 'retrying', nextAttemptAt: heldUntil(deps) });
  return attemptDelivery(held, deps);
}

export async function dispatchEvent(event: WebhookEvent, subject: string, deps: WebhookDeps): Promise<WebhookDelivery[]> {
  const endpoints = (await deps.store.listEndpoints(event.tenant)).filter((e) => e.enabled && e.events.includes(event.type));
  const attempted: WebhookDelivery[] = [];
  for (const endpoint of endpoints) {
    const done = await createAndAttempt(newDelivery(event, subject, endpoint, deps.now()), deps);
    if (done) attempted.push(done);
  }
  return attempted;
}
