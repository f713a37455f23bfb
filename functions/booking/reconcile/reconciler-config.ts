/**
 * The pending reconciler's configuration (reconcile-pending-handler.ts): the stack's tenant, whose pending
 * bookings it settles, the tables settling touches (a wallet-paid booking's hold, the webhook outbox, the FX
 * figures a confirmed price is locked at where its check's are not enough) and how long it waits for a supplier's answer.
 */
import { defineConfig } from '../../shared/config-schema.js';
import { tenantVariable } from '../../shared/config-variables.js';
import { functionConfig } from '../../shared/function-config.js';
import { observabilityVariables } from '../../shared/observability-config.js';
import type { FlowSettings } from '../flow/flow-deps.js';
import { supplierTimeoutsConfig } from '../flow/supplier-timeouts-config.js';
import { fxSettingsConfig } from '../../stores/fx-settings.js';

export const reconcilerConfigSchema = defineConfig('pending reconciler', {
  shared: { tables: ['contracts', 'bookings', 'guests', 'wallets', 'webhooks', 'fxRates'], endpoints: ['dynamodb'] },
  variables: { ...observabilityVariables, ...supplierTimeoutsConfig.variables, ...fxSettingsConfig.variables, TENANT: tenantVariable() },
  read: (values) => ({
    tenant: values.TENANT,
    flow: { ...supplierTimeoutsConfig.read(values), fx: fxSettingsConfig.read(values) } satisfies FlowSettings,
  }),
});

export const reconcilerConfig = functionConfig(reconcilerConfigSchema);
