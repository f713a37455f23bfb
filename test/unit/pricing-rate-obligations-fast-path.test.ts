/**
 * The integer path of the suppliers' obligations (rate-obligations.ts: selling floors and charges the
 * property collects, on safe integers) against the decimal.js reference (rate-obligations-decimal.ts):
 * identical Price objects, or identical errors, on many seeded random rates across EUR/USD/GBP/JPY/BHD/ISK,
 * with proof that real-sized rates never reach decimal.js and that everything the integer path does not take
 * (signs, spaces, too many decimals, unknown currencies, amounts past 2^53, long stamped rates) does.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FxRates } from '../../functions/domain/fx/fx-rates.js';
import { ReferenceFxRates, embeddedFxRates } from '../../functions/domain/fx/reference-fx-rates.js';
import { DEFAULT_PRICING_RULES } from '../../functions/domain/pricing/default-pricing-rules.js';
import { priceRateWithDecimals } from '../../functions/domain/pricing/price-rate-decimal.js';
import type { Price } from '../../functions/domain/pricing/price.js';
import { withRateObligationsOnDecimals } from '../../functions/domain/pricing/rate-obligations-decimal.js';
import { createQuoteConversions } from '../../functions/domain/pricing/quote-conversions.js';
import { createRateObligations } from '../../functions/domain/pricing/rate-obligations.js';
import { createRatePricer } from '../../functions/domain/pricing/rate-pricer.js';
import type { PropertyCharge } from '../../functions/domain/rate/supplier-rate.js';
import type { SupplierRate } from '../../functions/suppliers/port.js';
import { Rng } from '../../sandbox/world/prng.js';

// Count the fallbacks: the reference is the real implementation, wrapped in a spy.
vi.mock('../../functions/domain/pricing/rate-obligations-decimal.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../functions/domain/pricing/rate-obligations-decimal.js')>();
  return { withRateObligationsOnDecimals: vi.fn(actual.withRateObligationsOnDecimals) };
});
const reference = vi.mocked(withRateObligationsOnDecimals);
beforeEach(() => {
  reference.mockClear();
});

const CURRENCIES = ['EUR', 'USD', 'GBP', 'JPY', 'BHD', 'ISK'] as const;
const EXPONENT: Record<string, number> = { EUR: 2, USD: 2, GBP: 2, JPY: 0, BHD: 3, ISK: 0 };
const KINDS = ['tax', 'city_tax', 'resort_fee', 'mandatory_fee', 'other'] as const;

/** Reference figures with long digit strings: some stamped rates' multipliers leave the safe integers. */
const LONG_FX = new ReferenceFxRates({
  asOf: '2026-01-01',
  source: 'long figures',
  perEur: { USD: '1.041123456789012345678', GBP: '0.8260812345678901', JPY: '156.96123456789012345', ISK: '145.7000000000001' },
  perUsd: { BHD: { perUsd: '0.376', source: 'peg' } },
});

function amountText(rng: Rng, exponent: number, digits: number): string {
  let units = String(rng.int(1, 9));
  for (let i = 1; i < digits; i += 1) units += String(rng.int(0, 9));
  const padded = units.padStart(exponent + 1, '0');
  return exponent === 0 ? padded : `${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

function plainRate(currency: string, amount: string, payment: SupplierRate['payment'] = 'net'): SupplierRate {
  return {
    supplierRateKey: 'k',
    roomTypeCode: 'DBL',
    roomTypeName: 'Double',
    boardBasis: 'BB',
    refundable: true,
    payment,
    price: { amount, currency },
    cancellationPolicy: [],
    taxes: [],
  };
}

/** A rate with charges and a floor in any of the currencies, and the price pricing gives it without them. */
function randomCase(rng: Rng, quote: string, fx: FxRates, maxDigits: number): { price: Price; rate: SupplierRate } {
  const currency = rng.pick(CURRENCIES);
  const exponent = EXPONENT[currency]!;
  const plain = plainRate(currency, amountText(rng, exponent, rng.int(1, maxDigits)), rng.chance(0.3) ? 'pay_at_hotel' : 'net');
  const price = priceRateWithDecimals({
    rate: plain,
    supplierId: 'hotelbeds',
    stars: 4,
    rules: DEFAULT_PRICING_RULES.demo!,
    quoteCurrency: quote,
    fx,
    nights: 2,
    rooms: 1,
  });
  const charges: PropertyCharge[] = [];
  for (let i = rng.int(0, 3); i > 0; i -= 1) {
    const chargeCurrency = rng.chance(0.5) ? currency : rng.pick(CURRENCIES);
    charges.push({
      kind: rng.pick(KINDS),
      description: rng.chance(0.5) ? 'A charge' : undefined,
      amount: { amount: amountText(rng, EXPONENT[chargeCurrency]!, rng.int(1, maxDigits)), currency: chargeCurrency },
    });
  }
  const floorCurrency = rng.chance(0.6) ? currency : rng.pick(CURRENCIES);
  const floor = rng.chance(0.6)
    ? { amount: amountText(rng, EXPONENT[floorCurrency]!, rng.int(1, maxDigits)), currency: floorCurrency }
    : undefined;
  return {
    price,
    rate: {
      ...plain,
      ...(charges.length > 0 || rng.chance(0.2) ? { payAtProperty: charges } : {}),
      ...(floor ? { minimumSellingPrice: floor } : {}),
    },
  };
}

/** The price (as its JSON text too: the answer's key order is the reference's), or the error's class and message. */
function outcome(apply: () => unknown): unknown {
  try {
    const price = apply();
    return { price, json: JSON.stringify(price) };
  } catch (error) {
    return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/**
 * Applies every case (all quoted in one currency, as a search's are) through one RateObligations (shared
 * caches) and each alone through the reference; counts fallbacks.
 */
function compareAll(cases: readonly { price: Price; rate: SupplierRate }[], fx: FxRates): number {
  const obligations = createRateObligations(createQuoteConversions(fx, cases[0]!.price.currency, undefined));
  let fallbacks = 0;
  for (const [i, c] of cases.entries()) {
    const before = reference.mock.calls.length;
    const fast = outcome(() => obligations.apply(c.price, c.rate));
    if (reference.mock.calls.length > before) fallbacks += 1;
    const slow = outcome(() => withRateObligationsOnDecimals(c.price, c.rate, fx, undefined));
    expect(fast, `case ${i}: ${JSON.stringify(c)}`).toEqual(slow);
    // Once more: the stamps and multipliers now come from the caches.
    expect(
      outcome(() => obligations.apply(c.price, c.rate)),
      `case ${i} again`,
    ).toEqual(slow);
  }
  return fallbacks;
}

describe('rate obligations on safe integers = decimal.js reference', () => {
  it('gives identical prices on 6,000 seeded random real-sized rates (up to 99,999.99) with floors and charges in every currency pair, all on numbers', () => {
    const rng = new Rng(20261125);
    let applied = 0;
    for (let search = 0; search < 200; search += 1) {
      const quote = rng.pick(CURRENCIES);
      const cases = Array.from({ length: 30 }, () => randomCase(rng, quote, embeddedFxRates, 7));
      applied += cases.length;
      expect(compareAll(cases, embeddedFxRates), `search ${search}`).toBe(0);
    }
    expect(applied).toBe(6000);
  });

  it('matches the reference with long stamped rates and amounts past 2^53 (the fallback)', () => {
    const rng = new Rng(11);
    let fallbacks = 0;
    for (let search = 0; search < 60; search += 1) {
      const quote = rng.pick(CURRENCIES);
      fallbacks += compareAll(
        Array.from({ length: 20 }, () => randomCase(rng, quote, LONG_FX, 20)),
        LONG_FX,
      );
    }
    expect(fallbacks).toBeGreaterThan(0);
  });

  it('raises the reference errors, and takes the oddities decimal.js accepts, the same way', () => {
    const price = priceRateWithDecimals({
      rate: plainRate('EUR', '250.19'),
      supplierId: 'hotelbeds',
      stars: 4,
      rules: DEFAULT_PRICING_RULES.demo!,
      quoteCurrency: 'EUR',
      fx: embeddedFxRates,
      nights: 5,
      rooms: 1,
    });
    const base = plainRate('EUR', '250.19');
    const charge = (amount: string, currency = 'EUR'): SupplierRate => ({
      ...base,
      payAtProperty: [{ kind: 'city_tax', description: undefined, amount: { amount, currency } }],
    });
    const floor = (amount: string, currency = 'EUR'): SupplierRate => ({ ...base, minimumSellingPrice: { amount, currency } });
    const odd = [
      charge(' 12.50 '),
      charge('12.500'),
      charge('12.505'),
      charge('-1.00'),
      charge('-0.00'),
      charge('1e3'),
      charge('.5'),
      charge(''),
      charge('007.5'),
      charge('12.50', 'KWD'),
      charge('12.50', 'XXX'),
      floor(' 280.00'),
      floor('280.000'),
      floor('-280.00'),
      floor('280.00', 'XXX'),
      floor('0'),
      floor('99999999999999999999.99'),
      { ...charge('5.00', 'USD'), minimumSellingPrice: { amount: '280.00', currency: 'USD' } },
      { ...floor('280.00'), payAtProperty: [] },
    ];
    const cases = odd.map((rate) => ({ price, rate }));
    compareAll(cases, embeddedFxRates);
    // A price whose own amounts are not plain (a negative markup) goes to the reference as a whole.
    compareAll([{ price: { ...price, markup: '-1.00' }, rate: floor('280.00') }], embeddedFxRates);
    // A price with a fee stamp already listed keeps it first, and a charge in its currency uses it.
    const listed = { ...price, feeFx: [embeddedFxRates.rate('USD', 'EUR')] };
    compareAll(
      [
        { price: listed, rate: charge('5.00', 'USD') },
        { price: listed, rate: charge('5.00', 'GBP') },
      ],
      embeddedFxRates,
    );
  });

  it('falls back to the reference for a price at other figures than its conversions, or in another quote currency', () => {
    const rng = new Rng(17);
    let fallbacks = 0;
    for (let i = 0; i < 200; i += 1) {
      const quote = rng.pick(CURRENCIES);
      // Priced at the long figures, applied through conversions at the embedded ones: the price's own stamp
      // is not the conversion's, and the reference converts at the price's own.
      const { price, rate } = randomCase(rng, quote, LONG_FX, 7);
      const obligations = createRateObligations(createQuoteConversions(embeddedFxRates, quote, undefined));
      const before = reference.mock.calls.length;
      const fast = outcome(() => obligations.apply(price, rate));
      if (reference.mock.calls.length > before) fallbacks += 1;
      expect(fast, `case ${i}`).toEqual(outcome(() => withRateObligationsOnDecimals(price, rate, embeddedFxRates, undefined)));
    }
    expect(fallbacks).toBeGreaterThan(0);
    // A price in another currency than the conversions' quote is applied by the reference, in its own currency.
    const { price, rate } = randomCase(new Rng(3), 'GBP', embeddedFxRates, 7);
    const floored = { ...rate, minimumSellingPrice: { amount: '999.00', currency: 'EUR' } };
    const before = reference.mock.calls.length;
    const applied = createRateObligations(createQuoteConversions(embeddedFxRates, 'EUR', undefined)).apply(price, floored);
    expect(reference.mock.calls.length).toBe(before + 1);
    expect(applied).toEqual(withRateObligationsOnDecimals(price, floored, embeddedFxRates, undefined));
  });

  it('is what one pricer applies to a whole search of rates, its conversions shared with the prices', () => {
    const rng = new Rng(23);
    for (let search = 0; search < 40; search += 1) {
      const quote = rng.pick(CURRENCIES);
      const context = { rules: DEFAULT_PRICING_RULES.acme!, quoteCurrency: quote, fx: embeddedFxRates, nights: 3, rooms: 2 };
      const pricer = createRatePricer(context);
      let fallbacks = 0;
      for (let i = 0; i < 30; i += 1) {
        const { rate } = randomCase(rng, quote, embeddedFxRates, 7);
        const supplierId = rng.pick(['expedia', 'hotelbeds', 'opentravel']);
        const before = reference.mock.calls.length;
        const priced = outcome(() => pricer.price(rate, supplierId, 5));
        fallbacks += reference.mock.calls.length - before;
        const input = { ...context, rate, supplierId, stars: 5 };
        const expected = outcome(() => withRateObligationsOnDecimals(priceRateWithDecimals(input), rate, embeddedFxRates, undefined));
        expect(priced, `search ${search}, rate ${i}`).toEqual(expected);
      }
      expect(fallbacks, `search ${search}`).toBe(0);
    }
  });

  it('is what the pricer applies to every rate', () => {
    const rng = new Rng(5);
    for (let i = 0; i < 300; i += 1) {
      const quote = rng.pick(CURRENCIES);
      const { rate } = randomCase(rng, quote, embeddedFxRates, 7);
      const input = {
        rate,
        supplierId: 'expedia',
        stars: 3,
        rules: DEFAULT_PRICING_RULES.demo!,
        quoteCurrency: quote,
        fx: embeddedFxRates,
        nights: 2,
        rooms: 1,
      };
      const expected = outcome(() => withRateObligationsOnDecimals(priceRateWithDecimals(input), rate, embeddedFxRates, undefined));
      expect(outcome(() => createRatePricer(input).price(rate, 'expedia', 3))).toEqual(expected);
    }
  });
});
