/**
 * POST /v1/webhook-endpoints/{endpointId}/test: sends a `webhook.ping` event, signed like every event, and
 * answers with its delivery: `delivered` with the receiver's status, or `retrying` with what went wrong.
 */
import { newEventId } from '../stores/webhook-outbox.js';
import { PING_EVENT_TYPE, type WebhookEvent } from '../domain/webhooks/webhook-event.js';
import { httpHandler } from '../shared/http-handler.js';
import { createAndAttempt, newDelivery } from './dispatch-event.js';
import { deliveryView, endpointOr404, endpointParams } from './endpoint-access.js';
import { routeWebhookDeps } from './webhooks-config.js';

export const handler = httpHandler('testWebhookEndpoint', { params: endpointParams }, async (request) => {
  const { tenant } = request.caller!;
  const deps = routeWebhookDeps();
  const endpoint = await endpointOr404(tenant, request.params.endpointId);
  const createdAt = deps.now().toISOString();
  const event: WebhookEvent = {
    id: newEventId(createdAt),
    type: PING_EVENT_TYPE,
    createdAt,
    tenant,
    data: { endpointId: endpoint.endpointId },
  };
  // Each ping is its own subject: a failing ping never holds up another.
  // The event's id is new, so the delivery is too: createAndAttempt always makes it.
  const attempted = (await createAndAttempt(newDelivery(event, `ping#${event.id}`, endpoint, deps.now()), deps))!;
  return { status: 200, body: deliveryView(attempted) };
});
