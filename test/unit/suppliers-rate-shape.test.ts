import { describe, expect, it } from 'vitest';
import { rateFromWire, sumRoomPricing } from '../../functions/suppliers/expedia/map-wire.js';
import { packRateKey, unpackRateKey, type ExpediaRateKey } from '../../functions/suppliers/expedia/rate-key.js';
import type { WireRate as ExpediaWireRate } from '../../functions/suppliers/expedia/wire.js';
import { combineRates, singleRate } from '../../functions/suppliers/hotelbeds/map-wire.js';
import type { WireHotel, WireRate as HotelbedsWireRate } from '../../functions/suppliers/hotelbeds/wire.js';
import { money, rateMoney } from '../../functions/domain/money/money.js';
import { mergeRoomRates, roomStayRate } from '../../functions/suppliers/opentravel/map-wire.js';
import { child, children, parseXml } from '../../functions/suppliers/opentravel/xml.js';
import type { SupplierRate } from '../../functions/suppliers/port.js';
import { cancellationPenalty, joinLists, rateTax, supplierRate } from '../../functions/suppliers/rate-shape.js';

/**
 * Every adapter builds its rates through rate-shape: the values are those the adapters returned before
 * (optional values that are absent are undefined, which toEqual and JSON treat as absent), and every rate,
 * Money, tax and penalty has one key order whichever adapter built it, so search's reads see one shape.
 */

const RATE_KEYS = [
  'supplierRateKey',
  'roomTypeCode',
  'roomTypeName',
  'boardBasis',
  'refundable',
  'payment',
  'price',
  'commission',
  'cancellationPolicy',
  'taxes',
  'payAtProperty',
  'remarks',
  'minimumSellingPrice',
  'packageOnly',
  'nightly',
];
const MONEY_KEYS = ['amount', 'currency'];
const TAX_KEYS = ['kind', 'included', 'amount', 'description'];
const PENALTY_KEYS = ['from', 'penalty'];

const eur = (amount: string) => ({ amount, currency: 'EUR' });
const usd = (amount: string) => ({ amount, currency: 'USD' });

/** Asserts the one shape on a rate and everything in it. */
function expectOneShape(rate: SupplierRate): void {
  expect(Object.keys(rate)).toEqual(RATE_KEYS);
  expect(Object.keys(rate.price)).toEqual(MONEY_KEYS);
  if (rate.commission !== undefined) expect(Object.keys(rate.commission)).toEqual(MONEY_KEYS);
  for (const tax of rate.taxes) {
    expect(Object.keys(tax)).toEqual(TAX_KEYS);
    expect(Object.keys(tax.amount)).toEqual(MONEY_KEYS);
  }
  for (const entry of rate.cancellationPolicy) {
    expect(Object.keys(entry)).toEqual(PENALTY_KEYS);
    expect(Object.keys(entry.penalty)).toEqual(MONEY_KEYS);
  }
  for (const night of rate.nightly ?? []) expect(Object.keys(night)).toEqual(MONEY_KEYS);
}

describe('rate-shape constructors', () => {
  it('build the values given, in one key order, with absent optional values as undefined keys', () => {
    expect(rateMoney('12.50', 'EUR')).toEqual(eur('12.50'));
    expect(Object.keys(money(1250, 'EUR'))).toEqual(MONEY_KEYS);
    expect(money(1250, 'EUR')).toEqual(eur('12.50'));

    const tax = rateTax('fee', false, eur('3.00'), undefined);
    expect(tax).toEqual({ kind: 'fee', included: false, amount: eur('3.00') });
    expect(Object.keys(tax)).toEqual(TAX_KEYS);
    expect(JSON.stringify(tax)).toBe('{"kind":"fee","included":false,"amount":{"amount":"3.00","currency":"EUR"}}');
    expect(rateTax('tax', true, eur('1.00'), 'VAT')).toEqual({ kind: 'tax', included: true, amount: eur('1.00'), description: 'VAT' });

    expect(cancellationPenalty('2026-12-01T17:00:00.000Z', eur('9.00'))).toEqual({
      from: '2026-12-01T17:00:00.000Z',
      penalty: eur('9.00'),
    });
  });

  it('copies the port fields only, in the port order, whatever order and extra keys it is given', () => {
    const given = {
      taxes: [],
      cancellationPolicy: [],
      price: eur('10.00'),
      payment: 'net',
      refundable: true,
      boardBasis: 'RO',
      roomTypeName: 'Double',
      roomTypeCode: 'DBL',
      supplierRateKey: 'k',
      extra: 'dropped',
    } as SupplierRate;
    const rate = supplierRate(given);
    expect(Object.keys(rate)).toEqual(RATE_KEYS);
    expect(rate).toEqual({
      supplierRateKey: 'k',
      roomTypeCode: 'DBL',
      roomTypeName: 'Double',
      boardBasis: 'RO',
      refundable: true,
      payment: 'net',
      price: eur('10.00'),
      cancellationPolicy: [],
      taxes: [],
    });
    expect('extra' in rate).toBe(false);
    // JSON (API bodies, rate keys, DynamoDB via removeUndefinedValues) leaves the undefined commission out.
    expect(JSON.stringify(rate)).toBe(
      '{"supplierRateKey":"k","roomTypeCode":"DBL","roomTypeName":"Double","boardBasis":"RO","refundable":true,"payment":"net","price":{"amount":"10.00","currency":"EUR"},"cancellationPolicy":[],"taxes":[]}',
    );
    expect(supplierRate({ ...given, commission: eur('1.50') }).commission).toEqual(eur('1.50'));
  });

  it('joins lists in order', () => {
    expect(joinLists([[1, 2], [], [3]])).toEqual([1, 2, 3]);
    expect(joinLists([])).toEqual([]);
  });
});

describe('Hotelbeds rates', () => {
  const net: HotelbedsWireRate = {
    rateKey: 'k-net',
    rateClass: 'NOR',
    net: '120.50',
    paymentType: 'AT_WEB',
    boardCode: 'BB',
    adults: 2,
    cancellationPolicies: [{ amount: '60.25', from: '2026-12-01T23:59:00+01:00' }],
    taxes: { taxes: [{ included: true, amount: '10.00', currency: 'EUR' }] },
  };
  const atHotel: HotelbedsWireRate = {
    rateKey: 'k-hotel',
    rateClass: 'NRF',
    net: '170.00',
    sellingRate: '200.00',
    commission: '30.00',
    paymentType: 'AT_HOTEL',
    boardCode: 'SC',
    adults: 2,
    cancellationPolicies: [
      { amount: '200.00', from: '2026-11-20T10:00:00Z' },
      { amount: '50', from: '2026-11-10T10:00:00Z' },
    ],
    taxes: { taxes: [{ type: 'FEE', included: false, amount: '5.50', currency: 'EUR' }, { included: true }] },
  };

  it('maps a net rate and a pay-at-hotel rate to the same values as before', () => {
    const first = singleRate(net, 'DBL.ST', 'DOUBLE STANDARD', 'EUR', 'availability');
    expect(first).toEqual({
      supplierRateKey: 'k-net',
      roomTypeCode: 'DBL.ST',
      roomTypeName: 'DOUBLE STANDARD',
      boardBasis: 'BB',
      refundable: true,
      payment: 'net',
      price: eur('120.50'),
      cancellationPolicy: [{ from: '2026-12-01T22:59:00.000Z', penalty: eur('60.25') }],
      taxes: [{ kind: 'tax', included: true, amount: eur('10.00') }],
    });
    expect(first.commission).toBeUndefined();
    const second = singleRate(atHotel, 'DBL.ST', 'DOUBLE STANDARD', 'EUR', 'availability');
    expect(second).toEqual({
      supplierRateKey: 'k-hotel',
      roomTypeCode: 'DBL.ST',
      roomTypeName: 'DOUBLE STANDARD',
      boardBasis: 'RO',
      refundable: false,
      payment: 'pay_at_hotel',
      price: eur('200.00'),
      commission: eur('30.00'),
      cancellationPolicy: [
        { from: '2026-11-10T10:00:00.000Z', penalty: eur('50.00') },
        { from: '2026-11-20T10:00:00.000Z', penalty: eur('200.00') },
      ],
      taxes: [],
      // Not included: the hotel collects it, so it is shown as payable at the property, never in our price.
      payAtProperty: [{ kind: 'mandatory_fee', description: 'Fee', amount: eur('5.50') }],
    });
    expectOneShape(first);
    expectOneShape(second);
  });

  it('combines one rate per occupancy group into one rate of the same shape', () => {
    const hotel: WireHotel = {
      code: 1,
      name: 'H',
      currency: 'EUR',
      rooms: [
        {
          code: 'DBL.ST',
          name: 'DOUBLE STANDARD',
          rates: [
            net,
            {
              ...net,
              rateKey: 'k-net-2',
              net: '80.00',
              adults: 1,
              childrenAges: '7',
              cancellationPolicies: [{ amount: '40.00', from: '2026-11-30T23:59:00+01:00' }],
              taxes: { taxes: [{ included: true, amount: '6.00', currency: 'EUR' }] },
            },
          ],
        },
      ],
    };
    const [rate, ...others] = combineRates(
      hotel,
      new Map([
        ['2|', undefined],
        ['1|7', undefined],
      ]),
      'EUR',
      'availability',
    );
    expect(others).toEqual([]);
    expect(rate).toEqual({
      supplierRateKey: expect.stringMatching(/^hbm:/),
      roomTypeCode: 'DBL.ST',
      roomTypeName: 'DOUBLE STANDARD',
      boardBasis: 'BB',
      refundable: true,
      payment: 'net',
      price: eur('200.50'),
      cancellationPolicy: [
        { from: '2026-11-30T22:59:00.000Z', penalty: eur('40.00') },
        { from: '2026-12-01T22:59:00.000Z', penalty: eur('100.25') },
      ],
      taxes: [
        { kind: 'tax', included: true, amount: eur('10.00') },
        { kind: 'tax', included: true, amount: eur('6.00') },
      ],
    });
    expectOneShape(rate!);
  });
});

describe('Expedia rates', () => {
  const pricing = (inclusive: string, extra: object = {}) => ({
    totals: { inclusive: { billable_currency: { value: inclusive, currency: 'USD' } }, ...extra },
    nightly: [
      [{ type: 'base_rate' as const, value: '100.00', currency: 'USD' }],
      [{ type: 'base_rate' as const, value: '110.00', currency: 'USD' }],
    ],
  });
  const wire = (merchant: string, occupancyPricing: object): ExpediaWireRate => ({
    merchant_of_record: merchant as ExpediaWireRate['merchant_of_record'],
    refundable: true,
    amenities: { a: { id: '2205', name: 'Breakfast included' } },
    bed_groups: {
      b1: { links: { price_check: { method: 'GET', href: '/v3/properties/1/rooms/2/rates/3?token=t' } } },
    } as ExpediaWireRate['bed_groups'],
    cancel_penalties: [
      { start: '2026-12-01T18:00:00.000+01:00', nights: '1' },
      { start: '2026-11-25T18:00:00.000+01:00', amount: '20.00', currency: 'USD' },
    ],
    occupancy_pricing: occupancyPricing as ExpediaWireRate['occupancy_pricing'],
  });

  const stay = { checkIn: '2026-12-02', checkOut: '2026-12-04', now: new Date('2026-11-01T00:00:00Z') };
  const facts = { remarks: [], rateRemarks: {} };

  it('maps a pay-at-hotel rate (commission, mandatory tax at the property) and a net rate', () => {
    const propertyCollect = wire('property', {
      '2': {
        ...pricing('230.00', {
          property_inclusive: { billable_currency: { value: '250.00', currency: 'USD' } },
          marketing_fee: { billable_currency: { value: '25.00', currency: 'USD' } },
        }),
        fees: { mandatory_tax: { billable_currency: { value: '12.00', currency: 'USD' } } },
      },
    });
    const [rate] = rateFromWire(propertyCollect, { id: 'R2', room_name: 'Deluxe' }, 'P1', ['2'], stay, facts, 'availability');
    expect(rate).toEqual({
      supplierRateKey: expect.stringMatching(/^exp1\./),
      roomTypeCode: 'R2',
      roomTypeName: 'Deluxe',
      boardBasis: 'BB',
      refundable: true,
      payment: 'pay_at_hotel',
      // The price is `inclusive`: the mandatory tax the property collects is in property_inclusive, shown apart.
      price: usd('230.00'),
      commission: usd('25.00'),
      cancellationPolicy: [
        { from: '2026-11-25T17:00:00.000Z', penalty: usd('20.00') },
        { from: '2026-12-01T17:00:00.000Z', penalty: usd('100.00') },
      ],
      taxes: [],
      payAtProperty: [{ kind: 'tax', description: 'Mandatory tax, collected by the property', amount: usd('12.00') }],
      remarks: [],
      packageOnly: false,
      // Rapid's own nightly breakdown: what the price's nightly split follows.
      nightly: [usd('100.00'), usd('110.00')],
    });
    expectOneShape(rate!);

    const [netRate] = rateFromWire(
      wire('expedia', { '2': pricing('230.00') }),
      { id: 'R2' },
      'P1',
      ['2', '2'],
      stay,
      facts,
      'availability',
    );
    expect(netRate).toEqual({
      supplierRateKey: expect.stringMatching(/^exp1\./),
      roomTypeCode: 'R2',
      roomTypeName: 'R2',
      boardBasis: 'BB',
      refundable: true,
      payment: 'net',
      price: usd('460.00'),
      cancellationPolicy: [
        { from: '2026-11-25T17:00:00.000Z', penalty: usd('20.00') },
        { from: '2026-12-01T17:00:00.000Z', penalty: usd('200.00') },
      ],
      taxes: [],
      payAtProperty: [],
      remarks: [],
      packageOnly: false,
      nightly: [usd('200.00'), usd('220.00')],
    });
    expect(netRate!.commission).toBeUndefined();
    expectOneShape(netRate!);
    expect(sumRoomPricing([pricing('230.00')], 'net', 'availability')).toEqual({
      price: usd('230.00'),
      taxes: [],
      nightlyMinor: [10000, 11000],
      payAtProperty: [],
    });
  });

  it('gives a rate key back with the same penalties, rebuilt in the one shape', () => {
    const key: ExpediaRateKey = {
      priceCheckHref: '/v3/x',
      propertyId: 'P1',
      occupancies: ['2'],
      roomTypeCode: 'R2',
      roomTypeName: 'Deluxe',
      boardBasis: 'BB',
      refundable: true,
      payment: 'net',
      cancellationPolicy: [{ from: '2026-11-25T17:00:00.000Z', penalty: usd('20.00') }],
    };
    const unpacked = unpackRateKey(packRateKey(key));
    expect(unpacked).toEqual(key);
    expect(packRateKey(unpacked)).toBe(packRateKey(key));
    expect(Object.keys(unpacked.cancellationPolicy[0]!)).toEqual(PENALTY_KEYS);
    const forged = `exp1.${Buffer.from(JSON.stringify({ ...key, cancellationPolicy: [{ from: 1 }] })).toString('base64url')}`;
    expect(() => unpackRateKey(forged)).toThrow(/not an Expedia rate key/);
  });
});

describe('OpenTravel rates', () => {
  const roomStay = (rph: string, total: string, commission: string, taxes: string) => `
    <RoomStay RoomStayCandidateRPH="${rph}">
      <RoomTypes><RoomType RoomTypeCode="DBL"><RoomDescription Name="Double room"/></RoomType></RoomTypes>
      <RatePlans><RatePlan RatePlanCode="BAR" PrepaidIndicator="${commission ? 'false' : 'true'}"><MealsIncluded MealPlanCodes="3"/>${commission ? `<Commission><CommissionPayableAmount Amount="${commission}" CurrencyCode="EUR"/></Commission>` : ''}</RatePlan></RatePlans>
      <CancelPenalties><CancelPenalty><Deadline AbsoluteDeadline="2026-12-01T18:00:00"/><AmountPercent Amount="90.00" CurrencyCode="EUR"/></CancelPenalty></CancelPenalties>
      <Total AmountAfterTax="${total}" CurrencyCode="EUR">${taxes}</Total>
      <BasicPropertyInfo HotelCode="OT1" HotelCityCode="PAR" HotelName="Hotel"/>
    </RoomStay>`;
  const stays = (...xml: string[]) =>
    children(child(parseXml(`<RoomStays>${xml.join('')}</RoomStays>`), 'RoomStays'), 'RoomStay').map((node) =>
      roomStayRate(node, 'availability'),
    );
  const taxes =
    '<Taxes><Tax Type="Inclusive" Amount="16.36" CurrencyCode="EUR"><TaxDescription><Text>VAT</Text></TaxDescription></Tax><Tax Type="Exclusive" Amount="7.80"/></Taxes>';

  it('maps a pay-at-hotel room stay to the same values as before, the key in the port position', () => {
    const [stay] = stays(roomStay('1', '180.00', '18.00', taxes));
    const rate = mergeRoomRates([stay!.rate], 'ot-key');
    expect(rate).toEqual({
      supplierRateKey: 'ot-key',
      roomTypeCode: 'DBL',
      roomTypeName: 'Double room',
      boardBasis: 'BB',
      refundable: true,
      payment: 'pay_at_hotel',
      price: eur('180.00'),
      commission: eur('18.00'),
      cancellationPolicy: [{ from: '2026-12-01T17:00:00.000Z', penalty: eur('90.00') }],
      // An Exclusive tax is not in the price: the property collects it (OpenTravel adapter, issue 24).
      taxes: [{ kind: 'tax', included: true, amount: eur('16.36'), description: 'VAT' }],
      payAtProperty: [{ kind: 'tax', amount: eur('7.80') }],
      remarks: [],
    });
    expect(rate.payAtProperty![0]!.description).toBeUndefined();
    expectOneShape(rate);
  });

  it('merges the rooms of a prepaid rate into one rate of the same shape', () => {
    const parts = stays(roomStay('1', '180.00', '', ''), roomStay('2', '120.00', '', taxes));
    const rate = mergeRoomRates(
      parts.map((part) => part.rate),
      'ot-key-2',
    );
    expect(rate).toEqual({
      supplierRateKey: 'ot-key-2',
      roomTypeCode: 'DBL',
      roomTypeName: 'Double room',
      boardBasis: 'BB',
      refundable: true,
      payment: 'net',
      price: eur('300.00'),
      cancellationPolicy: [{ from: '2026-12-01T17:00:00.000Z', penalty: eur('180.00') }],
      taxes: [{ kind: 'tax', included: true, amount: eur('16.36'), description: 'VAT' }],
      payAtProperty: [{ kind: 'tax', amount: eur('7.80') }],
      remarks: [],
    });
    expect(rate.commission).toBeUndefined();
    expectOneShape(rate);
  });
});
