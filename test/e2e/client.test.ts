/**
 * The typed client (client/) against the local host: one token for many calls and a refresh near expiry,
 * X-Service-Tenant on every call, an Idempotency-Key per booking that its own retries reuse, and 429s
 * retried as Retry-After asks. Throttling is tightened so the 429 path runs in seconds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiProblem, HotelApiClient } from '../../client/hotel-api-client.js';
import { TokenCache } from '../../client/token-cache.js';
import { LIMITS } from '../../functions/shared/limits.js';
import type { LocalHost } from '../../local/host.js';
import { inDays } from '../support/stay-dates.js';
import { startTestHost } from '../support/local-host.js';

let host: LocalHost;
const tokenRequests: string[] = [];
beforeAll(async () => {
  host = await startTestHost({
    throttling: { stage: LIMITS.stage, perClient: { ratePerSecond: 2, burst: 4 } },
    onResponse: (line) => line.path === '/v1/oauth/token' && tokenRequests.push(line.requestId),
  });
}, 120_000);
afterAll(() => host?.stop());

const demo = () => host.clients.find((c) => c.tenant === 'demo')!;
const clientFor = (extra: Partial<ConstructorParameters<typeof HotelApiClient>[0]> = {}) =>
  new HotelApiClient({ baseUrl: host.url, clientId: demo().clientId, clientSecret: demo().secret, tenant: 'demo', ...extra });

describe('typed client', () => {
  it('surfaces an unknown id as an ApiProblem that is not-found, and an unreadable one as a validation error', async () => {
    const client = clientFor();
    const unknown = await client.getBooking('nope').catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(ApiProblem);
    expect(unknown).toMatchObject({ status: 404, kind: 'not-found', isNotFound: true });
    const unreadable = await client.property('x'.repeat(65)).catch((error: unknown) => error);
    expect(unreadable).toMatchObject({ status: 400, kind: 'validation-error', isNotFound: false });
    expect((unreadable as ApiProblem).problem.errors).toEqual([
      { path: 'path.propertyId', message: expect.stringContaining('longer than 64') },
    ]);
  });

  it('books through the whole journey with one token, retrying 429 as Retry-After says', async () => {
    const before = tokenRequests.length;
    const retries: string[] = [];
    const client = clientFor({ onRetry: (reason) => retries.push(reason) });
    const search = await client.search({
      destination: { type: 'city', code: 'RAK' },
      checkIn: inDays(40),
      checkOut: inDays(41),
      occupancies: [{ adults: 1 }],
      currency: 'EUR',
      nationality: 'FR',
      timeoutMs: 6000,
      limit: 50,
      sort: 'price',
    });
    const rate = search.properties[0]!.cheapestRate;
    // More calls than the bucket holds (burst 4, the search took one): three are refused with 429 and retried
    // by the client. The bucket gives two a second and the client retries three times, so six calls need two
    // rounds of retries and leave one spare for a slow machine (eight would need all three, with none spare).
    const checks = await Promise.all(Array.from({ length: 6 }, () => client.checkRate(rate.rateId)));
    expect(checks.every((c) => c.rateId === rate.rateId)).toBe(true);
    expect(retries).toContain('429');

    const request = {
      rateId: rate.rateId,
      searchId: search.searchId,
      holder: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      rooms: [{ guests: [{ type: 'adult' as const, firstName: 'Ada', lastName: 'Lovelace' }] }],
      clientReference: 'CLIENT-TEST',
    };
    const first = await client.book(request);
    const second = await client.book(request);
    expect(first.status).toBe(201);
    expect(second.booking.bookingId).not.toBe(first.booking.bookingId);
    const replay = await client.book(request, { idempotencyKey: first.idempotencyKey });
    expect(replay).toMatchObject({ status: 201, replayed: true, booking: first.booking });

    const voucher = await client.voucher(first.booking.bookingId, 'html');
    expect(voucher).toContain('Lovelace');
    // Typed: the price's nights; a stay change quoted (Rapid has no path: 422; a sold-out new stay: 409).
    expect(rate.price.nightly).toHaveLength(1);
    const change = await client.quoteStayChange(first.booking.bookingId, { occupancies: [{ adults: 2 }] }).catch((error: unknown) => error);
    if (change instanceof ApiProblem) expect(change.status).toBe(rate.supplierId === 'expedia' ? 422 : 409);
    else expect(change).toMatchObject({ quoteId: expect.stringMatching(/^q1\./), occupancies: [{ adults: 2, children: [] }] });
    const preview = await client.cancellationQuote(first.booking.bookingId);
    expect(preview).toMatchObject({ bookingId: first.booking.bookingId, source: expect.stringMatching(/^(supplier|policy)$/) });
    const cancelled = await client.cancel(first.booking.bookingId);
    expect(cancelled.status).toBe('cancelled');
    expect(tokenRequests.length - before).toBe(1);
    expect(client.tokens.fetched).toBe(1);
  }, 60_000);

  it('refreshes the token shortly before it expires, one request for concurrent callers', async () => {
    let now = Date.now();
    const tokens = new TokenCache({
      tokenUrl: `${host.url}/v1/oauth/token`,
      clientId: demo().clientId,
      clientSecret: demo().secret,
      now: () => now,
    });
    const before = tokenRequests.length;
    const [a, b, c] = await Promise.all([tokens.get(), tokens.get(), tokens.get()]);
    expect(new Set([a, b, c]).size).toBe(1);
    now += 10 * 60_000;
    expect(await tokens.get()).toBe(a);
    now += 4.5 * 60_000; // within a minute of the 15-minute expiry
    expect(await tokens.get()).not.toBe(a);
    expect(tokenRequests.length - before).toBe(2);
  });
});
