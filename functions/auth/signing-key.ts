/**
 * The access-token signing key: ES256 (P-256), so the authorizer and partners can verify with the public
 * half alone. Where it comes from is configuration: TOKEN_SIGNING_KEY holds the private JWK directly (the
 * local host generates one at start); TOKEN_SIGNING_KEY_SECRET_ARN names a Secrets Manager secret holding
 * it (on AWS, where a custom resource generates it once at deploy). Loaded once per container.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { optionalEnv } from '../shared/config.js';

export const TOKEN_ALGORITHM = 'ES256';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

/** A fresh private JWK with its kid (the RFC 7638 thumbprint), ready to store as a secret's value. */
export async function generateSigningKeyJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(TOKEN_ALGORITHM, { extractable: true });
  const jwk = await exportJWK(privateKey);
  jwk.kid = await calculateJwkThumbprint(jwk);
  jwk.alg = TOKEN_ALGORITHM;
  jwk.use = 'sig';
  return jwk;
}

export async function signingKeyFromJwk(jwk: JWK): Promise<SigningKey> {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d) throw new Error('the signing key must be a private P-256 JWK');
  const { d: _private, ...publicJwk } = jwk;
  const kid = jwk.kid ?? (await calculateJwkThumbprint(publicJwk));
  const privateKey = (await importJWK({ ...jwk, kid }, TOKEN_ALGORITHM)) as CryptoKey;
  const publicKey = (await importJWK({ ...publicJwk, kid }, TOKEN_ALGORITHM)) as CryptoKey;
  return { kid, privateKey, publicKey, publicJwk: { ...publicJwk, kid, alg: TOKEN_ALGORITHM, use: 'sig' } };
}

let cached: Promise<SigningKey> | undefined;

export function loadSigningKey(): Promise<SigningKey> {
  cached ??= readConfiguredKey().catch((error: unknown) => {
    cached = undefined; // a transient Secrets Manager failure must not poison the container
    throw error;
  });
  return cached;
}

async function readConfiguredKey(): Promise<SigningKey> {
  const inline = optionalEnv('TOKEN_SIGNING_KEY');
  if (inline) return signingKeyFromJwk(JSON.parse(inline) as JWK);
  const secretArn = optionalEnv('TOKEN_SIGNING_KEY_SECRET_ARN');
  if (!secretArn) throw new Error('configure TOKEN_SIGNING_KEY or TOKEN_SIGNING_KEY_SECRET_ARN');
  const secret = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: secretArn }));
  if (!secret.SecretString) throw new Error('the signing key secret is empty');
  return signingKeyFromJwk(JSON.parse(secret.SecretString) as JWK);
}
