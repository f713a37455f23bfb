/**
 * The one reading of a supplier's percentage (functions/domain/money/percentage.ts): the percentages the
 * suppliers' published contracts give, read from specs/ at test time; the edge cases each adapter meets;
 * and properties against decimal.js (the share of an amount, rounded half up) on random inputs.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Decimal, ROUND_HALF_UP, parseDecimal } from '../../functions/domain/money/decimal.js';
import { formatMinor } from '../../functions/domain/money/money.js';
import { parsePercent, percentOfMinor, type PercentRefusal } from '../../functions/domain/money/percentage.js';
import { cancellationPolicy as expediaPolicy } from '../../functions/suppliers/expedia/map-wire.js';
import { cancellationPolicy as hotelbedsPolicy } from '../../functions/suppliers/hotelbeds/map-wire.js';
import { percentOf as opentravelPercentOf } from '../../functions/suppliers/opentravel/map-wire.js';
import { SupplierError } from '../../functions/suppliers/supplier-error.js';
import { specPath } from '../support/spec-paths.js';
import { repairedSpecText } from '../support/suppliers-expedia-contract.js';

const CAPPED = { atMost100: true };
const UNCAPPED = { atMost100: false };

/** decimal.js: minor × percent / 100, rounded half up (the pricing rule), for a percentage as plain decimal text. */
function reference(minor: number, decimalText: string): number {
  return new Decimal(minor).times(parseDecimal(decimalText)).div(100).toDecimalPlaces(0, ROUND_HALF_UP).toNumber();
}

function refusal(read: () => number | PercentRefusal): PercentRefusal | 'accepted' {
  const answer = read();
  return typeof answer === 'number' ? 'accepted' : answer;
}

/** Every value under a key named exactly `percent`, in parsed YAML, and every percent="…" in the XML examples it quotes. */
function specPercentages(node: unknown, found: (string | number)[] = []): (string | number)[] {
  if (typeof node === 'string') for (const m of node.matchAll(/\bpercent="([^"]*)"/g)) found.push(m[1]!);
  if (Array.isArray(node)) for (const item of node) specPercentages(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'percent' && (typeof value === 'string' || typeof value === 'number')) found.push(value);
      else specPercentages(value, found);
    }
  }
  return found;
}

describe('the percentages the suppliers publish', () => {
  const hotelbeds = specPercentages(parse(readFileSync(specPath('hotelbeds/openapi-spec.yaml'), 'utf8')));
  const expedia = specPercentages(parse(repairedSpecText()));
  const otaPercentage =
    /<xs:simpleType name="Percentage">[\s\S]*?<xs:minInclusive value="([^"]+)"\/>\s*<xs:maxInclusive value="([^"]+)"\/>/.exec(
      readFileSync(specPath('opentravel/OTA_SimpleTypes.xsd'), 'utf8'),
    );

  it('finds them: Hotelbeds penalties and taxes, a Rapid penalty window, the bounds of OTA Percentage', () => {
    expect(hotelbeds.length).toBeGreaterThan(30);
    expect(new Set(hotelbeds)).toEqual(new Set(['10.00']));
    expect(expedia).toEqual(['30%']);
    expect(otaPercentage?.slice(1)).toEqual(['0.00', '100.00']);
  });

  it('reads each exactly and takes its share as decimal.js does', () => {
    expect(parsePercent('10.00', CAPPED)).toBe(10_000_000);
    expect(parsePercent('30%', UNCAPPED)).toBe(30_000_000);
    expect(parsePercent(otaPercentage![1]!, CAPPED)).toBe(0);
    expect(parsePercent(otaPercentage![2]!, CAPPED)).toBe(100_000_000);
    for (const minor of [0, 1, 5, 15, 25_019, 28_000, 99_999_999]) {
      for (const percent of [...hotelbeds, ...otaPercentage!.slice(1)]) {
        expect(percentOfMinor(minor, percent, CAPPED)).toBe(reference(minor, String(percent)));
      }
      expect(percentOfMinor(minor, expedia[0]!, UNCAPPED)).toBe(reference(minor, '30'));
    }
  });

  it('is what each adapter takes a percentage of its price with', () => {
    const price = { amount: '250.19', currency: 'EUR' };
    const from = '2026-12-01T23:59:00+01:00';
    for (const percent of ['10.00', '12.5', '33.333', '100']) {
      const share = String(percentOfMinor(25_019, percent, CAPPED));
      const [hotelbeds] = hotelbedsPolicy({ cancellationPolicies: [{ from, percent }] }, price, 'test');
      const [expedia] = expediaPolicy(
        [{ start: from, percent: `${percent}%` }],
        { price, taxes: [], nightlyMinor: [], payAtProperty: [] },
        'test',
      );
      const expected = reference(25_019, percent);
      expect(share).toBe(String(expected));
      expect(hotelbeds?.penalty.amount).toBe(formatMinor(expected, 'EUR'));
      expect(expedia?.penalty.amount).toBe(formatMinor(expected, 'EUR'));
      expect(opentravelPercentOf(25_019, percent, 'test', 'p')).toBe(expected);
    }
  });
});

describe('percentOfMinor', () => {
  it('takes the share exactly, rounded half up once', () => {
    expect(percentOfMinor(999, '12.5', CAPPED)).toBe(125); // 124.875
    expect(percentOfMinor(10_000, '33.333', CAPPED)).toBe(3_333); // 3333.3
    expect(percentOfMinor(15, '33.333', CAPPED)).toBe(5); // 4.99995
    expect(percentOfMinor(1, '50', CAPPED)).toBe(1); // 0.5 rounds up
    expect(percentOfMinor(3, '50', CAPPED)).toBe(2); // 1.5
    expect(percentOfMinor(12_345, '0', CAPPED)).toBe(0);
    expect(percentOfMinor(12_345, '100', CAPPED)).toBe(12_345);
    expect(percentOfMinor(12_345, '100.00', CAPPED)).toBe(12_345);
    expect(percentOfMinor(10_000, 25, CAPPED)).toBe(2_500);
    expect(percentOfMinor(10_000, 0.1, CAPPED)).toBe(10);
    expect(percentOfMinor(999, '.5', CAPPED)).toBe(5); // 4.995
    expect(percentOfMinor(1_000, '5.', CAPPED)).toBe(50);
    expect(percentOfMinor(1_000, '+5', CAPPED)).toBe(50);
    expect(percentOfMinor(1_000, ' 30 % ', CAPPED)).toBe(300);
    expect(percentOfMinor(1_000, '007.50', CAPPED)).toBe(75);
    expect(percentOfMinor(100_000_000, '12.345678', CAPPED)).toBe(12_345_678);
    expect(percentOfMinor(1_000, '12.3450000000', CAPPED)).toBe(123); // trailing zeros are no decimals: 123.45
    expect(percentOfMinor(1_000, '150%', UNCAPPED)).toBe(1_500);
  });

  it('refuses what is not a percentage, and above 100 where that is the rule', () => {
    for (const text of ['1e2', '-5', '-0', 'abc', '', ' ', '.', '%', '+', '5%%', '1 2', '12,5', '0x10', 'NaN', 'Infinity', '12.3456789']) {
      expect(
        refusal(() => percentOfMinor(1_000, text, CAPPED)),
        text,
      ).toBe('not-a-percentage');
      expect(
        refusal(() => percentOfMinor(1_000, text, UNCAPPED)),
        text,
      ).toBe('not-a-percentage');
    }
    for (const value of [-5, Number.NaN, Number.POSITIVE_INFINITY, 1e-7, 1e21]) {
      expect(
        refusal(() => percentOfMinor(1_000, value, UNCAPPED)),
        String(value),
      ).toBe('not-a-percentage');
    }
    for (const text of ['100.01', '100.000001', '101', '1000', '9'.repeat(40)]) {
      expect(
        refusal(() => percentOfMinor(1_000, text, CAPPED)),
        text,
      ).toBe('above-100');
    }
    expect(refusal(() => percentOfMinor(1_000, '100.01', UNCAPPED))).toBe('accepted');
    expect(refusal(() => percentOfMinor(1_000, '9'.repeat(40), UNCAPPED))).toBe('out-of-range');
    expect(refusal(() => percentOfMinor(Number.MAX_SAFE_INTEGER, '200', UNCAPPED))).toBe('out-of-range');
  });

  it('agrees with decimal.js on random amounts and percentages in every written form', () => {
    const percentText = fc
      .record({
        whole: fc.integer({ min: 0, max: 100 }),
        fraction: fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 6 }),
        zeros: fc.nat({ max: 3 }),
        leadingZeros: fc.nat({ max: 2 }),
        plus: fc.boolean(),
        sign: fc.constantFrom('', '%', ' %'),
      })
      .map(({ whole, fraction, zeros, leadingZeros, plus, sign }) => {
        const decimals = fraction + '0'.repeat(fraction === '' ? 0 : zeros);
        const plain = `${whole}${decimals === '' ? '' : `.${decimals}`}`;
        return { plain, written: `${plus ? '+' : ''}${'0'.repeat(leadingZeros)}${plain}${sign}` };
      });
    fc.assert(
      fc.property(fc.nat({ max: 10 ** 12 }), percentText, (minor, { plain, written }) => {
        const above = parseDecimal(plain).greaterThan(100);
        expect(refusal(() => percentOfMinor(minor, written, CAPPED))).toBe(above ? 'above-100' : 'accepted');
        expect(percentOfMinor(minor, written, UNCAPPED)).toBe(reference(minor, plain));
        expect(parsePercent(written, UNCAPPED)).toBe(parseDecimal(plain).times(1_000_000).toNumber());
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads a JSON number as the digits JSON wrote, or refuses it', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10 ** 12 }), fc.double({ min: 0, max: 100, noNaN: true }), (minor, percent) => {
        const text = String(percent);
        const exact = /^\d+(\.\d{1,6})?$/.test(text);
        expect(refusal(() => percentOfMinor(minor, percent, CAPPED))).toBe(exact ? 'accepted' : 'not-a-percentage');
        if (exact) expect(percentOfMinor(minor, percent, CAPPED)).toBe(reference(minor, text));
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses any other text, or reads it as the decimal it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.+-%eE ,x'), maxLength: 12 }), (text) => {
        const outcome = refusal(() => parsePercent(text, UNCAPPED));
        const plain = text.trim().replace(/^\+/, '').replace(/\s*%$/, '');
        const decimal = /^(\d+\.?\d*|\.\d+)$/.test(plain) ? parseDecimal(plain.replace(/^\./, '0.').replace(/\.$/, '')) : undefined;
        if (decimal === undefined || decimal.decimalPlaces() > 6) expect(outcome, text).toBe('not-a-percentage');
        else if (decimal.times(1_000_000).greaterThan(Number.MAX_SAFE_INTEGER)) expect(outcome, text).toBe('out-of-range');
        else expect(parsePercent(text, UNCAPPED), text).toBe(decimal.times(1_000_000).toNumber());
      }),
      { numRuns: 5_000 },
    );
  });

  it('answers each adapter with its own error', () => {
    const price = { amount: '100.00', currency: 'EUR' };
    const from = '2026-12-01T00:00:00Z';
    expect(() => hotelbedsPolicy({ cancellationPolicies: [{ from, percent: '1e2' }] }, price, 'op')).toThrow(
      new SupplierError('bad_response', 'hotelbeds', 'op: cancellationPolicies.percent is not a percentage', { operation: 'op' }),
    );
    expect(() => hotelbedsPolicy({ cancellationPolicies: [{ from, percent: '100.5' }] }, price, 'op')).toThrow(
      'op: cancellationPolicies.percent is not a percentage',
    );
    expect(() => expediaPolicy([{ start: from, percent: 'abc' }], { price, taxes: [], nightlyMinor: [], payAtProperty: [] }, 'op')).toThrow(
      'op: cancel_penalties.percent is not a percentage',
    );
    expect(() => opentravelPercentOf(1, '-5', 'op', 'p')).toThrow('op: p is not a percentage');
    expect(() => opentravelPercentOf(1, undefined, 'op', 'p')).toThrow('op: p is not a percentage');
    expect(() => opentravelPercentOf(1, '100.01', 'op', 'p')).toThrow('op: p is above 100');
  });
});
