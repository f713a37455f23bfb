/**
 * The configuration of a sandbox supplier's Lambda function (<supplier>/lambda.ts, sandbox stacks only):
 * the credentials it accepts, from the Secrets Manager secret the tenant's contract names too (what the
 * stack sets), or given inline.
 */
import { defineConfig } from '../functions/shared/config-schema.js';
import { arnVariable, textVariable } from '../functions/shared/config-variables.js';
import { functionConfig } from '../functions/shared/function-config.js';

export type SandboxCredentialsSource = { readonly apiKey: string; readonly secret: string } | { readonly credentialsSecretArn: string };

export const sandboxSupplierConfigSchema = defineConfig('sandbox supplier function', {
  variables: {
    SANDBOX_CREDENTIALS_SECRET_ARN: arnVariable('secretsmanager').optional(),
    SANDBOX_API_KEY: textVariable('the API key the sandbox supplier accepts').optional(),
    SANDBOX_SECRET: textVariable('the secret the sandbox supplier accepts').optional(),
  },
  alternatives: [[['SANDBOX_CREDENTIALS_SECRET_ARN'], ['SANDBOX_API_KEY', 'SANDBOX_SECRET']]],
  read: (values) => ({
    credentials: (values.SANDBOX_API_KEY && values.SANDBOX_SECRET
      ? { apiKey: values.SANDBOX_API_KEY, secret: values.SANDBOX_SECRET }
      : { credentialsSecretArn: values.SANDBOX_CREDENTIALS_SECRET_ARN! }) satisfies SandboxCredentialsSource,
  }),
});

export const sandboxSupplierConfig = functionConfig(sandboxSupplierConfigSchema);
