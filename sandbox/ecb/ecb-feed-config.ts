/**
 * The sandbox ECB feed function's configuration (lambda.ts, sandbox stacks only): nothing to read. Its files
 * are the embedded snapshot's figures dated the day served; it needs no credentials (the ECB's are public).
 * A schema all the same, as every function has one (test/infra/function-environments.test.ts).
 */
import { defineConfig } from '../../functions/shared/config-schema.js';
import { functionConfig } from '../../functions/shared/function-config.js';

export const ecbFeedConfigSchema = defineConfig('sandbox ECB feed function', { variables: {}, read: () => ({}) });

export const ecbFeedConfig = functionConfig(ecbFeedConfigSchema);
