/**
 * The signing key job's configuration (signing-key-rotator.ts): the public key ring in the clients table
 * and the private keys in their own.
 */
import { defineConfig } from '../shared/config-schema.js';
import { functionConfig } from '../shared/function-config.js';
import { observabilityVariables } from '../shared/observability-config.js';

export const signingKeyRotatorConfigSchema = defineConfig('signing key job', {
  shared: { tables: ['clients', 'signingKeys'], endpoints: ['dynamodb'] },
  variables: observabilityVariables,
  read: () => ({}),
});

export const signingKeyRotatorConfig = functionConfig(signingKeyRotatorConfigSchema);
