import { describe, expect, it } from 'vitest';
import { embeddedFxRates } from '../../functions/domain/fx/reference-fx-rates.js';
import { FxUnavailableError } from '../../functions/domain/fx/fx-rates.js';
import { DEFAULT_PRICING_RULES } from '../../functions/domain/pricing/default-pricing-rules.js';
import { priceRate } from '../../functions/domain/pricing/price-rate.js';
import { pricingRulesSchema, type PricingRules } from '../../functions/domain/pricing/pricing-rules.js';
import type { SupplierRate } from '../../functions/suppliers/port.js';

const NONE = pricingRulesSchema.parse({});

function rate(overrides: Partial<SupplierRate> = {}): SupplierRate {
  return {
    supplierRateKey: 'k',
    roomTypeCode: 'DBL',
    roomTypeName: 'Double',
    boardBasis: 'BB',
    refundable: true,
    payment: 'net',
    price: { amount: '200.00', currency: 'EUR' },
    cancellationPolicy: [],
    taxes: [],
    ...overrides,
  };
}

const priceIn = (
  quoteCurrency: string,
  r: SupplierRate,
  rules: PricingRules = NONE,
  extra: { supplierId?: string; stars?: number; nights?: number; rooms?: number } = {},
) =>
  priceRate({
    rate: r,
    supplierId: extra.supplierId ?? 'hotelbeds',
    stars: extra.stars ?? 4,
    rules,
    quoteCurrency,
    fx: embeddedFxRates,
    nights: extra.nights ?? 2,
    rooms: extra.rooms ?? 1,
  });

describe('priceRate', () => {
  it('prices a net EUR rate for demo in EUR: 8 % markup, 2.00 EUR fee, identity fx', () => {
    const p = priceIn('EUR', rate(), DEFAULT_PRICING_RULES.demo);
    expect(p).toEqual({
      net: '200.00',
      markup: '16.00',
      commission: '0.00',
      tax: '0.00',
      serviceFee: '2.00',
      total: '218.00',
      currency: 'EUR',
      payableAtHotel: '0.00',
      fx: { from: 'EUR', to: 'EUR', rate: '1', source: 'identity (no conversion)', asOf: '2025-02-28' },
    });
  });

  it('shows the commission on a pay-at-hotel rate and, for demo, adds no markup', () => {
    const r = rate({
      payment: 'pay_at_hotel',
      price: { amount: '210.00', currency: 'USD' },
      commission: { amount: '25.20', currency: 'USD' },
    });
    const p = priceIn('EUR', r, DEFAULT_PRICING_RULES.demo);
    // 210 × 0.960522524253 = 201.7097 → 201.71; 25.20 × … = 24.2052 → 24.21; fee 2.00 EUR (EUR→EUR identity)
    expect(p).toMatchObject({ net: '201.71', markup: '0.00', commission: '24.21', tax: '0.00', serviceFee: '2.00', total: '203.71' });
    // The guest pays the hotel its price; we collect only our fee.
    expect(p.payableAtHotel).toBe('201.71');
  });

  it('marks up a pay-at-hotel rate when the account says so (acme)', () => {
    const r = rate({ payment: 'pay_at_hotel', commission: { amount: '20.00', currency: 'EUR' } });
    const p = priceIn('EUR', r, DEFAULT_PRICING_RULES.acme, { stars: 4 });
    // acme-default 5 % of 200 = 10.00; fee 1.5 % of 210.00 = 3.15
    expect(p).toMatchObject({
      net: '200.00',
      markup: '10.00',
      commission: '20.00',
      serviceFee: '3.15',
      total: '213.15',
      payableAtHotel: '200.00',
    });
  });

  it('on a net rate the commission is zero even if a supplier sent none', () => {
    expect(priceIn('GBP', rate({ price: { amount: '100.00', currency: 'GBP' } })).commission).toBe('0.00');
  });

  it('breaks included taxes out of net and keeps taxes payable at the hotel out of the total', () => {
    const r = rate({
      taxes: [
        { kind: 'tax', included: true, amount: { amount: '18.18', currency: 'EUR' }, description: 'VAT' },
        { kind: 'fee', included: true, amount: { amount: '1.82', currency: 'EUR' } },
        { kind: 'tax', included: false, amount: { amount: '7.50', currency: 'EUR' }, description: 'city tax' },
      ],
    });
    const p = priceIn('EUR', r);
    expect(p).toMatchObject({ net: '180.00', tax: '20.00', total: '200.00', payableAtHotel: '7.50' });
  });

  it('counts fixed markups per booking, night or room-night, converted from their own currency and stamped', () => {
    const rules = pricingRulesSchema.parse({
      markups: [
        {
          id: 'per-room-night',
          when: { supplierIds: ['opentravel'] },
          markup: { kind: 'fixed', amount: '1.50', currency: 'EUR', per: 'room_night' },
        },
        { id: 'per-night', when: { supplierIds: ['expedia'] }, markup: { kind: 'fixed', amount: '1.50', currency: 'EUR', per: 'night' } },
        { id: 'per-booking', markup: { kind: 'fixed', amount: '1.50', currency: 'EUR' } },
      ],
    });
    const gbpRate = rate({ price: { amount: '300.00', currency: 'GBP' } });
    // 1.50 EUR × 3 nights × 2 rooms = 9.00 EUR → GBP at 0.82608 = 7.43472 → 7.43
    const p = priceIn('GBP', gbpRate, rules, { supplierId: 'opentravel', nights: 3, rooms: 2 });
    expect(p.markup).toBe('7.43');
    expect(p.fx.from).toBe('GBP');
    expect(p.feeFx).toEqual([
      { from: 'EUR', to: 'GBP', rate: '0.82608', source: 'ECB reference rates (embedded snapshot 2025-02-28)', asOf: '2025-02-28' },
    ]);
    expect(priceIn('GBP', gbpRate, rules, { supplierId: 'expedia', nights: 3, rooms: 2 }).markup).toBe('3.72'); // 4.50 EUR = 3.71736
    expect(priceIn('GBP', gbpRate, rules, { supplierId: 'hotelbeds', nights: 3, rooms: 2 }).markup).toBe('1.24'); // 1.50 EUR = 1.23912
  });

  it("applies acme's most specific rule per rate", () => {
    const acme = DEFAULT_PRICING_RULES.acme!;
    const usd = rate({ price: { amount: '100.00', currency: 'USD' }, boardBasis: 'RO' });
    expect(priceIn('USD', usd, acme, { supplierId: 'expedia', stars: 5 }).markup).toBe('10.00'); // expedia + RO beats luxury
    expect(priceIn('USD', { ...usd, boardBasis: 'BB' }, acme, { supplierId: 'expedia', stars: 5 }).markup).toBe('3.00'); // luxury
    expect(priceIn('USD', { ...usd, boardBasis: 'BB' }, acme, { supplierId: 'expedia', stars: 3 }).markup).toBe('5.00'); // default
  });

  it('refuses what it cannot price honestly', () => {
    expect(() => priceIn('EUR', rate({ taxes: [{ kind: 'tax', included: true, amount: { amount: '5.00', currency: 'USD' } }] }))).toThrow(
      /USD but the rate is in EUR/,
    );
    expect(() => priceIn('EUR', rate({ taxes: [{ kind: 'tax', included: true, amount: { amount: '250.00', currency: 'EUR' } }] }))).toThrow(
      /exceed/,
    );
    expect(() => priceIn('EUR', rate({ price: { amount: '-1.00', currency: 'EUR' } }))).toThrow(/negative/);
    expect(() => priceIn('KWD', rate())).toThrow(FxUnavailableError);
    expect(() => priceIn('EUR', rate(), NONE, { nights: 0 })).toThrow(/nights/);
  });
});
