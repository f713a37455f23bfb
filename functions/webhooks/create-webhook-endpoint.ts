/** POST /v1/webhook-endpoints: a new endpoint; its signing secret is in this answer and never again. */
import { randomBytes } from 'node:crypto';
import { DomainError } from '../domain/errors/domain-error.js';
import { httpHandler } from '../shared/http-handler.js';
import { checkUrl, createEndpointBody, endpointView, MAX_ENDPOINTS, newWebhookSecret } from './endpoint-access.js';
import { routeWebhookDeps } from './webhooks-config.js';

export const handler = httpHandler('createWebhookEndpoint', { body: createEndpointBody }, async (request) => {
  const { tenant } = request.caller!;
  const { store, now } = routeWebhookDeps();
  checkUrl(request.body.url);
  if ((await store.listEndpoints(tenant)).length >= MAX_ENDPOINTS) {
    throw new DomainError('conflict', `An account has at most ${MAX_ENDPOINTS} webhook endpoints; delete one first`);
  }
  const at = now().toISOString();
  const endpoint = {
    tenant,
    endpointId: `we_${randomBytes(10).toString('hex')}`,
    url: request.body.url,
    events: request.body.events,
    ...(request.body.description ? { description: request.body.description } : {}),
    enabled: true,
    secret: newWebhookSecret(),
    createdAt: at,
    updatedAt: at,
  };
  await store.createEndpoint(endpoint);
  return {
    status: 201,
    body: { ...endpointView(endpoint), secret: endpoint.secret },
    headers: { Location: `/v1/webhook-endpoints/${endpoint.endpointId}` },
  };
});
