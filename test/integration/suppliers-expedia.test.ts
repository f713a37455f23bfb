import { cityArea, hotelList } from '../support/supplier-destinations.js';
import { expectCircleAndEmptyList } from '../support/supplier-area-checks.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ExpediaAdapter, wireAffiliateReference } from '../../functions/suppliers/expedia/adapter.js';
import { unpackRateKey } from '../../functions/suppliers/expedia/rate-key.js';
import { CONTENT_PAGE_SIZE, startExpediaSandbox, type ExpediaSandbox } from '../../sandbox/expedia/server.js';
import { rapidAuthorization } from '../../functions/suppliers/expedia/signature.js';
import { parseMinor } from '../../functions/domain/money/money.js';
import type { SupplierOffer, SupplierRate } from '../../functions/suppliers/port.js';
import type { Scenario } from '../../functions/suppliers/scenario.js';
import { SupplierError } from '../../functions/suppliers/supplier-error.js';
import { NO_LATENCY } from '../../sandbox/latency.js';
import { ExpediaContract, recordingFetch } from '../support/suppliers-expedia-contract.js';

const API_KEY = 'sandbox-key';
const SECRET = 'sandbox-secret';
const contract = new ExpediaContract();
const recorder = recordingFetch();
let sandbox: ExpediaSandbox;
let adapter: ExpediaAdapter;

// Stays a few weeks ahead of the real clock, so "check-in in the future" holds whenever the suite runs.
function stay(offsetDays: number, nights: number): { checkIn: string; checkOut: string } {
  const day = 86_400_000;
  const start = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) + offsetDays * day;
  return { checkIn: new Date(start).toISOString().slice(0, 10), checkOut: new Date(start + nights * day).toISOString().slice(0, 10) };
}

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
  adapter = travelling(new ExpediaAdapter({ baseUrl: sandbox.url, apiKey: API_KEY, secret: SECRET, forwardScenarios: true, fetch: recorder.fetch, timeoutMs: 10_000 }));
});

afterAll(async () => {
  await sandbox.close();
});

// Every request the adapter sent and every answer the server gave must match the published contract.
afterEach(() => {
  const exchanges = recorder.exchanges.splice(0);
  const reports = exchanges.filter((e) => new URL(e.url).pathname.startsWith('/v3/')).map((e) => contract.check(e));
  expect(reports.filter((r) => r.problems.length > 0)).toEqual([]);
});

async function searchRate(predicate: (rate: SupplierRate) => boolean, destination = cityArea('BCN'), scenarios: Scenario[] = []):
  Promise<{ offer: SupplierOffer; rate: SupplierRate }> {
  const result = await adapter.searchAvailability({ destination, ...stay(30, 3), occupancies: [{ adults: 2, childrenAges: [] }], nationality: 'GB', scenarios });
  for (const offer of result.offers) {
    const rate = offer.rates.find(predicate);
    if (rate) return { offer, rate };
  }
  throw new Error('no matching rate in the sandbox world');
}

const guests = [{ type: 'adult' as const, firstName: 'Ada', lastName: 'Lovelace' }, { type: 'adult' as const, firstName: 'Charles', lastName: 'Babbage' }];
const holder = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0958' };
const sentTo = (path: string) => recorder.exchanges.filter((e) => new URL(e.url).pathname === path);

describe('Expedia adapter against the Rapid sandbox', () => {
  it('searches a circle (polygon of POST /properties/geography): only hotels inside it; an empty hotel list asks nothing', async () => {
    await expectCircleAndEmptyList(adapter, () => recorder.exchanges.length, stay(20, 2));
  });

  it('searches a destination through its region\'s property ids and maps offers to the port', async () => {
    const result = await adapter.searchAvailability({ destination: cityArea('PRG'), ...stay(20, 2), occupancies: [{ adults: 2, childrenAges: [] }], nationality: 'DE' });
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
    await adapter.searchAvailability({ destination: cityArea('PRG'), ...stay(21, 2), occupancies: [{ adults: 1, childrenAges: [] }], nationality: 'DE' });
    expect(sentTo('/v3/regions')).toHaveLength(0);
    expect(sentTo('/v3/properties/content')).toHaveLength(0);
    expect(sentTo('/v3/properties/availability').length).toBeGreaterThan(0);
  });

  it('shops at most 250 property ids a request and restricts to supplierPropertyIds when given', async () => {
    await adapter.searchAvailability({ destination: cityArea('LON'), ...stay(25, 1), occupancies: [{ adults: 2, childrenAges: [] }], nationality: 'GB' });
    const shops = sentTo('/v3/properties/availability');
    expect(shops.length).toBe(Math.ceil(sandbox.view.byCity.get('LON')!.length / 250));
    for (const shop of shops) expect(new URL(shop.url).searchParams.getAll('property_id').length).toBeLessThanOrEqual(250);

    const some = sandbox.view.byCity.get('ROM')!.slice(0, 5).map((p) => p.supplierPropertyId);
    const result = await adapter.searchAvailability({ destination: hotelList(some), ...stay(25, 2), occupancies: [{ adults: 2, childrenAges: [] }], nationality: 'IT' });
    expect(result.offers.length).toBeGreaterThan(0);
    for (const offer of result.offers) expect(some).toContain(offer.supplierPropertyId);
  });

  it('sends occupancies in Rapid notation and prices one rate over all rooms', async () => {
    const request = { destination: cityArea('VIE'), ...stay(40, 2), nationality: 'AT' };
    const two = await adapter.searchAvailability({ ...request, occupancies: [{ adults: 2, childrenAges: [] }, { adults: 2, childrenAges: [9, 4] }] });
    const shop = sentTo('/v3/properties/availability').at(-1)!;
    expect(new URL(shop.url).searchParams.getAll('occupancy')).toEqual(['2', '2-9,4']);
    const one = await adapter.searchAvailability({ ...request, occupancies: [{ adults: 2, childrenAges: [] }] });
    const offer = two.offers.find((o) => one.offers.some((p) => p.supplierPropertyId === o.supplierPropertyId))!;
    const combined = offer.rates[0]!;
    const single = one.offers.find((p) => p.supplierPropertyId === offer.supplierPropertyId)!.rates
      .find((r) => r.roomTypeCode === combined.roomTypeCode && r.boardBasis === combined.boardBasis && r.refundable === combined.refundable && r.payment === combined.payment);
    if (single) expect(parseMinor(combined.price.amount, 'USD')).toBeGreaterThan(parseMinor(single.price.amount, 'USD'));
    const checked = await adapter.checkRate({ supplierRateKey: combined.supplierRateKey });
    expect(checked.rate.price).toEqual(combined.price);
    const booking = await adapter.book({
      supplierRateKey: checked.supplierRateKey, clientReference: 'bk_two_rooms', holder,
      rooms: [{ guests }, { guests: [...guests, { type: 'child', firstName: 'Ann', lastName: 'Lovelace', age: 9 }, { type: 'child', firstName: 'Byron', lastName: 'Lovelace', age: 4 }] }],
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
    const { rate, offer } = await searchRate((r) => r.refundable && r.payment === 'net');
    const booking = await adapter.book({ supplierRateKey: rate.supplierRateKey, clientReference: 'bk_01JTESTREF', holder, rooms: [{ guests }], remark: 'Late arrival' });
    expect(booking).toMatchObject({
      supplierId: 'expedia', status: 'confirmed', clientReference: 'bk_01JTESTREF', supplierPropertyId: offer.supplierPropertyId,
      propertyName: offer.name, price: rate.price, payment: 'net',
    });
    expect(booking.rooms[0]).toMatchObject({ roomTypeCode: rate.roomTypeCode, roomTypeName: rate.roomTypeName, boardBasis: rate.boardBasis });
    expect(booking.cancellationPolicy).toEqual(rate.cancellationPolicy);
    expect(booking.createdAt).toMatch(/Z$/);
    const sentBook = JSON.parse(sentTo('/v3/itineraries').find((e) => e.method === 'POST')!.requestBody!);
    expect(sentBook).toMatchObject({ affiliate_reference_id: 'bk_01JTESTREF', phone: { country_code: '44', number: '2079460958' }, payments: [{ type: 'affiliate_collect' }] });

    const fetched = await adapter.getBooking({ supplierReference: booking.supplierReference });
    expect(fetched.rooms[0]?.guests.map((g) => g.firstName)).toEqual(['Ada', '']);
    expect(fetched.holder).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });

    const found = await adapter.findBookingByClientReference({ clientReference: 'bk_01JTESTREF' });
    expect(found?.supplierReference).toBe(booking.supplierReference);
    expect(await adapter.findBookingByClientReference({ clientReference: 'bk_unknown' })).toBeUndefined();

    const cancelled = await adapter.cancel({ supplierReference: booking.supplierReference });
    expect(cancelled).toMatchObject({ status: 'cancelled', supplierReference: booking.supplierReference, penalty: { amount: '0.00', currency: 'USD' } });
    expect(recorder.exchanges.filter((e) => e.method === 'DELETE').map((e) => e.status)).toEqual([204]);
    expect((await adapter.getBooking({ supplierReference: booking.supplierReference })).status).toBe('cancelled');
    await expect(adapter.cancel({ supplierReference: booking.supplierReference })).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('modify is unsupported without a network call (also under no-modify)', async () => {
    const { rate } = await searchRate((r) => r.refundable);
    const booking = await adapter.book({ supplierRateKey: rate.supplierRateKey, clientReference: 'bk_nomod', holder, rooms: [{ guests }], scenarios: [{ name: 'no-modify' }] });
    recorder.exchanges.length = 0;
    for (const scenarios of [[], [{ name: 'no-modify' as const }]]) {
      const result = await adapter.modify({ supplierReference: booking.supplierReference, holder: { firstName: 'X', lastName: 'Y' }, scenarios });
      expect(result).toMatchObject({ kind: 'unsupported', reason: expect.stringMatching(/cannot be modified/) });
    }
    expect(recorder.exchanges).toHaveLength(0);
    expect((await adapter.getBooking({ supplierReference: booking.supplierReference })).holder).toMatchObject({ firstName: 'Ada' });
  });

  it('late-cancel: the free-cancellation deadline passes during the cancel, so the supplier applies the first penalty', async () => {
    const { rate } = await searchRate((r) => r.refundable && r.cancellationPolicy.length === 2);
    const booking = await adapter.book({ supplierRateKey: rate.supplierRateKey, clientReference: 'bk_late_cancel', holder, rooms: [{ guests }] });
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

  it('reprice at booking: the booking goes through at the supplier\'s new price', async () => {
    const { rate } = await searchRate((r) => r.refundable);
    const booking = await adapter.book({ supplierRateKey: rate.supplierRateKey, clientReference: 'bk_reprice', holder, rooms: [{ guests }], scenarios: [{ name: 'reprice' }] });
    expect(parseMinor(booking.price.amount, 'USD')).toBeGreaterThan(parseMinor(rate.price.amount, 'USD'));
  });

  it('book-fail: Rapid refuses with rooms_unavailable (Test header), nothing is booked', async () => {
    const { rate } = await searchRate((r) => r.refundable);
    const before = sandbox.bookings.size;
    const error = await adapter.book({ supplierRateKey: rate.supplierRateKey, clientReference: 'bk_fail', holder, rooms: [{ guests }], scenarios: [{ name: 'book-fail' }] }).catch((e: unknown) => e);
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
    const error = await adapter.book({ ...request, scenarios: [{ name: 'book-timeout' }], signal: AbortSignal.timeout(300) }).catch((e: unknown) => e);
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
    await expect(adapter.searchAvailability({ ...request, scenarios: [{ name: 'slow', supplierId: 'expedia' }], signal: AbortSignal.timeout(200) }))
      .rejects.toMatchObject({ kind: 'timeout' });
    const other = await adapter.searchAvailability({ ...request, scenarios: [{ name: 'slow', supplierId: 'hotelbeds' }], signal: AbortSignal.timeout(5_000) });
    expect(other.offers.length).toBeGreaterThan(0);
  });

  it('error:expedia: a supplier-side failure becomes an unavailable error (Test: unknown_internal_error)', async () => {
    await expect(adapter.searchAvailability({ destination: cityArea('REK'), ...stay(10, 1), occupancies: [{ adults: 1, childrenAges: [] }], nationality: 'GB', scenarios: [{ name: 'error', supplierId: 'expedia' }] }))
      .rejects.toMatchObject({ kind: 'unavailable', details: { status: 500, supplierCode: 'unknown_internal_error' } });
    expect(sentTo('/v3/properties/availability').at(-1)!.requestHeaders.Test).toBe('unknown_internal_error');
    const { rate } = await searchRate((r) => r.refundable);
    await expect(adapter.checkRate({ supplierRateKey: rate.supplierRateKey, scenarios: [{ name: 'error', supplierId: 'expedia' }] }))
      .rejects.toMatchObject({ kind: 'unavailable' });
    await expect(adapter.getBooking({ supplierReference: '7100000000007', scenarios: [{ name: 'error' }] }))
      .rejects.toMatchObject({ kind: 'unavailable', details: { status: 500 } });
  });

  it('honours Rapid Test values the adapter does not send itself: sold_out, price_mismatch, service_unavailable', async () => {
    const { rate } = await searchRate((r) => r.refundable);
    const withTest = (test: string) => travelling(new ExpediaAdapter({
      baseUrl: `${sandbox.url}/v3`, apiKey: API_KEY, secret: SECRET,
      fetch: (input, init) => recorder.fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), Test: test } }),
    }));
    await expect(withTest('sold_out').checkRate({ supplierRateKey: rate.supplierRateKey })).rejects.toMatchObject({ kind: 'sold_out' });
    const checked = await adapter.checkRate({ supplierRateKey: rate.supplierRateKey });
    await expect(withTest('price_mismatch').book({ supplierRateKey: checked.supplierRateKey, clientReference: 'bk_mismatch', holder, rooms: [{ guests }] }))
      .rejects.toMatchObject({ kind: 'price_changed', details: { status: 409, supplierCode: 'price_mismatch' } });
    await expect(withTest('service_unavailable').checkRate({ supplierRateKey: rate.supplierRateKey })).rejects.toMatchObject({ kind: 'unavailable', details: { status: 503 } });
    await expect(withTest('available').checkRate({ supplierRateKey: rate.supplierRateKey })).resolves.toMatchObject({ rate: { price: rate.price } });
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
    expect(sample).toMatchObject({ supplierId: 'expedia', name: truth.name, stars: truth.stars, geo: truth.geo, cityCode: truth.cityCode, amenities: expect.any(Array), images: expect.any(Array) });
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

describe('Expedia contract check', () => {
  it('catches a request or answer that breaks the spec (so the per-test validation can fail)', () => {
    const headers = { Accept: 'application/json', 'Accept-Encoding': 'gzip', 'User-Agent': 'x/1', 'Content-Type': 'application/json', 'Customer-Ip': '127.0.0.1' };
    const base = { method: 'POST', url: 'http://x/v3/itineraries?token=t', requestHeaders: headers, status: 201 };
    const report = contract.check({ ...base, requestBody: JSON.stringify({ email: 'a@b.c', rooms: [{ given_name: 'A' }], bogus: 1 }), responseBody: JSON.stringify({ itinerary_id: 7 }) });
    expect(report.operation).toBe('postItinerary');
    const text = report.problems.join('\n');
    expect(text).toMatch(/phone/);
    expect(text).toMatch(/family_name/);
    expect(text).toMatch(/itinerary_id/);
    const noIp = contract.check({ ...base, method: 'GET', url: 'http://x/v3/itineraries?affiliate_reference_id=a', requestHeaders: { ...headers, 'Customer-Ip': undefined as unknown as string, Test: 'sold_out' }, status: 200, responseBody: '[]' });
    expect(noIp.problems).toEqual(expect.arrayContaining(['request query email is required', expect.stringMatching(/header Test=sold_out not in/)]));
    const undeclared = contract.check({ ...base, method: 'GET', url: 'http://x/v3/regions?include=property_ids&language=en-US&region=1', status: 200, responseBody: '[]' });
    expect(undeclared.problems).toContain('request query region is not declared by getRegions');
    const shop = contract.check({ ...base, method: 'GET', url: 'http://x/v3/properties/availability?checkin=2026-01-01', status: 200, responseBody: JSON.stringify([{ property_id: '1', status: 'available', rooms: [{ id: 1, rates: [{ refundable: 'yes' }] }] }]) });
    expect(shop.problems.join('\n')).toMatch(/occupancy is required[\s\S]*rooms\/0\/id[\s\S]*refundable/);
    const error = contract.check({ ...base, method: 'GET', url: 'http://x/v3/itineraries/1?email=a', status: 404, responseBody: JSON.stringify({ error: 'x' }) });
    expect(error.problems).toContain('Rapid error body must carry type and message');
  });
});

describe('Expedia sandbox authentication and required headers', () => {
  const required = { Accept: 'application/json', 'Accept-Encoding': 'gzip', 'User-Agent': 'test/1' };
  const regions = (headers: Record<string, string>) => fetch(`${sandbox.url}/v3/regions?include=property_ids&language=en-US&iata_location_code=REK`, { headers });

  it('rejects a missing, wrong or stale signature with Rapid\'s 401 error, and the adapter reports it as rejected', async () => {
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
    await expect(wrong.getBooking({ supplierReference: '1' })).rejects.toMatchObject({ kind: 'rejected', details: { status: 401, supplierCode: 'request_unauthenticated' } });
  });

  it('refuses requests without the headers the spec requires (Customer-Ip on itinerary calls, gzip, User-Agent)', async () => {
    const authorization = { Authorization: rapidAuthorization(API_KEY, SECRET) };
    const noIp = await fetch(`${sandbox.url}/v3/itineraries/1?email=a@b.c`, { headers: { ...required, ...authorization } });
    expect(noIp.status).toBe(400);
    expect(await noIp.json()).toMatchObject({ type: 'invalid_input', errors: [{ type: 'customer-ip.required' }] });
    const noAgent = await regions({ Accept: 'application/json', 'Accept-Encoding': 'identity', ...authorization });
    expect(noAgent.status).toBe(400);
    // fetch always sends a User-Agent of its own, so only the encoding is reported here.
    expect((await noAgent.json() as { errors: { type: string }[] }).errors.map((e) => e.type)).toContain('accept-encoding.invalid');
    const unsupported = await fetch(`${sandbox.url}/v3/itineraries/1?email=a@b.c`, { headers: { ...required, ...authorization, 'Customer-Ip': '10.0.0.1', Test: 'bogus' } });
    expect(unsupported.status).toBe(400);
  });
});

describe('Expedia adapter on bad supplier answers', () => {
  let server: Server;
  let mode = 'malformed';
  let url = '';

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const json = (body: unknown) => { res.writeHead(200, { 'Content-Type': 'application/json' }); res.end(JSON.stringify(body)); };
        switch (mode) {
          case 'malformed': res.writeHead(200, { 'Content-Type': 'application/json' }); res.end('{"itinerary_id": '); break;
          case 'missing-fields': json({ itinerary_id: '1', rooms: [{ status: 'booked' }] }); break;
          case 'bad-amount': json([{ property_id: '1', status: 'available', rooms: [{ id: '2', rates: [{ id: '3', occupancy_pricing: { 2: { totals: { inclusive: { billable_currency: { value: 'twelve', currency: 'USD' } } } } }, bed_groups: { 4: { links: { price_check: { href: '/v3/x' } } } } }] }] }]); break;
          case 'not-a-list': json({ property_id: '1' }); break;
          case 'http-503': res.writeHead(503, { 'Content-Type': 'text/html' }); res.end('<html>Service Unavailable</html>'); break;
          case 'reset': req.socket.destroy(); break;
          default: res.writeHead(200); res.end('[]');
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
    ['bad-amount', 'bad_response'],
    ['not-a-list', 'bad_response'],
    ['http-503', 'unavailable'],
    ['reset', 'unavailable'],
  ];

  it.each(cases)('%s → SupplierError %s', async (which, kind) => {
    mode = which;
    const broken = travelling(new ExpediaAdapter({ baseUrl: url, apiKey: API_KEY, secret: SECRET }));
    const call = which === 'bad-amount' || which === 'not-a-list'
      ? broken.searchAvailability({ destination: hotelList(['1']), ...stay(10, 1), occupancies: [{ adults: 2, childrenAges: [] }], nationality: 'GB' })
      : broken.getBooking({ supplierReference: '1' });
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SupplierError);
    expect((error as SupplierError).kind).toBe(kind);
  });
});
