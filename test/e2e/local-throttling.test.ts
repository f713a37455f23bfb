/**
 * The local gateway's throttling: the per-client token bucket keyed by the authorizer's usage key, as the
 * usage plan does on AWS. Small numbers here so the test is quick; the host uses LIMITS by default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../functions/shared/limits.js';
import type { LocalHost } from '../../local/host.js';
import { carSearchPath } from '../support/car-search-query.js';
import { startTestHost, tokenFor } from '../support/local-host.js';

let host: LocalHost;
const perClient = { ratePerSecond: 1, burst: 3 };
beforeAll(async () => {
  host = await startTestHost({ throttling: { stage: LIMITS.stage, perClient } });
}, 60_000);
afterAll(() => host?.stop());

const search = (token: string, tenant: string) =>
  fetch(`${host.url}${carSearchPath()}`, { headers: { Authorization: `Bearer ${token}`, 'X-Service-Tenant': tenant } });

describe('per-client throttling', () => {
  it('lets a burst through, then answers 429 problem+json with Retry-After; other clients are unaffected', async () => {
    const demo = await tokenFor(host, 'demo');
    const acme = await tokenFor(host, 'acme');
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < perClient.burst + 2; i++) {
      const response = await search(demo, 'demo');
      statuses.push(response.status);
      if (response.status === 429) refused ??= response;
      else await response.body?.cancel();
    }
    expect(statuses.slice(0, perClient.burst)).toEqual(Array(perClient.burst).fill(501));
    expect(statuses.at(-1)).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused?.headers.get('content-type')).toBe('application/problem+json');
    expect(await refused?.json()).toMatchObject({ status: 429, type: expect.stringMatching(/rate-limited$/) });

    expect((await search(acme, 'acme')).status).toBe(501);
  });

  it('counts token requests per client_id and answers the 11th in a minute with 429 and Retry-After', async () => {
    const form = () => new URLSearchParams({ grant_type: 'client_credentials', client_id: 'acme-client', client_secret: 'acme-secret' });
    const statuses: number[] = [];
    let last: Response | undefined;
    // The counter is a fixed window: start well inside one, so the requests below cannot straddle two.
    const windowMs = LIMITS.tokenRequests.windowSeconds * 1000;
    const intoWindow = Date.now() % windowMs;
    if (intoWindow > windowMs - 15_000) await new Promise((resolve) => setTimeout(resolve, windowMs - intoWindow + 100));
    // One token was already issued to acme in the test above when run in order; count from the answers.
    for (let i = 0; i <= LIMITS.tokenRequests.perWindow; i++) {
      last = await fetch(`${host.url}/v1/oauth/token`, { method: 'POST', body: form() });
      statuses.push(last.status);
      if (last.status === 429) break;
      await last.body?.cancel();
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(LIMITS.tokenRequests.perWindow);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
