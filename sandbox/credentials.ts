/**
 * Credentials a sandbox supplier accepts, `{apiKey, secret}`: from SANDBOX_API_KEY and SANDBOX_SECRET, or
 * from the Secrets Manager secret named by SANDBOX_CREDENTIALS_SECRET_ARN (sandbox stacks, where the tenant's
 * contract names the same secret, so the two always agree).
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { optionalEnv } from '../functions/shared/config.js';
import { adapterCredentialsSchema, type AdapterCredentials } from '../functions/suppliers/adapter-credentials.js';

/** A sandbox supplier accepts what the adapters sign with. */
export type SandboxCredentials = AdapterCredentials;

export async function sandboxCredentials(): Promise<SandboxCredentials> {
  const apiKey = optionalEnv('SANDBOX_API_KEY');
  const secret = optionalEnv('SANDBOX_SECRET');
  if (apiKey && secret) return adapterCredentialsSchema.parse({ apiKey, secret });
  const arn = optionalEnv('SANDBOX_CREDENTIALS_SECRET_ARN');
  if (!arn) throw new Error('configure SANDBOX_API_KEY and SANDBOX_SECRET, or SANDBOX_CREDENTIALS_SECRET_ARN');
  const value = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  return adapterCredentialsSchema.parse(JSON.parse(value.SecretString ?? '{}'));
}
