/**
 * The planned car surface over HTTP: the same caller checks as any route (token, tenant, scope, and the
 * Idempotency-Key the route table requires on the booking), input validated with the planned schemas,
 * then 501 whose `contract` member points at the operation in /openapi.json that carries the design.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHost } from '../../local/host.js';
import { CAR_SEARCH_QUERY } from '../support/car-search-query.js';
import { startTestHost, tokenFor } from '../support/local-host.js';

let host: LocalHost;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  host = await startTestHost();
  tokens.all = await tokenFor(host, 'demo');
  tokens.hotelsOnly = await tokenFor(host, 'demo', 'hotels.search hotels.book');
}, 120_000);
afterAll(() => host?.stop());

type Problem = { type: string; status: number; capability?: string; contract?: string; errors?: { path: string; message: string }[] };

async function call(path: string, init: RequestInit & { token?: string; idempotencyKey?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${init.token ?? tokens.all}`);
  headers.set('X-Service-Tenant', 'demo');
  if (init.body) headers.set('Content-Type', 'application/json');
  if (init.idempotencyKey) headers.set('Idempotency-Key', init.idempotencyKey);
  const response = await fetch(`${host.url}${path}`, { ...init, headers });
  return { status: response.status, contentType: response.headers.get('content-type'), body: (await response.json()) as Problem };
}

const searchQuery = (overrides: Record<string, string> = {}) => new URLSearchParams({ ...CAR_SEARCH_QUERY, ...overrides });

const booking = {
  offerId: 'co1.abc',
  searchId: 'csrch_1',
  driver: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', age: 23, licenceCountry: 'GB' },
  extras: [{ code: 'child_seat', quantity: 1 }],
  clientReference: 'TRIP-1',
};

/** Follows the problem's `contract` pointer into the served document. */
async function operationAt(contract: string): Promise<Record<string, unknown> | undefined> {
  const [documentPath, pointer] = contract.split('#');
  const document = (await (await fetch(`${host.url}${documentPath}`)).json()) as Record<string, unknown>;
  return pointer!
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document) as Record<string, unknown> | undefined;
}

describe('GET /v1/cars/search (planned)', () => {
  it('answers a valid search with 501 naming the planned contract in /openapi.json', async () => {
    const { status, contentType, body } = await call(`/v1/cars/search?${searchQuery()}`);
    expect(status).toBe(501);
    expect(contentType).toBe('application/problem+json');
    expect(body).toMatchObject({
      type: 'https://hotel-api.dev/problems/not-implemented',
      capability: 'Car search',
      contract: '/openapi.json#/paths/~1v1~1cars~1search/get',
    });
    const operation = await operationAt(body.contract!);
    expect(operation).toMatchObject({ operationId: 'searchCars', 'x-planned': true });
  });

  it('validates the query first, naming each offending parameter', async () => {
    const { status, body } = await call(`/v1/cars/search?${searchQuery({ driverAge: '16', transmission: 'cvt' })}`);
    expect(status).toBe(400);
    expect(body.errors?.map((e) => e.path).sort()).toEqual(['query.driverAge', 'query.transmission']);
    // Once each parameter is well-formed, the period itself: drop-off before pick-up.
    const backwards = await call(`/v1/cars/search?${searchQuery({ dropOffAt: '2027-02-27T10:00' })}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([{ path: 'query.dropOffAt', message: 'must be after pickUpAt' }]);
  });

  it('needs the cars.search scope', async () => {
    const { status, body } = await call(`/v1/cars/search?${searchQuery()}`, { token: tokens.hotelsOnly });
    expect(status).toBe(403);
    expect(body.type).toMatch(/insufficient-scope$/);
  });
});

describe('POST /v1/cars/bookings (planned)', () => {
  it('requires an Idempotency-Key before anything else', async () => {
    const { status, body } = await call('/v1/cars/bookings', { method: 'POST', body: JSON.stringify(booking) });
    expect(status).toBe(400);
    expect(body.type).toMatch(/missing-idempotency-key$/);
  });

  it('validates the body, then answers 501 naming the planned contract', async () => {
    const invalid = await call('/v1/cars/bookings', {
      method: 'POST',
      idempotencyKey: 'car-1',
      body: JSON.stringify({ ...booking, driver: { ...booking.driver, age: 12 } }),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors?.map((e) => e.path)).toEqual(['driver.age']);

    const { status, body } = await call('/v1/cars/bookings', { method: 'POST', idempotencyKey: 'car-2', body: JSON.stringify(booking) });
    expect(status).toBe(501);
    expect(body).toMatchObject({ capability: 'Car booking', contract: '/openapi.json#/paths/~1v1~1cars~1bookings/post' });
    expect(await operationAt(body.contract!)).toMatchObject({ operationId: 'createCarBooking', 'x-planned': true });
  });

  it('needs the cars.book scope', async () => {
    const { status } = await call('/v1/cars/bookings', {
      method: 'POST',
      token: tokens.hotelsOnly,
      idempotencyKey: 'car-3',
      body: JSON.stringify(booking),
    });
    expect(status).toBe(403);
  });
});
