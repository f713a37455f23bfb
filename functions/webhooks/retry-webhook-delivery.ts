/**
 * POST /v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/retry: one more attempt now, for a
 * dead-lettered delivery (or one waiting for its next try). A delivered one is 409: it arrived.
 */
import { DomainError } from '../domain/errors/domain-error.js';
import { httpHandler } from '../shared/http-handler.js';
import { attemptNow } from './dispatch-event.js';
import { deliveryParams, deliveryView, endpointOr404 } from './endpoint-access.js';
import { routeWebhookDeps } from './webhooks-config.js';

export const handler = httpHandler('retryWebhookDelivery', { params: deliveryParams }, async (request) => {
  const { tenant } = request.caller!;
  const { endpointId, deliveryId } = request.params;
  const deps = routeWebhookDeps();
  await endpointOr404(tenant, endpointId);
  const delivery = await deps.store.getDelivery(tenant, endpointId, deliveryId);
  if (!delivery) throw new DomainError('not-found', `No delivery ${deliveryId}`);
  if (delivery.status === 'delivered')
    throw new DomainError('conflict', `Delivery ${deliveryId} was delivered at ${delivery.deliveredAt}`, { deliveryId });
  const attempted = (await attemptNow(delivery, deps)) ?? (await deps.store.getDelivery(tenant, endpointId, deliveryId))!;
  return { status: 200, body: deliveryView(attempted) };
});
