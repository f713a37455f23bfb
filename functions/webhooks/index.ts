/** Entry of the webhooks Lambda function: one handler per route of the webhooks group in the route table. */
import { groupHandler } from '../shared/dispatch.js';
import { bufferedEntry } from '../shared/lambda-entry.js';
import { handler as createWebhookEndpoint } from './create-webhook-endpoint.js';
import { handler as deleteWebhookEndpoint } from './delete-webhook-endpoint.js';
import { handler as getWebhookEndpoint } from './get-webhook-endpoint.js';
import { handler as listWebhookDeliveries } from './list-webhook-deliveries.js';
import { handler as listWebhookEndpoints } from './list-webhook-endpoints.js';
import { handler as retryWebhookDelivery } from './retry-webhook-delivery.js';
import { handler as rotateWebhookSecret } from './rotate-webhook-secret.js';
import { handler as testWebhookEndpoint } from './test-webhook-endpoint.js';
import { handler as updateWebhookEndpoint } from './update-webhook-endpoint.js';
import { webhooksConfig } from './webhooks-config.js';

// At the cold start: a variable missing or malformed fails the init, naming it.
webhooksConfig();

export const routes = groupHandler('webhooks', {
  createWebhookEndpoint,
  listWebhookEndpoints,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  testWebhookEndpoint,
  listWebhookDeliveries,
  retryWebhookDelivery,
  rotateWebhookSecret,
});

/** The Lambda entry (`routes` is what the local gateway calls). */
export const handler = bufferedEntry(routes);
