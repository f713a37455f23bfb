/**
 * The outbox of webhook events: an event is one item of the webhooks table, written in the same DynamoDB
 * transaction as the change it tells of (a booking's state, a wallet's movement), so a change is never
 * made without its event nor an event sent for a change that was not made. The table's stream hands each
 * new event item to the sender (functions/webhooks/), on AWS and on this machine alike.
 */
import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '../domain/webhooks/webhook-event.js';
import { tableName } from '../shared/config.js';
import { keys } from '../shared/keys.js';

export const OUTBOX_ITEM_KIND = 'webhook-event';

/**
 * How long an event and its deliveries are kept (the webhooks table's TTL): a delivery is retried for at
 * most a day, and a partner reads its endpoint's deliveries back for a month to investigate one.
 */
export const WEBHOOK_RETENTION_DAYS = 30;

/** The epoch-seconds expiry of an event, or a delivery of it, made at `at`. */
export function webhookExpiry(at: string): number {
  return Math.floor(Date.parse(at) / 1000) + WEBHOOK_RETENTION_DAYS * 86_400;
}

/** `msg_` + the time in base 36 + randomness: unique, and sorting with the time it was made. */
export function newEventId(at: string): string {
  return `msg_${Date.parse(at).toString(36).padStart(9, '0')}${randomBytes(10).toString('hex')}`;
}

/** The TransactWriteItems entry that puts the event in the outbox (once: its key is new). */
export function outboxPut(
  event: WebhookEvent,
  subject: string,
): { Put: { TableName: string; Item: Record<string, unknown>; ConditionExpression: string } } {
  return {
    Put: {
      TableName: tableName('webhooks'),
      Item: {
        ...keys.webhookOutbox(event.tenant, subject, event.createdAt, event.id),
        kind: OUTBOX_ITEM_KIND,
        subject,
        event,
        expiresAt: webhookExpiry(event.createdAt),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}
