import { cityArea } from '../support/supplier-destinations.js';
import { expectCircleAndEmptyList } from '../support/supplier-area-checks.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HotelbedsAdapter, remarkOf, wireClientReference } from '../../functions/suppliers/hotelbeds/adapter.js';
import { startHotelbedsSandbox, type HotelbedsSandbox } from '../../sandbox/hotelbeds/server.js';
import { hotelbedsAuthHeaders } from '../../functions/suppliers/hotelbeds/signature.js';
import { parseMinor } from '../../functions/domain/money/money.js';
import type { StayChangeQuote, SupplierOffer, SupplierRate } from '../../functions/suppliers/port.js';
import type { Scenario } from '../../functions/suppliers/scenario.js';
import { SupplierError } from '../../functions/suppliers/supplier-error.js';
import { NO_LATENCY } from '../../sandbox/latency.js';
import { hotelbedsContract, recordingFetch } from '../support/suppliers-hotelbeds-contract.js';
import { inDays } from '../support/stay-dates.js';

const API_KEY = 'sandbox-key';
const SECRET = 'sandbox-secret';
const contract = hotelbedsContract();
const recorder = recordingFetch();
let sandbox: HotelbedsSandbox;
let adapter: HotelbedsAdapter;

const stay = (offsetDays: number, nights: number) => ({ checkIn: inDays(offsetDays), checkOut: inDays(offsetDays + nights) });

beforeAll(async () => {
  sandbox = await startHotelbedsSandbox({ apiKey: API_KEY, secret: SECRET, latency: NO_LATENCY, slowMs: 3_000, lateAnswerMs: 1_500 });
  adapter = new HotelbedsAdapter({
    baseUrl: sandbox.url,
    apiKey: API_KEY,
    secret: SECRET,
    forwardScenarios: true,
    fetch: recorder.fetch,
    timeoutMs: 10_000,
  });
});

afterAll(async () => {
  await sandbox.close();
});

// Every request the adapter sent and every answer the server gave must match the published contract.
afterEach(() => {
  const exchanges = recorder.exchanges.splice(0);
  const reports = exchanges.filter((e) => new URL(e.url).pathname.startsWith('/hotel-api/')).map((e) => contract.check(e));
  expect(reports.filter((r) => r.problems.length > 0)).toEqual([]);
});

async function searchRate(
  predicate: (rate: SupplierRate) => boolean,
  destination = cityArea('BCN'),
  scenarios: Scenario[] = [],
): Promise<{ offer: SupplierOffer; rate: SupplierRate }> {
  const result = await adapter.searchAvailability({
    destination,
    ...stay(30, 3),
    occupancies: [{ adults: 2, childrenAges: [] }],
    nationality: 'GB',
    scenarios,
  });
  for (const offer of result.offers) {
    const rate = offer.rates.find(predicate);
    if (rate) return { offer, rate };
  }
  throw new Error('no matching rate in the sandbox world');
}

const guests = [
  { type: 'adult' as const, firstName: 'Ada', lastName: 'Lovelace' },
  { type: 'adult' as const, firstName: 'Charles', lastName: 'Babbage' },
];
const holder = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

describe('Hotelbeds adapter against the APItude sandbox', () => {
  it('searches a circle (geolocation circle): only hotels inside it; an empty hotel list asks nothing', async () => {
    await expectCircleAndEmptyList(adapter, () => recorder.exchanges.length, stay(20, 2));
  });

  it('searches a destination and maps offers to the port: supplier ids, geo, ascending UTC penalties, board, payment', async () => {
    const result = await adapter.searchAvailability({
      destination: cityArea('PRG'),
      ...stay(20, 2),
      occupancies: [{ adults: 2, childrenAges: [] }],
      nationality: 'DE',
    });
    expect(result.supplierId).toBe('hotelbeds');
    expect(result.offers.length).toBeGreaterThan(50);
    const rates = result.offers.flatMap((offer) => offer.rates);
    for (const rate of rates) {
      expect(rate.price.currency).toBe('EUR');
      expect(rate.price.amount).toMatch(/^\d+\.\d{2}$/);
      const froms = rate.cancellationPolicy.map((p) => p.from);
      expect([...froms].sort()).toEqual(froms);
      for (const from of froms) expect(from).toMatch(/Z$/);
    }
    expect(new Set(rates.map((r) => r.boardBasis)).size).toBeGreaterThanOrEqual(3);
    expect(rates.some((r) => !r.refundable)).toBe(true);
    const payAtHotel = rates.find((r) => r.payment === 'pay_at_hotel');
    expect(payAtHotel?.commission && parseMinor(payAtHotel.commission.amount, 'EUR')).toBeGreaterThan(0);
    // Prague is 1 h ahead of UTC in winter and 2 h in summer: the free-cancel deadline (18:00 local) lands at 16:00 or 17:00 UTC.
    const refundable = rates.find((r) => r.refundable && r.cancellationPolicy.length === 2);
    expect(refundable?.cancellationPolicy[0]?.from).toMatch(/T1[67]:00:00\.000Z$/);
    const offer = result.offers[0]!;
    expect(sandbox.view.groundTruth.get(offer.supplierPropertyId)).toMatch(/^PRG-\d{5}$/);
  });

  it('prices several rooms with different occupancies as one rate covering all of them', async () => {
    const one = await adapter.searchAvailability({
      destination: cityArea('VIE'),
      ...stay(40, 2),
      occupancies: [{ adults: 2, childrenAges: [] }],
      nationality: 'GB',
    });
    const two = await adapter.searchAvailability({
      destination: cityArea('VIE'),
      ...stay(40, 2),
      occupancies: [
        { adults: 2, childrenAges: [] },
        { adults: 1, childrenAges: [7] },
      ],
      nationality: 'GB',
    });
    expect(two.offers.length).toBeGreaterThan(0);
    const offer = two.offers.find((o) => one.offers.some((p) => p.supplierPropertyId === o.supplierPropertyId))!;
    const combined = offer.rates[0]!;
    const single = one.offers
      .find((p) => p.supplierPropertyId === offer.supplierPropertyId)!
      .rates.find(
        (r) =>
          r.roomTypeCode === combined.roomTypeCode &&
          r.boardBasis === combined.boardBasis &&
          r.refundable === combined.refundable &&
          r.payment === combined.payment,
      );
    if (single) expect(parseMinor(combined.price.amount, 'EUR')).toBeGreaterThan(parseMinor(single.price.amount, 'EUR'));
    const checked = await adapter.checkRate({ supplierRateKey: combined.supplierRateKey });
    expect(checked.rate.price).toEqual(combined.price);
  });

  it('checks a rate at the searched price, and at a higher one under the reprice scenario', async () => {
    const { rate } = await searchRate((r) => r.refundable);
    const same = await adapter.checkRate({ supplierRateKey: rate.supplierRateKey });
    expect(same.rate.price).toEqual(rate.price);
    const repriced = await adapter.checkRate({ supplierRateKey: rate.supplierRateKey, scenarios: [{ name: 'reprice' }] });
    expect(parseMinor(repriced.rate.price.amount, 'EUR')).toBeGreaterThan(parseMinor(rate.price.amount, 'EUR'));
  });

  it('books with our reference, retrieves, finds by our reference, modifies and cancels with the applied penalty', async () => {
    const { rate, offer } = await searchRate((r) => r.refundable && r.payment === 'net');
    const booking = await adapter.book({
      supplierRateKey: rate.supplierRateKey,
      clientReference: 'bk_01JTESTREF',
      holder,
      rooms: [{ guests, specialRequest: 'Late arrival around 23:00, quiet room' }],
    });
    // The room's request travels as the booking's remark, the spec's field for "special requests to hotelier".
    expect(sandbox.bookings.get(booking.supplierReference)?.remark).toBe('Late arrival around 23:00, quiet room');
    expect(booking).toMatchObject({
      status: 'confirmed',
      clientReference: 'bk_01JTESTREF',
      supplierPropertyId: offer.supplierPropertyId,
      price: rate.price,
    });
    expect(booking.cancellationPolicy).toEqual(rate.cancellationPolicy);

    const fetched = await adapter.getBooking({ supplierReference: booking.supplierReference });
    expect(fetched.rooms[0]?.guests.map((g) => g.firstName)).toEqual(['Ada', 'Charles']);

    const found = await adapter.findBookingByClientReference({ clientReference: 'bk_01JTESTREF' });
    expect(found?.supplierReference).toBe(booking.supplierReference);
    expect(await adapter.findBookingByClientReference({ clientReference: 'bk_unknown' })).toBeUndefined();

    const modified = await adapter.modify({
      supplierReference: booking.supplierReference,
      holder: { firstName: 'Augusta', lastName: 'King' },
    });
    expect(modified.kind).toBe('modified');
    if (modified.kind === 'modified') expect(modified.booking.holder).toMatchObject({ firstName: 'Augusta', lastName: 'King' });

    const simulated = await adapter.quoteCancellation({ supplierReference: booking.supplierReference });
    expect(simulated.penalty).toEqual({ amount: '0.00', currency: 'EUR' });
    const cancelled = await adapter.cancel({ supplierReference: booking.supplierReference });
    expect(cancelled).toMatchObject({ status: 'cancelled', penalty: { amount: '0.00', currency: 'EUR' } });
    expect((await adapter.getBooking({ supplierReference: booking.supplierReference })).status).toBe('cancelled');
    await expect(adapter.cancel({ supplierReference: booking.supplierReference })).rejects.toMatchObject({ kind: 'rejected' });
  });

  it("several rooms' special requests are one remark, each named by its room, within the spec's 2,000 characters", () => {
    const guestsOnly = { guests: [] };
    expect(remarkOf(undefined, [guestsOnly])).toBeUndefined();
    expect(remarkOf(undefined, [{ guests: [], specialRequest: 'Cot please' }])).toBe('Cot please');
    expect(
      remarkOf(undefined, [{ guests: [], specialRequest: 'Cot please' }, guestsOnly, { guests: [], specialRequest: 'High floor' }]),
    ).toBe('Room 1: Cot please\nRoom 3: High floor');
    const long = remarkOf(
      'Agency remark',
      Array.from({ length: 8 }, () => ({ guests: [], specialRequest: 'x'.repeat(500) })),
    )!;
    expect(long).toHaveLength(2000);
    expect(long.startsWith('Agency remark\nRoom 1: xxx')).toBe(true);
    expect(long.endsWith('…')).toBe(true);
  });

  it("the hotel's confirmation number comes later, through reconfirmations (asked by our booking's reference), never with the booking", async () => {
    const { rate } = await searchRate((r) => r.refundable && r.payment === 'net');
    const booking = await adapter.book({
      supplierRateKey: rate.supplierRateKey,
      clientReference: 'bk_RECONFIRM',
      holder,
      rooms: [{ guests }],
    });
    expect(booking.hotelConfirmationNumber).toBeUndefined();
    const number = await adapter.hotelConfirmationNumber({ supplierReference: booking.supplierReference });
    expect(number).toMatch(/^HTL_Conf_\d{6}$/);
    const asked = recorder.exchanges.find((e) => e.url.includes('/bookings/reconfirmations'))!;
    expect(new URL(asked.url).searchParams.get('references')).toBe(booking.supplierReference);
    expect(await adapter.hotelConfirmationNumber({ supplierReference: '102-9999999' })).toBeUndefined();
  });

  it("changes the stay's dates: quoted from the supplier's own answer (nothing changed), made at that price; refused as each scenario forces", async () => {
    const { rate } = await searchRate((r) => r.refundable && r.payment === 'net');
    const booking = await adapter.book({
      supplierRateKey: rate.supplierRateKey,
      clientReference: 'bk_STAYCHANGE',
      holder,
      rooms: [{ guests }],
    });
    const lookup = { supplierReference: booking.supplierReference };
    // A later stay the same room and plan can be sold for (some nights are closed in the sandbox world).
    let asked: { checkIn: string; checkOut: string } | undefined;
    let quote: StayChangeQuote | undefined;
    for (let shift = 1; shift <= 6 && !quote; shift++) {
      asked = stay(30 + shift, 4);
      try {
        const quoted = await adapter.quoteStayChange({
          ...lookup,
          ...asked,
          occupancies: [{ adults: 2, childrenAges: [] }],
          rooms: [{ guests }],
        });
        if (quoted.kind === 'quoted') quote = quoted.quote;
      } catch (error) {
        if (!(error instanceof SupplierError && error.kind === 'sold_out')) throw error;
      }
    }
    expect(quote).toMatchObject({ ...asked, price: { currency: rate.price.currency } });
    expect(quote!.nightly).toHaveLength(4);
    expect(quote!.nightly!.reduce((sum, n) => sum + parseMinor(n.amount, n.currency), 0)).toBe(
      parseMinor(quote!.price.amount, quote!.price.currency),
    );
    // The quote changed nothing.
    expect(await adapter.getBooking(lookup)).toMatchObject({ checkIn: booking.checkIn, checkOut: booking.checkOut, price: booking.price });

    const request = {
      ...lookup,
      ...asked!,
      occupancies: [{ adults: 2, childrenAges: [] }],
      rooms: [{ guests }],
      quotedPrice: quote!.price,
    };
    // reprice: the supplier would now charge more, so nothing is changed.
    const repriced = await adapter.changeStay({ ...request, scenarios: [{ name: 'reprice' }] });
    expect(repriced.kind).toBe('price-changed');
    expect(await adapter.getBooking(lookup)).toMatchObject({ checkIn: booking.checkIn });
    // change-unavailable: no room for the new stay; no-modify: no path at all.
    await expect(adapter.changeStay({ ...request, scenarios: [{ name: 'change-unavailable' }] })).rejects.toMatchObject({
      kind: 'sold_out',
    });
    expect((await adapter.quoteStayChange({ ...request, scenarios: [{ name: 'no-modify' }] })).kind).toBe('unsupported');

    const changed = await adapter.changeStay(request);
    expect(changed).toMatchObject({ kind: 'changed', booking: { ...asked, price: quote!.price, status: 'confirmed' } });
    expect(await adapter.getBooking(lookup)).toMatchObject({ ...asked, price: quote!.price });
  });

  it('late-cancel: the free-cancellation deadline passes during the cancel, so the supplier applies the first penalty', async () => {
    const { rate } = await searchRate((r) => r.refundable && r.cancellationPolicy.length === 2);
    const booking = await adapter.book({
      supplierRateKey: rate.supplierRateKey,
      clientReference: 'bk_late_cancel',
      holder,
      rooms: [{ guests }],
    });
    const quoted = await adapter.quoteCancellation({ supplierReference: booking.supplierReference });
    expect(quoted.penalty.amount).toBe('0.00');
    const cancelled = await adapter.cancel({ supplierReference: booking.supplierReference, scenarios: [{ name: 'late-cancel' }] });
    expect(cancelled.penalty).toEqual(rate.cancellationPolicy[0]!.penalty);
  });

  it('non-refundable bookings cost everything to cancel', async () => {
    const { rate } = await searchRate((r) => !r.refundable);
    const booking = await adapter.book({ supplierRateKey: rate.supplierRateKey, clientReference: 'bk_nrf', holder, rooms: [{ guests }] });
    const cancelled = await adapter.cancel({ supplierReference: booking.supplierReference });
    expect(cancelled.penalty).toEqual(rate.price);
  });

  it("reprice at booking: the booking goes through at the supplier's new price", async () => {
    const { rate } = await searchRate((r) => r.refundable);
    const booking = await adapter.book({
      supplierRateKey: rate.supplierRateKey,
      clientReference: 'bk_reprice',
      holder,
      rooms: [{ guests }],
      scenarios: [{ name: 'reprice' }],
    });
    expect(parseMinor(booking.price.amount, 'EUR')).toBeGreaterThan(parseMinor(rate.price.amount, 'EUR'));
  });

  it('book-fail: the supplier refuses, nothing is booked', async () => {
    const { rate } = await searchRate((r) => r.refundable);
    const before = sandbox.bookings.size;
    const error = await adapter
      .book({
        supplierRateKey: rate.supplierRateKey,
        clientReference: 'bk_fail',
        holder,
        rooms: [{ guests }],
        scenarios: [{ name: 'book-fail' }],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SupplierError);
    expect(error).toMatchObject({ kind: 'rejected', details: { status: 500, supplierCode: 'PRODUCT_ERROR' } });
    expect(sandbox.bookings.size).toBe(before);
    expect(await adapter.findBookingByClientReference({ clientReference: 'bk_fail' })).toBeUndefined();
  });

  it('book-timeout: the booking is made but the answer comes too late; our reference finds it', async () => {
    const { rate } = await searchRate((r) => r.refundable);
    const error = await adapter
      .book({
        supplierRateKey: rate.supplierRateKey,
        clientReference: 'bk_timeout',
        holder,
        rooms: [{ guests }],
        scenarios: [{ name: 'book-timeout' }],
        signal: AbortSignal.timeout(300),
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
    const found = await adapter.findBookingByClientReference({ clientReference: 'bk_timeout' });
    expect(found).toMatchObject({ status: 'confirmed', clientReference: 'bk_timeout' });
  });

  it('no-modify: modification is reported unsupported and the booking stays as it was', async () => {
    const { rate } = await searchRate((r) => r.refundable);
    const booking = await adapter.book({
      supplierRateKey: rate.supplierRateKey,
      clientReference: 'bk_nomod',
      holder,
      rooms: [{ guests }],
      scenarios: [{ name: 'no-modify' }],
    });
    const result = await adapter.modify({ supplierReference: booking.supplierReference, holder: { firstName: 'X', lastName: 'Y' } });
    expect(result.kind).toBe('unsupported');
    expect((await adapter.getBooking({ supplierReference: booking.supplierReference })).holder).toMatchObject({ firstName: 'Ada' });
    // The same scenario on a modifiable booking's change call.
    const other = await adapter.book({ supplierRateKey: rate.supplierRateKey, clientReference: 'bk_nomod2', holder, rooms: [{ guests }] });
    expect((await adapter.modify({ supplierReference: other.supplierReference, holder, scenarios: [{ name: 'no-modify' }] })).kind).toBe(
      'unsupported',
    );
  });

  it('slow:hotelbeds answers past the budget: a timeout error; slow for another supplier changes nothing', async () => {
    const request = { destination: cityArea('REK'), ...stay(10, 1), occupancies: [{ adults: 1, childrenAges: [] }], nationality: 'GB' };
    await expect(
      adapter.searchAvailability({ ...request, scenarios: [{ name: 'slow', supplierId: 'hotelbeds' }], signal: AbortSignal.timeout(200) }),
    ).rejects.toMatchObject({ kind: 'timeout' });
    const other = await adapter.searchAvailability({
      ...request,
      scenarios: [{ name: 'slow', supplierId: 'expedia' }],
      signal: AbortSignal.timeout(5_000),
    });
    expect(other.offers.length).toBeGreaterThan(0);
  });

  it('error:hotelbeds: a supplier-side failure becomes an unavailable error', async () => {
    await expect(
      adapter.searchAvailability({
        destination: cityArea('REK'),
        ...stay(10, 1),
        occupancies: [{ adults: 1, childrenAges: [] }],
        nationality: 'GB',
        scenarios: [{ name: 'error', supplierId: 'hotelbeds' }],
      }),
    ).rejects.toMatchObject({ kind: 'unavailable', details: { status: 500, supplierCode: 'SYSTEM_ERROR' } });
  });

  it('unknown bookings are not_found; a tampered rate key is rejected', async () => {
    await expect(adapter.getBooking({ supplierReference: '102-9999999' })).rejects.toMatchObject({ kind: 'not_found' });
    const { rate } = await searchRate((r) => r.refundable);
    await expect(adapter.checkRate({ supplierRateKey: rate.supplierRateKey.replace('~2~0', '~3~0') })).rejects.toMatchObject({
      kind: 'rejected',
    });
  });

  it('pages the static catalogue to the end', async () => {
    const first = await adapter.staticContent({ pageSize: 1000 });
    expect(first.total).toBe(sandbox.view.properties.length);
    expect(first.properties[0]).toMatchObject({ supplierId: 'hotelbeds', amenities: expect.any(Array), images: expect.any(Array) });
    expect(first.properties[0]?.roomTypes.length).toBeGreaterThan(0);
    let cursor = first.nextCursor;
    let seen = first.properties.length;
    while (cursor && seen < 5_000) {
      const page = await adapter.staticContent({ cursor, pageSize: 1000 });
      seen += page.properties.length;
      cursor = page.nextCursor;
    }
    expect(seen).toBe(5_000);
    const last = await adapter.staticContent({ cursor: String((first.total ?? 0) - 1), pageSize: 1000 });
    expect(last.properties).toHaveLength(2);
    expect(last.nextCursor).toBeUndefined();
  });

  it('long client references become a stable 20-character reference that still finds the booking', async () => {
    const ours = 'bk_01JABCDEFGHJKMNPQRSTVWXYZ';
    expect(wireClientReference(ours)).toHaveLength(20);
    expect(wireClientReference(ours)).toBe(wireClientReference(ours));
    const { rate } = await searchRate((r) => r.refundable);
    const booking = await adapter.book({ supplierRateKey: rate.supplierRateKey, clientReference: ours, holder, rooms: [{ guests }] });
    expect((await adapter.findBookingByClientReference({ clientReference: ours }))?.supplierReference).toBe(booking.supplierReference);
  });
});

describe('Hotelbeds contract check', () => {
  it('catches a request or answer that breaks the spec (so the per-test validation can fail)', () => {
    const base = {
      method: 'POST',
      url: 'http://x/hotel-api/1.0/bookings',
      requestHeaders: { Accept: 'application/json', 'Accept-Encoding': 'gzip', 'Content-Type': 'application/json' },
      status: 200,
    };
    const report = contract.check({
      ...base,
      requestBody: JSON.stringify({ clientReference: 'a'.repeat(21), rooms: [] }),
      responseBody: JSON.stringify({ booking: { status: 'BOOKED' } }),
    });
    expect(report.operation).toBe('booking');
    expect(report.problems.join('\n')).toMatch(/holder/);
    expect(report.problems.join('\n')).toMatch(/clientReference/);
    expect(report.problems.join('\n')).toMatch(/auditData/);
    expect(report.problems.join('\n')).toMatch(/status/);
    const list = contract.check({
      ...base,
      method: 'GET',
      url: 'http://x/hotel-api/1.0/bookings?from=1',
      responseBody: '{"auditData":{}}',
    });
    expect(list.problems).toContain('request query to is required');
    // An answer the spec gives by example only is held to the example's shape, not taken for a booking detail.
    const reconfirmations = contract.check({
      ...base,
      method: 'GET',
      url: 'http://x/hotel-api/1.0/bookings/reconfirmations?from=1&to=10&references=1-3423498',
      responseBody: JSON.stringify({
        bookings: [{ reference: '1-3423498', hotel: { rooms: [{ supplierConfirmationCode: 'HIL_1', extra: 1 }] } }],
      }),
    });
    expect(reconfirmations.operation).toBe('bookingreconfirmation');
    expect(reconfirmations.problems).toEqual([
      "response /bookings/0/hotel/rooms/0/supplierConfirmationCode is string, the example has array (against the spec's example)",
      "response /bookings/0/hotel/rooms/0/extra is not in the example (against the spec's example)",
    ]);
  });
});

describe('Hotelbeds sandbox authentication', () => {
  it("rejects a bad or stale signature with the spec's 401 shape, and the adapter reports it as rejected", async () => {
    const body = JSON.stringify({ stay: stay(10, 1), occupancies: [{ rooms: 1, adults: 1, children: 0 }], hotels: { hotel: [1] } });
    const post = (headers: Record<string, string>) =>
      fetch(`${sandbox.url}/hotel-api/1.0/hotels`, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      });
    const good = await post(hotelbedsAuthHeaders(API_KEY, SECRET));
    expect(good.status).toBe(200);
    const wrongSecret = await post(hotelbedsAuthHeaders(API_KEY, 'other'));
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toEqual({ error: 'Request signature verification failed' });
    const stale = await post(hotelbedsAuthHeaders(API_KEY, SECRET, new Date(Date.now() - 3_600_000)));
    expect(stale.status).toBe(401);
    const missing = await post({});
    expect(await missing.json()).toEqual({ error: 'Authorization field missing' });

    const wrong = new HotelbedsAdapter({ baseUrl: sandbox.url, apiKey: API_KEY, secret: 'nope', fetch: recorder.fetch });
    await expect(wrong.getBooking({ supplierReference: '1-1' })).rejects.toMatchObject({ kind: 'rejected', details: { status: 401 } });
  });
});

describe('Hotelbeds adapter on bad supplier answers', () => {
  let server: Server;
  let mode = 'malformed';
  let url = '';

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        switch (mode) {
          case 'malformed':
            res.writeHead(200, { 'Content-Type': 'application/json' });
            res.end('{"auditData": {');
            break;
          case 'missing-fields':
            res.writeHead(200, { 'Content-Type': 'application/json' });
            res.end(JSON.stringify({ auditData: {}, booking: { reference: '1-2', status: 'CONFIRMED' } }));
            break;
          case 'bad-amount':
            res.writeHead(200, { 'Content-Type': 'application/json' });
            res.end(
              JSON.stringify({
                auditData: {},
                hotels: {
                  hotels: [{ code: 1, name: 'X', currency: 'EUR', rooms: [{ code: 'DBL', rates: [{ rateKey: 'k', net: 'twelve' }] }] }],
                },
              }),
            );
            break;
          case 'http-503':
            res.writeHead(503, { 'Content-Type': 'text/html' });
            res.end('<html>Service Unavailable</html>');
            break;
          case 'reset':
            req.socket.destroy();
            break;
          default:
            res.writeHead(200);
            res.end('[]');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const cases: [string, string][] = [
    ['malformed', 'bad_response'],
    ['missing-fields', 'bad_response'],
    ['http-503', 'unavailable'],
    ['reset', 'unavailable'],
  ];

  it('bad-amount: the rate it cannot read is left out and reported, the answer is not an error', async () => {
    mode = 'bad-amount';
    const broken = new HotelbedsAdapter({ baseUrl: url, apiKey: API_KEY, secret: SECRET });
    const result = await broken.searchAvailability({
      destination: cityArea('PAR'),
      ...stay(10, 1),
      occupancies: [{ adults: 2, childrenAges: [] }],
      nationality: 'GB',
    });
    expect(result.offers).toEqual([]);
    expect(result.unreadable).toEqual(['availability: net is not an amount']);
  });

  it.each(cases)('%s → SupplierError %s', async (which, kind) => {
    mode = which;
    const broken = new HotelbedsAdapter({ baseUrl: url, apiKey: API_KEY, secret: SECRET });
    const call =
      which === 'bad-amount'
        ? broken.searchAvailability({
            destination: cityArea('PAR'),
            ...stay(10, 1),
            occupancies: [{ adults: 2, childrenAges: [] }],
            nationality: 'GB',
          })
        : broken.getBooking({ supplierReference: '1-2' });
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SupplierError);
    expect((error as SupplierError).kind).toBe(kind);
  });
});
