/** GET /v1/webhook-endpoints/{endpointId}. */
import { httpHandler } from '../shared/http-handler.js';
import { endpointOr404, endpointParams, endpointView } from './endpoint-access.js';

export const handler = httpHandler('getWebhookEndpoint', { params: endpointParams }, async (request) => {
  return { status: 200, body: endpointView(await endpointOr404(request.caller!.tenant, request.params.endpointId)) };
});
