/**
 * The authorizer's configuration (authorizer.ts): the clients and the public key ring beside them, and the
 * issuer and audience a token must carry. Never the private keys' table.
 */
import { defineConfig } from '../shared/config-schema.js';
import { functionConfig } from '../shared/function-config.js';
import { observabilityVariables } from '../shared/observability-config.js';

export const authorizerConfigSchema = defineConfig('authorizer function', {
  shared: { tables: ['clients'], endpoints: ['dynamodb'], tokens: true },
  variables: observabilityVariables,
  read: () => ({}),
});

export const authorizerConfig = functionConfig(authorizerConfigSchema);
