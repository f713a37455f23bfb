/**
 * GET /.well-known/jwks.json: the public keys that verify our access tokens (RFC 7517 JWK Set), no
 * authentication. During a rotation it holds the new key and the retired ones whose tokens may still be
 * alive (key-ring.ts). Cacheable for five minutes: a verifier that meets a kid it has not seen fetches
 * the set again (jose's createRemoteJWKSet does), and a key minted since is in it.
 */
import { httpHandler } from '../shared/http-handler.js';
import { publishedJwks } from './signing-key.js';

export const JWKS_MAX_AGE_SECONDS = 300;

export const handler = httpHandler('getJwks', {}, async () => ({
  status: 200,
  body: { keys: await publishedJwks() },
  headers: { 'Cache-Control': `public, max-age=${JWKS_MAX_AGE_SECONDS}`, 'Access-Control-Allow-Origin': '*' },
}));
