/**
 * The integer fast paths of pricing (rate-pricer.ts: JS numbers first, then BigInt) against the decimal.js
 * reference implementation (price-rate-decimal.ts): identical Price objects, or identical errors, on many
 * seeded random rates and rules across EUR/USD/GBP/JPY/BHD/ISK, and proof of which path priced them: the
 * number path for real-sized amounts, the BigInt path past 2^53, both either side of the boundary, and
 * decimal.js only where a product reaches 40 digits or the input is not plain.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ReferenceFxRates, embeddedFxRates } from '../../functions/domain/fx/reference-fx-rates.js';
import type { FxRates } from '../../functions/domain/fx/fx-rates.js';
import { priceRateWithDecimals } from '../../functions/domain/pricing/price-rate-decimal.js';
import { priceRate } from '../../functions/domain/pricing/price-rate.js';
import { pricingRulesSchema, type PricingRules, type PricingRulesInput } from '../../functions/domain/pricing/pricing-rules.js';
import { createRatePricer } from '../../functions/domain/pricing/rate-pricer.js';
import { parseMinorUnits, parseUnsignedDecimal, roundShiftHalfUp } from '../../functions/domain/money/scaled-integer.js';
import { safeScaling } from '../../functions/domain/pricing/safe-integer.js';
import type { BoardBasis, SupplierRate } from '../../functions/suppliers/port.js';
import { Rng } from '../../sandbox/world/prng.js';

// Count the fallbacks: the reference is the real implementation, wrapped in a spy.
vi.mock('../../functions/domain/pricing/price-rate-decimal.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../functions/domain/pricing/price-rate-decimal.js')>();
  return { priceRateWithDecimals: vi.fn(actual.priceRateWithDecimals) };
});
const reference = vi.mocked(priceRateWithDecimals);
// The BigInt path parses every supplier amount with parseMinorUnits; the number path never calls it.
vi.mock('../../functions/domain/money/scaled-integer.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../functions/domain/money/scaled-integer.js')>();
  return { ...actual, parseMinorUnits: vi.fn(actual.parseMinorUnits) };
});
const bigIntParse = vi.mocked(parseMinorUnits);
beforeEach(() => {
  reference.mockClear();
  bigIntParse.mockClear();
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
    taxes.push({
      kind: rng.pick(['tax', 'fee'] as const),
      included: rng.chance(0.5),
      amount: { amount: amountText(rng, exponent, rng.int(1, Math.max(1, priceDigits - 2))), currency },
    });
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

type Path = 'number' | 'bigint' | 'decimal';

interface Paths {
  /** Rates decimal.js priced (or raised the error of). */
  readonly fallbacks: number;
  /** Rates the BigInt path priced (the number path left them). */
  readonly bigInts: number;
  /** Rates the number path priced. */
  readonly numbers: number;
}

/**
 * Prices every case through one pricer (shared caches) and each alone through the reference. Each case is
 * priced twice by the pricer: the first call fills the per-search caches (which parse rule amounts on
 * BigInt too), so the second shows which path the rate itself takes; both must equal the reference.
 */
function compareAll(
  cases: readonly Case[],
  context: { rules: PricingRules; quoteCurrency: string; fx: FxRates; nights: number; rooms: number },
): Paths & { paths: Path[] } {
  const pricer = createRatePricer(context);
  const paths: Path[] = [];
  for (const [i, c] of cases.entries()) {
    const fast = outcome(() => pricer.price(c.rate, c.supplierId, c.stars));
    const references = reference.mock.calls.length;
    const bigIntParses = bigIntParse.mock.calls.length;
    const again = outcome(() => pricer.price(c.rate, c.supplierId, c.stars));
    paths.push(reference.mock.calls.length > references ? 'decimal' : bigIntParse.mock.calls.length > bigIntParses ? 'bigint' : 'number');
    const slow = outcome(() => priceRateWithDecimals({ ...context, rate: c.rate, supplierId: c.supplierId, stars: c.stars }));
    expect(fast, `case ${i}: ${JSON.stringify(c.rate)}`).toEqual(slow);
    expect(again, `case ${i} again: ${JSON.stringify(c.rate)}`).toEqual(slow);
  }
  const count = (path: Path) => paths.filter((p) => p === path).length;
  return { fallbacks: count('decimal'), bigInts: count('bigint'), numbers: count('number'), paths };
}

function sumPaths(a: Paths, b: Paths): Paths {
  return { fallbacks: a.fallbacks + b.fallbacks, bigInts: a.bigInts + b.bigInts, numbers: a.numbers + b.numbers };
}

const NO_PATHS: Paths = { fallbacks: 0, bigInts: 0, numbers: 0 };

describe('pricing fast path = decimal.js reference', () => {
  it('gives identical Price objects on 6,000 seeded random rates across EUR/USD/GBP/JPY/BHD/ISK, without falling back', () => {
    const rng = new Rng(20261123);
    let priced = 0;
    let paths = NO_PATHS;
    for (let search = 0; search < 200; search += 1) {
      const quoteCurrency = rng.pick(CURRENCIES);
      const context = { rules: randomRules(rng), quoteCurrency, fx: embeddedFxRates, nights: rng.int(1, 21), rooms: rng.int(1, 6) };
      const cases: Case[] = [];
      for (let i = 0; i < 30; i += 1) {
        const rate = randomRate(rng, rng.pick(CURRENCIES), 10);
        const included = rate.taxes
          .filter((t) => t.included)
          .reduce((sum, t) => sum + parseMinorUnits(t.amount.amount, EXPONENT[rate.price.currency]!)!, 0n);
        // Keep these well-formed (included taxes within the price), so every one must take the fast path.
        if (included > parseMinorUnits(rate.price.amount, EXPONENT[rate.price.currency]!)!) continue;
        cases.push({ rate, supplierId: rng.pick(SUPPLIERS), stars: rng.chance(0.2) ? undefined : rng.int(1, 5) });
      }
      priced += cases.length;
      const searched = compareAll(cases, context);
      expect(searched.fallbacks, `search ${search}`).toBe(0);
      paths = sumPaths(paths, searched);
    }
    expect(priced).toBeGreaterThan(5000);
    // Amounts of up to 10 digits: the smaller ones on numbers, the larger (and long percents) on BigInt.
    expect(paths.numbers, JSON.stringify(paths)).toBeGreaterThan(priced / 3);
    expect(paths.bigInts, JSON.stringify(paths)).toBeGreaterThan(priced / 10);
  });

  it('matches the reference where products reach 40 digits and decimal.js has to round (the fallback)', () => {
    const rng = new Rng(7);
    let paths = NO_PATHS;
    for (let search = 0; search < 60; search += 1) {
      const context = {
        rules: randomRules(rng),
        quoteCurrency: rng.pick(CURRENCIES),
        fx: LONG_FX,
        nights: rng.int(1, 9),
        rooms: rng.int(1, 3),
      };
      const cases = Array.from({ length: 20 }, () => ({
        rate: randomRate(rng, rng.pick(CURRENCIES), 28),
        supplierId: rng.pick(SUPPLIERS),
        stars: rng.int(1, 5),
      }));
      paths = sumPaths(paths, compareAll(cases, context));
    }
    // Every guard was exercised (numbers → BigInt past 2^53, BigInt → decimal.js at 40 digits), and all agree.
    expect(paths.fallbacks, JSON.stringify(paths)).toBeGreaterThan(0);
    expect(paths.bigInts, JSON.stringify(paths)).toBeGreaterThan(0);
    expect(paths.numbers, JSON.stringify(paths)).toBeGreaterThan(0);
  });

  it('prices real-sized rates (up to 99,999.99, percents up to 40 with 2 decimals) all on numbers, in every currency pair', () => {
    const rng = new Rng(424242);
    const percent = (): string => `${rng.int(0, 40)}${rng.chance(0.5) ? `.${rng.int(0, 99)}` : ''}`;
    let paths = NO_PATHS;
    for (let search = 0; search < 120; search += 1) {
      const feeCurrency = rng.pick(CURRENCIES);
      const markupCurrency = rng.pick(CURRENCIES);
      const rules = pricingRulesSchema.parse({
        markups: [
          { id: 'all', markup: { kind: 'percentage', percent: percent() } },
          {
            id: 'ot',
            when: { supplierIds: ['opentravel'] },
            markup: { kind: 'fixed', amount: amountText(rng, EXPONENT[markupCurrency]!, 3), currency: markupCurrency, per: 'room_night' },
          },
          { id: 'lux', when: { minStars: 5 }, markup: { kind: 'percentage', percent: percent() } },
        ],
        payAtHotel: { applyMarkup: rng.chance(0.5) },
        serviceFee: rng.chance(0.5)
          ? { kind: 'percentage', percent: percent() }
          : { kind: 'fixed', amount: amountText(rng, EXPONENT[feeCurrency]!, 3), currency: feeCurrency },
      });
      const context = { rules, quoteCurrency: rng.pick(CURRENCIES), fx: embeddedFxRates, nights: rng.int(1, 14), rooms: rng.int(1, 4) };
      const cases: Case[] = [];
      for (let i = 0; i < 25; i += 1) {
        const rate = randomRate(rng, rng.pick(CURRENCIES), 7);
        const included = rate.taxes
          .filter((t) => t.included)
          .reduce((sum, t) => sum + parseMinorUnits(t.amount.amount, EXPONENT[rate.price.currency]!)!, 0n);
        if (included > parseMinorUnits(rate.price.amount, EXPONENT[rate.price.currency]!)!) continue;
        cases.push({ rate, supplierId: rng.pick(SUPPLIERS), stars: rng.int(3, 5) });
      }
      paths = sumPaths(paths, compareAll(cases, context));
    }
    expect(paths.numbers).toBeGreaterThan(2500);
    expect(paths, 'every one on numbers').toEqual({ fallbacks: 0, bigInts: 0, numbers: paths.numbers });
  });

  it("prices either side of the number path's limits identically: an amount of MAX_SAFE_INTEGER minor units, and a 12-digit rate's split", () => {
    const noRules = pricingRulesSchema.parse({});
    const eightPercent = pricingRulesSchema.parse({ markups: [{ id: 'p', markup: { kind: 'percentage', percent: '8' } }] });
    const at = (amount: string, currency: string): Case => ({
      rate: {
        supplierRateKey: 'k',
        roomTypeCode: 'DBL',
        roomTypeName: 'Double',
        boardBasis: 'BB',
        refundable: true,
        payment: 'net',
        price: { amount, currency },
        cancellationPolicy: [],
        taxes: [],
      },
      supplierId: 'hotelbeds',
      stars: 4,
    });
    const max = BigInt(Number.MAX_SAFE_INTEGER);
    const text = (minor: bigint, currency: string) => minorText(minor, EXPONENT[currency]!);

    // EUR → EUR, rate "1": the amount itself is the product; MAX_SAFE_INTEGER minor units is the last number.
    const identity = compareAll(
      [at(text(max - 1n, 'EUR'), 'EUR'), at(text(max, 'EUR'), 'EUR'), at(text(max + 1n, 'EUR'), 'EUR'), at(text(max + 2n, 'EUR'), 'EUR')],
      {
        rules: noRules,
        quoteCurrency: 'EUR',
        fx: embeddedFxRates,
        nights: 1,
        rooms: 1,
      },
    );
    expect(identity.paths).toEqual(['number', 'number', 'bigint', 'bigint']);

    // 8 % of it: net × 8 must stay safe too.
    const eighth = max / 8n;
    const marked = compareAll([at(text(eighth, 'JPY'), 'JPY'), at(text(eighth + 1n, 'JPY'), 'JPY')], {
      rules: eightPercent,
      quoteCurrency: 'JPY',
      fx: embeddedFxRates,
      nights: 1,
      rooms: 1,
    });
    expect(marked.paths).toEqual(['number', 'bigint']);

    // USD → EUR multiplies by a 12-digit rate: the product passes 2^53 early and the split takes over,
    // until amount × (the rate's low 8 digits) would pass 2^53.
    const stamp = embeddedFxRates.rate('USD', 'EUR');
    const rate = parseUnsignedDecimal(stamp.rate)!;
    expect(rate.units.toString().length).toBeGreaterThanOrEqual(11);
    const directLimit = max / rate.units;
    const splitLimit = max / (rate.units % 10n ** 8n);
    const usd = [directLimit, directLimit + 1n, splitLimit, splitLimit + 1n].map((minor) => at(text(minor, 'USD'), 'USD'));
    const split = compareAll(usd, { rules: noRules, quoteCurrency: 'EUR', fx: embeddedFxRates, nights: 1, rooms: 1 });
    expect(split.paths).toEqual(['number', 'number', 'number', 'bigint']);
    expect(safeScaling(rate.units, 2 + rate.scale - 2)!.low).toBe(Number(rate.units % 10n ** 8n));
  });

  it('prices fixed markups and fees in a third currency (feeFx), and percents with six decimals, like the reference', () => {
    const rules = pricingRulesSchema.parse({
      markups: [
        { id: 'jpy-night', markup: { kind: 'fixed', amount: '1500', currency: 'JPY', per: 'room_night' } },
        { id: 'pct', when: { boardBasis: ['HB'] }, markup: { kind: 'percentage', percent: '7.123456' } },
      ],
      serviceFee: { kind: 'fixed', amount: '1.250', currency: 'BHD' },
    });
    const base: SupplierRate = {
      supplierRateKey: 'k',
      roomTypeCode: 'DBL',
      roomTypeName: 'Double',
      boardBasis: 'BB',
      refundable: true,
      payment: 'net',
      price: { amount: '1234.56', currency: 'USD' },
      cancellationPolicy: [],
      taxes: [
        { kind: 'tax', included: true, amount: { amount: '101.17', currency: 'USD' } },
        { kind: 'fee', included: false, amount: { amount: '15.60', currency: 'USD' } },
      ],
    };
    const cases: Case[] = [
      { rate: base, supplierId: 'expedia', stars: 4 },
      { rate: { ...base, boardBasis: 'HB' }, supplierId: 'expedia', stars: 4 },
      { rate: { ...base, payment: 'pay_at_hotel', commission: { amount: '185.18', currency: 'USD' } }, supplierId: 'expedia', stars: 4 },
      { rate: { ...base, boardBasis: 'HB', price: { amount: '99999.99', currency: 'USD' } }, supplierId: 'expedia', stars: 4 },
    ];
    for (const quoteCurrency of ['GBP', 'EUR', 'JPY', 'BHD', 'ISK']) {
      const result = compareAll(cases, { rules, quoteCurrency, fx: embeddedFxRates, nights: 3, rooms: 2 });
      // 99,999.99 × a 12-digit rate × 7.123456 % is a 26-digit product: past what the number path splits, so BigInt
      // (except where the rate is short, USD → BHD "0.376"); either way the reference's answer.
      expect(result.paths.slice(0, 3), quoteCurrency).toEqual(['number', 'number', 'number']);
      expect(result.paths[3], quoteCurrency).toBe(quoteCurrency === 'BHD' ? 'number' : 'bigint');
    }
    const price = createRatePricer({ rules, quoteCurrency: 'GBP', fx: embeddedFxRates, nights: 3, rooms: 2 }).price(base, 'expedia', 4);
    expect(price.feeFx?.map((f) => f.from)).toEqual(['JPY', 'BHD']);
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
    const fx: FxRates = {
      rate: (from, to) => ({ from, to, rate: from === to ? '1' : rateText, source: 'constructed', asOf: '2026-01-01' }),
    };
    const rate: SupplierRate = {
      supplierRateKey: 'k',
      roomTypeCode: 'DBL',
      roomTypeName: 'Double',
      boardBasis: 'BB',
      refundable: true,
      payment: 'net',
      price: { amount: amount.toString(), currency: 'JPY' },
      cancellationPolicy: [],
      taxes: [],
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
      supplierRateKey: 'k',
      roomTypeCode: 'DBL',
      roomTypeName: 'Double',
      boardBasis: 'BB',
      refundable: true,
      payment: 'net',
      price: { amount: '100.00', currency: 'EUR' },
      cancellationPolicy: [],
      taxes: [],
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
      const input = {
        rate: randomRate(rng, rng.pick(CURRENCIES), 9),
        supplierId: rng.pick(SUPPLIERS),
        stars: rng.int(1, 5),
        rules: randomRules(rng),
        quoteCurrency: rng.pick(CURRENCIES),
        fx: embeddedFxRates,
        nights: 3,
        rooms: 2,
      };
      expect(outcome(() => priceRate(input))).toEqual(outcome(() => priceRateWithDecimals(input)));
    }
  });
});

describe('scaled integers', () => {
  it('parse only plain unsigned decimal text', () => {
    expect(parseUnsignedDecimal('12.50')).toEqual({ units: 1250n, scale: 2 });
    expect(parseUnsignedDecimal('8')).toEqual({ units: 8n, scale: 0 });
    for (const text of ['', '-1', '+1', '1.', '.1', '1e3', ' 1', '1.2.3', 'NaN', '1'.repeat(31)])
      expect(parseUnsignedDecimal(text), text).toBeUndefined();
    expect(parseMinorUnits('12.5', 2)).toBe(1250n);
    expect(parseMinorUnits('12', 0)).toBe(12n);
    expect(parseMinorUnits('12.5', 0)).toBeUndefined();
  });

  it('round half away from zero, once', () => {
    expect([roundShiftHalfUp(1249n, 1), roundShiftHalfUp(1245n, 1), roundShiftHalfUp(1244n, 1)]).toEqual([125n, 125n, 124n]);
    expect([roundShiftHalfUp(-1245n, 1), roundShiftHalfUp(-1244n, 1)]).toEqual([-125n, -124n]);
    expect([roundShiftHalfUp(5n, 1), roundShiftHalfUp(4n, 1), roundShiftHalfUp(7n, 0), roundShiftHalfUp(7n, -2)]).toEqual([
      1n,
      0n,
      7n,
      700n,
    ]);
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
