import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { ROUTES, matchRoute } from '../../functions/shared/routes.js';

describe('route table', () => {
  it('names a handler module that exists for every route', () => {
    for (const route of ROUTES) expect(existsSync(route.module), route.module).toBe(true);
  });

  it('has unique ids and unique method+path pairs', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => `${r.method} ${r.path}`)).size).toBe(ROUTES.length);
  });

  it('protects every hotel and car route with the scope API-SPEC names', () => {
    for (const route of ROUTES.filter((r) => r.path.startsWith('/v1/hotels/'))) {
      const expected = route.path.startsWith('/v1/hotels/bookings') ? 'hotels.book' : 'hotels.search';
      expect(route.scope, route.id).toBe(expected);
    }
    expect(ROUTES.find((r) => r.id === 'searchCars')?.scope).toBe('cars.search');
    expect(ROUTES.find((r) => r.id === 'createCarBooking')?.scope).toBe('cars.book');
    expect(
      ROUTES.filter((r) => r.scope === null)
        .map((r) => r.id)
        .sort(),
    ).toEqual(['getDocs', 'getDocsScript', 'getJwks', 'getOpenApi', 'issueToken']);
  });

  it('requires Idempotency-Key exactly on booking, cancel, modify, a stay change, erasure and car booking', () => {
    expect(
      ROUTES.filter((r) => r.idempotencyKey)
        .map((r) => r.id)
        .sort(),
    ).toEqual(['cancelBooking', 'commitStayChange', 'createBooking', 'createCarBooking', 'erasePersonalData', 'modifyBooking'].sort());
  });

  it('matches literal paths before parameters, and tells a wrong method from an unknown path', () => {
    const booking = matchRoute('POST', '/v1/hotels/bookings');
    expect(booking.route?.id).toBe('createBooking');
    const get = matchRoute('GET', '/v1/hotels/bookings/bk_1%2F2');
    expect(get.route?.id).toBe('getBooking');
    expect(get.route && 'pathParameters' in get ? get.pathParameters : {}).toEqual({ bookingId: 'bk_1/2' });
    expect(matchRoute('DELETE', '/v1/hotels/bookings/x')).toEqual({ route: undefined, pathKnown: true });
    expect(matchRoute('GET', '/v1/nothing')).toEqual({ route: undefined, pathKnown: false });
  });
});
