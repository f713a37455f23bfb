/** DELETE /v1/webhook-endpoints/{endpointId}: no further deliveries; those still open are dead-lettered. */
import { DomainError } from '../domain/errors/domain-error.js';
import { httpHandler } from '../shared/http-handler.js';
import { endpointParams } from './endpoint-access.js';
import { routeWebhookDeps } from './webhooks-config.js';

export const handler = httpHandler('deleteWebhookEndpoint', { params: endpointParams }, async (request) => {
  const { endpointId } = request.params;
  if (!(await routeWebhookDeps().store.deleteEndpoint(request.caller!.tenant, endpointId)))
    throw new DomainError('not-found', `No webhook endpoint ${endpointId}`);
  return { status: 204 };
});
