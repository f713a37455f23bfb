/**
 * The integer fast path of pricing (rate-pricer.ts) against the decimal.js reference implementation
 * (price-rate-decimal.ts): identical Price objects, or identical errors, on many seeded random rates and
 * rules across EUR/USD/GBP/JPY/BHD/ISK, and proof that the fast path (not the fallback) priced them.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ReferenceFxRates, embeddedFxRates } from '../../functions/search/fx/reference-fx-rates.js';
import type { FxRates } from '../../functions/search/fx/fx-rates.js';
import { priceRateWithDecimals } from '../../functions/search/pricing/price-rate-decimal.js';
import { priceRate } from '../../functions/search/pricing/price-rate.js';
import { pricingRulesSchema, type PricingRules, type PricingRulesInput } from '../../functions/search/pricing/pricing-rules.js';
import { createRatePricer } from '../../functions/search/pricing/rate-pricer.js';
import { parseMinorUnits, parseUnsignedDecimal, roundShiftHalfUp } from '../../functions/search/pricing/scaled-integer.js';
import type { BoardBasis, SupplierRate } from '../../functions/suppliers/port.js';
import { Rng } from '../../functions/suppliers/world/prng.js';

// Count the fallbacks: the reference is the real implementation, wrapped in a spy.
vi.mock('../../functions/search/pricing/price-rate-decimal.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../functions/search/pricing/price-rate-decimal.js')>();
  return { priceRateWithDecimals: vi.fn(actual.priceRateWithDecimals) };
});
const reference = vi.mocked(priceRateWithDecimals);
beforeEach(() => {
  reference.mockClear();
});

const CURRENCIES = ['EUR', 'USD', 'GBP', 'JPY', 'BHD', 'ISK'] as const;
const EXPONENT: Record<string, number> = { EUR: 2, USD: 2, GBP: 2, JPY: 0, BHD: 3, ISK: 0 };
const BOARDS: BoardBasis[] = ['RO', 'BB', 'HB', 'FB', 'AI'];
const SUPPLIERS = ['hotelbeds', 'expedia', 'opentravel'];

/** Reference figures with long digit strings, so some EUR→X products reach 10^40 and must fall back. */
const LONG_FX = new ReferenceFxRates({
  asOf: '2026-01-01',
  source: 'long figures',
  perEur: { USD: '1.041123456789012345678', GBP: '0.8260812345678901', JPY: '156.96123456789012345', ISK: '145.7000000000001' },
  perUsd: { BHD: { perUsd: '0.376', source: 'peg' } },
});

/** Decimal text of `digits` random digits as minor units of `exponent` ("0.07", "1234.50", "8"). */
function amountText(rng: Rng, exponent: number, digits: number): string {
  let units = String(rng.int(1, 9));
  for (let i = 1; i < digits; i += 1) units += String(rng.int(0, 9));
  return minorText(BigInt(units), exponent);
}

function minorText(minor: bigint, exponent: number): string {
  const digits = minor.toString().padStart(exponent + 1, '0');
  return exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

function percentText(rng: Rng): string {
  const whole = String(rng.int(0, rng.chance(0.05) ? 1000 : 40));
  if (whole === '1000' || rng.chance(0.3)) return whole;
  let fraction = '';
  for (let i = rng.int(1, 6); i > 0; i -= 1) fraction += String(rng.int(0, 9));
  return `${whole}.${fraction}`;
}

function randomRules(rng: Rng): PricingRules {
  const fixedAmount = (currency: string): string => amountText(rng, EXPONENT[currency]!, rng.int(1, 6));
  const markups: NonNullable<PricingRulesInput['markups']> = [];
  for (let i = rng.int(0, 4); i > 0; i -= 1) {
    const when = {
      ...(rng.chance(0.3) ? { supplierIds: rng.sample(SUPPLIERS, rng.int(1, 2)) } : {}),
      ...(rng.chance(0.3) ? { minStars: rng.int(1, 4) } : {}),
      ...(rng.chance(0.2) ? { maxStars: 5 } : {}),
      ...(rng.chance(0.3) ? { boardBasis: rng.sample(BOARDS, rng.int(1, 3)) } : {}),
    };
    const currency = rng.pick(CURRENCIES);
    markups.push({
      id: `m${i}`,
      when,
      markup: rng.chance(0.7)
        ? { kind: 'percentage', percent: percentText(rng) }
        : { kind: 'fixed', amount: fixedAmount(currency), currency, per: rng.pick(['booking', 'night', 'room_night'] as const) },
    });
  }
  const feeCurrency = rng.pick(CURRENCIES);
  const serviceFee = rng.pick([
    undefined,
    { kind: 'percentage' as const, percent: percentText(rng) },
    { kind: 'fixed' as const, amount: fixedAmount(feeCurrency), currency: feeCurrency },
  ]);
  return pricingRulesSchema.parse({ markups, payAtHotel: { applyMarkup: rng.chance(0.5) }, ...(serviceFee ? { serviceFee } : {}) });
}

function randomRate(rng: Rng, currency: string, maxDigits: number): SupplierRate {
  const exponent = EXPONENT[currency]!;
  const priceDigits = rng.int(1, maxDigits);
  const price = amountText(rng, exponent, priceDigits);
  const payAtHotel = rng.chance(0.3);
  const taxes: SupplierRate['taxes'][number][] = [];
  for (let i = rng.int(0, 3); i > 0; i -= 1) {
    taxes.push({ kind: rng.pick(['tax', 'fee'] as const), included: rng.chance(0.5), amount: { amount: amountText(rng, exponent, rng.int(1, Math.max(1, priceDigits - 2))), currency } });
  }
  return {
    supplierRateKey: 'k',
    roomTypeCode: 'DBL',
    roomTypeName: 'Double room',
    boardBasis: rng.pick(BOARDS),
    refundable: rng.chance(0.5),
    payment: payAtHotel ? 'pay_at_hotel' : 'net',
    price: { amount: price, currency },
    ...(payAtHotel ? { commission: { amount: amountText(rng, exponent, rng.int(1, priceDigits)), currency } } : {}),
    cancellationPolicy: [],
    taxes,
  };
}

/** The outcome of a pricing call, comparable with toEqual: the Price, or the error's class and message. */
function outcome(price: () => unknown): unknown {
  try {
    return { price: price() };
  } catch (error) {
    return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

interface Case {
  readonly rate: SupplierRate;
  readonly supplierId: string;
  readonly stars: number | undefined;
}

/** Prices every case through one pricer (shared caches) and each alone through the reference. */
function compareAll(cases: readonly Case[], context: { rules: PricingRules; quoteCurrency: string; fx: FxRates; nights: number; rooms: number }): { fallbacks: number } {
  const pricer = createRatePricer(context);
  let fallbacks = 0;
  for (const [i, c] of cases.entries()) {
    const before = reference.mock.calls.length;
    const fast = outcome(() => pricer.price(c.rate, c.supplierId, c.stars));
    fallbacks += reference.mock.calls.length - before;
    const slow = outcome(() => priceRateWithDecimals({ ...context, rate: c.rate, supplierId: c.supplierId, stars: c.stars }));
    expect(fast, `case ${i}: ${JSON.stringify(c.rate)}`).toEqual(slow);
  }
  return { fallbacks };
}

describe('pricing fast path = decimal.js reference', () => {
  it('gives identical Price objects on 6,000 seeded random rates across EUR/USD/GBP/JPY/BHD/ISK, without falling back', () => {
    const rng = new Rng(20261123);
    let priced = 0;
    for (let search = 0; search < 200; search += 1) {
      const quoteCurrency = rng.pick(CURRENCIES);
      const context = { rules: randomRules(rng), quoteCurrency, fx: embeddedFxRates, nights: rng.int(1, 21), rooms: rng.int(1, 6) };
      const cases: Case[] = [];
      for (let i = 0; i < 30; i += 1) {
        const rate = randomRate(rng, rng.pick(CURRENCIES), 10);
        const included = rate.taxes.filter((t) => t.included).reduce((sum, t) => sum + parseMinorUnits(t.amount.amount, EXPONENT[rate.price.currency]!)!, 0n);
        // Keep these well-formed (included taxes within the price), so every one must take the fast path.
        if (included > parseMinorUnits(rate.price.amount, EXPONENT[rate.price.currency]!)!) continue;
        cases.push({ rate, supplierId: rng.pick(SUPPLIERS), stars: rng.chance(0.2) ? undefined : rng.int(1, 5) });
      }
      priced += cases.length;
      expect(compareAll(cases, context).fallbacks, `search ${search}`).toBe(0);
    }
    expect(priced).toBeGreaterThan(5000);
  });

  it('matches the reference where products reach 40 digits and decimal.js has to round (the fallback)', () => {
    const rng = new Rng(7);
    let fallbacks = 0;
    for (let search = 0; search < 60; search += 1) {
      const context = { rules: randomRules(rng), quoteCurrency: rng.pick(CURRENCIES), fx: LONG_FX, nights: rng.int(1, 9), rooms: rng.int(1, 3) };
      const cases = Array.from({ length: 20 }, () => ({ rate: randomRate(rng, rng.pick(CURRENCIES), 28), supplierId: rng.pick(SUPPLIERS), stars: rng.int(1, 5) }));
      fallbacks += compareAll(cases, context).fallbacks;
    }
    expect(fallbacks).toBeGreaterThan(0); // the guard was exercised, and both sides of it agree
  });

  it('leaves a product decimal.js rounds at 40 digits to decimal.js, even where that moves the minor unit', () => {
    // amount × rate = K.4999…9 exactly (42 digits): decimal.js first rounds it to 40 digits, K.5, then to K + 1.
    const amount = 123456789012347n; // JPY, coprime with 10
    const m = 28n;
    const tail = 5n * 10n ** (m - 1n) - 1n; // .4999…9 as m fraction digits
    const k = (((-tail * modInverse(10n ** m % amount, amount)) % amount) + amount) % amount;
    const scaledProduct = k * 10n ** m + tail;
    expect(scaledProduct % amount).toBe(0n);
    const rateText = `0.${(scaledProduct / amount).toString().padStart(Number(m), '0')}`;
    const fx: FxRates = { rate: (from, to) => ({ from, to, rate: from === to ? '1' : rateText, source: 'constructed', asOf: '2026-01-01' }) };
    const rate: SupplierRate = {
      supplierRateKey: 'k', roomTypeCode: 'DBL', roomTypeName: 'Double', boardBasis: 'BB', refundable: true, payment: 'net',
      price: { amount: amount.toString(), currency: 'JPY' }, cancellationPolicy: [], taxes: [],
    };
    const context = { rules: pricingRulesSchema.parse({}), quoteCurrency: 'ISK', fx, nights: 1, rooms: 1 };
    expect(compareAll([{ rate, supplierId: 'hotelbeds', stars: 4 }], context).fallbacks).toBe(1);
    expect(createRatePricer(context).price(rate, 'hotelbeds', 4).net).toBe((k + 1n).toString());
  });

  it('raises the reference errors, and prices the oddities decimal.js accepts, the same way', () => {
    const rules = pricingRulesSchema.parse({
      markups: [{ id: 'p', markup: { kind: 'percentage', percent: '8' } }],
      serviceFee: { kind: 'fixed', amount: '2.00', currency: 'EUR' },
    });
    const base: SupplierRate = {
      supplierRateKey: 'k', roomTypeCode: 'DBL', roomTypeName: 'Double', boardBasis: 'BB', refundable: true, payment: 'net',
      price: { amount: '100.00', currency: 'EUR' }, cancellationPolicy: [], taxes: [],
    };
    const odd: SupplierRate[] = [
      { ...base, price: { amount: ' 100.00 ', currency: 'EUR' } },
      { ...base, price: { amount: '100.500', currency: 'EUR' } },
      { ...base, price: { amount: '100.505', currency: 'EUR' } },
      { ...base, price: { amount: '-0.00', currency: 'EUR' } },
      { ...base, price: { amount: '-1.00', currency: 'EUR' } },
      { ...base, price: { amount: '1e3', currency: 'EUR' } },
      { ...base, price: { amount: '.5', currency: 'EUR' } },
      { ...base, price: { amount: '', currency: 'EUR' } },
      { ...base, price: { amount: '0', currency: 'EUR' } },
      { ...base, price: { amount: '007.5', currency: 'EUR' } },
      { ...base, price: { amount: '100', currency: 'KWD' } },
      { ...base, taxes: [{ kind: 'tax', included: true, amount: { amount: '100.01', currency: 'EUR' } }] },
      { ...base, taxes: [{ kind: 'tax', included: true, amount: { amount: '5.00', currency: 'USD' } }] },
      { ...base, payment: 'pay_at_hotel', commission: { amount: '-2.00', currency: 'EUR' } },
      { ...base, payment: 'pay_at_hotel', commission: { amount: '2.00', currency: 'GBP' } },
    ];
    const cases = odd.map((rate) => ({ rate, supplierId: 'hotelbeds', stars: 4 }));
    for (const quoteCurrency of [...CURRENCIES, 'KWD', 'XXX']) {
      compareAll(cases, { rules, quoteCurrency, fx: embeddedFxRates, nights: 2, rooms: 1 });
    }
    compareAll(cases.slice(0, 1), { rules, quoteCurrency: 'EUR', fx: embeddedFxRates, nights: 0, rooms: 1 });
    compareAll(cases.slice(0, 1), { rules, quoteCurrency: 'EUR', fx: embeddedFxRates, nights: 2, rooms: 1.5 });
    const badRules = { ...rules, markups: [{ id: 'bad', when: {}, markup: { kind: 'percentage' as const, percent: '-5' } }] };
    compareAll(cases.slice(0, 1), { rules: badRules, quoteCurrency: 'GBP', fx: embeddedFxRates, nights: 2, rooms: 1 });
  });

  it('priceRate (one rate, no shared pricer) is the same function', () => {
    const rng = new Rng(99);
    for (let i = 0; i < 300; i += 1) {
      const input = { rate: randomRate(rng, rng.pick(CURRENCIES), 9), supplierId: rng.pick(SUPPLIERS), stars: rng.int(1, 5), rules: randomRules(rng), quoteCurrency: rng.pick(CURRENCIES), fx: embeddedFxRates, nights: 3, rooms: 2 };
      expect(outcome(() => priceRate(input))).toEqual(outcome(() => priceRateWithDecimals(input)));
    }
  });
});

describe('scaled integers', () => {
  it('parse only plain unsigned decimal text', () => {
    expect(parseUnsignedDecimal('12.50')).toEqual({ units: 1250n, scale: 2 });
    expect(parseUnsignedDecimal('8')).toEqual({ units: 8n, scale: 0 });
    for (const text of ['', '-1', '+1', '1.', '.1', '1e3', ' 1', '1.2.3', 'NaN', '1'.repeat(31)]) expect(parseUnsignedDecimal(text), text).toBeUndefined();
    expect(parseMinorUnits('12.5', 2)).toBe(1250n);
    expect(parseMinorUnits('12', 0)).toBe(12n);
    expect(parseMinorUnits('12.5', 0)).toBeUndefined();
  });

  it('round half away from zero, once', () => {
    expect([roundShiftHalfUp(1249n, 1), roundShiftHalfUp(1245n, 1), roundShiftHalfUp(1244n, 1)]).toEqual([125n, 125n, 124n]);
    expect([roundShiftHalfUp(-1245n, 1), roundShiftHalfUp(-1244n, 1)]).toEqual([-125n, -124n]);
    expect([roundShiftHalfUp(5n, 1), roundShiftHalfUp(4n, 1), roundShiftHalfUp(7n, 0), roundShiftHalfUp(7n, -2)]).toEqual([1n, 0n, 7n, 700n]);
  });
});

/** a⁻¹ mod n (extended Euclid), for constructing a product with a chosen tail. */
function modInverse(a: bigint, n: bigint): bigint {
  let [oldR, r] = [a, n];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  if (oldR !== 1n) throw new RangeError('not invertible');
  return ((oldS % n) + n) % n;
}
