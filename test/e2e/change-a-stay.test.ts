/**
 * Issue 39 over HTTP against the whole local host (the booking state machine, DynamoDB Local, the three
 * sandbox suppliers speaking their published contracts): every rate's nightly prices, special requests, the
 * hotel's confirmation number, the cancellation quote, and stay changes quoted and committed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShownRate } from '../../functions/domain/rate/shown-rate.js';
import type { LocalHost } from '../../local/host.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { inDays } from '../support/stay-dates.js';
import { startTestHost } from '../support/local-host.js';

let host: LocalHost;
let journey: Journey;
beforeAll(async () => {
  // The reconciler every second: a hotel confirmation number that comes late is picked up within the test.
  host = await startTestHost({ reconcileIntervalMs: 1000 });
  journey = await startJourney(host);
}, 120_000);
afterAll(() => host?.stop());

interface Night {
  readonly date: string;
  readonly total: number;
}
interface PriceWithNights {
  readonly total: number;
  readonly currency: string;
  readonly nightly: readonly Night[];
}

const DIGITS: Readonly<Record<string, number>> = { EUR: 2, JPY: 0, BHD: 3 };
const minor = (amount: number, currency: string) => Math.round(amount * 10 ** (DIGITS[currency] ?? 2));

/** The nights add up to the total to the minor unit, one a night from check-in, none negative. */
function expectNightsOf(price: PriceWithNights, checkIn: string, nights: number): void {
  expect(price.nightly.map((n) => n.date)).toEqual(
    Array.from({ length: nights }, (_, i) => new Date(Date.parse(`${checkIn}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10)),
  );
  const sum = price.nightly.reduce((s, n) => s + minor(n.total, price.currency), 0);
  expect(sum).toBe(minor(price.total, price.currency));
  for (const night of price.nightly) expect(night.total).toBeGreaterThanOrEqual(0);
}

/** Every rate of the first properties of the journey's search, read once for the file (a property's cheapest is often not the kind a test needs). */
let allRates: Promise<ShownRate[]> | undefined;

/** A rate of the supplier the journey's search offers: a property's cheapest first, else any of a property's rates. */
async function rateAmong(supplierId: string, predicate: (rate: ShownRate) => boolean): Promise<ShownRate> {
  const cheapest = journey.search.properties.map((p) => p.cheapestRate).find((r) => r.supplierId === supplierId && predicate(r));
  if (cheapest) return cheapest;
  allRates ??= Promise.all(
    journey.search.properties.slice(0, 40).map(async (property) => {
      const { body } = await getJson(`/v1/hotels/searches/${journey.search.searchId}/properties/${property.propertyId}/rates`);
      return body.rates as ShownRate[];
    }),
  ).then((lists) => lists.flat());
  const found = (await allRates).find((r) => r.supplierId === supplierId && predicate(r));
  if (!found) throw new Error(`no such ${supplierId} rate in the search`);
  return found;
}

const getJson = async (path: string, tenant = 'demo') => {
  const response = await journey.call(path, tenant);
  return { response, body: (await response.json()) as Record<string, any> };
};

describe('nightly prices on every rate object', { timeout: 120_000 }, () => {
  it('search, a property’s rates, the rate check and the booking: each rate’s nights add up to its total', async () => {
    const { search } = journey;
    // The journey's search: two nights from 60 days ahead.
    const stayCheckIn = inDays(60);
    expect(search.properties.length).toBeGreaterThan(10);
    for (const property of search.properties) expectNightsOf(property.cheapestRate.price as PriceWithNights, stayCheckIn, 2);

    // The suppliers' own nightly figures shape the split: a stay whose nights cost differently is not split evenly.
    const suppliersSeen = new Set<string>();
    for (const property of search.properties.slice(0, 40)) {
      const { response, body } = await getJson(`/v1/hotels/searches/${search.searchId}/properties/${property.propertyId}/rates`);
      expect(response.status).toBe(200);
      for (const rate of body.rates) {
        expectNightsOf(rate.price, stayCheckIn, 2);
        suppliersSeen.add(rate.supplierId);
      }
    }
    expect([...suppliersSeen].sort()).toEqual(['expedia', 'hotelbeds', 'opentravel']);
    const uneven = search.properties.filter((p) => {
      const [a, b] = (p.cheapestRate.price as PriceWithNights).nightly;
      return Math.abs(minor(a!.total, 'EUR') - minor(b!.total, 'EUR')) > 1;
    });
    expect(uneven.length).toBeGreaterThan(0);

    for (const supplierId of ['hotelbeds', 'expedia', 'opentravel']) {
      const rate = journey.rateOf(supplierId);
      const checked = await journey.call(`/v1/hotels/rates/${rate.rateId}/check`, 'demo', { method: 'POST' });
      const check = (await checked.json()) as { price: PriceWithNights };
      expect(checked.status).toBe(200);
      expectNightsOf(check.price, stayCheckIn, 2);
      // Checked at the searched price, the nights are the searched ones (Hotelbeds' checkrates gives no dailyRates).
      expect(check.price.nightly).toEqual((rate.price as unknown as PriceWithNights).nightly);

      const { response, body: booked } = await journey.book(rate);
      expect(response.status, JSON.stringify(booked)).toBe(201);
      const { body: record } = await getJson(`/v1/hotels/bookings/${booked.bookingId}`);
      expectNightsOf(record.price, record.checkIn, 2);
      expect(record.price.nightly).toEqual(check.price.nightly);
    }
  });
});

describe('special requests', { timeout: 60_000 }, () => {
  it.each(['hotelbeds', 'expedia', 'opentravel'])(
    '%s: kept per room, shown on GET and on the voucher as a request, not a promise',
    async (supplierId) => {
      const rate = journey.rateOf(supplierId);
      const request = 'Late arrival around 23:00; a quiet room away from the lift, please';
      const body = journey.bookingBody(rate);
      const rooms = body.rooms as { guests: unknown[] }[];
      const { response, body: booked } = await journey.book(rate, {
        body: { ...body, rooms: [{ ...rooms[0], specialRequest: `  ${request}  ` }] },
      });
      expect(response.status, JSON.stringify(booked)).toBe(201);
      const { body: record } = await getJson(`/v1/hotels/bookings/${booked.bookingId}`);
      expect(record.rooms[0].specialRequest).toBe(request);
      const voucher = await (
        await journey.call(`/v1/hotels/bookings/${booked.bookingId}/voucher`, 'demo', { headers: { Accept: 'text/html' } })
      ).text();
      expect(voucher).toContain('Special request');
      expect(voucher).toContain(
        'Late arrival around 23:00; a quiet room away from the lift, please (a request passed on to the hotel, not guaranteed)',
      );
    },
  );

  it('refuses a request over 500 characters, or one with control characters, naming the field', async () => {
    const rate = journey.rateOf('hotelbeds');
    const body = journey.bookingBody(rate);
    const rooms = body.rooms as { guests: unknown[] }[];
    for (const specialRequest of ['x'.repeat(501), 'quiet\u0007room']) {
      const { response, body: problem } = await journey.book(rate, { body: { ...body, rooms: [{ ...rooms[0], specialRequest }] } });
      expect(response.status).toBe(400);
      expect((problem.errors as { path: string }[]).map((e) => e.path)).toContain('rooms[0].specialRequest');
    }
  });
});

describe("the hotel's confirmation number", { timeout: 90_000 }, () => {
  it.each(['expedia', 'opentravel'])('%s gives it with the booking: on the answer, GET, the list and the voucher', async (supplierId) => {
    const rate = journey.rateOf(supplierId);
    const { response, body: booked } = await journey.book(rate);
    expect(response.status, JSON.stringify(booked)).toBe(201);
    expect(booked.hotelConfirmationNumber).toMatch(/^\S+$/);
    const { body: record } = await getJson(`/v1/hotels/bookings/${booked.bookingId}`);
    expect(record.hotelConfirmationNumber).toBe(booked.hotelConfirmationNumber);
    const { body: list } = await getJson(`/v1/hotels/bookings?clientReference=${encodeURIComponent(String(booked.clientReference))}`);
    expect(list.bookings.map((b: { hotelConfirmationNumber?: string }) => b.hotelConfirmationNumber)).toEqual([
      booked.hotelConfirmationNumber,
    ]);
    const voucher = await (
      await journey.call(`/v1/hotels/bookings/${booked.bookingId}/voucher`, 'demo', { headers: { Accept: 'text/html' } })
    ).text();
    expect(voucher).toContain(`<dt>Hotel confirmation</dt><dd>${booked.hotelConfirmationNumber}</dd>`);
  });

  it('Hotelbeds gives it later (reconfirmations): the reconciler picks it up, tells the partner, and the voucher shows it', async () => {
    // A stay within the reconciler's window (the next 14 days).
    const near = await journey.call('/v1/hotels/search', 'demo', {
      method: 'POST',
      body: JSON.stringify({
        destination: { type: 'city', code: 'RAK' },
        checkIn: inDays(5),
        checkOut: inDays(7),
        occupancies: [{ adults: 2 }],
        currency: 'EUR',
        nationality: 'GB',
        limit: 1000,
      }),
    });
    const search = (await near.json()) as { searchId: string; properties: { cheapestRate: { supplierId: string; rateId: string } }[] };
    const rate = search.properties.map((p) => p.cheapestRate).find((r) => r.supplierId === 'hotelbeds')!;
    const body = { ...journey.bookingBody(rate as never), searchId: search.searchId };
    const { response, body: booked } = await journey.book(rate as never, { body });
    expect(response.status, JSON.stringify(booked)).toBe(201);
    expect(booked).not.toHaveProperty('hotelConfirmationNumber');
    let record: Record<string, any> = {};
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
      record = (await getJson(`/v1/hotels/bookings/${booked.bookingId}`)).body;
      if (record.hotelConfirmationNumber) break;
    }
    expect(record.hotelConfirmationNumber).toMatch(/^HTL_Conf_\d{6}$/);
    expect(record.history.map((e: { event: string }) => e.event)).toContain('hotel-confirmed');
    const voucher = await (
      await journey.call(`/v1/hotels/bookings/${booked.bookingId}/voucher`, 'demo', { headers: { Accept: 'text/html' } })
    ).text();
    expect(voucher).toContain(record.hotelConfirmationNumber);
  });
});

// Each test books, quotes, cancels and reads: a handful of supplier round trips, slow on a loaded machine.
describe('GET /v1/hotels/bookings/{bookingId}/cancellation-quote', { timeout: 90_000 }, () => {
  const cancel = async (bookingId: string) => {
    const response = await journey.call(`/v1/hotels/bookings/${bookingId}/cancel`, 'demo', {
      method: 'POST',
      idempotencyKey: randomUUID(),
      body: '{}',
    });
    return { response, body: (await response.json()) as Record<string, any> };
  };

  it.each([
    ['hotelbeds', 'supplier', true],
    ['hotelbeds', 'supplier', false],
    ['opentravel', 'supplier', true],
    ['opentravel', 'supplier', false],
    ['expedia', 'policy', true],
    ['expedia', 'policy', false],
  ] as const)('%s: previews what the cancel then applies (source %s; refundable %s)', async (supplierId, source, refundable) => {
    const rate = await rateAmong(supplierId, (r) => r.refundable === refundable);
    const { response, body: booked } = await journey.book(rate);
    expect(response.status, JSON.stringify(booked)).toBe(201);
    const { response: quoted, body: quote } = await getJson(`/v1/hotels/bookings/${booked.bookingId}/cancellation-quote`);
    expect(quoted.status, JSON.stringify(quote)).toBe(200);
    expect(quote).toEqual({
      bookingId: booked.bookingId,
      penalty: { amount: expect.any(Number), currency: 'EUR' },
      refund: { amount: expect.any(Number), currency: 'EUR' },
      source,
      asOf: expect.stringMatching(/Z$/),
    });
    const total = (booked.priceLocked as { total: number }).total;
    expect(minor(quote.penalty.amount, 'EUR') + minor(quote.refund.amount, 'EUR')).toBe(minor(total, 'EUR'));
    if (refundable) expect(quote.penalty.amount).toBe(0);
    else expect(quote.penalty.amount).toBeGreaterThan(0);
    // Nothing changed: the booking is still confirmed, and its cancel applies what the quote said.
    expect((await getJson(`/v1/hotels/bookings/${booked.bookingId}`)).body.status).toBe('confirmed');
    const { response: cancelled, body: cancellation } = await cancel(String(booked.bookingId));
    expect(cancelled.status, JSON.stringify(cancellation)).toBe(200);
    expect(cancellation.penalty).toEqual(quote.penalty);
  });

  it('is 409 for a booking no longer cancellable, 404 for an unknown or other tenant’s one', async () => {
    const rate = journey.rateOf('hotelbeds');
    const { body: booked } = await journey.book(rate);
    await cancel(String(booked.bookingId));
    expect((await getJson(`/v1/hotels/bookings/${booked.bookingId}/cancellation-quote`)).response.status).toBe(409);
    expect((await getJson(`/v1/hotels/bookings/${booked.bookingId}/cancellation-quote`, 'acme')).response.status).toBe(404);
    expect((await getJson('/v1/hotels/bookings/BK0000000000000000ZZ/cancellation-quote')).response.status).toBe(404);
  });
});

// ---------- stay changes ----------

const wallets = () => import('../../functions/stores/dynamo-wallets.js').then(({ DynamoWalletStore }) => new DynamoWalletStore());

/** A new EUR wallet of the demo account with `amountMinor` paid in. */
async function fundedWallet(amountMinor: number): Promise<string> {
  const store = await wallets();
  const wallet = await store.create({ tenant: 'demo', currency: 'EUR', now: new Date() });
  await store.topUp('demo', wallet.walletId, amountMinor, `e2e-${randomUUID()}`, new Date());
  return wallet.walletId;
}

const walletView = async (walletId: string) =>
  (await getJson(`/v1/wallets/${walletId}`)).body as { balance: number; held: number; available: number };

const post = async (path: string, body: unknown, init: { key?: string; scenario?: string } = {}) => {
  const response = await journey.call(path, 'demo', {
    method: 'POST',
    body: JSON.stringify(body),
    ...(init.key ? { idempotencyKey: init.key } : {}),
    ...(init.scenario ? { scenario: init.scenario } : {}),
  });
  const text = await response.text();
  return { response, body: (text ? JSON.parse(text) : {}) as Record<string, any> };
};

/** A quote of new dates the booked room and plan can be sold for (some nights are closed in the sandbox world): three nights from a later day. */
async function quoteLaterStay(bookingId: string, scenario?: string): Promise<Record<string, any>> {
  let last: Record<string, any> = {};
  for (let shift = 1; shift <= 8; shift++) {
    const { response, body } = await post(
      `/v1/hotels/bookings/${bookingId}/modifications/quote`,
      { checkIn: inDays(60 + shift), checkOut: inDays(63 + shift) },
      scenario ? { scenario } : {},
    );
    if (response.status === 200) return body;
    last = { status: response.status, ...body };
    if (response.status !== 409) break;
  }
  throw new Error(`no later stay could be quoted: ${JSON.stringify(last)}`);
}

describe('stay changes: quoted, then committed', { timeout: 120_000 }, () => {
  it.each(['hotelbeds', 'opentravel'])(
    '%s: new dates at the supplier’s price difference, from a wallet that holds and captures the rise; the voucher, history and replay follow',
    async (supplierId) => {
      const rate = await rateAmong(supplierId, (r) => r.refundable && r.payment === 'net');
      const walletId = await fundedWallet(5_000_00);
      const { response, body: booked } = await journey.book(rate, {
        body: { ...journey.bookingBody(rate), payment: { method: 'agent_wallet', walletId } },
      });
      expect(response.status, JSON.stringify(booked)).toBe(201);
      const bookingId = String(booked.bookingId);
      const before = (await getJson(`/v1/hotels/bookings/${bookingId}`)).body;
      const paidBefore = await walletView(walletId);

      const quote = await quoteLaterStay(bookingId);
      expect(quote).toMatchObject({
        quoteId: expect.stringMatching(/^q1\./),
        bookingId,
        occupancies: [{ adults: 2, children: [] }],
        previousPrice: { total: before.price.total, currency: 'EUR' },
        difference: { currency: 'EUR' },
      });
      expect(minor(quote.difference.amount, 'EUR')).toBe(minor(quote.price.total, 'EUR') - minor(before.price.total, 'EUR'));
      expectNightsOf(quote.price, quote.checkIn, 3);
      // Quoting changed nothing.
      expect((await getJson(`/v1/hotels/bookings/${bookingId}`)).body).toMatchObject({ checkIn: before.checkIn, price: before.price });

      const key = randomUUID();
      const { response: committed, body: changed } = await post(
        `/v1/hotels/bookings/${bookingId}/modifications`,
        { quoteId: quote.quoteId },
        { key },
      );
      expect(committed.status, JSON.stringify(changed)).toBe(200);
      expect(changed).toMatchObject({
        bookingId,
        status: 'confirmed',
        checkIn: quote.checkIn,
        checkOut: quote.checkOut,
        price: { total: quote.price.total },
      });
      expect(changed).not.toHaveProperty('stayChange');
      expect(changed.history.map((e: { event: string }) => e.event)).toEqual(
        expect.arrayContaining(['stay-change-requested', 'stay-changed']),
      );
      expectNightsOf(changed.price, quote.checkIn, 3);
      expect(changed.rooms[0].guests.map((g: { firstName: string }) => g.firstName)).toEqual(['Zoë', 'Łukasz']);

      // The wallet paid the rise (or got the fall back), nothing is left held for it.
      const paidAfter = await walletView(walletId);
      expect(minor(paidBefore.balance, 'EUR') - minor(paidAfter.balance, 'EUR')).toBe(minor(quote.difference.amount, 'EUR'));
      expect(paidAfter.held).toBe(paidBefore.held);

      // A replay answers the same; the same quote under a new key answers the change it made. Nothing twice.
      const replay = await post(`/v1/hotels/bookings/${bookingId}/modifications`, { quoteId: quote.quoteId }, { key });
      expect(replay.response.status).toBe(200);
      expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
      const again = await post(`/v1/hotels/bookings/${bookingId}/modifications`, { quoteId: quote.quoteId }, { key: randomUUID() });
      expect(again.response.status).toBe(200);
      expect(again.body.history.filter((e: { event: string }) => e.event === 'stay-changed')).toHaveLength(1);
      expect((await walletView(walletId)).balance).toBe(paidAfter.balance);

      // A cancel now refunds what the booking paid in all, less the penalty.
      const voucher = await (
        await journey.call(`/v1/hotels/bookings/${bookingId}/voucher`, 'demo', { headers: { Accept: 'text/html' } })
      ).text();
      expect(voucher).toContain('Nights</dt><dd>3</dd>');
      const cancelled = await post(`/v1/hotels/bookings/${bookingId}/cancel`, {}, { key: randomUUID() });
      expect(cancelled.response.status, JSON.stringify(cancelled.body)).toBe(200);
      const afterCancel = await walletView(walletId);
      expect(minor(afterCancel.balance, 'EUR')).toBe(
        minor(paidBefore.balance, 'EUR') + minor(before.price.total, 'EUR') - minor(cancelled.body.penalty.amount, 'EUR'),
      );
    },
  );

  it('Expedia: 422 modification-unsupported, the booking untouched; Hotelbeds under no-modify too', async () => {
    const rate = journey.rateOf('expedia');
    const { body: booked } = await journey.book(rate);
    const { response, body } = await post(`/v1/hotels/bookings/${booked.bookingId}/modifications/quote`, {
      checkIn: inDays(61),
      checkOut: inDays(63),
    });
    expect(response.status, JSON.stringify(body)).toBe(422);
    expect(body.type).toMatch(/modification-unsupported$/);
    const hotelbeds = journey.rateOf('hotelbeds');
    const { body: other } = await journey.book(hotelbeds);
    const refused = await post(
      `/v1/hotels/bookings/${other.bookingId}/modifications/quote`,
      { checkIn: inDays(61), checkOut: inDays(63) },
      { scenario: 'no-modify' },
    );
    expect(refused.response.status).toBe(422);
  });

  it('reprice at the commit: 409 price-changed with the new price, nothing changed, the rise’s hold given back', async () => {
    const rate = await rateAmong('hotelbeds', (r) => r.refundable && r.payment === 'net');
    const walletId = await fundedWallet(5_000_00);
    const { body: booked } = await journey.book(rate, {
      body: { ...journey.bookingBody(rate), payment: { method: 'agent_wallet', walletId } },
    });
    const bookingId = String(booked.bookingId);
    const quote = await quoteLaterStay(bookingId);
    const before = await walletView(walletId);
    const { response, body } = await post(
      `/v1/hotels/bookings/${bookingId}/modifications`,
      { quoteId: quote.quoteId },
      { key: randomUUID(), scenario: 'reprice' },
    );
    expect(response.status, JSON.stringify(body)).toBe(409);
    expect(body.type).toMatch(/price-changed$/);
    expect(body.price.total).toBeGreaterThan(quote.price.total);
    const record = (await getJson(`/v1/hotels/bookings/${bookingId}`)).body;
    expect(record).toMatchObject({
      checkIn: booked.checkIn ?? record.checkIn,
      price: { total: (booked.priceLocked as { total: number }).total },
    });
    expect(record.history.map((e: { event: string }) => e.event)).toContain('stay-change-dropped');
    const after = await walletView(walletId);
    expect({ balance: after.balance, held: after.held, available: after.available }).toEqual({
      balance: before.balance,
      held: before.held,
      available: before.available,
    });
  });

  it('a wallet that cannot cover the rise: 402 before the supplier is asked, nothing changed', async () => {
    const rate = await rateAmong('hotelbeds', (r) => r.refundable && r.payment === 'net');
    const walletId = await fundedWallet(minor(rate.price.total, 'EUR'));
    const { response: bookedResponse, body: booked } = await journey.book(rate, {
      body: { ...journey.bookingBody(rate), payment: { method: 'agent_wallet', walletId } },
    });
    expect(bookedResponse.status, JSON.stringify(booked)).toBe(201);
    const quote = await quoteLaterStay(String(booked.bookingId));
    if (quote.difference.amount <= 0) return; // a stay the supplier sells for less needs no funds
    const { response, body } = await post(
      `/v1/hotels/bookings/${booked.bookingId}/modifications`,
      { quoteId: quote.quoteId },
      { key: randomUUID() },
    );
    expect(response.status, JSON.stringify(body)).toBe(402);
    expect(body).toMatchObject({ walletId, required: quote.difference.amount });
    const record = (await getJson(`/v1/hotels/bookings/${booked.bookingId}`)).body;
    expect(record.history.map((e: { event: string }) => e.event)).not.toContain('stay-change-requested');
  });

  it('an answer lost (change-timeout): the supplier’s booking is looked up, the change it made is recorded, never made twice', async () => {
    const rate = await rateAmong('opentravel', (r) => r.refundable && r.payment === 'net');
    const { body: booked } = await journey.book(rate);
    const bookingId = String(booked.bookingId);
    const quote = await quoteLaterStay(bookingId);
    const { response, body } = await post(
      `/v1/hotels/bookings/${bookingId}/modifications`,
      { quoteId: quote.quoteId },
      { key: randomUUID(), scenario: 'change-timeout' },
    );
    expect([200, 202]).toContain(response.status);
    if (response.status === 202) expect(body.stayChange).toMatchObject({ status: 'pending', checkIn: quote.checkIn });
    // Committing the same quote again settles that request, never asks the supplier to change it again.
    const again = await post(`/v1/hotels/bookings/${bookingId}/modifications`, { quoteId: quote.quoteId }, { key: randomUUID() });
    expect(again.response.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ checkIn: quote.checkIn, checkOut: quote.checkOut, price: { total: quote.price.total } });
    expect(again.body.history.filter((e: { event: string }) => e.event === 'stay-changed')).toHaveLength(1);
    expect(again.body.history.find((e: { event: string }) => e.event === 'stay-changed').detail).toContain(
      'its booking shows the new stay',
    );
  });

  it('refuses a quote of the stay as booked, of another room count, or of the past, naming the field', async () => {
    const rate = journey.rateOf('hotelbeds');
    const { body: booked } = await journey.book(rate);
    const path = `/v1/hotels/bookings/${booked.bookingId}/modifications/quote`;
    const record = (await getJson(`/v1/hotels/bookings/${booked.bookingId}`)).body;
    for (const [body, field] of [
      [{ checkIn: record.checkIn, checkOut: record.checkOut }, 'checkIn'],
      [{ occupancies: [{ adults: 2 }, { adults: 1 }] }, 'occupancies'],
      [{ checkIn: inDays(-3) }, 'checkIn'],
      [{}, 'checkIn'],
    ] as const) {
      const { response, body: problem } = await post(path, body);
      expect(response.status, JSON.stringify(problem)).toBe(400);
      expect((problem.errors as { path: string }[]).map((e) => e.path)).toContain(field);
    }
    const forged = await post(
      `/v1/hotels/bookings/${booked.bookingId}/modifications`,
      { quoteId: 'q1.e30.AAAAAAAAAAAAAAAAAAAAAA' },
      { key: randomUUID() },
    );
    expect(forged.response.status).toBe(404);
  });
});
