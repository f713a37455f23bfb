/**
 * The secret behind search's signed identifiers (rateIds and paging cursors), as the function's
 * configuration names it (config.ts): SEARCH_SECRET itself (the local host generates one at start) or the
 * Secrets Manager secret SEARCH_SECRET_ARN names (on AWS). Each use gets its own key derived with HKDF, so
 * a cursor MAC can never pass as a rateId MAC, nor a rateId as a stay change's quoteId.
 */
import { hkdfSync } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { searchSecretSource } from './config.js';

export type SearchKeyUse = 'rate-id' | 'cursor' | 'quote-id';

let secret: Promise<Buffer> | undefined;

function baseSecret(): Promise<Buffer> {
  secret ??= (async () => {
    const source = searchSecretSource();
    if ('secret' in source) return Buffer.from(source.secret, 'utf8');
    const value = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: source.secretArn }));
    if (!value.SecretString) throw new Error('the search secret is empty');
    return Buffer.from(value.SecretString, 'utf8');
  })().catch((error: unknown) => {
    secret = undefined; // a transient Secrets Manager failure must not poison the container
    throw error;
  });
  return secret;
}

const derived = new Map<SearchKeyUse, Promise<Buffer>>();

export function searchKey(use: SearchKeyUse): Promise<Buffer> {
  let key = derived.get(use);
  if (!key) {
    key = baseSecret().then((base) => Buffer.from(hkdfSync('sha256', base, 'hotel-api-search', use, 32)));
    key.catch(() => derived.delete(use));
    derived.set(use, key);
  }
  return key;
}
