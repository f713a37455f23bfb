/**
 * The published key set over HTTP against the local host: a standard client (jose's createRemoteJWKSet)
 * verifies our tokens against GET /.well-known/jwks.json, and an operator's `npm run admin -- keys rotate`
 * in the middle of traffic fails no call: tokens made before it keep working, tokens made after it carry
 * the new kid, and the standard client verifies both.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_PUBLISH_LEAD_SECONDS, PRIVATE_KEY_CACHE_SECONDS } from '../../functions/auth/key-ring.js';
import { HotelApiClient } from '../../client/hotel-api-client.js';
import { tokenAudience, tokenIssuer } from '../../functions/shared/config.js';
import { repositoryPath } from '../../lib/project-paths.js';
import type { LocalHost } from '../../local/host.js';
import { startTestHost, tokenFor } from '../support/local-host.js';

const run = promisify(execFile);

let host: LocalHost;
beforeAll(async () => {
  // Authorizer answers cached for a second, so the calls below reach the authorizer again and again.
  host = await startTestHost({ authorizerCacheSeconds: 1 });
}, 120_000);
afterAll(() => host?.stop());

const jwksUrl = () => new URL(`${host.url}/.well-known/jwks.json`);
const verifyOptions = () => ({ issuer: tokenIssuer(), audience: tokenAudience(), typ: 'at+jwt', algorithms: ['ES256'] });

async function rotateWithAdmin(): Promise<{ kid: string; retiredKid: string; signsFrom: string }> {
  const tables = [
    '--endpoint',
    host.dynamoEndpoint,
    '--clients-table',
    process.env.CLIENTS_TABLE!,
    '--contracts-table',
    process.env.CONTRACTS_TABLE!,
    '--signing-keys-table',
    process.env.SIGNING_KEYS_TABLE!,
  ];
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', repositoryPath('bin/admin.ts'), ...tables, '--json', 'keys', 'rotate'],
    { cwd: repositoryPath('.') },
  );
  return JSON.parse(stdout) as { kid: string; retiredKid: string; signsFrom: string };
}

describe('GET /.well-known/jwks.json', () => {
  it('publishes public ES256 keys with kids, without authentication, cacheable', async () => {
    const response = await fetch(jwksUrl());
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toEqual({
        kty: 'EC',
        crv: 'P-256',
        x: expect.any(String),
        y: expect.any(String),
        kid: expect.any(String),
        alg: 'ES256',
        use: 'sig',
      });
    }
  });

  it('is what the typed client reads, without fetching a token', async () => {
    const requested: string[] = [];
    const client = new HotelApiClient({
      baseUrl: host.url,
      clientId: 'demo-client',
      clientSecret: 'demo-secret',
      tenant: 'demo',
      fetch: (input, init) => {
        requested.push(new Request(input, init).url);
        return fetch(input, init);
      },
    });
    const set = await client.jwks();
    expect(set.keys.map((k) => k.kid)).toEqual(
      ((await (await fetch(jwksUrl())).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid),
    );
    expect(requested.map((u) => new URL(u).pathname)).toEqual(['/.well-known/jwks.json']);
  });

  it("lets a standard client (jose's remote key set) verify our tokens", async () => {
    const token = await tokenFor(host, 'demo');
    const { payload, protectedHeader } = await jwtVerify(token, createRemoteJWKSet(jwksUrl()), verifyOptions());
    expect(protectedHeader.kid).toEqual(expect.any(String));
    expect(payload).toMatchObject({ sub: 'demo-client', tenant: 'demo' });
  });

  it('rotates under traffic with no failed call; tokens of both keys verify against the published set', async () => {
    // A verifier as a partner would run one; it fetches the set again when a token names a kid it lacks
    // (at most every 5 s here; jose's default is 30 s).
    const remote = createRemoteJWKSet(jwksUrl(), { cooldownDuration: 5_000 });
    const tokens: string[] = [await tokenFor(host, 'demo'), await tokenFor(host, 'acme')];
    const statuses: number[] = [];
    let stop = false;
    const traffic = (async () => {
      let round = 0;
      while (!stop) {
        // A fresh token every few seconds (the token window allows 10 a minute per client), alternating tenants.
        if (round % 10 === 9) tokens.push(await tokenFor(host, round % 20 === 9 ? 'demo' : 'acme'));
        for (const token of tokens.slice(-4)) {
          const tenant = (decodeJwtPayload(token).tenant as string) ?? 'demo';
          const response = await fetch(`${host.url}/v1/hotels/bookings?limit=1`, {
            headers: { Authorization: `Bearer ${token}`, 'X-Service-Tenant': tenant },
          });
          statuses.push(response.status);
        }
        round++;
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
    })();

    const before = tokens[0]!;
    const rotation = await rotateWithAdmin();
    expect(rotation.retiredKid).toBe(decodeProtectedHeader(before).kid);
    // Until the new key signs and every token function has read it.
    await new Promise((resolve) => setTimeout(resolve, (KEY_PUBLISH_LEAD_SECONDS + PRIVATE_KEY_CACHE_SECONDS + 2) * 1000));
    const after = await tokenFor(host, 'demo');
    tokens.push(after);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    stop = true;
    await traffic;

    const failed = statuses.filter((s) => s !== 200);
    console.log(`[key rotation] ${statuses.length} calls across the rotation, ${failed.length} failed; ${tokens.length} tokens issued`);
    expect(failed).toEqual([]);
    expect(decodeProtectedHeader(after).kid).toBe(rotation.kid);
    await expect(jwtVerify(before, remote, verifyOptions())).resolves.toBeDefined();
    await expect(jwtVerify(after, remote, verifyOptions())).resolves.toBeDefined();
  }, 90_000);
});

function decodeJwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}
