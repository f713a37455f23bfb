/**
 * The search function's configuration (index.ts): the stored searches (header in DynamoDB, rows in S3),
 * the property map and contracts it reads, the FX figures it converts with and their maximum age, the secret it signs rateIds and cursors with, and the stage
 * (sandbox stacks pass a partner's X-Sandbox-Scenario on to the suppliers; production never does).
 */
import { defineConfig } from '../shared/config-schema.js';
import { stageVariable } from '../shared/config-variables.js';
import { functionConfig } from '../shared/function-config.js';
import { observabilityVariables } from '../shared/observability-config.js';
import { fxSettingsConfig } from '../stores/fx-settings.js';

export const searchConfigSchema = defineConfig('search function', {
  shared: {
    tables: ['searches', 'properties', 'contracts', 'fxRates'],
    searchRowsBucket: true,
    endpoints: ['dynamodb', 's3'],
    searchSecret: true,
  },
  variables: { ...observabilityVariables, ...fxSettingsConfig.variables, STAGE: stageVariable() },
  read: (values) => ({ stage: values.STAGE, fx: fxSettingsConfig.read(values) }),
});

export const searchConfig = functionConfig(searchConfigSchema);
