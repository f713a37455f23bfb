/** GET /v1/webhook-endpoints: the account's endpoints (never their secrets). */
import { httpHandler } from '../shared/http-handler.js';
import { endpointView } from './endpoint-access.js';
import { routeWebhookDeps } from './webhooks-config.js';

export const handler = httpHandler('listWebhookEndpoints', {}, async (request) => {
  const endpoints = await routeWebhookDeps().store.listEndpoints(request.caller!.tenant);
  return { status: 200, body: { endpoints: endpoints.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(endpointView) } };
});
