/**
 * Arithmetic and rounding of priceRate across currencies, checked against an independent oracle written
 * with BigInt rationals (no decimal.js), plus the total identity on many seeded random rates.
 */
import { describe, expect, it } from 'vitest';
import { ReferenceFxRates, embeddedFxRates } from '../../functions/domain/fx/reference-fx-rates.js';
import { priceRate } from '../../functions/domain/pricing/price-rate.js';
import type { PriceRateInput } from '../../functions/domain/pricing/price-rate-input.js';
import { pricingRulesSchema, type PricingRulesInput } from '../../functions/domain/pricing/pricing-rules.js';
import type { BoardBasis, SupplierRate } from '../../functions/suppliers/port.js';
import { Rng } from '../../sandbox/world/prng.js';

function rate(overrides: Partial<SupplierRate> & { price: SupplierRate['price'] }): SupplierRate {
  return {
    supplierRateKey: 'k1',
    roomTypeCode: 'DBL',
    roomTypeName: 'Double room',
    boardBasis: 'BB',
    refundable: true,
    payment: 'net',
    cancellationPolicy: [],
    taxes: [],
    ...overrides,
  };
}

function price(input: Omit<Partial<PriceRateInput>, 'rules'> & { rate: SupplierRate; rules?: PricingRulesInput; quoteCurrency: string }) {
  return priceRate({
    supplierId: 'hotelbeds',
    stars: 4,
    fx: embeddedFxRates,
    nights: 2,
    rooms: 1,
    ...input,
    rules: pricingRulesSchema.parse(input.rules ?? {}),
  });
}

const EXPONENT: Record<string, number> = { JPY: 0, KRW: 0, ISK: 0, BHD: 3, KWD: 3 };
const exponentOf = (currency: string): number => EXPONENT[currency] ?? 2;

/** "12.345" → 12345n / 1000n, exactly. */
function rational(text: string): { n: bigint; d: bigint } {
  const [whole, fraction = ''] = text.split('.');
  return { n: BigInt(`${whole}${fraction}`), d: 10n ** BigInt(fraction.length) };
}

/** Half-up rounding of n/d (n, d > 0) to an integer. */
const roundHalfUp = (n: bigint, d: bigint): bigint => (2n * n + d) / (2n * d);

/** Amount string × rate string (× numerator/denominator), rounded half up to `to`'s minor unit: the oracle. */
function oracle(amount: string, rateText: string, to: string, times: { n: bigint; d: bigint } = { n: 1n, d: 1n }): bigint {
  const a = rational(amount);
  const r = rational(rateText);
  return roundHalfUp(a.n * r.n * times.n * 10n ** BigInt(exponentOf(to)), a.d * r.d * times.d);
}

function minorOf(text: string, currency: string): bigint {
  const exponent = exponentOf(currency);
  const [whole, fraction = ''] = text.split('.');
  expect(fraction.length, `${text} has ${currency}'s ${exponent} decimals`).toBe(exponent);
  return BigInt(`${whole}${fraction}`);
}

describe('conversion and rounding across currencies', () => {
  it('EUR → JPY: no decimals, half up once per component', () => {
    const p = price({ rate: rate({ price: { amount: '123.45', currency: 'EUR' } }), quoteCurrency: 'JPY' });
    // 123.45 × 156.96 = 19376.712 → 19377
    expect(p).toMatchObject({ net: '19377', markup: '0', tax: '0', serviceFee: '0', total: '19377', currency: 'JPY' });
    expect(p.fx).toEqual({
      from: 'EUR',
      to: 'JPY',
      rate: '156.96',
      source: 'ECB reference rates (embedded snapshot 2025-02-28)',
      asOf: '2025-02-28',
    });
  });

  it('EUR → JPY with the demo rules: 8 % markup and a 2 EUR fee, each converted and rounded once', () => {
    const p = price({
      rate: rate({ price: { amount: '100.00', currency: 'EUR' } }),
      quoteCurrency: 'JPY',
      rules: {
        markups: [{ id: 'all', markup: { kind: 'percentage', percent: '8' } }],
        serviceFee: { kind: 'fixed', amount: '2.00', currency: 'EUR' },
      },
    });
    // net 15696; markup 100 × 156.96 × 8 % = 1255.68 → 1256; fee 2 × 156.96 = 313.92 → 314
    expect(p).toMatchObject({ net: '15696', markup: '1256', serviceFee: '314', total: '17266' });
    expect(p.feeFx).toBeUndefined(); // the fee's EUR is the supplier's EUR: the stamp already says it
  });

  it('GBP → BHD: three decimals through a USD peg', () => {
    const p = price({ rate: rate({ price: { amount: '250.00', currency: 'GBP' } }), quoteCurrency: 'BHD' });
    // 250 × 0.473868874685 = 118.46721867125 → 118.467
    expect(p.net).toBe('118.467');
    expect(p.total).toBe('118.467');
    expect(p.fx.rate).toBe('0.473868874685');
  });

  it('USD → EUR: the inverse figure at 12 significant digits, then cents', () => {
    const p = price({ rate: rate({ price: { amount: '100.00', currency: 'USD' } }), quoteCurrency: 'EUR' });
    expect(p.fx.rate).toBe('0.960522524253');
    expect(p.net).toBe('96.05'); // 96.0522524253
  });

  it("rounds exact halves up, not to even (banker's rounding would give 150 and 0.04)", () => {
    const fx = new ReferenceFxRates({ asOf: '2026-01-01', source: 'half test', perEur: { JPY: '150.5', USD: '1.25' }, perUsd: {} });
    expect(price({ rate: rate({ price: { amount: '1.00', currency: 'EUR' } }), quoteCurrency: 'JPY', fx }).net).toBe('151');
    // 2.25 USD → EUR at 0.8 = 1.80; 2.5 % markup = 0.045 → 0.05 (half even: 0.04); 12.5 % fee of 1.85 = 0.23125 → 0.23
    const p = price({
      rate: rate({ price: { amount: '2.25', currency: 'USD' } }),
      quoteCurrency: 'EUR',
      fx,
      rules: {
        markups: [{ id: 'm', markup: { kind: 'percentage', percent: '2.5' } }],
        serviceFee: { kind: 'percentage', percent: '12.5' },
      },
    });
    expect(p).toMatchObject({ net: '1.80', markup: '0.05', serviceFee: '0.23', total: '2.08' });
  });

  it('refuses supplier amounts with more precision than their currency', () => {
    expect(() => price({ rate: rate({ price: { amount: '100.5', currency: 'JPY' } }), quoteCurrency: 'EUR' })).toThrow(/more decimals/);
    expect(() => price({ rate: rate({ price: { amount: '1e3', currency: 'EUR' } }), quoteCurrency: 'EUR' })).toThrow(/decimal/);
  });

  it('keeps total = net + markup + tax + serviceFee exactly on 2,000 seeded random rates, each component within half a minor unit', () => {
    const rng = new Rng(20260301);
    const currencies = ['EUR', 'USD', 'GBP', 'JPY', 'BHD', 'KRW', 'CHF', 'AED', 'THB', 'HUF', 'ISK', 'EGP'];
    const boards: BoardBasis[] = ['RO', 'BB', 'HB', 'FB', 'AI'];
    for (let i = 0; i < 2000; i += 1) {
      const from = rng.pick(currencies);
      const to = rng.pick(currencies);
      const scale = 10 ** exponentOf(from);
      const priceMinor = rng.int(1, 5_000_000);
      const includedMinor = rng.chance(0.4) ? rng.int(0, priceMinor) : 0;
      const excludedMinor = rng.chance(0.4) ? rng.int(1, 100_000) : 0;
      const text = (minor: number): string => (minor / scale).toFixed(exponentOf(from)); // test data only
      const payAtHotel = rng.chance(0.3);
      const percent = `${rng.int(0, 30)}.${rng.int(0, 99)}`;
      const feePercent = `${rng.int(0, 5)}.${rng.int(0, 9)}`;
      const nights = rng.int(1, 30);
      const rooms = rng.int(1, 8);
      const useFixedFee = rng.chance(0.5);
      const p = price({
        rate: rate({
          price: { amount: text(priceMinor), currency: from },
          boardBasis: rng.pick(boards),
          payment: payAtHotel ? 'pay_at_hotel' : 'net',
          ...(payAtHotel ? { commission: { amount: text(Math.floor(priceMinor / 10)), currency: from } } : {}),
          taxes: [
            ...(includedMinor > 0
              ? [{ kind: 'tax' as const, included: true, amount: { amount: text(includedMinor), currency: from } }]
              : []),
            ...(excludedMinor > 0
              ? [{ kind: 'fee' as const, included: false, amount: { amount: text(excludedMinor), currency: from } }]
              : []),
          ],
        }),
        quoteCurrency: to,
        nights,
        rooms,
        rules: {
          markups: [
            { id: 'pct', markup: { kind: 'percentage', percent } },
            { id: 'fixed', when: { boardBasis: ['AI'] }, markup: { kind: 'fixed', amount: '1.25', currency: 'GBP', per: 'room_night' } },
          ],
          payAtHotel: { applyMarkup: rng.chance(0.5) },
          serviceFee: useFixedFee ? { kind: 'fixed', amount: '3.50', currency: 'USD' } : { kind: 'percentage', percent: feePercent },
        },
      });
      const [net, markup, tax, fee, total, commission] = [p.net, p.markup, p.tax, p.serviceFee, p.total, p.commission].map((v) =>
        minorOf(v, to),
      );
      expect(total, `case ${i}`).toBe(net! + markup! + tax! + fee!);
      expect(p.currency).toBe(to);
      expect(p.fx.from).toBe(from);
      expect(p.fx.to).toBe(to);
      // Each component is the oracle's single half-up rounding of its exact converted value.
      expect(net, `net case ${i}`).toBe(oracle(text(priceMinor - includedMinor), p.fx.rate, to));
      expect(tax, `tax case ${i}`).toBe(oracle(text(includedMinor), p.fx.rate, to));
      if (payAtHotel) expect(commission).toBe(oracle(text(Math.floor(priceMinor / 10)), p.fx.rate, to));
      else expect(commission).toBe(0n);
      if (useFixedFee) {
        const usd = p.feeFx?.find((f) => f.from === 'USD')?.rate ?? (from === 'USD' ? p.fx.rate : '1');
        expect(fee, `fee case ${i}`).toBe(oracle('3.50', usd, to));
      } else {
        const pct = rational(feePercent);
        expect(fee, `fee case ${i}`).toBe(roundHalfUp((net! + markup! + tax!) * pct.n, pct.d * 100n));
      }
    }
  });
});
