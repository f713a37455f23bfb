/**
 * The webhook sender's configuration (sender-entry.ts): the stack's tenant, whose due deliveries its
 * schedule tries, the webhooks table and how webhooks are sent.
 */
import { defineConfig } from '../shared/config-schema.js';
import { tenantVariable } from '../shared/config-variables.js';
import { functionConfig } from '../shared/function-config.js';
import { observabilityVariables } from '../shared/observability-config.js';
import { webhookDeliveryConfig } from './webhook-delivery-config.js';

export const senderConfigSchema = defineConfig('webhook sender', {
  shared: { tables: ['webhooks'], endpoints: ['dynamodb'] },
  variables: { ...observabilityVariables, ...webhookDeliveryConfig.variables, TENANT: tenantVariable() },
  read: (values) => ({
    tenant: values.TENANT,
    delivery: webhookDeliveryConfig.read(values),
  }),
});

export const senderConfig = functionConfig(senderConfigSchema);
