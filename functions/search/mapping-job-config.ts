/**
 * The property mapping job's configuration (mapping-job-handler.ts): the stack's tenant, whose contracts
 * name the suppliers it reads, and the property map it rewrites.
 */
import { defineConfig } from '../shared/config-schema.js';
import { tenantVariable } from '../shared/config-variables.js';
import { functionConfig } from '../shared/function-config.js';
import { observabilityVariables } from '../shared/observability-config.js';

export const mappingJobConfigSchema = defineConfig('property mapping job', {
  shared: { tables: ['contracts', 'properties'], endpoints: ['dynamodb'] },
  variables: { ...observabilityVariables, TENANT: tenantVariable() },
  read: (values) => ({ tenant: values.TENANT }),
});

export const mappingJobConfig = functionConfig(mappingJobConfigSchema);
