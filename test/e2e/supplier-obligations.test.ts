/**
 * What the suppliers' published contracts oblige a reseller to carry and show (API-SPEC "Supplier
 * obligations"), through the API from search to voucher, against the sandbox suppliers speaking those
 * contracts: fees the property collects, the supplier's texts, selling floors, package-only rates, the
 * traveller's address, the contract's own supplier id, and a geo search that keeps to its circle.
 *
 * `X-Sandbox-Scenario: obligations` makes every sandbox rate carry every shape its supplier's spec allows
 * (sandbox/world/spec-shapes.ts); without it a seeded share does.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceMetres } from '../../functions/domain/geo/distance.js';
import type { ShownRate } from '../../functions/domain/rate/shown-rate.js';
import type { SearchResponse } from '../../functions/search/search-result.js';
import { listContracts, putContract } from '../../functions/suppliers/contracts.js';
import type { LocalHost } from '../../local/host.js';
import { inDays } from '../support/stay-dates.js';
import { startTestHost, tokenFor } from '../support/local-host.js';

let host: LocalHost;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  host = await startTestHost();
  // acme also holds a second contract through the Hotelbeds adapter, under its own id, and sells Hotelbeds
  // packages: written before acme's first search, so no container has its contracts cached yet.
  const hotelbeds = (await listContracts('acme')).find((c) => c.supplierId === 'hotelbeds')!;
  const { pointOfSale: _pos, reservationsEmail: _email, reservationsPhone: _phone, ...stored } = hotelbeds;
  await putContract({ ...stored, sellsPackages: true });
  await putContract({ ...stored, supplierId: 'hbspec' });
  tokens.demo = await tokenFor(host, 'demo');
  tokens.acme = await tokenFor(host, 'acme');
}, 120_000);
afterAll(() => host?.stop());

const TRAVELLER_IP = '203.0.113.77';

function call(path: string, tenant: string, init: RequestInit & { scenario?: string; idempotencyKey?: string; customerIp?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${tokens[tenant]}`);
  headers.set('X-Service-Tenant', tenant);
  headers.set('Customer-Ip', init.customerIp ?? TRAVELLER_IP);
  headers.set('Customer-Session-Id', 'obligations-session');
  if (init.body) headers.set('Content-Type', 'application/json');
  if (init.scenario) headers.set('X-Sandbox-Scenario', init.scenario);
  if (init.idempotencyKey) headers.set('Idempotency-Key', init.idempotencyKey);
  return fetch(`${host.url}${path}`, { ...init, headers });
}

async function search(
  tenant: string,
  destination: Record<string, unknown>,
  scenario?: string,
  extra: Record<string, unknown> = {},
): Promise<SearchResponse> {
  const response = await call('/v1/hotels/search', tenant, {
    method: 'POST',
    body: JSON.stringify({
      destination,
      checkIn: inDays(70),
      checkOut: inDays(72),
      occupancies: [{ adults: 2 }],
      currency: 'GBP',
      nationality: 'FR',
      limit: 1000,
      ...extra,
    }),
    ...(scenario ? { scenario } : {}),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as SearchResponse;
}

/** total = net + markup + tax + serviceFee to the penny, in integer minor units. */
const cents = (amount: number) => Math.round(amount * 100);
function addsUp(rate: Pick<ShownRate, 'price'>): boolean {
  const { net, markup, tax, serviceFee, total } = rate.price;
  return cents(net) + cents(markup) + cents(tax) + cents(serviceFee) === cents(total);
}

describe('search to voucher under the obligations scenario', () => {
  let found: SearchResponse;
  beforeAll(async () => {
    found = await search('demo', { type: 'city', code: 'BCN' }, 'obligations');
  }, 60_000);

  it('every supplier answers, none dropped for a shape its spec allows', () => {
    expect(found.suppliers.map((s) => [s.id, s.status])).toEqual(
      expect.arrayContaining([
        ['hotelbeds', 'ok'],
        ['expedia', 'ok'],
        ['opentravel', 'ok'],
      ]),
    );
    for (const supplier of found.suppliers) expect(supplier.results, supplier.id).toBeGreaterThan(0);
  });

  it('shows what the property collects, apart from the total, and the supplier texts on every rate', () => {
    for (const supplierId of ['hotelbeds', 'expedia', 'opentravel']) {
      const rates = found.properties.map((p) => p.cheapestRate).filter((r) => r.supplierId === supplierId);
      expect(rates.length, supplierId).toBeGreaterThan(0);
      for (const rate of rates) {
        expect(rate.payAtProperty.length, supplierId).toBeGreaterThan(0);
        for (const charge of rate.payAtProperty) expect(charge.quote.currency).toBe('GBP');
        expect(rate.remarks.length, supplierId).toBeGreaterThan(0);
        expect(rate.remarks.every((r) => r.supplierId === supplierId && r.text.length > 0)).toBe(true);
        expect(addsUp(rate), supplierId).toBe(true);
        // The charges the hotel collects are in payableAtHotel, never in what we charge.
        expect(rate.price.payableAtHotel).toBeGreaterThan(0);
        expect(rate.packageOnly).toBe(false);
      }
    }
  });

  it('never sells below a floor: Hotelbeds and Rapid rates are at or above their minimum selling price, in GBP', () => {
    for (const supplierId of ['hotelbeds', 'expedia']) {
      const floored = found.properties.map((p) => p.cheapestRate).filter((r) => r.supplierId === supplierId && r.minimumSellingPrice);
      expect(floored.length, supplierId).toBeGreaterThan(0);
      for (const rate of floored) {
        expect(rate.minimumSellingPrice!.currency).toBe('GBP');
        expect(rate.price.total).toBeGreaterThanOrEqual(rate.minimumSellingPrice!.amount);
      }
    }
  });

  it('the rate check, the booking, GET and the voucher carry the same obligations', async () => {
    const rate = found.properties
      .map((p) => p.cheapestRate)
      .find((r) => r.supplierId === 'hotelbeds' && r.payment === 'net' && r.minimumSellingPrice)!;
    const checked = (await (
      await call(`/v1/hotels/rates/${encodeURIComponent(rate.rateId)}/check`, 'demo', { method: 'POST', scenario: 'obligations' })
    ).json()) as ShownRate & { status: string };
    expect(checked.status).toBe('available');
    expect(checked.price.total).toBe(rate.price.total);
    expect(checked.minimumSellingPrice).toEqual(rate.minimumSellingPrice);
    expect(checked.remarks).toEqual(rate.remarks);
    expect(checked.payAtProperty).toEqual(rate.payAtProperty);

    const booked = await call('/v1/hotels/bookings', 'demo', {
      method: 'POST',
      scenario: 'obligations',
      idempotencyKey: randomUUID(),
      body: JSON.stringify({
        rateId: rate.rateId,
        searchId: found.searchId,
        clientReference: 'OBLIGATIONS-1',
        holder: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' },
        rooms: [
          {
            guests: [
              { type: 'adult', firstName: 'Ada', lastName: 'Lovelace' },
              { type: 'adult', firstName: 'Charles', lastName: 'Babbage' },
            ],
          },
        ],
      }),
    });
    expect(booked.status).toBe(201);
    const answer = (await booked.json()) as { bookingId: string; priceLocked: { total: number } } & Pick<
      ShownRate,
      'payAtProperty' | 'remarks' | 'minimumSellingPrice'
    >;
    expect(answer.priceLocked.total).toBeGreaterThanOrEqual(rate.minimumSellingPrice!.amount);
    expect(answer.payAtProperty).toEqual(rate.payAtProperty);
    expect(answer.remarks.map((r) => r.text)).toEqual(expect.arrayContaining(rate.remarks.map((r) => r.text)));
    expect(answer.minimumSellingPrice).toEqual(rate.minimumSellingPrice);

    const record = (await (await call(`/v1/hotels/bookings/${answer.bookingId}`, 'demo')).json()) as typeof answer;
    expect(record.payAtProperty).toEqual(answer.payAtProperty);
    expect(record.remarks).toEqual(answer.remarks);

    const voucher = await call(`/v1/hotels/bookings/${answer.bookingId}/voucher`, 'demo', { headers: { Accept: 'text/html' } });
    expect(voucher.status).toBe(200);
    const html = await voucher.text();
    expect(html).toContain('Payable at the property');
    expect(html).toContain('Important information');
    // Hotelbeds asks the voucher to name the company that issued the booking and its VAT number.
    expect(html).toContain('Payable through HOTELBEDS PRODUCT,S.L.U., acting as agent for the service operating company');
    expect(html).toContain('VAT: ESB38877676');
  });
});

describe('package-only rates', () => {
  it("are shown only to an account whose contract sells the supplier's packages, marked packageOnly", async () => {
    const forAcme = await search('acme', { type: 'city', code: 'BCN' }, 'package-rates');
    const acmeHotelbeds = forAcme.properties.map((p) => p.cheapestRate).filter((r) => r.supplierId === 'hotelbeds');
    expect(acmeHotelbeds.length).toBeGreaterThan(0);
    expect(acmeHotelbeds.every((r) => r.packageOnly)).toBe(true);
    // Rapid's contract with acme does not sell packages: under the same scenario none of its rates is shown.
    expect(forAcme.properties.some((p) => p.cheapestRate.supplierId === 'expedia')).toBe(false);
    const forDemo = await search('demo', { type: 'city', code: 'BCN' }, 'package-rates');
    expect(forDemo.properties.some((p) => p.cheapestRate.packageOnly)).toBe(false);
    expect(forDemo.properties.some((p) => p.cheapestRate.supplierId === 'hotelbeds')).toBe(false);
  });
});

describe('a supplier is its contract', () => {
  it('two contracts through one wire format answer, price and book under their own ids', async () => {
    const found = await search('acme', { type: 'city', code: 'LIS' });
    expect(found.suppliers.map((s) => s.id).sort()).toEqual(['expedia', 'hbspec', 'hotelbeds']);
    expect(found.suppliers.find((s) => s.id === 'hbspec')).toMatchObject({ status: 'ok' });
    const rate =
      found.properties.flatMap((p) => [p.cheapestRate]).find((r) => r.supplierId === 'hbspec') ??
      (
        (await (
          await call(
            `/v1/hotels/searches/${found.searchId}/properties/${found.properties.find((p) => p.supplierRefs.some((r) => r.supplierId === 'hbspec'))!.propertyId}/rates`,
            'acme',
          )
        ).json()) as { rates: ShownRate[] }
      ).rates.find((r) => r.supplierId === 'hbspec')!;
    expect(rate.supplierId).toBe('hbspec');
    const booked = await call('/v1/hotels/bookings', 'acme', {
      method: 'POST',
      idempotencyKey: randomUUID(),
      body: JSON.stringify({
        rateId: rate.rateId,
        searchId: found.searchId,
        clientReference: 'HBSPEC-1',
        holder: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
        rooms: [
          {
            guests: [
              { type: 'adult', firstName: 'Ada', lastName: 'Lovelace' },
              { type: 'adult', firstName: 'Charles', lastName: 'Babbage' },
            ],
          },
        ],
      }),
    });
    expect(booked.status).toBe(201);
    const { bookingId } = (await booked.json()) as { bookingId: string };
    const record = (await (await call(`/v1/hotels/bookings/${bookingId}`, 'acme')).json()) as { supplierId: string; status: string };
    expect(record).toMatchObject({ supplierId: 'hbspec', status: 'confirmed' });
  });
});

describe('the traveller and the circle', () => {
  it('a malformed Customer-Ip is a 400 naming the header', async () => {
    const response = await call('/v1/hotels/search', 'demo', {
      method: 'POST',
      customerIp: 'not-an-address',
      body: JSON.stringify({
        destination: { type: 'city', code: 'BCN' },
        checkIn: inDays(70),
        checkOut: inDays(72),
        occupancies: [{ adults: 2 }],
        currency: 'EUR',
        nationality: 'FR',
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual(['header.Customer-Ip']);
  });

  it('a 2 km search around the Eiffel Tower returns only hotels within 2 km (suppliers draw their circles loosely)', async () => {
    const centre = { lat: 48.8584, lng: 2.2945 };
    const found = await search('demo', { type: 'geo', ...centre, radiusKm: 2 });
    expect(found.properties.length).toBeGreaterThan(0);
    for (const property of found.properties) {
      if (property.geo) expect(distanceMetres(centre, property.geo), property.name).toBeLessThanOrEqual(2000);
    }
  });
});
