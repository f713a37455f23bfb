/**
 * PATCH /v1/webhook-endpoints/{endpointId}: change the URL, the events or the note, or disable and enable.
 * Enabling clears the reason it was disabled and its failure count: deliveries resume with the next event
 * (dead ones are retried by the partner, one by one).
 */
import { DomainError } from '../domain/errors/domain-error.js';
import { httpHandler } from '../shared/http-handler.js';
import { checkUrl, endpointOr404, endpointParams, endpointView, updateEndpointBody } from './endpoint-access.js';
import { routeWebhookDeps } from './webhooks-config.js';

export const handler = httpHandler('updateWebhookEndpoint', { params: endpointParams, body: updateEndpointBody }, async (request) => {
  const { tenant } = request.caller!;
  const { endpointId } = request.params;
  await endpointOr404(tenant, endpointId);
  const { url, events, description, enabled } = request.body;
  if (url !== undefined) checkUrl(url);
  const { store, now } = routeWebhookDeps();
  const updated = await store.updateEndpoint(tenant, endpointId, {
    ...(url !== undefined ? { url } : {}),
    ...(events !== undefined ? { events } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(enabled === true ? { enabled, disabledReason: undefined, failingSince: undefined } : {}),
    ...(enabled === false ? { enabled, disabledReason: 'disabled by the partner' } : {}),
    updatedAt: now().toISOString(),
  });
  if (!updated) throw new DomainError('not-found', `No webhook endpoint ${endpointId}`);
  return { status: 200, body: endpointView(updated) };
});
