/**
 * The property mapping workflow's functions' configuration (statemachines/property-mapping.asl.json): each
 * the work bucket, and what its stages touch (workflow-stages.ts): the reader the stack tenant's contracts
 * (the suppliers it reads) and the properties table (the run lock); the matcher the property map, read
 * only; the writer the property map and the run log. The trigger (contract changes) the workflow it starts.
 */
import { defineConfig } from '../shared/config-schema.js';
import { arnVariable, bucketNameVariable, tenantVariable } from '../shared/config-variables.js';
import { functionConfig } from '../shared/function-config.js';
import { observabilityVariables } from '../shared/observability-config.js';

const bucket = { MAPPING_BUCKET: bucketNameVariable() };

export const mappingReaderConfigSchema = defineConfig('property mapping reader', {
  shared: { tables: ['contracts', 'properties'], endpoints: ['dynamodb', 's3'] },
  variables: { ...observabilityVariables, ...bucket, TENANT: tenantVariable() },
  read: (values) => ({ tenant: values.TENANT, bucket: values.MAPPING_BUCKET }),
});

export const mappingMatcherConfigSchema = defineConfig('property mapping matcher', {
  shared: { tables: ['properties'], endpoints: ['dynamodb', 's3'] },
  variables: { ...observabilityVariables, ...bucket },
  read: (values) => ({ bucket: values.MAPPING_BUCKET }),
});

export const mappingWriterConfigSchema = defineConfig('property mapping writer', {
  shared: { tables: ['properties'], endpoints: ['dynamodb', 's3'] },
  variables: { ...observabilityVariables, ...bucket },
  read: (values) => ({ bucket: values.MAPPING_BUCKET }),
});

export const mappingTriggerConfigSchema = defineConfig('property mapping trigger', {
  shared: { endpoints: ['sfn'] },
  variables: { ...observabilityVariables, TENANT: tenantVariable(), MAPPING_WORKFLOW_ARN: arnVariable('states') },
  read: (values) => ({ tenant: values.TENANT, workflowArn: values.MAPPING_WORKFLOW_ARN }),
});

export const mappingReaderConfig = functionConfig(mappingReaderConfigSchema);
export const mappingMatcherConfig = functionConfig(mappingMatcherConfigSchema);
export const mappingWriterConfig = functionConfig(mappingWriterConfigSchema);
export const mappingTriggerConfig = functionConfig(mappingTriggerConfigSchema);
