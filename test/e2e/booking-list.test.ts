/**
 * Finding bookings (GET /v1/hotels/bookings) through the local gateway: six real bookings of tenant demo,
 * made through the API at three suppliers, two check-in dates and with one cancelled, found again by
 * clientReference, by created and check-in ranges, by status and supplier, across pages with the cursor
 * and through the typed client's iterator; another tenant finds none of them; bad filters are 400s
 * naming the field.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HotelApiClient } from '../../client/hotel-api-client.js';
import type { SearchResponse } from '../../functions/search/search-result.js';
import type { LocalHost } from '../../local/host.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { inDays } from '../support/stay-dates.js';
import { LIMITS } from '../../functions/shared/limits.js';
import { startTestHost } from '../support/local-host.js';

interface Summary {
  bookingId: string;
  status: string;
  clientReference: string;
  supplierId: string;
  checkIn: string;
  createdAt: string;
  [field: string]: unknown;
}
interface Page {
  bookings: Summary[];
  order: 'created' | 'check-in';
  next?: string;
}
interface Problem {
  type: string;
  status: number;
  errors?: { path: string; message: string }[];
}

let host: LocalHost;
let journey: Journey;
const run = randomUUID().slice(0, 6).toUpperCase();
const ref = (name: string) => `LIST-${run}-${name}`;
/** The bookings made, in the order made (oldest first). */
const made: Summary[] = [];
const ids = (bookings: readonly { bookingId: string }[]) => bookings.map((b) => b.bookingId);
/** Those of `made` the predicate picks, newest first: what a list filtered the same way must answer. */
const newestFirst = (predicate: (b: Summary) => boolean = () => true) => ids(made.filter(predicate).reverse());

const list = async (query: Record<string, string>, tenant = 'demo') => {
  const response = await journey.call(`/v1/hotels/bookings?${new URLSearchParams(query)}`, tenant);
  return { status: response.status, body: (await response.json()) as Page & Problem };
};
/** Every page of a list, following `next`; checks each page's size against the limit. */
const allPages = async (query: Record<string, string>, tenant = 'demo') => {
  const pages: Page[] = [];
  let cursor: string | undefined;
  do {
    const { status, body } = await list({ ...query, ...(cursor ? { cursor } : {}) }, tenant);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.bookings.length).toBeLessThanOrEqual(Number(query.limit ?? 20));
    pages.push(body);
    cursor = body.next;
  } while (cursor && pages.length < 50);
  return pages;
};

beforeAll(async () => {
  // Dozens of list calls in a second or two, on a quiet machine more than one client's burst: this file is
  // about the list, not the per-client rate limit (test/e2e/local-throttling.test.ts is).
  host = await startTestHost({ throttling: { stage: LIMITS.stage, perClient: { ratePerSecond: 1000, burst: 2000 } } });
  journey = await startJourney(host);
  // A second search, a month later: bookings with another check-in date.
  const later = await journey.call('/v1/hotels/search', 'demo', {
    method: 'POST',
    body: JSON.stringify({
      destination: { type: 'city', code: 'RAK' },
      checkIn: inDays(90),
      checkOut: inDays(92),
      occupancies: [{ adults: 2 }],
      currency: 'EUR',
      nationality: 'GB',
      limit: 1000,
    }),
  });
  expect(later.status).toBe(200);
  const laterSearch = (await later.json()) as SearchResponse;
  const laterRate = (supplierId: string) => laterSearch.properties.map((p) => p.cheapestRate).find((r) => r.supplierId === supplierId)!;

  const plan = [
    { rate: journey.rateOf('hotelbeds'), searchId: journey.search.searchId, clientReference: ref('A') },
    { rate: journey.rateOf('expedia'), searchId: journey.search.searchId, clientReference: ref('B') },
    // A partner may reuse its own reference: both bookings are found by it.
    { rate: journey.rateOf('opentravel'), searchId: journey.search.searchId, clientReference: ref('A') },
    { rate: laterRate('hotelbeds'), searchId: laterSearch.searchId, clientReference: ref('C') },
    { rate: laterRate('hotelbeds'), searchId: laterSearch.searchId, clientReference: ref('D') },
    { rate: laterRate('expedia'), searchId: laterSearch.searchId, clientReference: ref('E') },
  ];
  for (const { rate, searchId, clientReference } of plan) {
    const { response, body } = await journey.book(rate, { body: { ...journey.bookingBody(rate, { clientReference }), searchId } });
    expect(response.status, JSON.stringify(body)).toBe(201);
    await journey.untilVoucherIssued(String(body.bookingId));
    // Distinct createdAt instants, so "newest first" has one answer and created ranges cut between bookings.
    await new Promise((resolve) => setTimeout(resolve, 5));
    made.push((await (await journey.call(`/v1/hotels/bookings/${body.bookingId}`, 'demo')).json()) as Summary);
  }
  const cancelled = made[4]!;
  const cancel = await journey.call(`/v1/hotels/bookings/${cancelled.bookingId}/cancel`, 'demo', {
    method: 'POST',
    body: JSON.stringify({ reason: 'list test' }),
    idempotencyKey: randomUUID(),
  });
  expect(cancel.status).toBe(200);
  made[4] = (await (await journey.call(`/v1/hotels/bookings/${cancelled.bookingId}`, 'demo')).json()) as Summary;
}, 240_000);
afterAll(() => host?.stop());

describe('GET /v1/hotels/bookings', () => {
  it('lists every booking newest first, each as its summary', async () => {
    const { status, body } = await list({ limit: '100' });
    expect(status).toBe(200);
    expect(body.order).toBe('created');
    expect(ids(body.bookings)).toEqual(newestFirst());
    expect(body.next).toBeUndefined();
    const record = made[0]!;
    expect(body.bookings.at(-1)).toEqual({
      bookingId: record.bookingId,
      status: 'confirmed',
      clientReference: ref('A'),
      supplierId: 'hotelbeds',
      supplierReference: record.supplierReference,
      propertyId: record.propertyId,
      propertyName: record.propertyName,
      checkIn: record.checkIn,
      checkOut: record.checkOut,
      priceLocked: record.priceLocked,
      cancellationPolicy: record.cancellationPolicy,
      payAtProperty: [],
      remarks: [],
      packageOnly: false,
      voucherUrl: `/v1/hotels/bookings/${record.bookingId}/voucher`,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
    });
    expect(body.bookings.find((b) => b.bookingId === made[4]!.bookingId)).toMatchObject({
      status: 'cancelled',
      updatedAt: made[4]!.updatedAt,
    });
  });

  it('finds bookings by clientReference, every one that carries it', async () => {
    expect(ids((await list({ clientReference: ref('A') })).body.bookings)).toEqual(newestFirst((b) => b.clientReference === ref('A')));
    expect(ids((await list({ clientReference: ref('A') })).body.bookings)).toHaveLength(2);
    expect(ids((await list({ clientReference: ` ${ref('C')} ` })).body.bookings)).toEqual([made[3]!.bookingId]);
    expect((await list({ clientReference: ref('nobody') })).body).toEqual({ bookings: [], order: 'created' });
    // Combined with other filters, which narrow what the reference found.
    expect(ids((await list({ clientReference: ref('A'), supplier: 'opentravel' })).body.bookings)).toEqual([made[2]!.bookingId]);
    expect(ids((await list({ clientReference: ref('A'), createdTo: made[1]!.createdAt })).body.bookings)).toEqual([made[0]!.bookingId]);
  });

  it('finds bookings by created range, bounds inclusive, instants or whole UTC days', async () => {
    const between = await list({ createdFrom: made[1]!.createdAt, createdTo: made[3]!.createdAt });
    expect(ids(between.body.bookings)).toEqual(newestFirst((b) => b.createdAt >= made[1]!.createdAt && b.createdAt <= made[3]!.createdAt));
    expect(ids(between.body.bookings)).toHaveLength(3);
    expect(ids((await list({ createdFrom: made[4]!.createdAt })).body.bookings)).toEqual([made[5]!.bookingId, made[4]!.bookingId]);
    const days = made.map((b) => b.createdAt.slice(0, 10));
    expect(ids((await list({ createdFrom: days[0]!, createdTo: days.at(-1)! })).body.bookings)).toEqual(newestFirst());
    const dayBefore = new Date(Date.parse(`${days[0]}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect((await list({ createdTo: dayBefore })).body.bookings).toEqual([]);
    // An instant with an offset-free second precision is read as the same instant.
    expect(ids((await list({ createdTo: '2000-01-01T00:00Z' })).body.bookings)).toEqual([]);
  });

  it('finds bookings by check-in range, latest check-in first', async () => {
    const [early, late] = [made[0]!.checkIn, made[5]!.checkIn];
    expect(early < late).toBe(true);
    const lateOnes = await list({ checkInFrom: late });
    expect(lateOnes.body.order).toBe('check-in');
    expect(ids(lateOnes.body.bookings)).toEqual(newestFirst((b) => b.checkIn === late));
    expect(ids(lateOnes.body.bookings)).toHaveLength(3);
    expect(ids((await list({ checkInFrom: early, checkInTo: early })).body.bookings)).toEqual(newestFirst((b) => b.checkIn === early));
    const both = await list({ checkInFrom: early, checkInTo: late });
    expect(ids(both.body.bookings)).toEqual([...newestFirst((b) => b.checkIn === late), ...newestFirst((b) => b.checkIn === early)]);
    // With a created range the list stays newest first, the check-in range filtering it.
    const narrowed = await list({ checkInTo: early, createdFrom: made[1]!.createdAt });
    expect(narrowed.body.order).toBe('created');
    expect(ids(narrowed.body.bookings)).toEqual([made[2]!.bookingId, made[1]!.bookingId]);
  });

  it('finds bookings by status and by supplier, alone and together', async () => {
    expect(ids((await list({ status: 'cancelled' })).body.bookings)).toEqual([made[4]!.bookingId]);
    expect(ids((await list({ status: 'confirmed' })).body.bookings)).toEqual(newestFirst((b) => b.status === 'confirmed'));
    expect(ids((await list({ status: 'confirmed,cancelled' })).body.bookings)).toEqual(newestFirst());
    expect((await list({ status: 'pending' })).body.bookings).toEqual([]);
    expect(ids((await list({ supplier: 'expedia' })).body.bookings)).toEqual(newestFirst((b) => b.supplierId === 'expedia'));
    expect(ids((await list({ supplier: 'hotelbeds', status: 'confirmed' })).body.bookings)).toEqual([
      made[3]!.bookingId,
      made[0]!.bookingId,
    ]);
    expect(ids((await list({ supplier: 'hotelbeds', checkInFrom: made[5]!.checkIn })).body.bookings)).toEqual([
      made[4]!.bookingId,
      made[3]!.bookingId,
    ]);
  });

  it('pages with the cursor: every booking once, in order, whatever the filter', async () => {
    const pages = await allPages({ limit: '2' });
    expect(pages.map((p) => p.bookings.length)).toEqual([2, 2, 2]);
    expect(pages.flatMap((p) => ids(p.bookings))).toEqual(newestFirst());
    // A filter that skips bookings between pages still fills them, in order.
    const hotelbeds = await allPages({ supplier: 'hotelbeds', limit: '1' });
    expect(hotelbeds.flatMap((p) => ids(p.bookings))).toEqual(newestFirst((b) => b.supplierId === 'hotelbeds'));
    const byCheckIn = await allPages({ checkInFrom: made[0]!.checkIn, limit: '4' });
    expect(byCheckIn.flatMap((p) => ids(p.bookings))).toEqual([
      ...newestFirst((b) => b.checkIn === made[5]!.checkIn),
      ...newestFirst((b) => b.checkIn === made[0]!.checkIn),
    ]);
    const byReference = await allPages({ clientReference: ref('A'), limit: '1' });
    expect(byReference.flatMap((p) => ids(p.bookings))).toEqual(newestFirst((b) => b.clientReference === ref('A')));
  });

  it("iterates every page through the typed client's allBookings", async () => {
    const client = new HotelApiClient({ baseUrl: host.url, clientId: 'demo-client', clientSecret: 'demo-secret', tenant: 'demo' });
    const found = [];
    for await (const booking of client.allBookings({ limit: 2 })) found.push(booking.bookingId);
    expect(found).toEqual(newestFirst());
    const first = await client.listBookings({ status: 'confirmed', supplier: 'expedia', limit: 1 });
    expect(ids(first.bookings)).toEqual([made[5]!.bookingId]);
    expect(first.next).toEqual(expect.any(String));
  });

  it('refuses a cursor of another list, a forged one and one of another tenant, naming query.cursor', async () => {
    const { body } = await list({ limit: '1' });
    const cursor = body.next!;
    const refused = async (query: Record<string, string>, tenant = 'demo') => {
      const { status, body } = await list(query, tenant);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(body.errors?.map((e) => e.path)).toEqual(['query.cursor']);
    };
    await refused({ limit: '1', cursor, supplier: 'hotelbeds' });
    await refused({ limit: '1', cursor: Buffer.from('{"f":"x","s":"2026#BK1"}').toString('base64url') });
    await refused({ limit: '1', cursor: 'not-a-cursor' });
    await refused({ limit: '1', cursor }, 'acme');
    // Forged with the right binding but pointing outside the list's range: refused, not a 500.
    const ranged = { limit: '1', createdFrom: made[4]!.createdAt };
    const { f } = JSON.parse(Buffer.from((await list(ranged)).body.next!, 'base64url').toString('utf8')) as { f: string };
    await refused({
      ...ranged,
      cursor: Buffer.from(JSON.stringify({ f, s: `2000-01-01T00:00:00.000Z#${made[0]!.bookingId}` })).toString('base64url'),
    });
    await refused({ ...ranged, cursor: Buffer.from(JSON.stringify({ f, s: `${made[5]!.createdAt}#bad id` })).toString('base64url') });
  });

  it('shows another tenant none of them: not by listing, not by clientReference', async () => {
    const theirs = await allPages({ limit: '100' }, 'acme');
    const seen = theirs.flatMap((p) => ids(p.bookings));
    expect(seen.filter((id) => newestFirst().includes(id))).toEqual([]);
    for (const name of ['A', 'B', 'C', 'D', 'E']) expect((await list({ clientReference: ref(name) }, 'acme')).body.bookings).toEqual([]);
    expect((await list({ supplier: 'hotelbeds', checkInFrom: made[0]!.checkIn }, 'acme')).body.bookings).toEqual([]);
  });

  it.each([
    ['status', { status: 'booked' }],
    ['status', { status: 'confirmed,' }],
    ['createdFrom', { createdFrom: 'yesterday' }],
    ['createdFrom', { createdFrom: '2026-11-25T10:00:00+01:00' }],
    ['createdTo', { createdTo: '2026-02-30' }],
    ['createdTo', { createdFrom: '2026-11-25', createdTo: '2026-11-24' }],
    ['checkInFrom', { checkInFrom: '2027-02-30' }],
    ['checkInTo', { checkInTo: '2027-03-01T00:00:00Z' }],
    ['checkInTo', { checkInFrom: '2027-03-02', checkInTo: '2027-03-01' }],
    ['supplier', { supplier: 'Hotel Beds' }],
    ['limit', { limit: '0' }],
    ['limit', { limit: '101' }],
    ['limit', { limit: 'ten' }],
    ['clientReference', { clientReference: '   ' }],
    ['clientReference', { clientReference: 'x'.repeat(65) }],
    ['createdfrom', { createdfrom: '2026-11-01' }],
  ])('a bad %s is 400 naming query.%s', async (field, query) => {
    const { status, body } = await list(query as Record<string, string>);
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.type).toBe('https://hotel-api.dev/problems/validation-error');
    expect(body.errors?.map((e) => e.path)).toEqual([`query.${field}`]);
  });
});
