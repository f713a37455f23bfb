/**
 * Evidence from what we did not write: every example answer the published Hotelbeds spec gives for the
 * operations the adapter uses (availability, the four booking confirmations, booking detail, modification,
 * cancellation), read from specs/hotelbeds/openapi-spec.yaml at test time, answered by a tiny HTTP server and
 * fed through the adapter; every request the adapter sends meanwhile is validated against the spec.
 *
 * The spec's booking detail example is the one a certification reviewer checks first: a rate of net 250.19
 * EUR with a hotel-mandatory sellingRate of 280.00. Priced with demo's rules it would be 272.21, below the
 * hotel's floor; it must never be sold below 280.00, nor below its equivalent when quoted in GBP.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'yaml';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { embeddedFxRates } from '../../functions/domain/fx/reference-fx-rates.js';
import { parseDecimal } from '../../functions/domain/money/decimal.js';
import { DEFAULT_PRICING_RULES } from '../../functions/domain/pricing/default-pricing-rules.js';
import { priceRate } from '../../functions/domain/pricing/price-rate.js';
import { HotelbedsAdapter } from '../../functions/suppliers/hotelbeds/adapter.js';
import { singleRate } from '../../functions/suppliers/hotelbeds/map-wire.js';
import type { WireRate } from '../../functions/suppliers/hotelbeds/wire.js';
import { readFileSync } from 'node:fs';
import { hotelList } from '../support/supplier-destinations.js';
import { HOTELBEDS_SPEC, hotelbedsContract, recordingFetch } from '../support/suppliers-hotelbeds-contract.js';

type Json = Record<string, unknown>;

const spec = parse(readFileSync(HOTELBEDS_SPEC, 'utf8')) as { paths: Record<string, Record<string, Json>> };

/** The JSON example(s) of one operation's 200 answer, straight from the spec: named ones, or the single one. */
function examplesOf(path: string, method: string): Map<string, Json> {
  const content = (((spec.paths[path]?.[method]?.responses as Json)?.['200'] as Json)?.content as Json)?.['application/json'] as
    | Json
    | undefined;
  if (!content) throw new Error(`no example for ${method} ${path}`);
  if (content.examples)
    return new Map(Object.entries(content.examples as Record<string, { value: Json }>).map(([name, example]) => [name, example.value]));
  return new Map([['example', content.example as Json]]);
}

const AVAILABILITY = examplesOf('/hotels', 'post').get('example')!;
const CONFIRMATIONS = examplesOf('/bookings', 'post');
const DETAIL = examplesOf('/bookings/{bookingId}', 'get').get('example')!;
const CHANGE = examplesOf('/bookings/{bookingId}', 'put').get('example')!;
const CANCELLATION = examplesOf('/bookings/{bookingId}', 'delete').get('example')!;

const contract = hotelbedsContract();
const recorder = recordingFetch();
let answer: Json = {};
let server: Server;
let adapter: HotelbedsAdapter;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  adapter = new HotelbedsAdapter({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey: 'key',
    secret: 'secret',
    fetch: recorder.fetch,
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// What the adapter sent must be what the spec allows (the answers are the spec's own, validated or not).
afterEach(() => {
  for (const exchange of recorder.exchanges.splice(0)) {
    const problems = contract.check(exchange).problems.filter((problem) => !problem.startsWith('response'));
    expect(problems, `${exchange.method} ${exchange.url}`).toEqual([]);
  }
});

const wireHotels = (example: Json) => (example.hotels as Json).hotels as Json[];
const wireRatesOf = (hotel: Json): WireRate[] => (hotel.rooms as Json[]).flatMap((room) => room.rates as WireRate[]);

describe('the published availability example', () => {
  it('maps every hotel and every rate, none left out', async () => {
    answer = AVAILABILITY;
    const codes = wireHotels(AVAILABILITY).map((hotel) => String(hotel.code));
    const result = await adapter.searchAvailability({
      destination: hotelList(codes),
      checkIn: '2019-06-15',
      checkOut: '2019-06-16',
      occupancies: [{ adults: 2, childrenAges: [] }],
      nationality: 'GB',
    });
    expect(result.unreadable).toBeUndefined();
    expect(result.offers.map((offer) => offer.supplierPropertyId)).toEqual(codes);
    for (const [i, hotel] of wireHotels(AVAILABILITY).entries()) {
      const offer = result.offers[i]!;
      const wire = wireRatesOf(hotel);
      expect(offer.rates.length, offer.name).toBe(new Set(wire.map((r) => `${r.rateKey}`)).size);
      for (const rate of offer.rates) {
        const source = wire.find((r) => r.rateKey === rate.supplierRateKey)!;
        expect(rate.price).toEqual({ amount: source.net, currency: 'EUR' });
        // The included 10 % tax is broken out; the city tax the hotel collects is shown apart, in its currency.
        const taxes = source.taxes!.taxes!;
        expect(rate.taxes.map((t) => t.amount.amount)).toEqual(taxes.filter((t) => t.included).map((t) => t.amount));
        expect(rate.payAtProperty?.map((c) => [c.kind, c.amount])).toEqual(
          taxes.filter((t) => !t.included).map((t) => ['tax', { amount: t.amount, currency: t.currency }]),
        );
        expect(rate.cancellationPolicy.map((p) => p.penalty.amount)).toEqual(
          source.cancellationPolicies!.map((p) => p.amount).sort((a, b) => Number(a) - Number(b)),
        );
      }
    }
  });
});

describe('the published booking examples', () => {
  it.each([...CONFIRMATIONS.keys()])(
    'confirmation %s: the issuer for the voucher, the rate comments, the taxes payable at the hotel',
    async (name) => {
      answer = CONFIRMATIONS.get(name)!;
      const wire = (answer.booking as Json).hotel as Json;
      const rates = wireRatesOf(wire);
      // The adapter books with its own rate keys; what matters here is that the spec's answer is read whole.
      const booking = await adapter
        .book({
          supplierRateKey: String(rates[0]!.rateKey ?? 'example-key'),
          clientReference: 'BK1',
          holder: { firstName: 'Ada', lastName: 'Lovelace' },
          rooms: rates.map(() => ({ guests: [{ type: 'adult', firstName: 'Ada', lastName: 'Lovelace' }] })),
        })
        .catch(async () => adapter.getBooking({ supplierReference: String((answer.booking as Json).reference) }));
      expect(booking.supplierReference).toBe((answer.booking as Json).reference);
      expect(booking.issuer).toEqual(wire.supplier);
      expect(booking.price.amount).toBe(rates.reduce((sum, r) => sum.plus(parseDecimal(String(r.net))), parseDecimal('0')).toFixed(2));
      expect(booking.remarks?.map((r) => r.text).join(' ')).toContain('Estimated total amount of taxes & fees');
    },
  );

  it('booking detail: net 250.19 with a hotel-mandatory selling rate of 280.00, the 6.60 EUR the hotel collects, the issuer', async () => {
    answer = DETAIL;
    const booking = await adapter.getBooking({ supplierReference: '1-3816248' });
    expect(booking).toMatchObject({ supplierReference: '1-3816248', status: 'confirmed', price: { amount: '250.19', currency: 'EUR' } });
    expect(booking.issuer).toEqual({ name: 'HOTELBEDS PRODUCT,S.L.U.', vatNumber: 'ESB38877676' });
    expect(booking.payAtProperty).toEqual([{ kind: 'tax', description: 'Tax', amount: { amount: '6.60', currency: 'EUR' } }]);
    expect(booking.remarks?.[0]?.text).toMatch(/^1x JUNIOR SUITE Estimated total amount of taxes & fees/);
  });

  it('the same rate is never priced below the hotel floor of 280.00 EUR, nor below its GBP equivalent', () => {
    const wire = wireRatesOf((DETAIL.booking as Json).hotel as Json)[0]!;
    const rate = singleRate({ ...wire, rateKey: 'detail' }, 'JSU.ST', 'JUNIOR SUITE STANDARD', 'EUR', 'bookingDetail', 1);
    expect(rate.minimumSellingPrice).toEqual({ amount: '280.00', currency: 'EUR' });
    const price = (quoteCurrency: string) =>
      priceRate({
        rate,
        supplierId: 'hotelbeds',
        stars: 4,
        rules: DEFAULT_PRICING_RULES.demo!,
        quoteCurrency,
        fx: embeddedFxRates,
        nights: 1,
        rooms: 1,
      });
    const withoutFloor = priceRate({
      rate: { ...rate, minimumSellingPrice: undefined },
      supplierId: 'hotelbeds',
      stars: 4,
      rules: DEFAULT_PRICING_RULES.demo!,
      quoteCurrency: 'EUR',
      fx: embeddedFxRates,
      nights: 1,
      rooms: 1,
    });
    expect(withoutFloor.total).toBe('272.21');
    expect(price('EUR').total).toBe('280.00');
    const gbp = price('GBP');
    expect(parseDecimal(gbp.total).greaterThanOrEqualTo(parseDecimal('280.00').times(parseDecimal(gbp.fx.rate)))).toBe(true);
    for (const p of [price('EUR'), gbp]) {
      expect(
        parseDecimal(p.net)
          .plus(parseDecimal(p.markup))
          .plus(parseDecimal(p.tax))
          .plus(parseDecimal(p.serviceFee))
          .equals(parseDecimal(p.total)),
      ).toBe(true);
    }
  });

  it('modification: the changed booking is read back whole', async () => {
    answer = CHANGE;
    // modify() first reads the booking's policies (GET detail): the same example answers both.
    const result = await adapter.modify({
      supplierReference: String((CHANGE.booking as Json).reference),
      holder: { firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(result.kind).toBe('modified');
    if (result.kind === 'modified') expect(result.booking.issuer?.vatNumber).toBe('ESB38877676');
  });

  it("stay change: the spec's bookingChange example prices a SIMULATION (its stay, its net, its penalties), and an UPDATE at that price is made", async () => {
    answer = CHANGE;
    const hotel = (CHANGE.booking as Json).hotel as Json;
    const change = {
      supplierReference: String((CHANGE.booking as Json).reference),
      checkIn: String(hotel.checkIn),
      checkOut: String(hotel.checkOut),
      occupancies: [{ adults: 1, childrenAges: [6, 5] }],
      rooms: [{ guests: [{ type: 'adult' as const, firstName: 'First Adult Name', lastName: 'Surname' }] }],
    };
    const quoted = await adapter.quoteStayChange(change);
    expect(quoted).toEqual({
      kind: 'quoted',
      quote: {
        checkIn: '2017-09-15',
        checkOut: '2017-09-20',
        price: { amount: '302.26', currency: 'EUR' },
        cancellationPolicy: [
          { from: '2017-09-12T21:59:00.000Z', penalty: { amount: '70.50', currency: 'EUR' } },
          { from: '2017-09-14T21:59:00.000Z', penalty: { amount: '141.00', currency: 'EUR' } },
        ],
      },
    });
    const sent = recorder.exchanges.filter((e) => e.method === 'PUT').map((e) => JSON.parse(e.requestBody!));
    expect(sent[0]).toMatchObject({ mode: 'SIMULATION', booking: { hotel: { checkIn: '2017-09-15', checkOut: '2017-09-20' } } });
    expect(sent[0].booking.hotel.rooms[0].paxes).toEqual([
      { roomId: 1, type: 'AD', name: 'First Adult Name', surname: 'Surname' },
      { roomId: 1, type: 'CH', age: 6 },
      { roomId: 1, type: 'CH', age: 5 },
    ]);
    expect(await adapter.changeStay({ ...change, quotedPrice: { amount: '300.00', currency: 'EUR' } })).toEqual({
      kind: 'price-changed',
      price: { amount: '302.26', currency: 'EUR' },
    });
    const made = await adapter.changeStay({ ...change, quotedPrice: { amount: '302.26', currency: 'EUR' } });
    expect(made).toMatchObject({ kind: 'changed', booking: { checkIn: '2017-09-15', checkOut: '2017-09-20', status: 'confirmed' } });
    expect(recorder.exchanges.filter((e) => e.method === 'PUT').map((e) => JSON.parse(e.requestBody!).mode)).toEqual([
      'SIMULATION',
      'SIMULATION',
      'SIMULATION',
      'UPDATE',
    ]);
  });

  it("cancellation quote: the spec's cancellation example answers a SIMULATION with what the cancellation would cost", async () => {
    answer = CANCELLATION;
    expect(await adapter.quoteCancellation({ supplierReference: '1-3816248' })).toEqual({ penalty: { amount: '0.00', currency: 'EUR' } });
    expect(new URL(recorder.exchanges.at(-1)!.url).searchParams.get('cancellationFlag')).toBe('SIMULATION');
  });

  it('cancellation: `cancellationAmount: 0` sent as a number is a cancellation at no cost, not an unreadable answer', async () => {
    answer = CANCELLATION;
    const result = await adapter.cancel({ supplierReference: '1-3816248' });
    expect(result).toMatchObject({
      supplierReference: '1-3816248',
      status: 'cancelled',
      penalty: { amount: '0.00', currency: 'EUR' },
      cancellationReference: 'PPFPPJXXVZ',
    });
  });
});
