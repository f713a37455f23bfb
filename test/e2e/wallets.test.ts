/**
 * The wallet routes through the local gateway: the demo account's seeded wallet, its statement across
 * pages through the typed client's iterator, and the tenant rules (another account's walletId is 404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HotelApiClient } from '../../client/hotel-api-client.js';
import type { LocalHost } from '../../local/host.js';
import { DEMO_WALLET_ID } from '../../local/seed.js';
import { startTestHost, tokenFor } from '../support/local-host.js';

let host: LocalHost;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  host = await startTestHost();
  tokens.demo = await tokenFor(host, 'demo');
  tokens.acme = await tokenFor(host, 'acme');
}, 180_000);
afterAll(() => host?.stop());

const get = (path: string, tenant: 'demo' | 'acme') =>
  fetch(`${host.url}${path}`, { headers: { Authorization: `Bearer ${tokens[tenant]}`, 'X-Service-Tenant': tenant } });

describe('GET /v1/wallets', () => {
  it("shows the demo account's seeded wallet", async () => {
    const response = await get(`/v1/wallets/${DEMO_WALLET_ID}`, 'demo');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      walletId: DEMO_WALLET_ID,
      currency: 'EUR',
      balance: 10000,
      creditLimit: 2000,
      held: 0,
      available: 12000,
    });
  });

  it('pages the statement, and the typed client iterates every page', async () => {
    const { DynamoWalletStore } = await import('../../functions/stores/dynamo-wallets.js');
    const store = new DynamoWalletStore();
    for (let i = 1; i <= 5; i++) await store.topUp('demo', DEMO_WALLET_ID, i * 100, `e2e-${i}`, new Date());
    const first = await get(`/v1/wallets/${DEMO_WALLET_ID}/transactions?limit=2`, 'demo');
    expect(first.status).toBe(200);
    const page = (await first.json()) as { transactions: { type: string; amount: number }[]; next?: string };
    expect(page.transactions).toHaveLength(2);
    expect(page.next).toEqual(expect.any(String));

    const client = new HotelApiClient({ baseUrl: host.url, clientId: 'demo-client', clientSecret: 'demo-secret', tenant: 'demo' });
    const all = [];
    for await (const transaction of client.allWalletTransactions(DEMO_WALLET_ID, { limit: 2 })) all.push(transaction);
    expect(all.map((t) => [t.type, t.amount])).toEqual([
      ['top-up', 10000],
      ['top-up', 1],
      ['top-up', 2],
      ['top-up', 3],
      ['top-up', 4],
      ['top-up', 5],
    ]);
    expect(all.at(-1)?.balanceAfter).toBe(10015);
  });

  it("answers 404 for another account's wallet and for one that does not exist, 400 for a bad cursor", async () => {
    expect((await get(`/v1/wallets/${DEMO_WALLET_ID}`, 'acme')).status).toBe(404);
    expect((await get(`/v1/wallets/${DEMO_WALLET_ID}/transactions`, 'acme')).status).toBe(404);
    expect((await get('/v1/wallets/wal_00000000000000000000', 'demo')).status).toBe(404);
    const bad = await get(`/v1/wallets/${DEMO_WALLET_ID}/transactions?cursor=${Buffer.from('booking#x').toString('base64url')}`, 'demo');
    expect(bad.status).toBe(400);
  });
});
