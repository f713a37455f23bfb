/**
 * How property-sort.ts orders totals (compareTotals, and through it isPreferredRate, cheapestRate and
 * sortProperties): by exact decimal value, as decimal.js compares them, whatever the texts look like. Plain
 * totals of one scale compare as text without parsing; everything else (other scales, leading zeros,
 * signs, long texts) is parsed; what parseDecimal refuses throws, even as a property's only rate.
 */
import { describe, expect, it } from 'vitest';
import { parseDecimal } from '../../functions/domain/money/decimal.js';
import { cheapestRate, compareTotals, isPreferredRate, sortProperties } from '../../functions/search/ranking/property-sort.js';
import type { RankableProperty, RankableRate } from '../../functions/search/ranking/rankable.js';
import { Rng } from '../../sandbox/world/prng.js';

type Rate = RankableRate & { readonly supplierId: string };

function rate(total: string, refundable = true, supplierId = 'hotelbeds'): Rate {
  return { supplierId, boardBasis: 'BB', refundable, cancellationPolicy: [], price: { total, currency: 'EUR' } };
}

/** The order every comparison must give: decimal.js on the parsed values (throws on what parseDecimal refuses). */
function byValue(a: string, b: string): number {
  return parseDecimal(a).comparedTo(parseDecimal(b));
}

function outcome(run: () => unknown): unknown {
  try {
    return { value: run() };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Decimal text of a random value: mostly plain totals of one scale, often of another, with leading zeros or a sign, or junk. */
function randomTotal(rng: Rng): string {
  const kind = rng.int(0, 9);
  if (kind === 9) return rng.pick(['', '1e3', '.5', '5.', ' 1.00', '1.00 ', '1,00', 'NaN', '--1', '1.2.3']);
  let whole = String(rng.int(0, rng.pick([9, 99, 999, 99_999])));
  if (rng.chance(0.02)) whole = '9'.repeat(rng.int(16, 40)); // past 2^53 and past 30 characters
  if (kind === 8) whole = `${'0'.repeat(rng.int(1, 3))}${whole}`;
  const scale = kind <= 5 ? 2 : rng.int(0, 4);
  let fraction = '';
  for (let i = 0; i < scale; i += 1) fraction += String(rng.int(0, 9));
  if (kind === 7 && scale > 0) fraction = `${fraction.slice(0, -1)}0`; // equal values at different scales
  const text = scale === 0 ? whole : `${whole}.${fraction}`;
  return kind === 7 && rng.chance(0.3) ? `-${text}` : text;
}

describe('compareTotals', () => {
  it('orders by value, not text', () => {
    expect(compareTotals('9.50', '10.00')).toBe(-1);
    expect(compareTotals('100.00', '99.99')).toBe(1);
    expect(compareTotals('100.0', '100.00')).toBe(0);
    expect(compareTotals('100', '100.00')).toBe(0);
    expect(compareTotals('0.10', '0.09')).toBe(1);
    expect(compareTotals('007.50', '7.5')).toBe(0);
    expect(compareTotals('0.00', '0.00')).toBe(0);
    expect(compareTotals('-1.00', '0.00')).toBe(-1);
    expect(compareTotals('12345678901234567890123456789012345.00', '12345678901234567890123456789012344.99')).toBe(1);
    expect(() => compareTotals('1e3', '1.00')).toThrow(RangeError);
    expect(() => compareTotals('1.00', '')).toThrow(RangeError);
  });

  it('agrees with decimal.js on 30,000 seeded random pairs, and throws where it throws', () => {
    const rng = new Rng(8128);
    for (let i = 0; i < 30_000; i += 1) {
      const a = randomTotal(rng);
      const b = rng.chance(0.1) ? a : randomTotal(rng);
      expect(
        outcome(() => compareTotals(a, b)),
        `${JSON.stringify(a)} vs ${JSON.stringify(b)}`,
      ).toEqual(outcome(() => byValue(a, b)));
    }
  });
});

describe('isPreferredRate and cheapestRate', () => {
  it('prefer the lower total by value; on equal values ("100.0" = "100.00") a refundable one, then the lower supplierId', () => {
    expect(isPreferredRate(rate('99.99'), rate('100.00'))).toBe(true);
    expect(isPreferredRate(rate('100.00'), rate('99.99'))).toBe(false);
    expect(isPreferredRate(rate('100.0', true), rate('100.00', false))).toBe(true);
    expect(isPreferredRate(rate('100.00', false), rate('100.0', true))).toBe(false);
    expect(isPreferredRate(rate('100.00', true, 'expedia'), rate('100.0', true, 'hotelbeds'))).toBe(true);
    expect(isPreferredRate(rate('100.00', true, 'hotelbeds'), rate('100.0', true, 'hotelbeds'))).toBe(false);
    expect(() => isPreferredRate(rate('1e3'), rate('100.00'))).toThrow(RangeError);
    const rates = [rate('120.00'), rate('80.0', false), rate('80.00', true), rate('080.00', true)];
    expect(cheapestRate(rates)).toBe(rates[2]);
  });

  it("refuse a total parseDecimal refuses, even a property's only rate", () => {
    expect(() => cheapestRate([rate('NaN')])).toThrow(RangeError);
    expect(() => cheapestRate([rate('1.00'), rate('abc')])).toThrow(RangeError);
    expect(() => sortProperties([{ propertyId: 'A', name: 'A', starRating: 3, rates: [rate('')] }])).toThrow(RangeError);
    expect(cheapestRate([rate('-0.00')])?.price.total).toBe('-0.00'); // decimal, if odd: as before
  });

  it('pick what a decimal.js comparison picks, on 2,000 seeded random rate lists', () => {
    const rng = new Rng(496);
    for (let i = 0; i < 2_000; i += 1) {
      const rates = Array.from({ length: rng.int(1, 8) }, () => {
        let total = randomTotal(rng);
        while ('error' in (outcome(() => parseDecimal(total)) as object)) total = randomTotal(rng);
        return rate(total, rng.chance(0.5), rng.pick(['expedia', 'hotelbeds', 'opentravel']));
      });
      let expected: Rate | undefined;
      for (const r of rates) {
        const compared = expected === undefined ? -1 : byValue(r.price.total, expected.price.total);
        if (compared < 0 || (compared === 0 && r.refundable && !expected?.refundable)) expected = r;
      }
      expect(cheapestRate(rates), JSON.stringify(rates.map((r) => r.price.total))).toBe(expected);
      const [candidate, incumbent] = [rng.pick(rates), rng.pick(rates)];
      const compared = byValue(candidate.price.total, incumbent.price.total);
      const preferred =
        compared !== 0
          ? compared < 0
          : candidate.refundable !== incumbent.refundable
            ? candidate.refundable
            : candidate.supplierId < incumbent.supplierId;
      expect(isPreferredRate(candidate, incumbent)).toBe(preferred);
    }
  });
});

describe('sortProperties by price', () => {
  it('orders the same whether the totals are written at one scale or several', () => {
    const rng = new Rng(33550336);
    const properties: RankableProperty<Rate>[] = Array.from({ length: 300 }, (_, i) => ({
      propertyId: `P${String(i).padStart(3, '0')}`,
      name: `Hotel ${rng.int(0, 20)}`,
      starRating: rng.chance(0.1) ? undefined : rng.int(1, 5),
      rates: Array.from({ length: rng.int(0, 4) }, () => rate(`${rng.int(0, 500)}.${rng.int(0, 9)}0`)),
    }));
    // The same values, written with one, zero or three decimals where that keeps them equal.
    const rewritten = properties.map((p) => ({
      ...p,
      rates: p.rates.map((r) => {
        const [whole, fraction] = r.price.total.split('.') as [string, string];
        const text = rng.pick([
          `${whole}.${fraction}`,
          `${whole}.${fraction.slice(0, 1)}`,
          `${whole}.${fraction}0`,
          fraction === '00' ? whole : `${whole}.${fraction}`,
        ]);
        return rate(text, r.refundable, r.supplierId);
      }),
    }));
    const ids = (list: readonly RankableProperty<Rate>[]) => list.map((p) => p.propertyId);
    expect(ids(sortProperties(rewritten))).toEqual(ids(sortProperties(properties)));
    expect(ids(sortProperties(rewritten, { sort: 'starRating' }))).toEqual(ids(sortProperties(properties, { sort: 'starRating' })));
    // And the order is by value: every property's cheapest total is at least the one before.
    const sorted = sortProperties(rewritten).filter((p) => p.rates.length > 0);
    const cheapest = sorted.map((p) => cheapestRate(p.rates)!.price.total);
    for (let i = 1; i < cheapest.length; i += 1) expect(byValue(cheapest[i - 1]!, cheapest[i]!)).toBeLessThanOrEqual(0);
  });

  it('orders totals of one scale by value either side of what it reads as numbers (15 digits), and mixed with properties without rates', () => {
    const totals = ['9999999999999.99', '10000000000000.00', '999999999999999', '0.05', '0.50', '12.00', '100000000000000.00'];
    for (const list of [totals.slice(0, 2), totals.slice(0, 3), totals.slice(3, 6), [...totals.slice(3, 6), totals[6]!]]) {
      // In reverse, each followed by one without a rate (the first must have one: it names the currency).
      const properties: RankableProperty<Rate>[] = [...list].reverse().flatMap((total, i) => [
        { propertyId: `P${i}`, name: 'Same', starRating: 3, rates: [rate(total)] },
        { propertyId: `Q${i}`, name: 'Same', starRating: 3, rates: [] },
      ]);
      const sorted = sortProperties(properties).map((p) => p.rates[0]?.price.total ?? 'none');
      const expected = [...list].sort(byValue);
      expect(sorted).toEqual([...expected, ...list.map(() => 'none')]);
    }
  });

  it('orders totals of one scale by value either side of the largest safe integer (2^53 − 1 units)', () => {
    const safe = ['90071992547409.91', '90071992547409.90', '9007199254740.99', '10000000000000.00'];
    const unsafe = ['90071992547409.92', '90071992547409.93', '99999999999999.99'];
    for (const list of [safe, [...safe, ...unsafe], unsafe]) {
      const properties: RankableProperty<Rate>[] = [...list].reverse().map((total, i) => ({
        propertyId: `P${i}`,
        name: 'Same',
        starRating: 3,
        rates: [rate(total)],
      }));
      expect(sortProperties(properties).map((p) => p.rates[0]!.price.total)).toEqual([...list].sort(byValue));
    }
  });
});
