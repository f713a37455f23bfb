/**
 * The pending reconciler's configuration (reconcile-pending-handler.ts): the stack's tenant, whose pending
 * bookings it settles, the tables settling touches (a wallet-paid booking's hold, the webhook outbox) and
 * how long it waits for a supplier's answer.
 */
import { defineConfig } from '../../shared/config-schema.js';
import { tenantVariable } from '../../shared/config-variables.js';
import { functionConfig } from '../../shared/function-config.js';
import { observabilityVariables } from '../../shared/observability-config.js';
import type { FlowSettings } from '../flow/flow-deps.js';
import { supplierTimeoutsConfig } from '../flow/supplier-timeouts-config.js';

export const reconcilerConfigSchema = defineConfig('pending reconciler', {
  shared: { tables: ['contracts', 'bookings', 'guests', 'wallets', 'webhooks'], endpoints: ['dynamodb'] },
  variables: { ...observabilityVariables, ...supplierTimeoutsConfig.variables, TENANT: tenantVariable() },
  read: (values) => ({
    tenant: values.TENANT,
    flow: supplierTimeoutsConfig.read(values) satisfies FlowSettings,
  }),
});

export const reconcilerConfig = functionConfig(reconcilerConfigSchema);
