/**
 * Credentials a sandbox supplier accepts, `{apiKey, secret}`: from SANDBOX_API_KEY and SANDBOX_SECRET, or
 * from the Secrets Manager secret named by SANDBOX_CREDENTIALS_SECRET_ARN (sandbox stacks, where the tenant's
 * contract names the same secret, so the two always agree).
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from 'zod';
import { optionalEnv } from '../functions/shared/config.js';

export const sandboxCredentialsSchema = z.object({ apiKey: z.string().min(1), secret: z.string().min(8) });
export type SandboxCredentials = z.infer<typeof sandboxCredentialsSchema>;

export async function sandboxCredentials(): Promise<SandboxCredentials> {
  const apiKey = optionalEnv('SANDBOX_API_KEY');
  const secret = optionalEnv('SANDBOX_SECRET');
  if (apiKey && secret) return sandboxCredentialsSchema.parse({ apiKey, secret });
  const arn = optionalEnv('SANDBOX_CREDENTIALS_SECRET_ARN');
  if (!arn) throw new Error('configure SANDBOX_API_KEY and SANDBOX_SECRET, or SANDBOX_CREDENTIALS_SECRET_ARN');
  const value = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  return sandboxCredentialsSchema.parse(JSON.parse(value.SecretString ?? '{}'));
}
