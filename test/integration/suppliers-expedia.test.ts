import { cityArea, hotelList } from '../support/supplier-destinations.js';
import { expectCircleAndEmptyList } from '../support/supplier-area-checks.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ExpediaAdapter, wireAffiliateReference } from '../../functions/suppliers/expedia/adapter.js';
import { unpackRateKey } from '../../functions/suppliers/expedia/rate-key.js';
import { CONTENT_PAGE_SIZE, startExpediaSandbox, type ExpediaSandbox } from '../../sandbox/expedia/server.js';
import { rapidAuthorization } from '../../functions/suppliers/expedia/signature.js';
import { parseMinor, scaleMinor } from '../../functions/domain/money/money.js';
import { parsePhone } from '../../functions/suppliers/expedia/phone.js';
import { formatBookingMetadata, parseBookingMetadata } from '../../functions/suppliers/expedia/map-wire.js';
import type { WirePropertyAvailability, WireItinerary } from '../../functions/suppliers/expedia/wire.js';
import { SELLING_FLOOR_FACTOR } from '../../sandbox/world/spec-shapes.js';
import type { SupplierOffer, SupplierRate } from '../../functions/suppliers/port.js';
import type { Scenario } from '../../functions/suppliers/scenario.js';
import { SupplierError } from '../../functions/suppliers/supplier-error.js';
import { NO_LATENCY } from '../../sandbox/latency.js';
import { ExpediaContract, recordingFetch } from '../support/suppliers-expedia-contract.js';
import { inDays } from '../support/stay-dates.js';

const API_KEY = 'sandbox-key';
const SECRET = 'sandbox-secret';
const contract = new ExpediaContract();
const recorder = recordingFetch();
let sandbox: ExpediaSandbox;
let adapter: ExpediaAdapter;

const stay = (offsetDays: number, nights: number) => ({ checkIn: inDays(offsetDays), checkOut: inDays(offsetDays + nights) });

/**
 * Who is asking, as the booking API passes it on every call (the traveller's address and session, the
 * account's point of sale), and the holder's e-mail lookups are made with.
 */
const TRAVELLER = { ip: '203.0.113.7', sessionId: 'session-7f3a' };
const who = { traveller: TRAVELLER, pointOfSale: 'GB', holderEmail: 'ada@example.com' };

/** The adapter as the use cases call it: every request carries `who` unless it says otherwise. */
function travelling(port: ExpediaAdapter): ExpediaAdapter {
  return new Proxy(port, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== 'function' || property === 'constructor') return value;
      return (request: object) => (value as (r: object) => unknown).call(target, { ...who, ...request });
    },
  });
}

beforeAll(async () => {
  sandbox = await startExpediaSandbox({ apiKey: API_KEY, secret: SECRET, latency: NO_LATENCY, slowMs: 3_000, lateAnswerMs: 1_500 });
  adapter = travelling(
    new ExpediaAdapter({
      baseUrl: sandbox.url,
      apiKey: API_KEY,
      secret: SECRET,
      forwardScenarios: true,
      fetch: recorder.fetch,
      timeoutMs: 10_000,
    }),
  );
});

afterAll(async () => {
  await sandbox.close();
});

// Every request the adapter sent and every answer the server gave must match the published contract.
afterEach(() => {
  const exchanges = recorder.exchanges.splice(0);
  const reports = exchanges.filter((e) => new URL(e.url).pathname.startsWith('/v3/')).map((e) => contract.check(e));
  expect(reports.filter((r) => r.problems.length > 0)).toEqual([]);
  // Rapid gets the traveller's address or nothing: never a loopback or placeholder of ours.
  expect(exchanges.map((e) => e.requestHeaders['Customer-Ip']).filter((ip) => ip !== undefined && ip !== TRAVELLER.ip)).toEqual([]);
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
const holder = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0958' };
const sentTo = (path: string) => recorder.exchanges.filter((e) => new URL(e.url).pathname === path);

describe('Expedia adapter against the Rapid sandbox', () => {
  it('searches a circle (polygon of POST /properties/geography): only hotels inside it; an empty hotel list asks nothing', async () => {
    await expectCircleAndEmptyList(adapter, () => recorder.exchanges.length, stay(20, 2));
  });

  it("searches a destination through its region's property ids and maps offers to the port", async () => {
    const result = await adapter.searchAvailability({
      destination: cityArea('PRG'),
      ...stay(20, 2),
      occupancies: [{ adults: 2, childrenAges: [] }],
      nationality: 'DE',
    });
    expect(result.supplierId).toBe('expedia');
    expect(result.offers.length).toBeGreaterThan(50);
    const regionCalls = sentTo('/v3/regions');
    expect(regionCalls).toHaveLength(1);
    expect(new URL(regionCalls[0]!.url).searchParams.get('iata_location_code')).toBe('PRG');
    const truth = sandbox.view.byCity.get('PRG')!;
    for (const offer of result.offers) {
      const property = truth.find((p) => p.supplierPropertyId === offer.supplierPropertyId)!;
      expect(offer.name).toBe(property.name);
      expect(offer.stars).toBe(property.stars);
      expect(offer.geo).toEqual(property.geo);
    }
    const rates = result.offers.flatMap((offer) => offer.rates);
    for (const rate of rates) {
      expect(rate.price.currency).toBe('USD');
      expect(rate.price.amount).toMatch(/^\d+\.\d{2}$/);
      const froms = rate.cancellationPolicy.map((p) => p.from);
      expect([...froms].sort()).toEqual(froms);
      for (const from of froms) expect(from).toMatch(/\.000Z$/);
      if (!rate.refundable) expect(rate.cancellationPolicy.at(-1)?.penalty).toEqual(rate.price);
      if (rate.payment === 'pay_at_hotel') expect(parseMinor(rate.commission!.amount, 'USD')).toBeGreaterThan(0);
    }
    expect(new Set(rates.map((r) => r.boardBasis)).size).toBeGreaterThan(1);
    // Prague's city tax is collected by the property: shown apart, in the hotel's currency, never in the price.
    expect(rates.some((r) => r.payAtProperty?.some((c) => c.kind === 'tax' && c.amount.currency === 'EUR'))).toBe(true);
    expect(rates.every((r) => r.taxes.every((t) => t.included))).toBe(true);
    expect(rates.some((r) => r.payment === 'pay_at_hotel')).toBe(true);

    // The destination's ids and names are cached: a second search shops straight away.
    recorder.exchanges.length = 0;
    await adapter.searchAvailability({
      destination: cityArea('PRG'),
      ...stay(21, 2),
      occupancies: [{ adults: 1, childrenAges: [] }],
      nationality: 'DE',
    });
    expect(sentTo('/v3/regions')).toHaveLength(0);
    expect(sentTo('/v3/properties/content')).toHaveLength(0);
    expect(sentTo('/v3/properties/availability').length).toBeGreaterThan(0);
  });

  it('shops at most 250 property ids a request and restricts to supplierPropertyIds when given', async () => {
    await adapter.searchAvailability({
      destination: cityArea('LON'),
      ...stay(25, 1),
      occupancies: [{ adults: 2, childrenAges: [] }],
      nationality: 'GB',
    });
    const shops = sentTo('/v3/properties/availability');
    expect(shops.length).toBe(Math.ceil(sandbox.view.byCity.get('LON')!.length / 250));
    for (const shop of shops) expect(new URL(shop.url).searchParams.getAll('property_id').length).toBeLessThanOrEqual(250);

    const some = sandbox.view.byCity
      .get('ROM')!
      .slice(0, 5)
      .map((p) => p.supplierPropertyId);
    const result = await adapter.searchAvailability({
      destination: hotelList(some),
      ...stay(25, 2),
      occupancies: [{ adults: 2, childrenAges: [] }],
      nationality: 'IT',
    });
    expect(result.offers.length).toBeGreaterThan(0);
    for (const offer of result.offers) expect(some).toContain(offer.supplierPropertyId);
  });

  it('sends occupancies in Rapid notation and prices one rate over all rooms', async () => {
    const request = { destination: cityArea('VIE'), ...stay(40, 2), nationality: 'AT' };
    const two = await adapter.searchAvailability({
      ...request,
      occupancies: [
        { adults: 2, childrenAges: [] },
        { adults: 2, childrenAges: [9, 4] },
      ],
    });
    const shop = sentTo('/v3/properties/availability').at(-1)!;
    expect(new URL(shop.url).searchParams.getAll('occupancy')).toEqual(['2', '2-9,4']);
    const one = await adapter.searchAvailability({ ...request, occupancies: [{ adults: 2, childrenAges: [] }] });
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
    if (single) expect(parseMinor(combined.price.amount, 'USD')).toBeGreaterThan(parseMinor(single.price.amount, 'USD'));
    const checked = await adapter.checkRate({ supplierRateKey: combined.supplierRateKey });
    expect(checked.rate.price).toEqual(combined.price);
    const booking = await adapter.book({
      supplierRateKey: checked.supplierRateKey,
      clientReference: 'bk_two_rooms',
      holder,
      rooms: [
        { guests },
        {
          guests: [
            ...guests,
            { type: 'child', firstName: 'Ann', lastName: 'Lovelace', age: 9 },
            { type: 'child', firstName: 'Byron', lastName: 'Lovelace', age: 4 },
          ],
        },
      ],
    });
    expect(booking.rooms).toHaveLength(2);
    expect(booking.rooms[1]!.guests.filter((g) => g.type === 'child').map((g) => g.age)).toEqual([9, 4]);
    expect(booking.price).toEqual(combined.price);
  });

  it('checks a rate at the searched price, and at a higher one under the reprice scenario (Test: price_changed)', async () => {
    const { rate, offer } = await searchRate((r) => r.refundable);
    const same = await adapter.checkRate({ supplierRateKey: rate.supplierRateKey });
    expect(same.rate.price).toEqual(rate.price);
    expect(same.supplierPropertyId).toBe(offer.supplierPropertyId);
    expect(unpackRateKey(same.supplierRateKey).bookHref).toMatch(/^\/v3\/itineraries\?token=/);
    const repriced = await adapter.checkRate({ supplierRateKey: rate.supplierRateKey, scenarios: [{ name: 'reprice' }] });
    expect(parseMinor(repriced.rate.price.amount, 'USD')).toBeGreaterThan(parseMinor(rate.price.amount, 'USD'));
    const priceCheck = recorder.exchanges.at(-1)!;
    expect(priceCheck.requestHeaders.Test).toBe('price_changed');
    expect(JSON.parse(priceCheck.responseBody)).toMatchObject({ status: 'price_changed' });
  });

  it('books with our reference, retrieves, finds by our reference and cancels room by room with the applied penalty', async () => {
    // Free to cancel now and for a while yet: a refundable rate can carry a penalty already in force (a
    // non-refundable date range of the stay), whose `from` is the supplier's "now" and moves between the
    // search and the booking; which rate is first moves with the calendar.
    const { rate, offer } = await searchRate(
      (r) => r.refundable && r.payment === 'net' && r.cancellationPolicy.every((p) => Date.parse(p.from) > Date.now() + 3_600_000),
    );
    const booking = await adapter.book({
      supplierRateKey: rate.supplierRateKey,
      clientReference: 'bk_01JTESTREF',
      holder,
      rooms: [{ guests, specialRequest: 'Quiet room' }],
      remark: 'Late arrival',
    });
    expect(booking).toMatchObject({
      supplierId: 'expedia',
      status: 'confirmed',
      clientReference: 'bk_01JTESTREF',
      supplierPropertyId: offer.supplierPropertyId,
      propertyName: offer.name,
      price: rate.price,
      payment: 'net',
    });
    expect(booking.rooms[0]).toMatchObject({
      roomTypeCode: rate.roomTypeCode,
      roomTypeName: rate.roomTypeName,
      boardBasis: rate.boardBasis,
    });
    expect(booking.cancellationPolicy).toEqual(rate.cancellationPolicy);
    expect(booking.createdAt).toMatch(/Z$/);
    const sentBook = JSON.parse(sentTo('/v3/itineraries').find((e) => e.method === 'POST')!.requestBody!);
    expect(sentBook).toMatchObject({
      affiliate_reference_id: 'bk_01JTESTREF',
      phone: { country_code: '44', number: '2079460958' },
      payments: [{ type: 'affiliate_collect' }],
      // The room's own special_request (after the booking's remark on the first room).
      rooms: [{ special_request: 'Late arrival\nQuiet room' }],
    });

    const fetched = await adapter.getBooking({ supplierReference: booking.supplierReference });
    expect(fetched.rooms[0]?.guests.map((g) => g.firstName)).toEqual(['Ada', '']);
    // confirmation_id.property: the hotel's own number, with the itinerary.
    expect(booking.hotelConfirmationNumber).toMatch(/^P\w+$/);
    expect(fetched.hotelConfirmationNumber).toBe(booking.hotelConfirmationNumber);
    expect(fetched.holder).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });

    const found = await adapter.findBookingByClientReference({ clientReference: 'bk_01JTESTREF' });
    expect(found?.supplierReference).toBe(booking.supplierReference);
    expect(await adapter.findBookingByClientReference({ clientReference: 'bk_unknown' })).toBeUndefined();

    const cancelled = await adapter.cancel({ supplierReference: booking.supplierReference });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      supplierReference: booking.supplierReference,
      penalty: { amount: '0.00', currency: 'USD' },
    });
    expect(recorder.exchanges.filter((e) => e.method === 'DELETE').map((e) => e.status)).toEqual([204]);
    expect((await adapter.getBooking({ supplierReference: booking.supplierReference })).status).toBe('cancelled');
    await expect(adapter.cancel({ supplierReference: booking.supplierReference })).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('modify is unsupported without a network call (also under no-modify)', async () => {
    const { rate } = await searchRate((r) => r.refundable);
    const booking = await adapter.book({
      supplierRateKey: rate.supplierRateKey,
      clientReference: 'bk_nomod',
      holder,
      rooms: [{ guests }],
      scenarios: [{ name: 'no-modify' }],
    });
    recorder.exchanges.length = 0;
    for (const scenarios of [[], [{ name: 'no-modify' as const }]]) {
      const result = await adapter.modify({
        supplierReference: booking.supplierReference,
        holder: { firstName: 'X', lastName: 'Y' },
        scenarios,
      });
      expect(result).toMatchObject({ kind: 'unsupported', reason: expect.stringMatching(/cannot be modified/) });
    }
    expect(recorder.exchanges).toHaveLength(0);
    expect((await adapter.getBooking({ supplierReference: booking.supplierReference })).holder).toMatchObject({ firstName: 'Ada' });
  });

  it('late-cancel: the free-cancellation deadline passes during the cancel, so the supplier applies the first penalty', async () => {
    const { rate } = await searchRate((r) => r.refundable && r.cancellationPolicy.length === 2);
    const booking = await adapter.book({
      supplierRateKey: rate.supplierRateKey,
      clientReference: 'bk_late_cancel',
      holder,
      rooms: [{ guests }],
    });
    const cancelled = await adapter.cancel({ supplierReference: booking.supplierReference, scenarios: [{ name: 'late-cancel' }] });
    expect(cancelled.penalty).toEqual(rate.cancellationPolicy[0]!.penalty);
    expect(parseMinor(cancelled.penalty.amount, 'USD')).toBeGreaterThan(0);
  });

  it('non-refundable bookings cost everything to cancel', async () => {
    const { rate } = await searchRate((r) => !r.refundable);
    const booking = await adapter.book({ supplierRateKey: rate.supplierRateKey, clientReference: 'bk_nrf', holder, rooms: [{ guests }] });
    const cancelled = await adapter.cancel({ supplierReference: booking.supplierReference });
    expect(cancelled.penalty).toEqual(rate.price);
  });

  it('pay-at-hotel rates book without a payment and keep their commission model', async () => {
    const { rate } = await searchRate((r) => r.payment === 'pay_at_hotel');
    const booking = await adapter.book({ supplierRateKey: rate.supplierRateKey, clientReference: 'bk_pah', holder, rooms: [{ guests }] });
    expect(booking).toMatchObject({ payment: 'pay_at_hotel', price: rate.price });
    expect(JSON.parse(sentTo('/v3/itineraries').find((e) => e.method === 'POST')!.requestBody!).payments).toBeUndefined();
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
    expect(parseMinor(booking.price.amount, 'USD')).toBeGreaterThan(parseMinor(rate.price.amount, 'USD'));
  });

  it('book-fail: Rapid refuses with rooms_unavailable (Test header), nothing is booked', async () => {
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
    expect(error).toMatchObject({ kind: 'sold_out', details: { status: 410, supplierCode: 'rooms_unavailable' } });
    expect(sentTo('/v3/itineraries').find((e) => e.method === 'POST')!.requestHeaders.Test).toBe('rooms_unavailable');
    expect(sandbox.bookings.size).toBe(before);
    expect(await adapter.findBookingByClientReference({ clientReference: 'bk_fail' })).toBeUndefined();
  });

  it('book-timeout: the booking is made but the answer comes too late; our reference finds it and a retry returns it', async () => {
    const { rate } = await searchRate((r) => r.refundable);
    const checked = await adapter.checkRate({ supplierRateKey: rate.supplierRateKey });
    const request = { supplierRateKey: checked.supplierRateKey, clientReference: 'bk_timeout', holder, rooms: [{ guests }] };
    const error = await adapter
      .book({ ...request, scenarios: [{ name: 'book-timeout' }], signal: AbortSignal.timeout(300) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
    const found = await adapter.findBookingByClientReference({ clientReference: 'bk_timeout' });
    expect(found).toMatchObject({ status: 'confirmed', clientReference: 'bk_timeout' });
    const before = sandbox.bookings.size;
    const retried = await adapter.book(request);
    expect(retried.supplierReference).toBe(found!.supplierReference);
    expect(sandbox.bookings.size).toBe(before);
    expect(recorder.exchanges.some((e) => e.status === 409 && JSON.parse(e.responseBody).type === 'duplicate_itinerary')).toBe(true);
  });

  it('slow:expedia answers past the budget: a timeout error; slow for another supplier changes nothing', async () => {
    const request = { destination: cityArea('REK'), ...stay(10, 1), occupancies: [{ adults: 1, childrenAges: [] }], nationality: 'GB' };
    await expect(
      adapter.searchAvailability({ ...request, scenarios: [{ name: 'slow', supplierId: 'expedia' }], signal: AbortSignal.timeout(200) }),
    ).rejects.toMatchObject({ kind: 'timeout' });
    const other = await adapter.searchAvailability({
      ...request,
      scenarios: [{ name: 'slow', supplierId: 'hotelbeds' }],
      signal: AbortSignal.timeout(5_000),
    });
    expect(other.offers.length).toBeGreaterThan(0);
  });

  it('error:expedia: a supplier-side failure becomes an unavailable error (Test: unknown_internal_error)', async () => {
    await expect(
      adapter.searchAvailability({
        destination: cityArea('REK'),
        ...stay(10, 1),
        occupancies: [{ adults: 1, childrenAges: [] }],
        nationality: 'GB',
        scenarios: [{ name: 'error', supplierId: 'expedia' }],
      }),
    ).rejects.toMatchObject({ kind: 'unavailable', details: { status: 500, supplierCode: 'unknown_internal_error' } });
    expect(sentTo('/v3/properties/availability').at(-1)!.requestHeaders.Test).toBe('unknown_internal_error');
    const { rate } = await searchRate((r) => r.refundable);
    await expect(
      adapter.checkRate({ supplierRateKey: rate.supplierRateKey, scenarios: [{ name: 'error', supplierId: 'expedia' }] }),
    ).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(adapter.getBooking({ supplierReference: '7100000000007', scenarios: [{ name: 'error' }] })).rejects.toMatchObject({
      kind: 'unavailable',
      details: { status: 500 },
    });
  });

  it('honours Rapid Test values the adapter does not send itself: sold_out, price_mismatch, service_unavailable', async () => {
    const { rate } = await searchRate((r) => r.refundable);
    const withTest = (test: string) =>
      travelling(
        new ExpediaAdapter({
          baseUrl: `${sandbox.url}/v3`,
          apiKey: API_KEY,
          secret: SECRET,
          fetch: (input, init) => recorder.fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), Test: test } }),
        }),
      );
    await expect(withTest('sold_out').checkRate({ supplierRateKey: rate.supplierRateKey })).rejects.toMatchObject({ kind: 'sold_out' });
    const checked = await adapter.checkRate({ supplierRateKey: rate.supplierRateKey });
    await expect(
      withTest('price_mismatch').book({
        supplierRateKey: checked.supplierRateKey,
        clientReference: 'bk_mismatch',
        holder,
        rooms: [{ guests }],
      }),
    ).rejects.toMatchObject({ kind: 'price_changed', details: { status: 409, supplierCode: 'price_mismatch' } });
    await expect(withTest('service_unavailable').checkRate({ supplierRateKey: rate.supplierRateKey })).rejects.toMatchObject({
      kind: 'unavailable',
      details: { status: 503 },
    });
    await expect(withTest('available').checkRate({ supplierRateKey: rate.supplierRateKey })).resolves.toMatchObject({
      rate: { price: rate.price },
    });
  });

  it('unknown itineraries are not_found; a tampered rate key is rejected', async () => {
    await expect(adapter.getBooking({ supplierReference: '7100000009999' })).rejects.toMatchObject({ kind: 'not_found' });
    await expect(adapter.cancel({ supplierReference: '7100000009999' })).rejects.toMatchObject({ kind: 'not_found' });
    const { rate } = await searchRate((r) => r.refundable);
    const key = unpackRateKey(rate.supplierRateKey);
    const tampered = `exp1.${Buffer.from(JSON.stringify({ ...key, priceCheckHref: key.priceCheckHref.replace(/token=./, 'token=A') })).toString('base64url')}`;
    await expect(adapter.checkRate({ supplierRateKey: tampered })).rejects.toMatchObject({ kind: 'rejected', details: { status: 400 } });
    await expect(adapter.checkRate({ supplierRateKey: 'not-a-key' })).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('pages the static catalogue through the Link header to the end', async () => {
    const first = await adapter.staticContent({});
    expect(first.total).toBe(sandbox.view.properties.length);
    expect(first.properties).toHaveLength(CONTENT_PAGE_SIZE);
    const sample = first.properties[0]!;
    const truth = sandbox.view.byPropertyId.get(sample.supplierPropertyId)!;
    expect(sample).toMatchObject({
      supplierId: 'expedia',
      name: truth.name,
      stars: truth.stars,
      geo: truth.geo,
      cityCode: truth.cityCode,
      amenities: expect.any(Array),
      images: expect.any(Array),
    });
    expect(sample.roomTypes.map((r) => r.code)).toEqual(truth.roomTypes.map((r) => r.code));
    let cursor = first.nextCursor;
    let seen = first.properties.length;
    const ids = new Set(first.properties.map((p) => p.supplierPropertyId));
    while (cursor) {
      const page = await adapter.staticContent({ cursor });
      seen += page.properties.length;
      for (const p of page.properties) ids.add(p.supplierPropertyId);
      cursor = page.nextCursor;
      recorder.exchanges.splice(0, Math.max(0, recorder.exchanges.length - 1));
    }
    expect(seen).toBe(first.total);
    expect(ids.size).toBe(first.total);
    await expect(adapter.staticContent({ cursor: '/elsewhere' })).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('long client references become a stable 28-character reference that still finds the booking', async () => {
    const ours = 'bk_01JABCDEFGHJKMNPQRSTVWXYZ0';
    expect(ours.length).toBeGreaterThan(28);
    expect(wireAffiliateReference(ours)).toHaveLength(28);
    expect(wireAffiliateReference(ours)).toBe(wireAffiliateReference(ours));
    expect(wireAffiliateReference('bk_(x)')).toMatch(/^E[A-Za-z0-9]{27}$/);
    const { rate } = await searchRate((r) => r.refundable);
    const booking = await adapter.book({ supplierRateKey: rate.supplierRateKey, clientReference: ours, holder, rooms: [{ guests }] });
    expect((await adapter.findBookingByClientReference({ clientReference: ours }))?.supplierReference).toBe(booking.supplierReference);
  });
});

describe('Rapid obligations: what a certified integration carries', () => {
  /** A fresh adapter: content (and so remarks) is cached per adapter, as in a warm container. */
  const fresh = (extra: Partial<ConstructorParameters<typeof ExpediaAdapter>[0]> = {}) =>
    travelling(
      new ExpediaAdapter({
        baseUrl: sandbox.url,
        apiKey: API_KEY,
        secret: SECRET,
        forwardScenarios: true,
        fetch: recorder.fetch,
        timeoutMs: 10_000,
        ...extra,
      }),
    );
  const obligations: Scenario[] = [{ name: 'obligations' }, { name: 'package-rates' }];
  const request = (scenarios: Scenario[] = []) => ({
    destination: cityArea('BCN'),
    ...stay(32, 2),
    occupancies: [{ adults: 2, childrenAges: [] }],
    nationality: 'DE',
    scenarios,
  });
  const shopped = (): WirePropertyAvailability[] =>
    sentTo('/v3/properties/availability').flatMap((e) => JSON.parse(e.responseBody) as WirePropertyAvailability[]);
  const usd = (rate: SupplierRate) => parseMinor(rate.price.amount, 'USD');

  it('obligations: every rate shows what the property collects in its own currency, the traveller texts, the selling floor and package-only', async () => {
    const port = fresh();
    const result = await port.searchAvailability(request(obligations));
    const rates = result.offers.flatMap((offer) => offer.rates);
    expect(rates.length).toBeGreaterThan(50);
    expect(result.unreadable).toBeUndefined();
    for (const rate of rates) {
      // Barcelona: city tax and a resort or mandatory fee, collected in EUR by the hotel, never in the USD price.
      expect(rate.payAtProperty!.map((c) => c.kind)).toContain('tax');
      expect(rate.payAtProperty!.some((c) => c.kind === 'resort_fee' || c.kind === 'mandatory_fee')).toBe(true);
      for (const charge of rate.payAtProperty!) expect(charge.amount.currency).toBe('EUR');
      expect(new Set(rate.remarks!.map((r) => r.kind))).toEqual(new Set(['rate', 'checkin', 'fees', 'policy']));
      for (const remark of rate.remarks!) expect(remark.text).not.toMatch(/<|&lt;/);
      expect(rate.remarks!.some((r) => /deposit of \d+\.\d{2} USD is due by \d{4}-\d{2}-\d{2}/i.test(r.text))).toBe(true);
      expect(rate.minimumSellingPrice).toEqual({
        amount: (scaleMinor(usd(rate), SELLING_FLOOR_FACTOR.numerator, SELLING_FLOOR_FACTOR.denominator) / 100).toFixed(2),
        currency: 'USD',
      });
      expect(rate.packageOnly).toBe(true);
    }
    // The price is `inclusive`; `property_inclusive` is that plus the fees, in USD, as Rapid defines it.
    const byLink = new Map(rates.map((r) => [unpackRateKey(r.supplierRateKey).priceCheckHref, r]));
    for (const property of shopped()) {
      for (const rate of property.rooms!.flatMap((room) => room.rates!)) {
        const pricing = rate.occupancy_pricing!['2']!;
        const fees = Object.values(pricing.fees!).reduce((sum, fee) => sum + parseMinor(String(fee!.request_currency!.value), 'USD'), 0);
        expect(parseMinor(String(pricing.totals!.property_inclusive!.billable_currency!.value), 'USD')).toBe(
          parseMinor(String(pricing.totals!.inclusive!.billable_currency!.value), 'USD') + fees,
        );
        const port = byLink.get(Object.values(rate.bed_groups!)[0]!.links!.price_check!.href!)!;
        expect(port.price.amount).toBe(String(pricing.totals!.inclusive!.billable_currency!.value));
      }
    }
    // Penalty forms: nights and percentages read as amounts; a non-refundable first night is owed from now on.
    const flexible = rates.filter((r) => r.refundable);
    expect(flexible.some((r) => r.cancellationPolicy.length === 3)).toBe(true);
    expect(
      shopped().some((p) => p.rooms!.some((room) => room.rates!.some((rate) => rate.cancel_penalties!.some((w) => w.nights === '1')))),
    ).toBe(true);
    for (const rate of rates) expect(parseMinor(rate.cancellationPolicy.at(-1)!.penalty.amount, 'USD')).toBeLessThanOrEqual(usd(rate));
  });

  it('each family can be forced alone; without a scenario a seeded share of rates carries each', async () => {
    const port = fresh();
    const floors = await port.searchAvailability(request([{ name: 'selling-floor', supplierId: 'expedia' }]));
    const floorRates = floors.offers.flatMap((o) => o.rates);
    expect(floorRates.every((r) => r.minimumSellingPrice !== undefined)).toBe(true);
    expect(floorRates.some((r) => r.packageOnly)).toBe(true);
    expect(floorRates.every((r) => r.packageOnly)).toBe(false);
    const plain = (await port.searchAvailability(request())).offers.flatMap((o) => o.rates);
    const share = (test: (r: SupplierRate) => boolean) => plain.filter(test).length / plain.length;
    for (const test of [
      (r: SupplierRate) => r.minimumSellingPrice !== undefined,
      (r: SupplierRate) => r.packageOnly === true,
      (r: SupplierRate) => r.payAtProperty!.some((c) => c.kind === 'resort_fee' || c.kind === 'mandatory_fee'),
      (r: SupplierRate) => r.remarks!.some((m) => m.kind === 'policy'),
    ]) {
      expect(share(test)).toBeGreaterThan(0);
      expect(share(test)).toBeLessThan(1);
    }
    // Check-in instructions are in every property's content, as in Rapid's.
    expect(plain.every((r) => r.remarks!.some((m) => m.kind === 'checkin'))).toBe(true);
  });

  it('carries them through rate check, booking and retrieval; a property-collect cancellation reads its negative refund as the penalty owed', async () => {
    const port = fresh();
    const result = await port.searchAvailability(request(obligations));
    const rate = result.offers
      .flatMap((o) => o.rates)
      .find((r) => r.payment === 'pay_at_hotel' && r.refundable && r.cancellationPolicy.length === 2)!;
    expect(rate).toBeDefined();
    const checked = await port.checkRate({ supplierRateKey: rate.supplierRateKey, scenarios: obligations });
    expect(checked.rate).toMatchObject({
      price: rate.price,
      payAtProperty: rate.payAtProperty,
      remarks: rate.remarks,
      minimumSellingPrice: rate.minimumSellingPrice,
      packageOnly: true,
      cancellationPolicy: rate.cancellationPolicy,
    });
    const booking = await port.book({
      supplierRateKey: checked.supplierRateKey,
      clientReference: 'bk_obligations',
      holder,
      rooms: [{ guests }],
      scenarios: obligations,
    });
    expect(booking.payAtProperty).toEqual(rate.payAtProperty);
    expect(booking.remarks!.map((r) => r.kind)).toEqual(expect.arrayContaining(['checkin', 'fees', 'policy']));
    expect(booking.propertyName).not.toBe('');
    const sent = JSON.parse(sentTo('/v3/itineraries').find((e) => e.method === 'POST')!.requestBody!);
    expect(sent).toMatchObject({ email: 'ada@example.com', phone: { country_code: '44', number: '2079460958' } });
    expect(sent.affiliate_metadata).toMatch(/^room:[^|:]+\|name:[^|:]+$/);
    expect((await port.getBooking({ supplierReference: booking.supplierReference })).rooms[0]).toMatchObject({
      roomTypeCode: rate.roomTypeCode,
      roomTypeName: rate.roomTypeName,
    });

    const cancelled = await port.cancel({ supplierReference: booking.supplierReference, scenarios: [{ name: 'late-cancel' }] });
    expect(cancelled.penalty).toEqual(rate.cancellationPolicy[0]!.penalty);
    const after = JSON.parse(
      recorder.exchanges.filter((e) => e.method === 'GET' && /\/v3\/itineraries\/\d+/.test(new URL(e.url).pathname)).at(-1)!.responseBody,
    ) as WireItinerary;
    const refund = after.rooms![0]!.rate!.cancel_refund!;
    expect(typeof refund.amount).toBe('number');
    expect(refund.amount).toBe(-Number(cancelled.penalty.amount));
    expect((await port.getBooking({ supplierReference: booking.supplierReference })).status).toBe('cancelled');
  });

  it("sends the traveller's IP and session and the account's point of sale, nothing made up in their place", async () => {
    const port = fresh();
    sandbox.received.length = 0;
    await port.searchAvailability(request());
    const shops = sandbox.received.filter((r) => r.operation === 'availability');
    expect(shops.length).toBeGreaterThan(0);
    // country_code is where the sale is made (the account's point of sale), not the traveller's nationality (DE).
    for (const shop of shops)
      expect(shop).toEqual({
        operation: 'availability',
        customerIp: TRAVELLER.ip,
        customerSessionId: TRAVELLER.sessionId,
        countryCode: 'GB',
      });
    // Content and geography declare no Customer-Ip: it is not sent there.
    for (const other of sandbox.received.filter((r) => r.operation !== 'availability')) expect(other.customerIp).toBeUndefined();

    // Shopping declares Customer-Ip optional: without a traveller nothing is sent rather than an address of ours.
    sandbox.received.length = 0;
    const anonymous = await port.searchAvailability({ ...request(), traveller: undefined });
    expect(anonymous.offers.length).toBeGreaterThan(0);
    expect(sandbox.received.every((r) => r.customerIp === undefined && r.customerSessionId === undefined)).toBe(true);

    // Itinerary calls require it: without a traveller, or without a point of sale on a shop, nothing is sent.
    const { rate } = await searchRate((r) => r.refundable);
    const before = recorder.exchanges.length;
    await expect(
      port.book({ supplierRateKey: rate.supplierRateKey, clientReference: 'bk_no_ip', holder, rooms: [{ guests }], traveller: undefined }),
    ).rejects.toMatchObject({ kind: 'rejected', message: expect.stringMatching(/Customer-Ip/) });
    await expect(port.getBooking({ supplierReference: '7100000000007', traveller: undefined })).rejects.toMatchObject({ kind: 'rejected' });
    await expect(port.searchAvailability({ ...request(), pointOfSale: undefined })).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringMatching(/point of sale/),
    });
    await expect(port.searchAvailability({ ...request(), traveller: { ip: 'not-an-ip' } })).rejects.toMatchObject({ kind: 'rejected' });
    expect(recorder.exchanges.length).toBe(before);

    // A loopback traveller (a local caller) is an address like any other; a malformed one is refused by the sandbox.
    const authorization = {
      Authorization: rapidAuthorization(API_KEY, SECRET),
      Accept: 'application/json',
      'Accept-Encoding': 'gzip',
      'User-Agent': 'test/1',
    };
    const loopback = await fetch(`${sandbox.url}/v3/itineraries/1?email=a@b.c`, { headers: { ...authorization, 'Customer-Ip': '::1' } });
    expect(loopback.status).toBe(404);
    const malformed = await fetch(`${sandbox.url}/v3/regions?include=property_ids&language=en-US&iata_location_code=REK`, {
      headers: { ...authorization, 'Customer-Ip': '300.1.1.1' },
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ errors: [{ type: 'customer-ip.invalid' }] });
  });

  it("books with the holder's e-mail and phone; without them, the configured reservations contact, else a plain refusal", async () => {
    const { rate } = await searchRate((r) => r.refundable);
    const before = recorder.exchanges.length;
    await expect(
      adapter.book({
        supplierRateKey: rate.supplierRateKey,
        clientReference: 'bk_no_email',
        holder: { firstName: 'Ada', lastName: 'Lovelace' },
        rooms: [{ guests }],
      }),
    ).rejects.toMatchObject({ kind: 'rejected', message: expect.stringMatching(/e-mail/) });
    expect(recorder.exchanges.length).toBe(before);

    const desk = fresh({ contactEmail: 'reservations@agency.test', contactPhone: '+442079460000' });
    const booking = await desk.book({
      supplierRateKey: rate.supplierRateKey,
      clientReference: 'bk_desk',
      holder: { firstName: 'Ada', lastName: 'Lovelace' },
      rooms: [{ guests }],
    });
    const sent = JSON.parse(
      sentTo('/v3/itineraries')
        .filter((e) => e.method === 'POST')
        .at(-1)!.requestBody!,
    );
    expect(sent).toMatchObject({ email: 'reservations@agency.test', phone: { country_code: '44', number: '2079460000' } });
    // Found again with the mailbox it was booked with, the holder having given none.
    expect((await desk.findBookingByClientReference({ clientReference: 'bk_desk', holderEmail: undefined }))?.supplierReference).toBe(
      booking.supplierReference,
    );
    // A booking made with the holder's e-mail is found only with it.
    await expect(
      desk.getBooking({ supplierReference: booking.supplierReference, holderEmail: 'someone.else@example.com' }),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });

  it("writes affiliate_metadata in Rapid's key:value|key:value form and reads it back exactly (older JSON too)", () => {
    const metadata = { roomTypeCode: 'R:1|x', roomTypeName: 'Suite (sea) & view <top>' };
    const text = formatBookingMetadata(metadata);
    expect(text).toMatch(/^room:[^|:]+\|name:[^|:]+$/);
    expect(text).not.toMatch(/[<>()&]/);
    expect(parseBookingMetadata(text)).toEqual(metadata);
    expect(formatBookingMetadata({ roomTypeCode: 'R1', roomTypeName: 'x'.repeat(300) })).toBe('room:R1');
    expect(parseBookingMetadata('{"room":"R1","name":"Deluxe"}')).toEqual({ roomTypeCode: 'R1', roomTypeName: 'Deluxe' });
  });

  it('reads phones in international form only, the country code split off by libphonenumber', () => {
    expect(parsePhone('+44 20 7946 0958')).toEqual({ country_code: '44', number: '2079460958' });
    expect(parsePhone('+1 (202) 555-0100')).toEqual({ country_code: '1', number: '2025550100' });
    expect(parsePhone('0033 1 42 68 53 00')).toEqual({ country_code: '33', number: '142685300' });
    expect(parsePhone('+353 1 234 5678')).toEqual({ country_code: '353', number: '12345678' });
    expect(parsePhone('+7 495 123-45-67')).toEqual({ country_code: '7', number: '4951234567' });
    expect(parsePhone('+972 3 123 4567')).toEqual({ country_code: '972', number: '31234567' });
    for (const bad of ['020 7946 0958', '+44', '+44 20 79', 'call me', '', undefined, '+1234567890123456'])
      expect(parsePhone(bad)).toBeUndefined();
  });
});

describe('Expedia contract check', () => {
  it('catches a request or answer that breaks the spec (so the per-test validation can fail)', () => {
    const headers = {
      Accept: 'application/json',
      'Accept-Encoding': 'gzip',
      'User-Agent': 'x/1',
      'Content-Type': 'application/json',
      'Customer-Ip': '127.0.0.1',
    };
    const base = { method: 'POST', url: 'http://x/v3/itineraries?token=t', requestHeaders: headers, status: 201 };
    const report = contract.check({
      ...base,
      requestBody: JSON.stringify({ email: 'a@b.c', rooms: [{ given_name: 'A' }], bogus: 1 }),
      responseBody: JSON.stringify({ itinerary_id: 7 }),
    });
    expect(report.operation).toBe('postItinerary');
    const text = report.problems.join('\n');
    expect(text).toMatch(/phone/);
    expect(text).toMatch(/family_name/);
    expect(text).toMatch(/itinerary_id/);
    const noIp = contract.check({
      ...base,
      method: 'GET',
      url: 'http://x/v3/itineraries?affiliate_reference_id=a',
      requestHeaders: { ...headers, 'Customer-Ip': undefined as unknown as string, Test: 'sold_out' },
      status: 200,
      responseBody: '[]',
    });
    expect(noIp.problems).toEqual(
      expect.arrayContaining(['request query email is required', expect.stringMatching(/header Test=sold_out not in/)]),
    );
    const undeclared = contract.check({
      ...base,
      method: 'GET',
      url: 'http://x/v3/regions?include=property_ids&language=en-US&region=1',
      status: 200,
      responseBody: '[]',
    });
    expect(undeclared.problems).toContain('request query region is not declared by getRegions');
    const shop = contract.check({
      ...base,
      method: 'GET',
      url: 'http://x/v3/properties/availability?checkin=2026-01-01',
      status: 200,
      responseBody: JSON.stringify([{ property_id: '1', status: 'available', rooms: [{ id: 1, rates: [{ refundable: 'yes' }] }] }]),
    });
    expect(shop.problems.join('\n')).toMatch(/occupancy is required[\s\S]*rooms\/0\/id[\s\S]*refundable/);
    const error = contract.check({
      ...base,
      method: 'GET',
      url: 'http://x/v3/itineraries/1?email=a',
      status: 404,
      responseBody: JSON.stringify({ error: 'x' }),
    });
    expect(error.problems).toContain('Rapid error body must carry type and message');
  });
});

describe('Expedia sandbox authentication and required headers', () => {
  const required = { Accept: 'application/json', 'Accept-Encoding': 'gzip', 'User-Agent': 'test/1' };
  const regions = (headers: Record<string, string>) =>
    fetch(`${sandbox.url}/v3/regions?include=property_ids&language=en-US&iata_location_code=REK`, { headers });

  it("rejects a missing, wrong or stale signature with Rapid's 401 error, and the adapter reports it as rejected", async () => {
    const good = await regions({ ...required, Authorization: rapidAuthorization(API_KEY, SECRET) });
    expect(good.status).toBe(200);
    for (const [authorization, field] of [
      [rapidAuthorization(API_KEY, 'other'), 'signature'],
      [rapidAuthorization(API_KEY, SECRET, new Date(Date.now() - 3_600_000)), 'signature'],
      [undefined, 'authorization'],
    ] as const) {
      const answer = await regions({ ...required, ...(authorization ? { Authorization: authorization } : {}) });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('EAN');
      expect(await answer.json()).toMatchObject({ type: 'request_unauthenticated', fields: [{ name: field, type: 'header' }] });
    }
    const wrong = travelling(new ExpediaAdapter({ baseUrl: sandbox.url, apiKey: API_KEY, secret: 'nope', fetch: recorder.fetch }));
    await expect(wrong.getBooking({ supplierReference: '1' })).rejects.toMatchObject({
      kind: 'rejected',
      details: { status: 401, supplierCode: 'request_unauthenticated' },
    });
  });

  it('refuses requests without the headers the spec requires (Customer-Ip on itinerary calls, gzip, User-Agent)', async () => {
    const authorization = { Authorization: rapidAuthorization(API_KEY, SECRET) };
    const noIp = await fetch(`${sandbox.url}/v3/itineraries/1?email=a@b.c`, { headers: { ...required, ...authorization } });
    expect(noIp.status).toBe(400);
    expect(await noIp.json()).toMatchObject({ type: 'invalid_input', errors: [{ type: 'customer-ip.required' }] });
    const noAgent = await regions({ Accept: 'application/json', 'Accept-Encoding': 'identity', ...authorization });
    expect(noAgent.status).toBe(400);
    // fetch always sends a User-Agent of its own, so only the encoding is reported here.
    expect(((await noAgent.json()) as { errors: { type: string }[] }).errors.map((e) => e.type)).toContain('accept-encoding.invalid');
    const unsupported = await fetch(`${sandbox.url}/v3/itineraries/1?email=a@b.c`, {
      headers: { ...required, ...authorization, 'Customer-Ip': '10.0.0.1', Test: 'bogus' },
    });
    expect(unsupported.status).toBe(400);
  });
});

describe('Expedia adapter on bad supplier answers', () => {
  let server: Server;
  let mode = 'malformed';
  let url = '';
  let retrievals = 0;
  const room = (status: string, rate: object = {}) => ({
    id: 'r1',
    checkin: '2030-01-01',
    checkout: '2030-01-02',
    status,
    rate: {
      merchant_of_record: 'expedia',
      pricing: { totals: { inclusive: { billable_currency: { value: '100.00', currency: 'USD' } } } },
      ...rate,
    },
    links: { cancel: { method: 'DELETE', href: '/v3/itineraries/1/rooms/r1?token=t' } },
  });
  const goodRate = {
    id: '3',
    occupancy_pricing: { 2: { totals: { inclusive: { billable_currency: { value: '12.00', currency: 'USD' } } } } },
    bed_groups: { 4: { links: { price_check: { href: '/v3/x' } } } },
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const json = (body: unknown, status = 200) => {
          res.writeHead(status, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        const path = new URL(req.url ?? '/', 'http://x').pathname;
        if (path === '/v3/properties/content') {
          json({});
          return;
        }
        if (mode.startsWith('cancel-') && req.method === 'DELETE') {
          if (mode === 'cancel-garbage') {
            res.writeHead(200, { 'Content-Type': 'application/json' });
            res.end('{"x":');
          } else {
            res.writeHead(204);
            res.end();
          }
          return;
        }
        if (mode.startsWith('cancel-')) {
          retrievals += 1;
          const after = retrievals > 1;
          json({
            itinerary_id: '1',
            property_id: '10',
            rooms: [
              after
                ? room('canceled', mode === 'cancel-refund-text' ? { cancel_refund: { amount: 'ten', currency: 'USD' } } : {})
                : room('booked'),
            ],
          });
          return;
        }
        switch (mode) {
          case 'malformed':
            res.writeHead(200, { 'Content-Type': 'application/json' });
            res.end('{"itinerary_id": ');
            break;
          case 'missing-fields':
            json({ itinerary_id: '1', rooms: [{ status: 'booked' }] });
            break;
          case 'bad-amount':
            json([
              {
                property_id: '1',
                status: 'available',
                rooms: [
                  {
                    id: '2',
                    rates: [
                      goodRate,
                      {
                        ...goodRate,
                        occupancy_pricing: { 2: { totals: { inclusive: { billable_currency: { value: 'twelve', currency: 'USD' } } } } },
                      },
                      {
                        ...goodRate,
                        cancel_penalties: [{ start: '2030-01-01T00:00:00+01:00', amount: '1.00' }],
                        nonrefundable_date_ranges: [{ start: 'soon' }],
                      },
                    ],
                  },
                ],
              },
            ]);
            break;
          case 'not-a-list':
            json({ property_id: '1' });
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
    ['not-a-list', 'bad_response'],
    ['http-503', 'unavailable'],
    ['reset', 'unavailable'],
  ];

  it("one rate it cannot read costs that rate, reported in our words, never the supplier's answer", async () => {
    mode = 'bad-amount';
    const broken = travelling(new ExpediaAdapter({ baseUrl: url, apiKey: API_KEY, secret: SECRET }));
    const result = await broken.searchAvailability({
      destination: hotelList(['1']),
      ...stay(10, 1),
      occupancies: [{ adults: 2, childrenAges: [] }],
      nationality: 'GB',
    });
    expect(result.offers).toHaveLength(1);
    expect(result.offers[0]!.rates.map((r) => r.price)).toEqual([{ amount: '12.00', currency: 'USD' }]);
    expect(result.unreadable).toEqual([
      'availability: totals.inclusive.billable_currency.value is not an amount in its currency',
      'availability: missing nonrefundable_date_ranges.end',
    ]);
    for (const reason of result.unreadable!) expect(reason).not.toMatch(/twelve|soon/);
  });

  it.each(['cancel-unreadable', 'cancel-refund-text', 'cancel-garbage'])(
    'a cancellation answer it cannot read (%s) is bad_response: an unknown outcome, never a refusal',
    async (which) => {
      mode = which;
      retrievals = 0;
      const broken = travelling(new ExpediaAdapter({ baseUrl: url, apiKey: API_KEY, secret: SECRET }));
      await expect(broken.cancel({ supplierReference: '1' })).rejects.toMatchObject({ kind: 'bad_response' });
    },
  );

  it.each(cases)('%s → SupplierError %s', async (which, kind) => {
    mode = which;
    const broken = travelling(new ExpediaAdapter({ baseUrl: url, apiKey: API_KEY, secret: SECRET }));
    const call =
      which === 'not-a-list'
        ? broken.searchAvailability({
            destination: hotelList(['1']),
            ...stay(10, 1),
            occupancies: [{ adults: 2, childrenAges: [] }],
            nationality: 'GB',
          })
        : broken.getBooking({ supplierReference: '1' });
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SupplierError);
    expect((error as SupplierError).kind).toBe(kind);
  });
});
