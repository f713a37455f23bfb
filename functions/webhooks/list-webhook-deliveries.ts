/** GET /v1/webhook-endpoints/{endpointId}/deliveries: newest first, with status, attempts, last answer and next attempt. */
import { httpHandler } from '../shared/http-handler.js';
import { deliveriesQuery, deliveryView, endpointOr404, endpointParams } from './endpoint-access.js';
import { routeWebhookDeps } from './webhooks-config.js';

export const handler = httpHandler('listWebhookDeliveries', { params: endpointParams, query: deliveriesQuery }, async (request) => {
  const { tenant } = request.caller!;
  const { endpointId } = request.params;
  await endpointOr404(tenant, endpointId);
  const page = await routeWebhookDeps().store.listDeliveries(tenant, endpointId, {
    limit: request.query.limit,
    ...(request.query.cursor ? { after: request.query.cursor } : {}),
  });
  return { status: 200, body: { deliveries: page.deliveries.map(deliveryView), ...(page.next ? { next: page.next } : {}) } };
});
