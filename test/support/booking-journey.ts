/**
 * A partner's calls against a local host, for the booking tests: token per tenant, a searched city, and
 * helpers to pick a rate and book it with an Idempotency-Key.
 */
import { randomUUID } from 'node:crypto';
import type { SearchResponse } from '../../functions/search/search-result.js';
import type { LocalHost } from '../../local/host.js';
import { tokenFor } from './local-host.js';
import { inDays } from './stay-dates.js';
import type { ShownRate } from '../../functions/domain/rate/shown-rate.js';

export interface Journey {
  readonly host: LocalHost;
  readonly search: SearchResponse;
  call(path: string, tenant: string, init?: RequestInit & { scenario?: string; idempotencyKey?: string }): Promise<Response>;
  rateOf(supplierId: string, predicate?: (rate: ShownRate) => boolean): ShownRate;
  bookingBody(rate: ShownRate, overrides?: Record<string, unknown>): Record<string, unknown>;
  book(
    rate: ShownRate,
    options?: { key?: string; scenario?: string; body?: Record<string, unknown>; tenant?: string },
  ): Promise<{ response: Response; body: Record<string, unknown>; key: string }>;
  /**
   * Waits until a confirmed booking's voucher is issued (functions/booking/voucher/issue-voucher.ts runs just after
   * the booking's answer), for tests that compare a booking before and after a call.
   */
  untilVoucherIssued(bookingId: string, tenant?: string): Promise<void>;
}

export async function startJourney(host: LocalHost, city = 'RAK'): Promise<Journey> {
  const tokens: Record<string, string> = { demo: await tokenFor(host, 'demo'), acme: await tokenFor(host, 'acme') };
  const call: Journey['call'] = (path, tenant, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${tokens[tenant]}`);
    headers.set('X-Service-Tenant', tenant);
    if (init.body) headers.set('Content-Type', 'application/json');
    if (init.scenario) headers.set('X-Sandbox-Scenario', init.scenario);
    if (init.idempotencyKey) headers.set('Idempotency-Key', init.idempotencyKey);
    return fetch(`${host.url}${path}`, { ...init, headers });
  };
  const searched = await call('/v1/hotels/search', 'demo', {
    method: 'POST',
    body: JSON.stringify({
      destination: { type: 'city', code: city },
      checkIn: inDays(60),
      checkOut: inDays(62),
      occupancies: [{ adults: 2 }],
      currency: 'EUR',
      nationality: 'GB',
      limit: 1000,
    }),
  });
  if (searched.status !== 200) throw new Error(`search failed: ${searched.status} ${await searched.text()}`);
  const search = (await searched.json()) as SearchResponse;

  const rateOf: Journey['rateOf'] = (supplierId, predicate = () => true) => {
    const found = search.properties.map((p) => p.cheapestRate).find((r) => r.supplierId === supplierId && predicate(r));
    if (!found) throw new Error(`no ${supplierId} rate in the search`);
    return found;
  };
  const bookingBody: Journey['bookingBody'] = (rate, overrides = {}) => ({
    rateId: rate.rateId,
    searchId: search.searchId,
    holder: { firstName: 'Zoë', lastName: 'Ødegård', email: 'zoe@example.com', phone: '+47 22 00 00 00' },
    rooms: [
      {
        guests: [
          { type: 'adult', firstName: 'Zoë', lastName: 'Ødegård' },
          { type: 'adult', firstName: 'Łukasz', lastName: 'Żółć' },
        ],
      },
    ],
    clientReference: `PARTNER-${randomUUID().slice(0, 8)}`,
    ...overrides,
  });
  const book: Journey['book'] = async (rate, options = {}) => {
    const key = options.key ?? randomUUID();
    const response = await call('/v1/hotels/bookings', options.tenant ?? 'demo', {
      method: 'POST',
      body: JSON.stringify(options.body ?? bookingBody(rate)),
      idempotencyKey: key,
      ...(options.scenario ? { scenario: options.scenario } : {}),
    });
    const text = await response.text();
    return { response, body: (text ? JSON.parse(text) : {}) as Record<string, unknown>, key };
  };
  const untilVoucherIssued: Journey['untilVoucherIssued'] = async (bookingId, tenant = 'demo') => {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
      const record = (await (await call(`/v1/hotels/bookings/${bookingId}`, tenant)).json()) as { history?: { event: string }[] };
      if (record.history?.some((e) => e.event === 'voucher-issued')) return;
    }
    throw new Error(`the voucher of ${bookingId} was not issued within 10 s`);
  };
  return { host, search, call, rateOf, bookingBody, book, untilVoucherIssued };
}

/**
 * A search of the journey's kind (RAK, two adults, two nights from `fromDay` days ahead) under `timeoutMs`,
 * timed end to end: the fault tests search a stay not searched before, so every supplier is asked.
 */
export async function timedSearch(
  journey: Journey,
  fromDay: number,
  timeoutMs: number,
): Promise<{ status: number; body: SearchResponse; ms: number }> {
  const started = performance.now();
  const response = await journey.call('/v1/hotels/search', 'demo', {
    method: 'POST',
    body: JSON.stringify({
      destination: { type: 'city', code: 'RAK' },
      checkIn: inDays(fromDay),
      checkOut: inDays(fromDay + 2),
      occupancies: [{ adults: 2 }],
      currency: 'EUR',
      nationality: 'GB',
      timeoutMs,
      limit: 1000,
    }),
  });
  const body = (await response.json()) as SearchResponse;
  return { status: response.status, body, ms: performance.now() - started };
}
