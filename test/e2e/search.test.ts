/**
 * Search end to end over HTTP: the local host with the three sandbox suppliers (no latency), the
 * property map built by the mapping job at start, the seeded tenants and their pricing rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airportByCode, cityByCode } from '../../functions/domain/destinations/index.js';
import { distanceMetres } from '../../functions/domain/geo/distance.js';
import { verifyRateId, RateIdError } from '../../functions/domain/rate/rate-id.js';
import { searchKey } from '../../functions/shared/search-secret.js';
import { searchRequestSchema } from '../../functions/search/search-request.js';
import { DynamoSearchStore } from '../../functions/search/search-store.js';
import { ROWS_WAIT_MS } from '../../functions/search/stored-search.js';
import { FxStamps, rateRowText, rowText } from '../../functions/search/stored-row.js';
import type { SearchResponse } from '../../functions/search/search-result.js';
import type { LocalHost } from '../../local/host.js';
import { startTestHost, tokenFor } from '../support/local-host.js';
import { inDays } from '../support/stay-dates.js';

let host: LocalHost;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  host = await startTestHost({ mapProperties: true });
  tokens.demo = await tokenFor(host, 'demo');
  tokens.acme = await tokenFor(host, 'acme');
}, 180_000);
afterAll(() => host?.stop());

const searchBody = (overrides: Record<string, unknown> = {}) => ({
  destination: { type: 'city', code: 'REK' },
  checkIn: inDays(40),
  checkOut: inDays(43),
  occupancies: [{ adults: 2 }],
  currency: 'EUR',
  nationality: 'GB',
  // Tests that expect every supplier to answer give them a wide budget: a whole city's answers (NYC, 1,000
  // properties) can pass the 6 s default on a loaded 2-core machine. The budget's own tests set theirs.
  timeoutMs: 15_000,
  ...overrides,
});

async function api(path: string, tenant: 'demo' | 'acme', init: RequestInit & { scenario?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${tokens[tenant]}`);
  headers.set('X-Service-Tenant', tenant);
  if (init.body) headers.set('Content-Type', 'application/json');
  if (init.scenario) headers.set('X-Sandbox-Scenario', init.scenario);
  return fetch(`${host.url}${path}`, { ...init, headers });
}

const search = async (tenant: 'demo' | 'acme', overrides: Record<string, unknown> = {}, scenario?: string) => {
  const response = await api('/v1/hotels/search', tenant, {
    method: 'POST',
    body: JSON.stringify(searchBody(overrides)),
    ...(scenario ? { scenario } : {}),
  });
  return { response, body: (await response.json()) as SearchResponse & { errors?: { path: string }[] } };
};

const minor = (amount: number) => Math.round(amount * 100);

describe('POST /v1/hotels/search', () => {
  it('asks every contracted supplier and answers ranked, deduplicated, priced properties', async () => {
    const { response, body } = await search('demo', { limit: 1000 });
    expect(response.status).toBe(200);
    expect(body.searchId).toMatch(/^srch_/);
    expect(body.partial).toBe(false);
    expect(body.suppliers.map((s) => [s.id, s.status])).toEqual([
      ['expedia', 'ok'],
      ['hotelbeds', 'ok'],
      ['opentravel', 'ok'],
    ]);
    expect(body.suppliers.every((s) => s.results > 0 && s.tookMs >= 0)).toBe(true);
    expect(body.properties.length).toBe(body.totalProperties);

    // One property per hotel: several suppliers' refs on one property, never two of one supplier.
    expect(body.properties.some((p) => p.supplierRefs.length >= 2)).toBe(true);
    for (const property of body.properties) {
      const suppliers = property.supplierRefs.map((r) => r.supplierId);
      expect(new Set(suppliers).size).toBe(suppliers.length);
    }
    // Fewer properties than supplier results: the duplicates were merged.
    expect(body.totalProperties).toBeLessThan(body.suppliers.reduce((n, s) => n + s.results, 0));

    // Ranked by total, then stars; total = net + markup + tax + serviceFee exactly, in EUR.
    const totals = body.properties.map((p) => p.cheapestRate.price.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    for (const {
      cheapestRate: { price },
    } of body.properties) {
      expect(price.currency).toBe('EUR');
      expect(minor(price.net) + minor(price.markup) + minor(price.tax) + minor(price.serviceFee)).toBe(minor(price.total));
      expect(price.fx.to).toBe('EUR');
    }
    // Expedia answers in USD, OpenTravel in GBP: converted with the rate stamped on the price.
    const converted = body.properties.find((p) => p.cheapestRate.supplierId !== 'hotelbeds')!;
    expect(converted.cheapestRate.price.fx.from).not.toBe('EUR');
    expect(converted.cheapestRate.price.fx.source).toMatch(/ECB/);
  });

  it('signs each rateId for the tenant and the search: another tenant or an altered id fails', async () => {
    const { body } = await search('demo', { limit: 5 });
    const key = await searchKey('rate-id');
    const rateId = body.properties[0]!.cheapestRate.rateId;
    const ticket = verifyRateId(rateId, 'demo', key);
    expect(ticket).toMatchObject({ searchId: body.searchId, propertyId: body.properties[0]!.propertyId, nights: 3, rooms: 1 });
    expect(() => verifyRateId(rateId, 'acme', key)).toThrow(RateIdError);
    const [prefix, payload, mac] = rateId.split('.');
    const altered = Buffer.from(JSON.stringify({ ...ticket, quoted: { ...ticket.quoted, total: '0.01' } })).toString('base64url');
    expect(() => verifyRateId(`${prefix}.${altered}.${mac}`, 'demo', key)).toThrow(/forged/);
    expect(payload).toBeDefined();
  });

  it('reports a supplier past its budget as timeout at the budget, the rest as usual, and answers in time', async () => {
    const started = performance.now();
    const { response, body } = await search('demo', { timeoutMs: 600 }, 'slow:expedia');
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    expect(body.partial).toBe(true);
    expect(body.suppliers.find((s) => s.id === 'expedia')).toEqual({ id: 'expedia', status: 'timeout', tookMs: 600, results: 0 });
    expect(body.suppliers.filter((s) => s.id !== 'expedia').every((s) => s.status === 'ok')).toBe(true);
    expect(body.properties.every((p) => p.supplierRefs.every((r) => r.supplierId !== 'expedia'))).toBe(true);
    expect(elapsed).toBeLessThan(600 + 1500);
  });

  it('reports a failing supplier as error and still answers', async () => {
    const { response, body } = await search('demo', {}, 'error:opentravel');
    expect(response.status).toBe(200);
    expect(body.partial).toBe(true);
    expect(body.suppliers.find((s) => s.id === 'opentravel')).toMatchObject({ status: 'error', results: 0 });
  });

  it("asks only the caller's suppliers: acme has two", async () => {
    const { body } = await search('acme');
    expect(body.suppliers.map((s) => s.id)).toEqual(['expedia', 'hotelbeds']);
  });

  it('quotes in a zero-decimal currency, sorts by distance, and searches rooms with children', async () => {
    const { response, body } = await search('demo', {
      currency: 'JPY',
      sort: 'distance',
      occupancies: [{ adults: 2, children: [4, 9] }, { adults: 1 }],
    });
    expect(response.status).toBe(200);
    expect(body.properties.length).toBeGreaterThan(0);
    for (const {
      cheapestRate: { price },
    } of body.properties) {
      expect(price.currency).toBe('JPY');
      expect(Number.isInteger(price.total) && Number.isInteger(price.net) && Number.isInteger(price.markup)).toBe(true);
      expect(price.net + price.markup + price.tax + price.serviceFee).toBe(price.total);
    }
    // Reykjavik's centre as the catalogue has it; distances never decrease down the list.
    const { centre } = cityByCode('REK')!;
    const metres = (p: { lat: number; lng: number }) =>
      Math.hypot((p.lat - centre.lat) * 111_320, (p.lng - centre.lng) * 111_320 * Math.cos((centre.lat * Math.PI) / 180));
    const distances = body.properties.filter((p) => p.geo).map((p) => metres(p.geo!));
    for (let i = 1; i < distances.length; i++) expect(distances[i]! + 50).toBeGreaterThanOrEqual(distances[i - 1]!);
  });

  it('applies the filters', async () => {
    const { body } = await search('demo', { filters: { minStarRating: 4, boardBasis: ['BB'], freeCancellationOnly: true } });
    expect(body.properties.length).toBeGreaterThan(0);
    for (const property of body.properties) {
      expect(property.starRating).toBeGreaterThanOrEqual(4);
      expect(property.cheapestRate.boardBasis).toBe('BB');
      expect(property.cheapestRate.refundable).toBe(true);
    }
  });

  it('names the offending fields of a bad request', async () => {
    const { response, body } = await search('demo', { destination: { type: 'city', code: 'ZZZ' }, currency: 'XXX', timeoutMs: 50 });
    expect(response.status).toBe(400);
    expect(body.errors?.map((e) => e.path).sort()).toEqual(['destination.code', 'timeoutMs']);
    const fx = await search('demo', { currency: 'XAU' });
    expect(fx.response.status).toBe(400);
    expect(fx.body.errors?.map((e) => e.path)).toEqual(['currency']);
  });
});

describe('destinations: cities, airports, circles and property lists', () => {
  const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => distanceMetres(a, b) / 1000;
  const everySupplierOk = (body: SearchResponse) => body.suppliers.map((s) => [s.id, s.status]);
  const ALL_OK = [
    ['expedia', 'ok'],
    ['hotelbeds', 'ok'],
    ['opentravel', 'ok'],
  ];
  /**
   * A supplier answers by its own geocode, and a few sandbox geocodes are wrong by up to 5 km (as real
   * ones are); a property shows the suppliers' median position. So nearly all lie inside, none far out.
   */
  const expectInsideCircle = (distancesKm: readonly number[], radiusKm: number) => {
    const inside = distancesKm.filter((d) => d <= radiusKm + 0.2).length;
    expect(inside / distancesKm.length).toBeGreaterThan(0.9);
    for (const distance of distancesKm) expect(distance).toBeLessThan(radiusKm + 5);
  };

  it('searches a real city the sandbox has no hotels in: 200, no properties, every supplier ok', async () => {
    const { response, body } = await search('demo', { destination: { type: 'city', code: 'GVA' } });
    expect(response.status).toBe(200);
    expect(body.properties).toEqual([]);
    expect(body.partial).toBe(false);
    expect(everySupplierOk(body)).toEqual(ALL_OK);
  });

  it('searches a metropolitan code as the whole city, every supplier answering', async () => {
    const { response, body } = await search('demo', { destination: { type: 'city', code: 'NYC' }, limit: 1000 });
    expect(response.status).toBe(200);
    expect(everySupplierOk(body)).toEqual(ALL_OK);
    expect(body.suppliers.every((s) => s.results > 0)).toBe(true);
    const { centre, radiusKm } = cityByCode('NYC')!;
    for (const property of body.properties.filter((p) => p.geo)) expect(km(property.geo!, centre)).toBeLessThan(radiusKm + 5);
  });

  it('searches around an airport: every hotel within its 10 km, nearest first', async () => {
    const { response, body } = await search('demo', { destination: { type: 'airport', code: 'LCY' }, sort: 'distance', limit: 1000 });
    expect(response.status).toBe(200);
    expect(everySupplierOk(body)).toEqual(ALL_OK);
    expect(body.properties.length).toBeGreaterThan(0);
    const { location } = airportByCode('LCY')!;
    const distances = body.properties.filter((p) => p.geo).map((p) => km(p.geo!, location));
    expectInsideCircle(distances, 10);
    for (let i = 1; i < distances.length; i++) expect(distances[i]! + 0.05).toBeGreaterThanOrEqual(distances[i - 1]!);
  });

  it('searches a circle: only hotels inside it, and fewer than the whole city', async () => {
    const eiffel = { lat: 48.8584, lng: 2.2945 };
    const [circle, city] = await Promise.all([
      search('demo', { destination: { type: 'geo', ...eiffel, radiusKm: 2 }, limit: 1000 }),
      search('demo', { destination: { type: 'city', code: 'PAR' }, limit: 1000 }),
    ]);
    expect(circle.response.status).toBe(200);
    expect(everySupplierOk(circle.body)).toEqual(ALL_OK);
    expect(circle.body.properties.length).toBeGreaterThan(0);
    expect(circle.body.totalProperties).toBeLessThan(city.body.totalProperties);
    expectInsideCircle(
      circle.body.properties.filter((p) => p.geo).map((p) => km(p.geo!, eiffel)),
      2,
    );
    // The same hotel is the same propertyId whichever way it was found.
    const cityIds = new Set(city.body.properties.map((p) => p.propertyId));
    expect(circle.body.properties.filter((p) => cityIds.has(p.propertyId)).length).toBeGreaterThan(circle.body.properties.length / 2);
  });

  it('searches a list of propertyIds from an earlier search, in two cities at once', async () => {
    const [rome, vienna] = await Promise.all([
      search('demo', { destination: { type: 'city', code: 'ROM' } }),
      search('demo', { destination: { type: 'city', code: 'VIE' } }),
    ]);
    const wanted = [...rome.body.properties.slice(0, 3), ...vienna.body.properties.slice(0, 2)];
    const { response, body } = await search('demo', { destination: { type: 'properties', propertyIds: wanted.map((p) => p.propertyId) } });
    expect(response.status).toBe(200);
    expect(body.partial).toBe(false);
    expect(body.properties.map((p) => p.propertyId).sort()).toEqual(wanted.map((p) => p.propertyId).sort());
    // Only the suppliers that carry one of them were asked for anything; each answered for its own.
    const results = body.suppliers.reduce((n, s) => n + s.results, 0);
    expect(results).toBe(wanted.reduce((n, p) => n + p.supplierRefs.length, 0));
  });

  it('refuses what it cannot search with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'airport', code: 'ZZZ' }, 'destination.code'],
      [{ type: 'city', code: 'lon' }, 'destination.code'],
      [{ type: 'geo', lat: 48.85, lng: 2.29, radiusKm: 60 }, 'destination.radiusKm'],
      [{ type: 'geo', lat: 95, lng: 2.29, radiusKm: 2 }, 'destination.lat'],
      [{ type: 'properties', propertyIds: [] }, 'destination.propertyIds'],
      [{ type: 'region', code: 'LON' }, 'destination.type'],
    ];
    for (const [destination, path] of cases) {
      const { response, body } = await search('demo', { destination });
      expect(response.status, JSON.stringify(destination)).toBe(400);
      expect(
        body.errors?.map((e) => e.path),
        JSON.stringify(destination),
      ).toEqual([path]);
    }
    const known = (await search('demo')).body.properties[0]!.propertyId;
    const unknown = 'prop_' + '0'.repeat(20);
    const { response, body } = await search('demo', { destination: { type: 'properties', propertyIds: [known, unknown] } });
    expect(response.status).toBe(400);
    expect(body.errors?.map((e) => e.path)).toEqual(['destination.propertyIds[1]']);
  });
});

describe('pages, property rates and property content', () => {
  it('pages through a stored search with the next cursor and refuses an altered cursor', async () => {
    const { body: first } = await search('demo', { limit: 10 });
    expect(first.properties).toHaveLength(10);
    expect(first.next).toBeDefined();
    const second = (await (await api(`/v1/hotels/searches/${first.searchId}?cursor=${first.next}`, 'demo')).json()) as SearchResponse;
    expect(second.properties).toHaveLength(10);
    expect(second.totalProperties).toBe(first.totalProperties);
    expect(second.properties[0]!.cheapestRate.price.total).toBeGreaterThanOrEqual(first.properties[9]!.cheapestRate.price.total);
    const firstIds = new Set(first.properties.map((p) => p.propertyId));
    expect(second.properties.some((p) => firstIds.has(p.propertyId))).toBe(false);

    const tampered = await api(`/v1/hotels/searches/${first.searchId}?cursor=${first.next!.slice(0, -2)}xx`, 'demo');
    expect(tampered.status).toBe(400);
    expect((await api(`/v1/hotels/searches/${first.searchId}`, 'acme')).status).toBe(404);
    expect((await api(`/v1/hotels/searches/srch_${'0'.repeat(32)}`, 'demo')).status).toBe(404);
  });

  it('answers before the rows of later pages are stored: a page asked for meanwhile waits for them, and a search whose rows never landed is gone', async () => {
    const store = new DynamoSearchStore();
    const { body: answered } = await search('demo', { limit: 5 });
    // Pages of a real search read right after its answer (its rows are written after the answer).
    const next = await api(`/v1/hotels/searches/${answered.searchId}?cursor=${answered.next}`, 'demo');
    expect(next.status).toBe(200);

    const pendingSearch = (searchId: string) => ({
      searchId,
      tenant: 'demo',
      request: searchRequestSchema.parse(searchBody({ limit: 1 })),
      currency: 'EUR',
      partial: false,
      suppliers: [{ id: 'hotelbeds', status: 'ok' as const, tookMs: 100, results: 2 }],
      totalProperties: 2,
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    });
    const row = (i: number) => {
      const fx = new FxStamps();
      const property = answered.properties[i]!;
      const rate = {
        supplierId: property.cheapestRate.supplierId,
        supplierPropertyId: property.supplierRefs[0]!.supplierPropertyId,
        rate: { supplierRateKey: `key-${i}`, roomTypeName: 'Double', payment: 'net' as const },
        boardBasis: 'RO' as const,
        refundable: false,
        cancellationPolicy: [],
        price: {
          net: '100.00',
          markup: '0.00',
          commission: '0.00',
          tax: '0.00',
          serviceFee: '0.00',
          total: `${100 + i}.00`,
          currency: 'EUR',
          payableAtHotel: '0.00',
          fx: { from: 'EUR', to: 'EUR', rate: '1', source: 'identity', asOf: '2026-01-01' },
        },
      };
      return { text: rowText(property, rateRowText(rate, fx)), fx: fx.list };
    };

    const waiting = pendingSearch(`srch_${'1'.repeat(32)}`);
    await store.savePending(waiting);
    const page = api(`/v1/hotels/searches/${waiting.searchId}`, 'demo');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await store.save(waiting, [row(0).text, row(1).text], row(0).fx);
    const served = await page;
    expect(served.status).toBe(200);
    const body = (await served.json()) as SearchResponse;
    expect(body.properties.map((p) => [p.propertyId, p.cheapestRate.price.total])).toEqual([[answered.properties[0]!.propertyId, 100]]);

    const lost = pendingSearch(`srch_${'2'.repeat(32)}`);
    await store.savePending(lost);
    const started = Date.now();
    const gone = await api(`/v1/hotels/searches/${lost.searchId}`, 'demo');
    expect(gone.status).toBe(410);
    expect(Date.now() - started).toBeGreaterThanOrEqual(ROWS_WAIT_MS);
    expect((await api(`/v1/hotels/searches/${lost.searchId}/properties/${answered.properties[0]!.propertyId}/rates`, 'demo')).status).toBe(
      410,
    );
  });

  it('lists every rate of one property of a search, cheapest first, each with its own rateId', async () => {
    const { body } = await search('demo', { limit: 50 });
    const shared = body.properties.find((p) => p.supplierRefs.length >= 2)!;
    const response = await api(`/v1/hotels/searches/${body.searchId}/properties/${shared.propertyId}/rates`, 'demo');
    expect(response.status).toBe(200);
    const rates = (await response.json()) as { rates: { rateId: string; supplierId: string; price: { total: number } }[] };
    expect(rates.rates.length).toBeGreaterThan(1);
    const totals = rates.rates.map((r) => r.price.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(new Set(rates.rates.map((r) => r.supplierId)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(rates.rates.map((r) => r.rateId)).size).toBe(rates.rates.length);
    expect(totals[0]).toBe(shared.cheapestRate.price.total);
  });

  it('serves unified property content for contracted suppliers only', async () => {
    const { body } = await search('demo', { limit: 200 });
    const withOpenTravel = body.properties.find(
      (p) => p.supplierRefs.some((r) => r.supplierId === 'opentravel') && p.supplierRefs.length >= 2,
    )!;
    const response = await api(`/v1/hotels/properties/${withOpenTravel.propertyId}`, 'demo');
    expect(response.status).toBe(200);
    const content = (await response.json()) as {
      propertyId: string;
      name: string;
      timeZone: string;
      supplierRefs: { supplierId: string }[];
      images: { supplierId: string }[];
      amenities: string[];
    };
    expect(content).toMatchObject({ propertyId: withOpenTravel.propertyId, timeZone: 'Atlantic/Reykjavik' });
    expect(content.amenities.length).toBeGreaterThan(0);

    const forAcme = (await (await api(`/v1/hotels/properties/${withOpenTravel.propertyId}`, 'acme')).json()) as typeof content;
    expect(forAcme.supplierRefs.every((r) => r.supplierId !== 'opentravel')).toBe(true);
    expect(forAcme.images.every((i) => i.supplierId !== 'opentravel')).toBe(true);

    // A hotel only OpenTravel maps, read from demo's catalogue of the city (demo holds every supplier, so its
    // refs are the whole map's): a search names only the suppliers with a rate that day, and a hotel without
    // one is not in it at all.
    const catalogue: { propertyId: string; supplierRefs: { supplierId: string }[] }[] = [];
    for (let cursor: string | undefined, first = true; first || cursor; first = false) {
      const query = new URLSearchParams({ destination: 'REK', limit: '100', ...(cursor ? { cursor } : {}) });
      const page = (await (await api(`/v1/hotels/properties?${query}`, 'demo')).json()) as { properties: typeof catalogue; next?: string };
      catalogue.push(...page.properties);
      cursor = page.next;
    }
    const openTravelOnly = catalogue.find((p) => p.supplierRefs.every((r) => r.supplierId === 'opentravel'));
    expect(openTravelOnly, "a hotel only OpenTravel maps among Reykjavík's").toBeDefined();
    expect((await api(`/v1/hotels/properties/${openTravelOnly!.propertyId}`, 'acme')).status).toBe(404);
    expect((await api(`/v1/hotels/properties/prop_${'0'.repeat(20)}`, 'demo')).status).toBe(404);
  });
});
