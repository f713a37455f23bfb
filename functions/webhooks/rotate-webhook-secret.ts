/**
 * POST /v1/webhook-endpoints/{endpointId}/rotate-secret: a new signing secret, shown in this answer only.
 * For 24 hours deliveries carry two signatures in `webhook-signature`, one per secret, space-separated as
 * the Standard Webhooks spec allows, so the partner can deploy the new secret without missing an event;
 * then only the new one signs. Rotating again within the 24 hours drops the oldest secret at once.
 */
import { DomainError } from '../domain/errors/domain-error.js';
import { SECRET_ROTATION_OVERLAP_MS } from '../domain/webhooks/webhook-endpoint.js';
import { httpHandler } from '../shared/http-handler.js';
import { endpointOr404, endpointParams, newWebhookSecret } from './endpoint-access.js';
import { routeWebhookDeps } from './webhooks-config.js';

export const handler = httpHandler('rotateWebhookSecret', { params: endpointParams }, async (request) => {
  const { tenant } = request.caller!;
  const { store, now } = routeWebhookDeps();
  const endpoint = await endpointOr404(tenant, request.params.endpointId);
  const at = now();
  const secret = newWebhookSecret();
  const rotated = await store.rotateSecret(
    endpoint,
    secret,
    new Date(at.getTime() + SECRET_ROTATION_OVERLAP_MS).toISOString(),
    at.toISOString(),
  );
  // Deleted meanwhile (404 on the next read), or rotated by a concurrent call: the caller tries again.
  if (!rotated) {
    await endpointOr404(tenant, request.params.endpointId);
    throw new DomainError('conflict', 'The secret was rotated by another request at the same time; rotate again');
  }
  return { status: 200, body: { id: rotated.endpointId, secret }, headers: { 'Cache-Control': 'no-store' } };
});
