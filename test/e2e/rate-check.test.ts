/**
 * POST /v1/hotels/rates/{rateId}/check over HTTP against the sandbox suppliers: the binding price priced
 * as the search priced it, a reprice reported with both prices, and rateIds that were not issued to the
 * caller refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../functions/search/search-result.js';
import { RATE_CHECK_SUPPLIER_MS } from '../../functions/shared/time-budgets.js';
import type { LocalHost } from '../../local/host.js';
import { startTestHost, tokenFor } from '../support/local-host.js';
import { inDays } from '../support/stay-dates.js';

let host: LocalHost;
const tokens: Record<string, string> = {};
let search: SearchResponse;
beforeAll(async () => {
  host = await startTestHost();
  tokens.demo = await tokenFor(host, 'demo');
  tokens.acme = await tokenFor(host, 'acme');
  const response = await call('/v1/hotels/search', 'demo', {
    method: 'POST',
    body: JSON.stringify({
      destination: { type: 'city', code: 'RAK' },
      checkIn: inDays(50),
      checkOut: inDays(52),
      occupancies: [{ adults: 2 }],
      currency: 'EUR',
      nationality: 'GB',
      limit: 1000,
    }),
  });
  search = (await response.json()) as SearchResponse;
}, 120_000);
afterAll(() => host?.stop());

function call(path: string, tenant: string, init: RequestInit & { scenario?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${tokens[tenant]}`);
  headers.set('X-Service-Tenant', tenant);
  if (init.body) headers.set('Content-Type', 'application/json');
  if (init.scenario) headers.set('X-Sandbox-Scenario', init.scenario);
  return fetch(`${host.url}${path}`, { ...init, headers });
}
const check = (rateId: string, tenant = 'demo', scenario?: string) =>
  call(`/v1/hotels/rates/${encodeURIComponent(rateId)}/check`, tenant, { method: 'POST', ...(scenario ? { scenario } : {}) });

describe('POST /v1/hotels/rates/{rateId}/check', () => {
  it("confirms each supplier's rate at the searched price", async () => {
    for (const supplierId of ['hotelbeds', 'expedia', 'opentravel']) {
      const shown = search.properties.find((p) => p.cheapestRate.supplierId === supplierId)!.cheapestRate;
      const response = await check(shown.rateId);
      expect(response.status, supplierId).toBe(200);
      const body = (await response.json()) as Record<string, unknown> & {
        price: { total: number; currency: string };
        previousPrice: { total: number };
      };
      expect(body, supplierId).toMatchObject({
        rateId: shown.rateId,
        status: 'available',
        supplierId,
        boardBasis: shown.boardBasis,
        refundable: shown.refundable,
      });
      expect(body.price.total).toBe(shown.price.total);
      expect(body.previousPrice.total).toBe(shown.price.total);
      expect(body.price.currency).toBe('EUR');
      expect(Date.parse(String(body.expiresAt))).toBeGreaterThan(Date.now());
    }
  });

  it('reports a reprice with the binding price and the previous one', async () => {
    const shown = search.properties.find((p) => p.cheapestRate.supplierId === 'hotelbeds')!.cheapestRate;
    const response = await check(shown.rateId, 'demo', 'reprice');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; price: { total: number }; previousPrice: { total: number } };
    expect(body.status).toBe('price_changed');
    expect(body.previousPrice.total).toBe(shown.price.total);
    expect(body.price.total).toBeGreaterThan(shown.price.total);
  });

  it("refuses another tenant's rateId and an altered one as not found", async () => {
    const shown = search.properties[0]!.cheapestRate;
    expect((await check(shown.rateId, 'acme')).status).toBe(404);
    const [prefix, body, mac] = shown.rateId.split('.');
    const ticket = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
    const cheaper = Buffer.from(JSON.stringify({ ...ticket, quoted: { ...(ticket.quoted as object), total: '1.00' } })).toString(
      'base64url',
    );
    expect((await check(`${prefix}.${cheaper}.${mac}`)).status).toBe(404);
    expect((await check('not-a-rate')).status).toBe(404);
  });

  it('answers a supplier failure as 502 problem', async () => {
    const shown = search.properties.find((p) => p.cheapestRate.supplierId === 'opentravel')!.cheapestRate;
    const response = await check(shown.rateId, 'demo', 'error:opentravel');
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
  });

  it("answers a supplier that never confirms within the rate check's budget, long before API Gateway's 29 s", async () => {
    const shown = search.properties.find((p) => p.cheapestRate.supplierId === 'hotelbeds')!.cheapestRate;
    const started = Date.now();
    // The sandbox's slow scenario holds the answer for 30 s: past the booking function's 28 s and the gateway's 29 s.
    const response = await check(shown.rateId, 'demo', 'slow:hotelbeds');
    const took = Date.now() - started;
    expect(response.status).toBe(502);
    expect(((await response.json()) as { type: string }).type).toMatch(/supplier-timeout$/);
    expect(took).toBeGreaterThanOrEqual(RATE_CHECK_SUPPLIER_MS - 1_000);
    expect(took).toBeLessThan(RATE_CHECK_SUPPLIER_MS + 5_000);
  }, 45_000);
});
