/**
 * What the webhook endpoint routes share: the request schemas, the endpoint or `not-found` (another tenant's
 * id is unknown, like any id we did not issue to the caller), the URL check under the stage's policy, and the
 * views partners read. The secret is shown once, in the answer that creates the endpoint.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { DomainError } from '../domain/errors/domain-error.js';
import { invalidFields } from '../domain/errors/invalid-fields.js';
import { webhookDeliveryIdSchema, webhookEndpointIdSchema } from '../domain/ids/id-schemas.js';
import { isOpen, type WebhookDelivery, type WebhookEndpoint } from '../domain/webhooks/webhook-endpoint.js';
import { WEBHOOK_EVENT_TYPES } from '../domain/webhooks/webhook-event.js';
import { plainText } from '../shared/plain-text.js';
import { routeWebhookDeps, webhooksConfig } from './webhooks-config.js';
import { urlProblem } from './webhook-url.js';

/** Endpoints one account may have. */
export const MAX_ENDPOINTS = 20;
export const DELIVERY_PAGE = { default: 20, max: 100 } as const;

const url = z
  .string()
  .min(1)
  .max(2048)
  .meta({
    description: 'Where events are POSTed: https, a public host (in production); we follow no redirects',
    examples: ['https://partner.example.com/hooks/hotel-api'],
  });
const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((list) => new Set(list).size === list.length, 'must not repeat an event type')
  .meta({ description: 'The event types sent to this endpoint' });
const description = plainText({ trim: true, max: 200 }).meta({ description: 'Your own note' });

export const endpointParams = z.object({ endpointId: webhookEndpointIdSchema });
export const deliveryParams = z.object({ endpointId: webhookEndpointIdSchema, deliveryId: webhookDeliveryIdSchema });

export const createEndpointBody = z
  .strictObject({ url, events, description: description.optional() })
  .meta({ id: 'WebhookEndpointRequest' });

export const updateEndpointBody = z
  .strictObject({
    url: url.optional(),
    events: events.optional(),
    description: description.optional(),
    enabled: z.boolean().optional().meta({ description: 'false stops deliveries (they are dead-lettered); true resumes them' }),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'send at least one of url, events, description, enabled', path: ['url'] })
  .meta({ id: 'WebhookEndpointUpdate' });

export const deliveriesQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(DELIVERY_PAGE.max)
    .default(DELIVERY_PAGE.default)
    .meta({ description: `Deliveries per page, 1 to ${DELIVERY_PAGE.max} (default ${DELIVERY_PAGE.default})` }),
  cursor: webhookDeliveryIdSchema.optional().meta({ description: 'The `next` of the previous page; absent for the first page' }),
});

/** A URL the stage's policy refuses is an invalid field, named. */
export function checkUrl(value: string, path = 'url'): void {
  const { delivery, apiHost } = webhooksConfig();
  const problem = urlProblem(value, delivery.urlPolicy, apiHost);
  if (problem) throw invalidFields([{ path, message: problem }]);
}

/** `whsec_` + 24 random bytes in base64, the Standard Webhooks secret format. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export async function endpointOr404(tenant: string, endpointId: string): Promise<WebhookEndpoint> {
  const endpoint = await routeWebhookDeps().store.getEndpoint(tenant, endpointId);
  if (!endpoint) throw new DomainError('not-found', `No webhook endpoint ${endpointId}`);
  return endpoint;
}

export function endpointView(endpoint: WebhookEndpoint) {
  return {
    endpointId: endpoint.endpointId,
    url: endpoint.url,
    events: [...endpoint.events],
    ...(endpoint.description ? { description: endpoint.description } : {}),
    enabled: endpoint.enabled,
    ...(endpoint.disabledReason ? { disabledReason: endpoint.disabledReason } : {}),
    ...(endpoint.failingSince ? { failingSince: endpoint.failingSince } : {}),
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
  };
}

export function deliveryView(delivery: WebhookDelivery) {
  return {
    deliveryId: delivery.deliveryId,
    eventId: delivery.event.id,
    eventType: delivery.event.type,
    status: delivery.status,
    attempts: delivery.attempts,
    ...(delivery.lastAttemptAt ? { lastAttemptAt: delivery.lastAttemptAt } : {}),
    ...(delivery.lastResponseCode !== undefined ? { lastResponseCode: delivery.lastResponseCode } : {}),
    ...(delivery.lastError ? { lastError: delivery.lastError } : {}),
    ...(isOpen(delivery.status) && delivery.nextAttemptAt ? { nextAttemptAt: delivery.nextAttemptAt } : {}),
    ...(delivery.deliveredAt ? { deliveredAt: delivery.deliveredAt } : {}),
    createdAt: delivery.createdAt,
  };
}
