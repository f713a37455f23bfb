/**
 * Exact integer arithmetic on JS numbers for the pricing fast path: the first path rate-pricer.ts tries, in
 * front of the BigInt one (scaled-integer.ts), because BigInt parsing, products and formatting were most of
 * the time a search spent pricing its rates.
 *
 * Every function here gives the exact integer answer or says it cannot (NOT_EXACT, or undefined when
 * preparing): a JS number holds every integer up to Number.MAX_SAFE_INTEGER (2^53 - 1) exactly, and a
 * product, sum or quotient of such integers is computed exactly whenever its exact result is itself a safe
 * integer. An exact result above 2^53 rounds to a number ≥ 2^53 (rounding is monotonic), which fails
 * Number.isSafeInteger, so checking every product and sum with it is a reliable guard. The caller then takes
 * the BigInt path, which gives the same answer more slowly. Only non-negative values are handled: the fast
 * path parses unsigned amounts, rates and percents only.
 *
 * The rounding rule of pricing is roundToMinor's (minor-units.ts): half up, i.e. half away from zero, which
 * on non-negative values is floor(x + 1/2). A selling floor alone rounds up (ceilToMinor): ceil(x).
 */

/** What a function answers when the exact result is not a safe integer or the input is not plain data. */
export const NOT_EXACT = -1;

/** Exact powers of ten as numbers: 10^22 is the largest a double holds exactly. */
const POW10: readonly number[] = Array.from({ length: 23 }, (_, n) => Number(10n ** BigInt(n)));
const MAX_SHIFT = POW10.length - 1;

/** Texts longer than this are left to the BigInt path, as scaled-integer.ts leaves its longer ones to decimal.js. */
const MAX_TEXT_LENGTH = 30;

/**
 * Where a multiplier is split (M = high × 10^SPLIT_DIGITS + low) when a × M is not a safe integer itself:
 * a × low stays safe for every amount a below 2^53 / 10^8 ≈ 9 × 10^7 minor units (900,000.00 EUR).
 */
const SPLIT_DIGITS = 8;

const DIGIT_0 = 48;
const DIGIT_9 = 57;
const DOT = 46;

/**
 * Plain unsigned decimal text with at most `exponent` decimals → integer units of 10^-exponent ("12.5", 2
 * → 1250): what parseMinorUnits (scaled-integer.ts) answers, as a number. NOT_EXACT for anything else
 * (signs, spaces, exponents, a leading or trailing dot, too many decimals) and for results beyond
 * MAX_SAFE_INTEGER. One pass over the character codes: no slicing, no BigInt.
 */
export function parseSafeMinorUnits(text: string, exponent: number): number {
  const length = text.length;
  if (length === 0 || length > MAX_TEXT_LENGTH) return NOT_EXACT;
  let units = 0;
  let decimals = -1; // -1 until the dot is seen
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c >= DIGIT_0 && c <= DIGIT_9) {
      // Exact while units stays safe; once past 2^53 it only grows, so the final check below catches it.
      units = units * 10 + (c - DIGIT_0);
      if (decimals >= 0) decimals++;
    } else if (c === DOT && decimals === -1 && i !== 0 && i !== length - 1) {
      decimals = 0;
    } else {
      return NOT_EXACT;
    }
  }
  if (decimals === -1) decimals = 0;
  if (decimals > exponent) return NOT_EXACT;
  const minor = decimals === exponent ? units : units * POW10[exponent - decimals]!;
  return Number.isSafeInteger(minor) ? minor : NOT_EXACT;
}

/**
 * `value / 10^shift` rounded half up, for a safe non-negative integer value and 0 ≤ shift ≤ 22: what
 * roundShiftHalfUp (scaled-integer.ts) answers for such values. The float quotient can be one off near
 * an integer, so it is corrected with the exact remainder (q × divisor is a multiple of 2^shift below
 * 2^(53 + shift), hence exact, and so is the difference).
 */
export function roundShiftHalfUpSafe(value: number, shift: number): number {
  return roundShiftSafe(value, shift, false);
}

/** `value / 10^shift` rounded up (ceilToMinor's rule), for a safe non-negative integer value and 0 ≤ shift ≤ 22. */
export function roundShiftUpSafe(value: number, shift: number): number {
  return roundShiftSafe(value, shift, true);
}

/** The division both share: rounded half up, or up (`up`) when anything remains. */
function roundShiftSafe(value: number, shift: number, up: boolean): number {
  if (shift === 0) return value;
  const divisor = POW10[shift]!;
  let quotient = Math.floor(value / divisor);
  let remainder = value - quotient * divisor;
  if (remainder < 0) {
    quotient -= 1;
    remainder += divisor;
  } else if (remainder >= divisor) {
    quotient += 1;
    remainder -= divisor;
  }
  return (up ? remainder > 0 : remainder * 2 >= divisor) ? quotient + 1 : quotient;
}

/** FRACTION_TEXTS[e][f]: f as exactly e digits ("05" for 5, 2), made once for the exponents currencies have. */
const FRACTION_TEXTS: readonly (readonly string[])[] = [0, 1, 2, 3].map((e) =>
  Array.from({ length: 10 ** e }, (_, f) => `${f}`.padStart(e, '0')),
);

/**
 * Integer minor units → decimal text with exactly `exponent` decimals: formatMinorUnits (minor-units.ts)
 * for a safe integer, without BigInt ("1234", 2 → "12.34"; 5, 3 → "0.005").
 */
export function formatSafeMinorUnits(minor: number, exponent: number): string {
  if (minor < 0) return `-${formatSafeMinorUnits(-minor, exponent)}`;
  if (exponent === 0) return `${minor}`;
  const divisor = POW10[exponent]!;
  const fractions = exponent < FRACTION_TEXTS.length ? FRACTION_TEXTS[exponent]! : undefined;
  let whole = Math.floor(minor / divisor);
  let fraction = minor - whole * divisor;
  if (fraction < 0) {
    whole -= 1;
    fraction += divisor;
  } else if (fraction >= divisor) {
    whole += 1;
    fraction -= divisor;
  }
  if (fractions) return `${whole}.${fractions[fraction]!}`;
  let fractionText = `${fraction}`;
  while (fractionText.length < exponent) fractionText = `0${fractionText}`;
  return `${whole}.${fractionText}`;
}

/**
 * A multiplication by M followed by a division by 10^shift, rounded half up, prepared once per search
 * (M is a rate's digits, or a rate's digits × a percent's digits; shift places the result in the quote
 * currency's minor unit). A shift below zero is folded into M.
 */
export interface SafeScaling {
  /** M, when it is a safe integer; otherwise Infinity, so a × whole is never safe and the split is used. */
  readonly whole: number;
  /** M = high × 10^splitDigits + low */
  readonly high: number;
  readonly low: number;
  /** 10^splitDigits, with splitDigits = min(shift, SPLIT_DIGITS) */
  readonly splitDivisor: number;
  /** 10^(shift - splitDigits) */
  readonly restDivisor: number;
  readonly shift: number;
}

/** Undefined when M (or its high part) is not a safe non-negative integer, or the shift is beyond 10^22. */
export function safeScaling(multiplier: bigint, shift: number): SafeScaling | undefined {
  const m = shift < 0 ? multiplier * 10n ** BigInt(-shift) : multiplier;
  const s = Math.max(shift, 0);
  if (m < 0n || s > MAX_SHIFT) return undefined;
  const splitDigits = Math.min(s, SPLIT_DIGITS);
  const splitDivisor = 10n ** BigInt(splitDigits);
  const high = Number(m / splitDivisor);
  if (!Number.isSafeInteger(high)) return undefined;
  const whole = m <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(m) : Number.POSITIVE_INFINITY;
  return { whole, high, low: Number(m % splitDivisor), splitDivisor: POW10[splitDigits]!, restDivisor: POW10[s - splitDigits]!, shift: s };
}

/**
 * round half up (a × M / 10^shift), exactly, for a safe non-negative integer a; NOT_EXACT when a partial
 * product or sum would leave the safe integers (the caller then takes the BigInt path).
 *
 * When a × M is not safe itself: a × M = (a × high) × 10^k + a × low with k = splitDigits. With
 * a × low = xq × 10^k + xr and z = a × high + xq, a × M = z × 10^k + xr; then z = q × 10^(shift-k) + zr gives
 * a × M = q × 10^shift + (zr × 10^k + xr), the remainder R below 10^shift, and the answer is q, plus 1 when
 * 2R ≥ 10^shift. If shift = k, that is 2 × xr ≥ 10^k. If shift > k, 10^(shift-k) is even, and 2R ≥ 10^shift
 * exactly when 2 × zr ≥ 10^(shift-k) (zr ≥ half of it gives R ≥ half of 10^shift; zr at most half of it
 * minus 1 gives R < (half - 1 + 1) × 10^k), so xr does not matter.
 */
export function scaleRoundHalfUp(a: number, scaling: SafeScaling): number {
  const product = a * scaling.whole;
  if (Number.isSafeInteger(product)) return roundShiftHalfUpSafe(product, scaling.shift);
  const lowProduct = a * scaling.low;
  const highProduct = a * scaling.high;
  if (!Number.isSafeInteger(lowProduct) || !Number.isSafeInteger(highProduct)) return NOT_EXACT;
  return roundSplitProduct(lowProduct, highProduct, scaling, false);
}

/**
 * round up (a × M / 10^shift), exactly, for a safe non-negative integer a: scaleRoundHalfUp's split with
 * ceilToMinor's rule. With the remainder R = zr × 10^k + xr (see scaleRoundHalfUp), the answer is q, plus 1
 * when R > 0, i.e. when zr or xr is not zero. NOT_EXACT as scaleRoundHalfUp.
 */
export function scaleRoundUp(a: number, scaling: SafeScaling): number {
  const product = a * scaling.whole;
  if (Number.isSafeInteger(product)) return roundShiftUpSafe(product, scaling.shift);
  const lowProduct = a * scaling.low;
  const highProduct = a * scaling.high;
  if (!Number.isSafeInteger(lowProduct) || !Number.isSafeInteger(highProduct)) return NOT_EXACT;
  return roundSplitProduct(lowProduct, highProduct, scaling, true);
}

/**
 * The split division both roundings share: with the products a × low and a × high (see scaleRoundHalfUp),
 * q and the remainders zr and xr, then q rounded half up, or up (`up`) when the remainder is not zero.
 */
function roundSplitProduct(lowProduct: number, highProduct: number, scaling: SafeScaling, up: boolean): number {
  const { splitDivisor, restDivisor } = scaling;
  let lowQuotient = Math.floor(lowProduct / splitDivisor);
  let lowRemainder = lowProduct - lowQuotient * splitDivisor;
  if (lowRemainder < 0) {
    lowQuotient -= 1;
    lowRemainder += splitDivisor;
  } else if (lowRemainder >= splitDivisor) {
    lowQuotient += 1;
    lowRemainder -= splitDivisor;
  }
  const z = highProduct + lowQuotient;
  if (!Number.isSafeInteger(z)) return NOT_EXACT;
  let quotient = Math.floor(z / restDivisor);
  let remainder = z - quotient * restDivisor;
  if (remainder < 0) {
    quotient -= 1;
    remainder += restDivisor;
  } else if (remainder >= restDivisor) {
    quotient += 1;
    remainder -= restDivisor;
  }
  const roundsUp = up
    ? remainder !== 0 || lowRemainder !== 0
    : restDivisor === 1
      ? lowRemainder * 2 >= splitDivisor
      : remainder * 2 >= restDivisor;
  if (!roundsUp) return quotient;
  return quotient < Number.MAX_SAFE_INTEGER ? quotient + 1 : NOT_EXACT;
}
