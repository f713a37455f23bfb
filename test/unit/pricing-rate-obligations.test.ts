/**
 * Selling floors and charges payable at the property (functions/domain/pricing/rate-obligations.ts). The
 * figures are Hotelbeds' own: the published spec's booking example sells a rate of `net` 250.19 EUR with a
 * `sellingRate` of 280.00 and `hotelMandatory: true`; demo's rules (8 % and a 2.00 EUR fee) give 272.21.
 */
import { describe, expect, it } from 'vitest';
import { embeddedFxRates } from '../../functions/domain/fx/reference-fx-rates.js';
import { parseDecimal } from '../../functions/domain/money/decimal.js';
import { DEFAULT_PRICING_RULES } from '../../functions/domain/pricing/default-pricing-rules.js';
import { priceRate } from '../../functions/domain/pricing/price-rate.js';
import type { Price } from '../../functions/domain/pricing/price.js';
import { propertyCharge, supplierRate } from '../../functions/suppliers/rate-shape.js';
import type { SupplierRate } from '../../functions/suppliers/port.js';

const demo = DEFAULT_PRICING_RULES.demo!;

function rate(overrides: Partial<SupplierRate> = {}): SupplierRate {
  return supplierRate({
    supplierRateKey:
      '20261215|20261220|W|1|1|DBL.ST|NRF-BB|BB||1~2~0||N@06~~2157e~-1434393485~N~~~NOR~~8A3D8B8D7C8D4C0176254151250800AAUK0000000010000000052196a',
    roomTypeCode: 'DBL.ST',
    roomTypeName: 'DOUBLE STANDARD',
    boardBasis: 'BB',
    refundable: false,
    payment: 'net',
    price: { amount: '250.19', currency: 'EUR' },
    commission: undefined,
    cancellationPolicy: [],
    taxes: [],
    ...overrides,
  });
}

const price = (r: SupplierRate, quoteCurrency = 'EUR'): Price =>
  priceRate({ rate: r, supplierId: 'hotelbeds', stars: 4, rules: demo, quoteCurrency, fx: embeddedFxRates, nights: 5, rooms: 1 });

const sum = (...amounts: string[]): string => amounts.reduce((total, a) => total.plus(parseDecimal(a)), parseDecimal('0')).toFixed();

describe('selling floors', () => {
  it('without a floor, demo sells the spec example at 272.21 EUR', () => {
    expect(price(rate()).total).toBe('272.21');
  });

  it('with the hotel floor of 280.00 EUR, sells at exactly 280.00: the markup is raised, the breakdown still adds up', () => {
    const p = price(rate({ minimumSellingPrice: { amount: '280.00', currency: 'EUR' } }));
    expect(p.total).toBe('280.00');
    expect(p.minimumSellingPrice).toBe('280.00');
    expect(p.net).toBe('250.19');
    expect(p.markup).toBe('27.81');
    expect(sum(p.net, p.markup, p.tax, p.serviceFee)).toBe(parseDecimal(p.total).toFixed());
  });

  it('quoted in GBP, never sells below the floor converted at the stamped rate (rounded up)', () => {
    const p = price(rate({ minimumSellingPrice: { amount: '280.00', currency: 'EUR' } }), 'GBP');
    const floorInGbp = parseDecimal('280.00').times(parseDecimal(p.fx.rate));
    expect(parseDecimal(p.total).greaterThanOrEqualTo(floorInGbp)).toBe(true);
    expect(p.total).toBe(p.minimumSellingPrice);
    expect(sum(p.net, p.markup, p.tax, p.serviceFee)).toBe(parseDecimal(p.total).toFixed());
  });

  it('a floor already met changes nothing but is still stated', () => {
    const p = price(rate({ minimumSellingPrice: { amount: '260.00', currency: 'EUR' } }));
    expect(p.total).toBe('272.21');
    expect(p.minimumSellingPrice).toBe('260.00');
  });
});

describe('charges payable at the property', () => {
  it('are quoted at the price stamp in the rate currency, added to payableAtHotel, never to total', () => {
    const plain = price(rate());
    const p = price(rate({ payAtProperty: [propertyCharge('city_tax', 'City tax', { amount: '12.50', currency: 'EUR' })] }));
    expect(p.total).toBe(plain.total);
    expect(p.payAtProperty).toEqual([{ kind: 'city_tax', description: 'City tax', amount: '12.50', currency: 'EUR', quote: '12.50' }]);
    expect(plain.payableAtHotel).toBe('0.00');
    expect(p.payableAtHotel).toBe('12.50');
    expect(p.feeFx).toBeUndefined();
  });

  it('in the hotel currency (not the rate one) are converted at a stamp of their own, listed in feeFx', () => {
    const p = price(rate({ payAtProperty: [propertyCharge('resort_fee', 'Resort fee', { amount: '30.00', currency: 'USD' })] }), 'GBP');
    expect(p.payAtProperty?.[0]).toMatchObject({ amount: '30.00', currency: 'USD' });
    const stamp = p.feeFx?.find((s) => s.from === 'USD');
    expect(stamp).toMatchObject({ from: 'USD', to: 'GBP' });
    const expected = parseDecimal('30.00').times(parseDecimal(stamp!.rate)).toDecimalPlaces(2).toFixed(2);
    expect(p.payAtProperty?.[0]?.quote).toBe(expected);
    expect(p.payableAtHotel).toBe(expected);
  });
});
