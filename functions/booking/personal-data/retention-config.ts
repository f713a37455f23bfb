/**
 * The personal data retention job's configuration (personal-data-retention-handler.ts): the stack's tenant,
 * how many days after check-out its bookings' personal data is erased, and the two tables that erasure
 * touches.
 */
import { defineConfig } from '../../shared/config-schema.js';
import { tenantVariable } from '../../shared/config-variables.js';
import { functionConfig } from '../../shared/function-config.js';
import { observabilityVariables } from '../../shared/observability-config.js';
import { retentionDaysConfig } from './personal-data-retention.js';

export const retentionConfigSchema = defineConfig('personal data retention job', {
  shared: { tables: ['bookings', 'guests'], endpoints: ['dynamodb'] },
  variables: { ...observabilityVariables, ...retentionDaysConfig.variables, TENANT: tenantVariable() },
  read: (values) => ({
    tenant: values.TENANT,
    retentionDays: retentionDaysConfig.read(values),
  }),
});

export const retentionConfig = functionConfig(retentionConfigSchema);
