/**
 * Bookings over HTTP against the whole local host: the booking state machine (the real ASL file run by
 * the local StartSyncExecution endpoint), DynamoDB Local and the three sandbox suppliers, driven by
 * X-Sandbox-Scenario. Supplier-side effects are counted at the sandbox suppliers themselves.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHost } from '../../local/host.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { startTestHost } from '../support/local-host.js';

let host: LocalHost;
let journey: Journey;
beforeAll(async () => {
  // A supplier that has not confirmed within 1.5 s is asked by our reference (8 s in production).
  process.env.SUPPLIER_BOOK_TIMEOUT_MS = '1500';
  host = await startTestHost();
  journey = await startJourney(host);
}, 120_000);
afterAll(() => host?.stop());

const supplierBookings = (supplierId: string, bookingId: string) =>
  host.suppliers.find((s) => s.supplierId === supplierId)!.bookingsUnder(bookingId);
const getBooking = async (bookingId: string, tenant = 'demo') => {
  const response = await journey.call(`/v1/hotels/bookings/${bookingId}`, tenant);
  return { response, body: (await response.json()) as Record<string, any> };
};

describe('POST /v1/hotels/bookings', () => {
  it.each(['hotelbeds', 'expedia', 'opentravel'])(
    'books a %s rate: 201 with the section 2.5 response, one supplier booking under our id',
    async (supplierId) => {
      const rate = journey.rateOf(supplierId);
      const body = journey.bookingBody(rate);
      const { response, body: booked } = await journey.book(rate, { body });
      expect(response.status, JSON.stringify(booked)).toBe(201);
      expect(booked).toMatchObject({
        status: 'confirmed',
        clientReference: body.clientReference,
        priceLocked: { total: rate.price.total, currency: 'EUR', matchedSearchPrice: true },
        voucherUrl: `/v1/hotels/bookings/${booked.bookingId}/voucher`,
      });
      expect(booked.bookingId).toMatch(/^BK[0-9A-Z]{18}$/);
      expect(typeof booked.supplierReference).toBe('string');
      expect(response.headers.get('location')).toBe(`/v1/hotels/bookings/${booked.bookingId}`);
      const policy = booked.cancellationPolicy as { from: string; penalty: { amount: number; currency: string } }[];
      expect(policy.map((p) => p.from)).toEqual([...policy.map((p) => p.from)].sort());
      for (const entry of policy) expect(entry.penalty.currency).toBe('EUR');
      expect(Number.isNaN(Date.parse(String(booked.createdAt)))).toBe(false);
      expect(supplierBookings(supplierId, String(booked.bookingId))).toBe(1);

      const { response: got, body: record } = await getBooking(String(booked.bookingId));
      expect(got.status).toBe(200);
      expect(record).toMatchObject({
        bookingId: booked.bookingId,
        status: 'confirmed',
        supplierId,
        supplierReference: booked.supplierReference,
        holder: body.holder,
        propertyId: expect.stringMatching(/^prop_/),
      });
      expect(record.price.total).toBe(rate.price.total);
      expect(record.price.net + record.price.markup + record.price.tax + record.price.serviceFee).toBeCloseTo(record.price.total, 6);
      expect(record.history.map((e: { event: string }) => e.event).slice(0, 2)).toEqual(['requested', 'confirmed']);
      // The voucher is issued after the answer has gone (issue-voucher.ts): soon, never blocking the booking.
      let events: string[] = [];
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
        events = (await getBooking(String(booked.bookingId))).body.history.map((e: { event: string }) => e.event);
        if (events.includes('voucher-issued')) break;
      }
      expect(events).toEqual(['requested', 'confirmed', 'voucher-issued']);
      expect(record.rooms[0].guests.map((g: { firstName: string }) => g.firstName)).toEqual(['Zoë', 'Łukasz']);
    },
  );

  it('keeps what finance reads as plain attributes of the booking item', async () => {
    const rate = journey.rateOf('expedia');
    const { body: booked } = await journey.book(rate);
    const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: host.dynamoEndpoint, region: process.env.AWS_REGION }));
    const { Item } = await client.send(
      new GetCommand({ TableName: process.env.BOOKINGS_TABLE!, Key: { pk: `demo#booking#${booked.bookingId}`, sk: 'booking' } }),
    );
    client.destroy();
    for (const field of [
      'tenant',
      'clientId',
      'supplierId',
      'supplierReference',
      'checkIn',
      'checkOut',
      'status',
      'net',
      'markup',
      'commission',
      'tax',
      'serviceFee',
      'total',
      'currency',
      'supplierAmount',
      'supplierCurrency',
      'fxFrom',
      'fxTo',
      'fxRate',
      'fxSource',
      'fxAsOf',
    ]) {
      expect(typeof Item?.[field], field).toBe('string');
    }
    expect(Item).toMatchObject({ tenant: 'demo', status: 'confirmed', currency: 'EUR', total: String(rate.price.total.toFixed(2)) });
    // Nothing about who travels: that is the guests table's, which finance never exports.
    expect(Object.keys(Item!)).not.toContain('holder');
    expect(JSON.stringify(Item)).not.toMatch(/Zoë|Ødegård|Łukasz|zoe@example|guests/);
    const guests = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: host.dynamoEndpoint, region: process.env.AWS_REGION }));
    const { Item: details } = await guests.send(
      new GetCommand({ TableName: process.env.GUESTS_TABLE!, Key: { pk: `demo#booking#${booked.bookingId}`, sk: 'guests' } }),
    );
    guests.destroy();
    expect(details).toMatchObject({
      holder: { firstName: 'Zoë', email: 'zoe@example.com' },
      rooms: [{ guests: [{ firstName: 'Zoë' }, { firstName: 'Łukasz' }] }],
    });
    expect(details!.expiresAt).toBeGreaterThan(Date.parse(`${String(Item!.checkOut)}T00:00:00Z`) / 1000);
  });

  it('replays the same Idempotency-Key: same status and body, nothing booked again', async () => {
    const rate = journey.rateOf('hotelbeds');
    const body = journey.bookingBody(rate);
    const first = await journey.book(rate, { body });
    const again = await journey.book(rate, { body, key: first.key });
    expect(again.response.status).toBe(first.response.status);
    expect(again.body).toEqual(first.body);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    // An answer about a guest's booking is kept by no cache on the way, the replay's as the first.
    for (const answer of [first, again]) expect(answer.response.headers.get('cache-control')).toBe('no-store');
    expect((await getBooking(String(first.body.bookingId))).response.headers.get('cache-control')).toBe('no-store');
    expect(supplierBookings('hotelbeds', String(first.body.bookingId))).toBe(1);
  });

  it('refuses the same key with a different body (422) and a booking without a key (400)', async () => {
    const rate = journey.rateOf('opentravel');
    const first = await journey.book(rate);
    const other = await journey.book(rate, { key: first.key, body: journey.bookingBody(rate, { clientReference: 'SOMETHING-ELSE' }) });
    expect(other.response.status).toBe(422);
    expect(other.body.type).toBe('https://hotel-api.dev/problems/idempotency-key-reused');

    const missing = await journey.call('/v1/hotels/bookings', 'demo', { method: 'POST', body: JSON.stringify(journey.bookingBody(rate)) });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { type: string }).type).toBe('https://hotel-api.dev/problems/missing-idempotency-key');
  });

  it('books exactly once for twenty concurrent requests with one key', async () => {
    const rate = journey.rateOf('hotelbeds');
    const body = journey.bookingBody(rate);
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, () => journey.book(rate, { key, body })));
    const statuses = results.map((r) => r.response.status);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(','),
    ).toBe(true);
    const booked = results.filter((r) => r.response.status === 201);
    expect(booked.length).toBeGreaterThanOrEqual(1);
    expect(new Set(booked.map((r) => r.body.bookingId)).size).toBe(1);
    expect(supplierBookings('hotelbeds', String(booked[0]!.body.bookingId))).toBe(1);
    for (const r of results.filter((x) => x.response.status === 409))
      expect(r.body.type).toBe('https://hotel-api.dev/problems/idempotency-in-progress');
  });

  it('validates against the search: a rateId from another search, rooms unlike the searched ones', async () => {
    const rate = journey.rateOf('expedia');
    const wrongSearch = await journey.book(rate, { body: journey.bookingBody(rate, { searchId: 'srch_other' }) });
    expect(wrongSearch.response.status).toBe(400);
    expect(wrongSearch.body.errors).toEqual([expect.objectContaining({ path: 'searchId' })]);
    const oneGuest = await journey.book(rate, {
      body: journey.bookingBody(rate, { rooms: [{ guests: [{ type: 'adult', firstName: 'A', lastName: 'B' }] }] }),
    });
    expect(oneGuest.response.status).toBe(400);
    expect(oneGuest.body.errors).toEqual([expect.objectContaining({ path: 'rooms[0].guests' })]);
    const noEmail = await journey.book(rate, { body: journey.bookingBody(rate, { holder: { firstName: 'A', lastName: 'B' } }) });
    expect(noEmail.response.status).toBe(400);
    expect(noEmail.body.errors).toEqual([expect.objectContaining({ path: 'holder.email' })]);
  });

  it("refuses another tenant's rateId, and hides another tenant's booking", async () => {
    const rate = journey.rateOf('hotelbeds');
    const foreign = await journey.book(rate, { tenant: 'acme' });
    expect(foreign.response.status).toBe(404);
    const { body: booked } = await journey.book(rate);
    expect((await getBooking(String(booked.bookingId), 'acme')).response.status).toBe(404);
  });

  it('locks the repriced total and says the search price was not matched', async () => {
    const rate = journey.rateOf('hotelbeds');
    const { response, body } = await journey.book(rate, { scenario: 'reprice' });
    expect(response.status).toBe(201);
    expect(body.priceLocked).toMatchObject({ matchedSearchPrice: false, currency: 'EUR' });
    expect((body.priceLocked as { total: number }).total).toBeGreaterThan(rate.price.total);
  });

  it('books nothing when the binding price breaks the priceTolerance (409 with the new price)', async () => {
    const rate = journey.rateOf('opentravel');
    const { response, body } = await journey.book(rate, {
      scenario: 'reprice',
      body: journey.bookingBody(rate, { priceTolerance: { maxIncreasePercent: 0 } }),
    });
    expect(response.status).toBe(409);
    expect(body.type).toBe('https://hotel-api.dev/problems/price-changed');
    expect((body.price as { total: number }).total).toBeGreaterThan(rate.price.total);
  });

  it('records a supplier refusal as a failed booking and answers the problem', async () => {
    const rate = journey.rateOf('hotelbeds');
    const { response, body } = await journey.book(rate, { scenario: 'book-fail' });
    expect(response.status).toBe(502);
    expect(body.bookingId).toMatch(/^BK/);
    expect(supplierBookings('hotelbeds', String(body.bookingId))).toBe(0);
    const { body: record } = await getBooking(String(body.bookingId));
    expect(record.status).toBe('failed');
    expect(record.history.map((e: { event: string }) => e.event)).toEqual(['requested', 'failed']);
  });

  it('asks a supplier that timed out by our reference, and confirms what it holds', async () => {
    const rate = journey.rateOf('expedia');
    const { response, body } = await journey.book(rate, { scenario: 'book-timeout' });
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body.status).toBe('confirmed');
    expect(supplierBookings('expedia', String(body.bookingId))).toBe(1);
    const { body: record } = await getBooking(String(body.bookingId));
    expect(record.history.find((e: { event: string }) => e.event === 'confirmed').detail).toContain('found by our reference');
  });
});

describe('after booking', () => {
  it('cancels with the supplier-applied penalty; a second cancel is 409, a replay 200', async () => {
    const rate = journey.rateOf('hotelbeds', (r) => r.refundable);
    const { body: booked } = await journey.book(rate);
    const key = randomUUID();
    const cancel = (idempotencyKey: string) =>
      journey.call(`/v1/hotels/bookings/${booked.bookingId}/cancel`, 'demo', {
        method: 'POST',
        body: JSON.stringify({ reason: 'guest changed plans' }),
        idempotencyKey,
      });
    const first = await cancel(key);
    const body = (await first.json()) as Record<string, any>;
    expect(first.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      bookingId: booked.bookingId,
      status: 'cancelled',
      supplierReference: booked.supplierReference,
      penalty: { currency: 'EUR' },
      quotedPenalty: { currency: 'EUR' },
    });
    expect(body.penalty.amount).toBe(body.quotedPenalty.amount);
    const replay = await cancel(key);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(body);
    const second = await cancel(randomUUID());
    expect(second.status).toBe(409);
    const { body: record } = await getBooking(String(booked.bookingId));
    expect(record.status).toBe('cancelled');
    expect(record.cancellation).toMatchObject({ penalty: body.penalty, quotedPenalty: body.quotedPenalty });
    expect(record.history.at(-1).event).toBe('cancelled');

    const noKey = await journey.call(`/v1/hotels/bookings/${booked.bookingId}/cancel`, 'demo', { method: 'POST' });
    expect(noKey.status).toBe(400);
  });

  it('reports the penalty the supplier applied when the deadline passes during the cancel', async () => {
    const rate = journey.rateOf('opentravel', (r) => r.refundable && r.cancellationDeadline !== undefined);
    const { body: booked } = await journey.book(rate);
    const response = await journey.call(`/v1/hotels/bookings/${booked.bookingId}/cancel`, 'demo', {
      method: 'POST',
      idempotencyKey: randomUUID(),
      scenario: 'late-cancel',
    });
    const body = (await response.json()) as Record<string, any>;
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.quotedPenalty.amount).toBe(0);
    expect(body.penalty.amount).toBeGreaterThan(0);
  });

  it('modifies holder contact and guest names where the supplier can', async () => {
    const rate = journey.rateOf('hotelbeds');
    const { body: booked } = await journey.book(rate);
    const response = await journey.call(`/v1/hotels/bookings/${booked.bookingId}`, 'demo', {
      method: 'PATCH',
      idempotencyKey: randomUUID(),
      body: JSON.stringify({
        holder: { email: 'new@example.com' },
        rooms: [
          {
            guests: [
              { type: 'adult', firstName: 'Anna', lastName: 'Ivanova' },
              { type: 'adult', firstName: 'Ivan', lastName: 'Ivanov' },
            ],
          },
        ],
      }),
    });
    const body = (await response.json()) as Record<string, any>;
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.holder.email).toBe('new@example.com');
    expect(body.holder.firstName).toBe('Zoë');
    expect(body.rooms[0].guests.map((g: { firstName: string }) => g.firstName)).toEqual(['Anna', 'Ivan']);
    expect(body.history.at(-1).event).toBe('modified');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['expedia', undefined],
    ['hotelbeds', 'no-modify'],
  ])('answers 422 modification-unsupported for %s (%s) and leaves the booking untouched', async (supplierId, scenario) => {
    const rate = journey.rateOf(supplierId);
    const { body: booked } = await journey.book(rate);
    await journey.untilVoucherIssued(String(booked.bookingId));
    const before = await getBooking(String(booked.bookingId));
    const response = await journey.call(`/v1/hotels/bookings/${booked.bookingId}`, 'demo', {
      method: 'PATCH',
      idempotencyKey: randomUUID(),
      body: JSON.stringify({ holder: { email: 'new@example.com' } }),
      ...(scenario ? { scenario } : {}),
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { type: string }).type).toBe('https://hotel-api.dev/problems/modification-unsupported');
    const after = await getBooking(String(booked.bookingId));
    expect(after.body).toEqual(before.body);
  });

  it('serves the voucher as PDF, and as HTML for Accept: text/html', async () => {
    const rate = journey.rateOf('opentravel');
    const { body: booked } = await journey.book(rate);
    const pdf = await journey.call(`/v1/hotels/bookings/${booked.bookingId}/voucher`, 'demo');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const html = await journey.call(`/v1/hotels/bookings/${booked.bookingId}/voucher`, 'demo', { headers: { Accept: 'text/html' } });
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    for (const voucher of [pdf, html]) expect(voucher.headers.get('cache-control')).toBe('no-store');
    const page = await html.text();
    for (const text of ['Zoë', 'Ødegård', 'Łukasz', String(booked.supplierReference), String(booked.bookingId)])
      expect(page).toContain(text);
  });
});
