/**
 * The webhooks table's endpoint and delivery items as the domain's types, parsed where they are read
 * (dynamo-webhooks.ts): an item that is not what we wrote fails here, naming the field. Storage attributes
 * (keys, kind, the due and lane indexes' attributes, the expiry) are not the domain's and are left out.
 */
import * as z from 'zod';
import type { WebhookDelivery, WebhookEndpoint } from '../domain/webhooks/webhook-endpoint.js';
import { PING_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from '../domain/webhooks/webhook-event.js';

const eventType = z.enum([...WEBHOOK_EVENT_TYPES, PING_EVENT_TYPE]);

const endpointItem = z.object({
  tenant: z.string(),
  endpointId: z.string(),
  url: z.string(),
  events: z.array(eventType),
  description: z.string().optional(),
  enabled: z.boolean(),
  disabledReason: z.string().optional(),
  secret: z.string(),
  previousSecret: z.string().optional(),
  previousSecretExpiresAt: z.string().optional(),
  failingSince: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const deliveryItem = z.object({
  tenant: z.string(),
  endpointId: z.string(),
  deliveryId: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'waiting', 'retrying', 'delivered', 'dead']),
  attempts: z.number().int(),
  lastAttemptAt: z.string().optional(),
  lastResponseCode: z.number().int().optional(),
  lastError: z.string().optional(),
  nextAttemptAt: z.string().optional(),
  deliveredAt: z.string().optional(),
  createdAt: z.string(),
  event: z.object({ id: z.string(), type: eventType, createdAt: z.string(), tenant: z.string(), data: z.record(z.string(), z.unknown()) }),
});

export function endpointFromItem(item: Record<string, unknown>): WebhookEndpoint {
  return endpointItem.parse(item);
}

export function deliveryFromItem(item: Record<string, unknown>): WebhookDelivery {
  return deliveryItem.parse(item);
}
