/**
 * Credentials a sandbox supplier accepts, `{apiKey, secret}`: given inline, or read from the Secrets Manager
 * secret its configuration names (sandbox stacks, where the tenant's contract names the same secret, so the
 * two always agree: sandbox-supplier-config.ts).
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { adapterCredentialsSchema, type AdapterCredentials } from '../functions/suppliers/adapter-credentials.js';
import type { SandboxCredentialsSource } from './sandbox-supplier-config.js';

/** A sandbox supplier accepts what the adapters sign with. */
export type SandboxCredentials = AdapterCredentials;

export async function sandboxCredentials(source: SandboxCredentialsSource): Promise<SandboxCredentials> {
  if ('apiKey' in source) return adapterCredentialsSchema.parse(source);
  const value = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: source.credentialsSecretArn }));
  return adapterCredentialsSchema.parse(JSON.parse(value.SecretString ?? '{}'));
}
