/**
 * Identifiers are opaque: on every route that takes an id, an id we do not know, or that belongs to another
 * tenant, is a 404 `not-found` problem with the same shape either way; 400 is kept for an id no id of ours
 * can be (too long, or characters we never use), and the problem says which. The routes come from the
 * route table, so a new id route fails here until it is covered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Route } from '../../functions/shared/routes.js';
import type { LocalHost } from '../../local/host.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { startTestHost } from '../support/local-host.js';

let host: LocalHost;
let journey: Journey;
/** Real ids of tenant demo, which acme must not be able to tell from unknown ones. */
let demo: { searchId: string; propertyId: string; rateId: string; bookingId: string };

beforeAll(async () => {
  host = await startTestHost();
  journey = await startJourney(host);
  const rate = journey.rateOf('hotelbeds');
  const { response, body } = await journey.book(rate);
  expect(response.status).toBe(201);
  const property = journey.search.properties.find((p) => p.cheapestRate.rateId === rate.rateId)!;
  demo = { searchId: journey.search.searchId, propertyId: property.propertyId, rateId: rate.rateId, bookingId: String(body.bookingId) };
}, 120_000);
afterAll(() => host?.stop());

const ID_ROUTES = ROUTES.filter((r) => r.path.includes('{'));

/** A well-formed id of each kind that nobody was issued. */
const UNKNOWN: Record<string, string> = {
  searchId: 'srch_00000000000000000000000000000000',
  propertyId: 'does-not-exist',
  rateId: 'r1.bm90LWEtcmF0ZQ.AAAAAAAAAAAAAAAAAAAAAA',
  bookingId: 'nope',
};

function pathOf(route: Route, ids: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name] ?? ''));
}

/** The request each id route needs besides its path (a body where the route validates one). */
function init(route: Route): RequestInit & { idempotencyKey?: string } {
  const body = route.id === 'modifyBooking' ? JSON.stringify({ holder: { email: 'x@example.com' } }) : route.id === 'cancelBooking' ? JSON.stringify({}) : undefined;
  return { method: route.method, ...(body ? { body } : {}), ...(route.idempotencyKey ? { idempotencyKey: crypto.randomUUID() } : {}) };
}

async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  return (await response.json()) as { type: string; title: string; status: number; detail: string; instance: string; errors?: { path: string; message: string }[] };
}

describe('every route that takes an id', () => {
  it('is one of the id routes this test knows how to call', () => {
    expect(ID_ROUTES.map((r) => r.id).sort()).toEqual(['cancelBooking', 'checkRate', 'getBooking', 'getProperty', 'getSearchPage', 'getVoucher', 'listPropertyRates', 'modifyBooking'].sort());
  });

  it.each(ID_ROUTES.map((r) => [r.id, r] as const))('%s: an unknown id is 404 not-found', async (_, route) => {
    const response = await journey.call(pathOf(route, UNKNOWN), 'demo', init(route));
    expect(response.status).toBe(404);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ type: 'https://hotel-api.dev/problems/not-found', status: 404, title: 'Not found' });
    expect(problem.instance).toBe(response.headers.get('x-request-id'));
  });

  // Property content is platform data, not a tenant's: any tenant whose suppliers carry a property sees it.
  const TENANT_OWNED = ID_ROUTES.filter((r) => r.id !== 'getProperty');
  it.each(TENANT_OWNED.map((r) => [r.id, r] as const))("%s: another tenant's id is the same 404 as an unknown one", async (_, route) => {
    const response = await journey.call(pathOf(route, demo), 'acme', init(route));
    expect(response.status).toBe(404);
    const theirs = await problemOf(response);
    const unknown = await problemOf(await journey.call(pathOf(route, UNKNOWN), 'acme', init(route)));
    expect(Object.keys(theirs).sort()).toEqual(Object.keys(unknown).sort());
    expect({ ...theirs, instance: '', detail: '' }).toEqual({ ...unknown, instance: '', detail: '' });
  });

  it.each(ID_ROUTES.map((r) => [r.id, r] as const))('%s: an id longer than any of ours is 400 naming the field and the limit', async (_, route) => {
    const name = route.path.match(/\{(\w+)\}/g)!.at(-1)!.slice(1, -1);
    const response = await journey.call(pathOf(route, { ...demo, [name]: 'x'.repeat(name === 'rateId' ? 8193 : 65) }), 'demo', init(route));
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.errors).toEqual([{ path: `path.${name}`, message: expect.stringMatching(/^is longer than \d+ characters/) }]);
  });

  it.each(ID_ROUTES.map((r) => [r.id, r] as const))('%s: an id with characters none of ours has is 400 saying so', async (_, route) => {
    const name = route.path.match(/\{(\w+)\}/g)!.at(-1)!.slice(1, -1);
    const response = await journey.call(pathOf(route, { ...demo, [name]: 'a b;c' }), 'demo', init(route));
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.errors).toEqual([{ path: `path.${name}`, message: expect.stringMatching(/^has characters no \w+ of ours can have/) }]);
  });

  it('still serves the ids it knows to their own tenant', async () => {
    expect((await journey.call(`/v1/hotels/bookings/${demo.bookingId}`, 'demo')).status).toBe(200);
    expect((await journey.call(`/v1/hotels/searches/${demo.searchId}`, 'demo')).status).toBe(200);
    expect((await journey.call(`/v1/hotels/searches/${demo.searchId}/properties/${demo.propertyId}/rates`, 'demo')).status).toBe(200);
  });
});
