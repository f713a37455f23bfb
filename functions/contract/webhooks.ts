/**
 * Webhooks (API-SPEC "Webhooks"): the endpoint routes, and the events we send, as OpenAPI 3.1 `webhooks`
 * (each event type's POST to the partner's URL, signed with the Standard Webhooks headers).
 */
import * as z from 'zod';
import { BOOKING_EVENT_TYPES, PING_EVENT_TYPE, WALLET_EVENT_TYPES, WEBHOOK_EVENT_TYPES } from '../domain/webhooks/webhook-event.js';
import {
  createEndpointBody,
  deliveriesQuery,
  deliveryParams,
  DELIVERY_PAGE,
  endpointParams,
  MAX_ENDPOINTS,
  updateEndpointBody,
} from '../webhooks/endpoint-access.js';
import { instant } from './common.js';
import { json, jsonBody, type OperationSpec } from './operation.js';

const eventType = z.enum([...WEBHOOK_EVENT_TYPES, PING_EVENT_TYPE]);

export const webhookEndpointSchema = z
  .strictObject({
    endpointId: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    description: z.string().optional(),
    enabled: z.boolean(),
    disabledReason: z
      .string()
      .optional()
      .meta({ description: 'Why it is disabled: by you, or by us after every delivery failed for 5 days' }),
    failingSince: instant.optional().meta({ description: 'The first failed attempt since the last success' }),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'WebhookEndpoint' });

const createdEndpointSchema = webhookEndpointSchema
  .extend({ secret: z.string().meta({ description: 'The signing secret (`whsec_` + base64). Shown in this answer only: store it now' }) })
  .meta({ id: 'WebhookEndpointCreated' });

export const webhookDeliverySchema = z
  .strictObject({
    deliveryId: z.string(),
    eventId: z.string().meta({ description: "The event's id, sent as `webhook-id`" }),
    eventType,
    status: z.enum(['pending', 'waiting', 'retrying', 'delivered', 'dead']).meta({
      description:
        '`waiting`: behind an earlier event of the same booking; `retrying`: failed, tried again at `nextAttemptAt`; `dead`: every attempt failed, retry it with POST .../retry',
    }),
    attempts: z.number().int(),
    lastAttemptAt: instant.optional(),
    lastResponseCode: z.number().int().optional().meta({ description: "Your receiver's last status code" }),
    lastError: z.string().optional(),
    nextAttemptAt: instant.optional(),
    deliveredAt: instant.optional(),
    createdAt: instant,
  })
  .meta({ id: 'WebhookDelivery' });

const bookingEventData = z
  .looseObject({
    bookingId: z.string(),
    status: z.enum(['pending', 'confirmed', 'cancelled', 'failed']),
    clientReference: z.string(),
    cancellation: z
      .strictObject({
        cancelledAt: instant,
        penalty: z.strictObject({ amount: z.number(), currency: z.string() }),
        quotedPenalty: z.strictObject({ amount: z.number(), currency: z.string() }),
      })
      .optional()
      .meta({ description: 'On booking.cancelled: the penalty the supplier applied, and the one the policy quoted (as GET shows them)' }),
  })
  .meta({ description: 'The booking summary (as GET /v1/hotels/bookings lists it) after the change; never guest or holder contact data' });

export const webhookEventSchema = z
  .strictObject({
    id: z
      .string()
      .meta({ description: 'Unique per event (`msg_...`), also the `webhook-id` header: drop an event whose id you have seen' }),
    type: eventType,
    createdAt: instant,
    tenant: z.string(),
    data: z
      .record(z.string(), z.unknown())
      .meta({ description: 'booking.*: the booking summary; wallet.*: the wallet and the movement; webhook.ping: the endpointId' }),
  })
  .meta({ id: 'WebhookEvent' });

export const WEBHOOKS_TAG_DESCRIPTION =
  'Signed webhooks for every change of a booking (scope hotels.book). Register an endpoint, store its `secret`, and verify each request with any ' +
  'Standard Webhooks library (headers `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`):\n\n' +
  '```ts\nimport { Webhook } from "standardwebhooks";\nconst event = new Webhook(secret).verify(rawBody, { "webhook-id": h["webhook-id"], "webhook-timestamp": h["webhook-timestamp"], "webhook-signature": h["webhook-signature"] });\n```\n\n' +
  'Verify the raw body, before parsing it. Answer 2xx quickly; anything else (or no answer within 10 s) is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then the delivery is dead (see its deliveries, retry it). ' +
  'Events of one booking reach an endpoint in the order they happened. Delivery is at least once: drop repeats by `webhook-id`. ' +
  'In production the URL must be https on a public host.';

const EXAMPLE_ENDPOINT = {
  endpointId: 'we_4f0c2a9e7b1d3c5e8a6b',
  url: 'https://partner.example.com/hooks/hotel-api',
  events: ['booking.confirmed', 'booking.cancelled'],
  enabled: true,
  createdAt: '2026-11-25T08:00:00.000Z',
  updatedAt: '2026-11-25T08:00:00.000Z',
};
const EXAMPLE_DELIVERY = {
  deliveryId: 'dlv_0mhx8k2f1a3c9e5b7d0f2a4c6e8b',
  eventId: 'msg_0mhx8k2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d',
  eventType: 'booking.confirmed',
  status: 'retrying',
  attempts: 2,
  lastAttemptAt: '2026-11-25T08:05:05.000Z',
  lastResponseCode: 503,
  lastError: 'answered 503',
  nextAttemptAt: '2026-11-25T08:10:05.000Z',
  createdAt: '2026-11-25T08:05:00.000Z',
};

export const webhookOperations: Record<string, OperationSpec> = {
  createWebhookEndpoint: {
    tag: 'Webhooks',
    description: `Registers an endpoint for the event types given. The answer carries the signing \`secret\`, shown this once. At most ${MAX_ENDPOINTS} endpoints per account (409 beyond). A URL we may not send to is 400 naming \`url\`.`,
    request: {
      body: jsonBody(
        createEndpointBody,
        { url: EXAMPLE_ENDPOINT.url, events: EXAMPLE_ENDPOINT.events, description: 'bookings into our CRM' },
        'The endpoint',
      ),
    },
    responses: {
      201: {
        description: 'Registered',
        headers: { Location: { description: 'The endpoint', schema: { type: 'string' } } },
        content: json(createdEndpointSchema, { ...EXAMPLE_ENDPOINT, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }),
      },
    },
    problems: [409],
  },
  listWebhookEndpoints: {
    tag: 'Webhooks',
    description: "The account's endpoints, oldest first (never their secrets).",
    responses: {
      200: {
        description: 'The endpoints',
        content: json(z.strictObject({ endpoints: z.array(webhookEndpointSchema) }).meta({ id: 'WebhookEndpointList' }), {
          endpoints: [EXAMPLE_ENDPOINT],
        }),
      },
    },
  },
  getWebhookEndpoint: {
    tag: 'Webhooks',
    description: "One endpoint; another account's id is 404.",
    request: { params: endpointParams },
    responses: { 200: { description: 'The endpoint', content: json(webhookEndpointSchema, EXAMPLE_ENDPOINT) } },
    problems: [404],
  },
  updateWebhookEndpoint: {
    tag: 'Webhooks',
    description:
      'Changes the URL, the events or the note; `enabled: false` stops deliveries (they are dead-lettered), `enabled: true` resumes them and clears the reason it was disabled.',
    request: {
      params: endpointParams,
      body: jsonBody(updateEndpointBody, { events: ['booking.pending', 'booking.confirmed', 'booking.cancelled'] }, 'What changes'),
    },
    responses: { 200: { description: 'The endpoint as changed', content: json(webhookEndpointSchema, EXAMPLE_ENDPOINT) } },
    problems: [404],
  },
  deleteWebhookEndpoint: {
    tag: 'Webhooks',
    description: 'Deletes the endpoint: nothing more is sent to it.',
    request: { params: endpointParams },
    responses: { 204: { description: 'Deleted' } },
    problems: [404],
  },
  rotateWebhookSecret: {
    tag: 'Webhooks',
    description:
      'Gives the endpoint a new signing secret, shown in this answer only. For 24 hours every delivery carries two signatures in `webhook-signature`, ' +
      'space-separated (one per secret, as the Standard Webhooks spec allows), so a receiver verifies with either secret while you deploy the new one; ' +
      'then only the new secret signs. Rotating again within the 24 hours drops the oldest secret at once. 409 when another rotation of the same endpoint ran at the same moment.',
    request: { params: endpointParams },
    responses: {
      200: {
        description: 'The new secret',
        content: json(
          z
            .strictObject({
              id: z.string().meta({ description: 'The endpoint id' }),
              secret: z
                .string()
                .meta({ description: 'The new signing secret (`whsec_` + base64). Shown in this answer only: store it now' }),
            })
            .meta({ id: 'WebhookSecretRotated' }),
          { id: 'we_4f1c2a9e0b7d6c5a3e21', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
        ),
      },
    },
    problems: [404, 409],
  },
  testWebhookEndpoint: {
    tag: 'Webhooks',
    description: `Sends a signed \`${PING_EVENT_TYPE}\` event now and answers with its delivery: \`delivered\` with your receiver's status, or \`retrying\` with what went wrong.`,
    request: { params: endpointParams },
    responses: {
      200: {
        description: "The ping's delivery",
        content: json(webhookDeliverySchema, {
          ...EXAMPLE_DELIVERY,
          eventType: PING_EVENT_TYPE,
          status: 'delivered',
          attempts: 1,
          lastResponseCode: 200,
        }),
      },
    },
    problems: [404],
  },
  listWebhookDeliveries: {
    tag: 'Webhooks',
    description: `The endpoint's deliveries, newest first, ${DELIVERY_PAGE.default} to a page (at most ${DELIVERY_PAGE.max}); follow \`next\` with \`cursor\`.`,
    request: { params: endpointParams, query: deliveriesQuery },
    responses: {
      200: {
        description: 'A page of deliveries',
        content: json(
          z.strictObject({ deliveries: z.array(webhookDeliverySchema), next: z.string().optional() }).meta({ id: 'WebhookDeliveryPage' }),
          { deliveries: [EXAMPLE_DELIVERY] },
        ),
      },
    },
    problems: [404],
  },
  retryWebhookDelivery: {
    tag: 'Webhooks',
    description: 'One more attempt now, for a dead delivery (or one waiting for its next try). A delivered one is 409.',
    request: { params: deliveryParams },
    responses: {
      200: {
        description: 'The delivery after the attempt',
        content: json(webhookDeliverySchema, { ...EXAMPLE_DELIVERY, status: 'delivered', attempts: 9, lastResponseCode: 200 }),
      },
    },
    problems: [404, 409],
  },
};

export const webhookSignatureHeaders = z.object({
  'webhook-id': z.string().meta({ description: "The event's id" }),
  'webhook-timestamp': z.string().meta({ description: 'Unix seconds when signed; reject one too far from now' }),
  'webhook-signature': z.string().meta({ description: '`v1,<base64 HMAC-SHA256 of id.timestamp.body>`, space-separated when several' }),
});

/** The events as OpenAPI 3.1 webhooks: what we POST to a registered endpoint. */
export const WEBHOOK_EVENTS = [...BOOKING_EVENT_TYPES, ...WALLET_EVENT_TYPES, PING_EVENT_TYPE].map((type) => ({
  type,
  schema: webhookEventSchema,
  data: type.startsWith('booking.') ? bookingEventData : undefined,
}));
