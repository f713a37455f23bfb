/**
 * The number (safe-integer) helpers of the pricing fast path (safe-integer.ts) against their BigInt
 * counterparts (scaled-integer.ts, minor-units.ts): the same integers and texts wherever they answer, and
 * NOT_EXACT exactly where an intermediate value would leave the safe integers. Seeded random values plus
 * the values either side of Number.MAX_SAFE_INTEGER and of the split point inside scaleRoundHalfUp. The
 * rounding up of a selling floor (roundShiftUpSafe, scaleRoundUp) against BigInt's ceiling likewise.
 */
import { describe, expect, it } from 'vitest';
import { formatMinorUnits } from '../../functions/domain/money/minor-units.js';
import {
  NOT_EXACT,
  formatSafeMinorUnits,
  parseSafeMinorUnits,
  roundShiftHalfUpSafe,
  roundShiftUpSafe,
  safeScaling,
  scaleRoundHalfUp,
  scaleRoundUp,
} from '../../functions/domain/pricing/safe-integer.js';
import { parseMinorUnits, roundShiftHalfUp } from '../../functions/domain/money/scaled-integer.js';
import { Rng } from '../../sandbox/world/prng.js';

const MAX = Number.MAX_SAFE_INTEGER;
const BIG_MAX = BigInt(MAX);
const CURRENCY_OF_EXPONENT: Record<number, string> = { 0: 'JPY', 2: 'EUR', 3: 'BHD' };

/** A random non-negative integer of 1..maxDigits digits, as a BigInt (leading digit non-zero unless 1 digit). */
function randomDigits(rng: Rng, maxDigits: number): bigint {
  const digits = rng.int(1, maxDigits);
  let text = String(digits === 1 ? rng.int(0, 9) : rng.int(1, 9));
  for (let i = 1; i < digits; i += 1) text += String(rng.int(0, 9));
  return BigInt(text);
}

/** ceil(value / 10^shift) on BigInt, for a non-negative value: what ceilToMinor gives on a scaled value. */
function ceilShift(value: bigint, shift: number): bigint {
  const divisor = 10n ** BigInt(shift);
  return (value + divisor - 1n) / divisor;
}

/** round half up (a × m / 10^shift) on BigInt: the answer scaleRoundHalfUp must give. */
function exactScaled(a: bigint, m: bigint, shift: number): bigint {
  return roundShiftHalfUp(a * m, shift);
}

describe('parseSafeMinorUnits = parseMinorUnits, as a number', () => {
  it('parses plain unsigned decimal text with at most the exponent decimals', () => {
    expect(parseSafeMinorUnits('12.5', 2)).toBe(1250);
    expect(parseSafeMinorUnits('12', 0)).toBe(12);
    expect(parseSafeMinorUnits('0.005', 3)).toBe(5);
    expect(parseSafeMinorUnits('007.50', 2)).toBe(750);
    expect(parseSafeMinorUnits('12.5', 0)).toBe(NOT_EXACT);
    for (const text of ['', '-1', '+1', '1.', '.1', '1e3', ' 1', '1 ', '1.2.3', 'NaN', '1,5', '１', '1'.repeat(31)]) {
      expect(parseSafeMinorUnits(text, 2), JSON.stringify(text)).toBe(NOT_EXACT);
      expect(parseMinorUnits(text, 2), JSON.stringify(text)).toBeUndefined();
    }
  });

  it('answers up to MAX_SAFE_INTEGER and NOT_EXACT beyond it, whatever the exponent', () => {
    expect(parseSafeMinorUnits('9007199254740991', 0)).toBe(MAX);
    expect(parseSafeMinorUnits('9007199254740992', 0)).toBe(NOT_EXACT);
    expect(parseSafeMinorUnits('90071992547409.91', 2)).toBe(MAX);
    expect(parseSafeMinorUnits('90071992547409.92', 2)).toBe(NOT_EXACT);
    expect(parseSafeMinorUnits('90071992547409.9', 2)).toBe(9007199254740990);
    expect(parseSafeMinorUnits('9007199254740.991', 3)).toBe(MAX);
    expect(parseSafeMinorUnits('9007199254741', 3)).toBe(NOT_EXACT); // 9007199254741000 > MAX
    expect(parseSafeMinorUnits('99999999999999999999', 0)).toBe(NOT_EXACT);
    expect(parseSafeMinorUnits('000000000000000000000000012.50', 2)).toBe(1250); // 30 characters
  });

  it('agrees with parseMinorUnits on 20,000 seeded random texts', () => {
    const rng = new Rng(53);
    const alphabet = '0123456789.';
    for (let i = 0; i < 20_000; i += 1) {
      const exponent = rng.pick([0, 2, 3]);
      let text: string;
      if (rng.chance(0.2)) {
        text = Array.from({ length: rng.int(0, 8) }, () => alphabet[rng.int(0, alphabet.length - 1)]).join('');
      } else {
        const minor = randomDigits(rng, 19);
        const decimals = rng.int(0, exponent + 1);
        const digits = minor.toString().padStart(decimals + 1, '0');
        text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
      }
      const big = parseMinorUnits(text, exponent);
      const expected = big === undefined || big > BIG_MAX ? NOT_EXACT : Number(big);
      expect(parseSafeMinorUnits(text, exponent), `${text} (${exponent})`).toBe(expected);
    }
  });
});

describe('roundShiftHalfUpSafe = roundShiftHalfUp', () => {
  it('rounds half up, once', () => {
    expect([roundShiftHalfUpSafe(1249, 1), roundShiftHalfUpSafe(1245, 1), roundShiftHalfUpSafe(1244, 1)]).toEqual([125, 125, 124]);
    expect([roundShiftHalfUpSafe(5, 1), roundShiftHalfUpSafe(4, 1), roundShiftHalfUpSafe(7, 0), roundShiftHalfUpSafe(0, 5)]).toEqual([
      1, 0, 7, 0,
    ]);
    expect(roundShiftHalfUpSafe(MAX, 1)).toBe(900719925474099);
    expect(roundShiftHalfUpSafe(MAX, 16)).toBe(1);
    expect(roundShiftHalfUpSafe(MAX, 22)).toBe(0);
  });

  it('agrees with roundShiftHalfUp on seeded random values, near halves and near MAX_SAFE_INTEGER', () => {
    const rng = new Rng(17);
    for (let i = 0; i < 20_000; i += 1) {
      const shift = rng.int(0, 22);
      let value: bigint;
      const kind = rng.int(0, 2);
      if (kind === 0) value = randomDigits(rng, 16) % (BIG_MAX + 1n);
      else if (kind === 1) value = BIG_MAX - BigInt(rng.int(0, 1_000_000));
      else {
        // a quotient plus exactly half, or a unit either side of it
        const half = shift === 0 ? 0n : 5n * 10n ** BigInt(shift - 1);
        const base = (randomDigits(rng, 15) * 10n ** BigInt(shift) + half + BigInt(rng.int(-1, 1))) % (BIG_MAX + 1n);
        value = base < 0n ? 0n : base;
      }
      expect(roundShiftHalfUpSafe(Number(value), shift), `${value} / 10^${shift}`).toBe(Number(roundShiftHalfUp(value, shift)));
    }
  });
});

describe('formatSafeMinorUnits = formatMinorUnits', () => {
  it('formats with exactly the exponent decimals', () => {
    expect(formatSafeMinorUnits(1234, 2)).toBe('12.34');
    expect(formatSafeMinorUnits(1234, 0)).toBe('1234');
    expect(formatSafeMinorUnits(5, 3)).toBe('0.005');
    expect(formatSafeMinorUnits(0, 2)).toBe('0.00');
    expect(formatSafeMinorUnits(-5, 2)).toBe('-0.05');
    expect(formatSafeMinorUnits(MAX, 2)).toBe('90071992547409.91');
    expect(formatSafeMinorUnits(MAX, 3)).toBe('9007199254740.991');
    expect(formatSafeMinorUnits(-MAX, 0)).toBe('-9007199254740991');
  });

  it('agrees with formatMinorUnits on seeded random safe integers of either sign', () => {
    const rng = new Rng(29);
    for (let i = 0; i < 20_000; i += 1) {
      const exponent = rng.pick([0, 2, 3]);
      const magnitude = rng.chance(0.1) ? BIG_MAX - BigInt(rng.int(0, 10_000)) : randomDigits(rng, 16) % (BIG_MAX + 1n);
      const minor = rng.chance(0.2) ? -magnitude : magnitude;
      expect(formatSafeMinorUnits(Number(minor), exponent), `${minor}`).toBe(formatMinorUnits(minor, CURRENCY_OF_EXPONENT[exponent]!));
    }
  });
});

describe('scaleRoundHalfUp = roundShiftHalfUp(a × M, shift)', () => {
  it('prepares multipliers: a negative shift folds into M; beyond 10^22 or unsafe high parts are refused', () => {
    expect(safeScaling(8n, -2)).toMatchObject({ whole: 800, shift: 0 });
    expect(safeScaling(12n, 30)).toBeUndefined();
    expect(safeScaling(-1n, 2)).toBeUndefined();
    expect(safeScaling(10n ** 30n, 2)).toBeUndefined(); // high part beyond the safe integers
    expect(safeScaling(960522524253n, 12)).toEqual({
      whole: 960522524253,
      high: 9605,
      low: 22524253,
      splitDivisor: 1e8,
      restDivisor: 1e4,
      shift: 12,
    });
    expect(safeScaling(10n ** 20n, 12)?.whole).toBe(Number.POSITIVE_INFINITY); // never multiplied whole
  });

  it('converts a real amount with a 12-digit rate exactly (the product is past 2^53, the split is not)', () => {
    const usdToEur = safeScaling(960522524253n, 2 + 12 - 2)!;
    expect(658_72 * 960522524253).toBeGreaterThan(MAX);
    expect(scaleRoundHalfUp(658_72, usdToEur)).toBe(Number(exactScaled(658_72n, 960522524253n, 12)));
  });

  it('is exact either side of the direct product reaching MAX_SAFE_INTEGER, and of a × low leaving it', () => {
    const m = 960522524253n;
    const scaling = safeScaling(m, 12)!;
    const directLimit = BIG_MAX / m; // a × m ≤ MAX up to here: one product
    const splitLimit = BIG_MAX / BigInt(scaling.low); // a × low ≤ MAX up to here: the split
    for (const a of [directLimit - 1n, directLimit, directLimit + 1n, directLimit + 2n, splitLimit - 1n, splitLimit]) {
      expect(scaleRoundHalfUp(Number(a), scaling), `a = ${a}`).toBe(Number(exactScaled(a, m, 12)));
    }
    expect(scaleRoundHalfUp(Number(splitLimit + 1n), scaling)).toBe(NOT_EXACT);
    // Identity rate, EUR → EUR: the product is the amount itself, up to MAX_SAFE_INTEGER.
    expect(scaleRoundHalfUp(MAX, safeScaling(1n, 0)!)).toBe(MAX);
    // A shift below the split point: the quotient of the split, rounded on the low remainder alone.
    const small = safeScaling(12345678901234n, 3)!;
    expect(small.restDivisor).toBe(1);
    expect(729 * 12345678901234).toBeLessThan(MAX);
    expect(730 * 12345678901234).toBeGreaterThan(MAX);
    for (const a of [729n, 730n, 731n, 1001n])
      expect(scaleRoundHalfUp(Number(a), small), `a = ${a}`).toBe(Number(exactScaled(a, 12345678901234n, 3)));
    expect(exactScaled(999_999n, 12345678901234n, 3)).toBeGreaterThan(BIG_MAX);
    expect(scaleRoundHalfUp(999_999, small)).toBe(NOT_EXACT); // the answer itself is past MAX_SAFE_INTEGER
  });

  it('rounds a remainder of exactly half up, and one below half down, on the split path', () => {
    // a × m = q × 10^12 + 5 × 10^11 (exactly half), and the same minus one.
    const m = 10n ** 12n + 5n * 10n ** 11n; // 1.5 at scale 12
    const scaling = safeScaling(m, 12)!;
    const a = 9_000_001n; // a × m > 2^53: the split path
    expect(Number(a * m)).toBeGreaterThan(MAX);
    expect(scaleRoundHalfUp(Number(a), scaling)).toBe(Number(exactScaled(a, m, 12)));
    expect(scaleRoundHalfUp(Number(a), scaling)).toBe(13_500_002); // 13,500,001.5 → up
    const below = safeScaling(m - 1n, 12)!;
    expect(scaleRoundHalfUp(Number(a), below)).toBe(Number(exactScaled(a, m - 1n, 12)));
    expect(scaleRoundHalfUp(Number(a), below)).toBe(13_500_001);
  });

  it('agrees with BigInt on 50,000 seeded random amounts, multipliers and shifts, or says NOT_EXACT only where a part is unsafe', () => {
    const rng = new Rng(2026);
    let exact = 0;
    let split = 0;
    let refused = 0;
    for (let i = 0; i < 50_000; i += 1) {
      const m = randomDigits(rng, rng.pick([3, 13, 16, 20]));
      const shift = rng.int(-3, 22);
      const scaling = safeScaling(m, shift);
      const folded = shift < 0 ? m * 10n ** BigInt(-shift) : m;
      if (!scaling) {
        expect(folded / 10n ** BigInt(Math.min(Math.max(shift, 0), 8)) > BIG_MAX || shift > 22, `${m} ${shift}`).toBe(true);
        continue;
      }
      const a = randomDigits(rng, rng.pick([4, 8, 12, 16])) % (BIG_MAX + 1n);
      const answer = scaleRoundHalfUp(Number(a), scaling);
      if (answer === NOT_EXACT) {
        refused += 1;
        const lowOrHighUnsafe = a * BigInt(scaling.low) > BIG_MAX || a * BigInt(scaling.high) > BIG_MAX;
        const sumUnsafe = a * BigInt(scaling.high) + (a * BigInt(scaling.low)) / BigInt(scaling.splitDivisor) > BIG_MAX;
        expect(lowOrHighUnsafe || sumUnsafe, `${a} × ${m} / 10^${shift}`).toBe(true);
        continue;
      }
      if (a * folded > BIG_MAX) split += 1;
      else exact += 1;
      expect(answer, `${a} × ${m} / 10^${shift}`).toBe(Number(exactScaled(a, folded, Math.max(shift, 0))));
    }
    // All three outcomes were exercised.
    expect(exact).toBeGreaterThan(1000);
    expect(split).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(1000);
  });
});

describe('scaleRoundUp = ceil(a × M / 10^shift), as ceilToMinor rounds a selling floor', () => {
  it('rounds any remainder up, none down, on the direct and the split path', () => {
    expect([roundShiftUpSafe(1240, 1), roundShiftUpSafe(1241, 1), roundShiftUpSafe(1249, 1), roundShiftUpSafe(7, 0)]).toEqual([
      124, 125, 125, 7,
    ]);
    expect(roundShiftUpSafe(MAX, 22)).toBe(1);
    expect(roundShiftUpSafe(0, 22)).toBe(0);
    // A floor of 240.00 at a rate of 0.99997 is 239.9928: up gives 240.00, where half up would give 239.99.
    const rate = safeScaling(99997n, 2 + 5 - 2)!;
    expect(scaleRoundUp(24_000, rate)).toBe(24_000);
    expect(scaleRoundHalfUp(24_000, rate)).toBe(23_999);
    // The split path: a × m past 2^53, a remainder only in the low part, then none at all.
    const m = 10n ** 12n + 1n;
    const scaling = safeScaling(m, 12)!;
    const a = 9_000_001n;
    expect(Number(a * m)).toBeGreaterThan(MAX);
    expect(scaleRoundUp(Number(a), scaling)).toBe(Number(ceilShift(a * m, 12)));
    expect(scaleRoundUp(Number(a), safeScaling(10n ** 12n, 12)!)).toBe(9_000_001);
  });

  it('agrees with BigInt on 50,000 seeded random amounts, multipliers and shifts, refusing exactly where scaleRoundHalfUp does', () => {
    const rng = new Rng(2027);
    let answered = 0;
    for (let i = 0; i < 50_000; i += 1) {
      const m = randomDigits(rng, rng.pick([3, 13, 16, 20]));
      const shift = rng.int(-3, 22);
      const scaling = safeScaling(m, shift);
      if (!scaling) continue;
      const folded = shift < 0 ? m * 10n ** BigInt(-shift) : m;
      const a = randomDigits(rng, rng.pick([4, 8, 12, 16])) % (BIG_MAX + 1n);
      const up = scaleRoundUp(Number(a), scaling);
      const expected = ceilShift(a * folded, Math.max(shift, 0));
      if (up === NOT_EXACT) {
        // Refused only where a part leaves the safe integers, or the answer itself would.
        expect(scaleRoundHalfUp(Number(a), scaling) === NOT_EXACT || expected > BIG_MAX, `${a} × ${m} / 10^${shift}`).toBe(true);
        continue;
      }
      answered += 1;
      expect(up, `${a} × ${m} / 10^${shift}`).toBe(Number(expected));
    }
    expect(answered).toBeGreaterThan(20_000);
  });
});
