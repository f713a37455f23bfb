/**
 * The auth function's configuration (index.ts: the token endpoint and the key set): the clients, the
 * token windows and failure counts, the private signing keys, and the issuer and audience it stamps.
 */
import { defineConfig } from '../shared/config-schema.js';
import { functionConfig } from '../shared/function-config.js';
import { observabilityVariables } from '../shared/observability-config.js';

export const authConfigSchema = defineConfig('auth function', {
  shared: { tables: ['clients', 'rateLimits', 'signingKeys'], endpoints: ['dynamodb'], tokens: true },
  variables: observabilityVariables,
  read: () => ({}),
});

export const authConfig = functionConfig(authConfigSchema);
