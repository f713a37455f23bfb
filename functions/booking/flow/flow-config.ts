/**
 * The booking flow function's configuration (index.ts): the tables its steps read and write (guest details
 * and wallet holds among them, and the outbox of webhook events), the secret rateIds are checked with, and
 * booking's timeouts and retention.
 */
import { defineConfig } from '../../shared/config-schema.js';
import { functionConfig } from '../../shared/function-config.js';
import { observabilityVariables } from '../../shared/observability-config.js';
import { flowSettingsConfig } from './flow-settings-config.js';

export const flowConfigSchema = defineConfig('booking flow function', {
  shared: {
    tables: ['bookings', 'guests', 'searches', 'contracts', 'properties', 'wallets', 'webhooks', 'fxRates'],
    endpoints: ['dynamodb'],
    searchSecret: true,
  },
  variables: { ...observabilityVariables, ...flowSettingsConfig.variables },
  read: (values) => ({
    flow: flowSettingsConfig.read(values),
  }),
});

export const flowConfig = functionConfig(flowConfigSchema);
