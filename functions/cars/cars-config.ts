/** The cars function's configuration (index.ts): the planned surface reads nothing of the stack, only Powertools' settings. */
import { defineConfig } from '../shared/config-schema.js';
import { functionConfig } from '../shared/function-config.js';
import { observabilityVariables } from '../shared/observability-config.js';

export const carsConfigSchema = defineConfig('cars function', {
  variables: observabilityVariables,
  read: () => ({}),
});

export const carsConfig = functionConfig(carsConfigSchema);
