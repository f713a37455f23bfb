/**
 * The webhooks function's configuration (index.ts: partners' endpoints, their deliveries, a ping, a
 * retry): the webhooks table, how webhooks are sent, and this API's own host, which an endpoint's URL may
 * not name (webhook-url.ts).
 */
import { defineConfig } from '../shared/config-schema.js';
import { hostVariable } from '../shared/config-variables.js';
import { functionConfig } from '../shared/function-config.js';
import { observabilityVariables } from '../shared/observability-config.js';
import { webhookDeliveryConfig } from './webhook-delivery-config.js';
import { type WebhookDeps, webhookDeps } from './webhook-deps.js';

export const webhooksConfigSchema = defineConfig('webhooks function', {
  shared: { tables: ['webhooks'], endpoints: ['dynamodb'] },
  variables: { ...observabilityVariables, ...webhookDeliveryConfig.variables, API_HOST: hostVariable() },
  read: (values) => ({
    delivery: webhookDeliveryConfig.read(values),
    apiHost: values.API_HOST,
  }),
});

export const webhooksConfig = functionConfig(webhooksConfigSchema);

/** What the routes send and store webhooks with, wired once from this function's configuration. */
export const routeWebhookDeps = (): WebhookDeps => webhookDeps(webhooksConfig().delivery);
