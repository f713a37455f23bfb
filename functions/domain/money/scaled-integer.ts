/**
 * Exact decimal arithmetic on BigInt for the pricing fast path: a decimal is `units / 10^scale`.
 *
 * Only what the fast path needs, and only where the result provably equals what decimal.js (40
 * significant digits, half up; decimal.ts) computes: parsing plain unsigned decimal text, products that
 * stay below 10^40 (at most 40 digits, so decimal.js forms them without rounding), and the one half-up
 * rounding step to a minor unit. Anything else is answered `undefined`, and the caller takes the decimal.js
 * path instead.
 */

/** value = units / 10^scale */
export interface ScaledInteger {
  readonly units: bigint;
  readonly scale: number;
}

/** Products below this have at most 40 digits: decimal.js at precision 40 computes them exactly. */
export const EXACT_PRODUCT_LIMIT = 10n ** 40n;

/** Longer amount texts are left to decimal.js, so sums of a rate's amounts stay far below 10^40. */
const MAX_TEXT_LENGTH = 30;

const powers: bigint[] = [1n];

/** 10^n as a BigInt (cached). */
export function pow10(n: number): bigint {
  for (let i = powers.length; i <= n; i++) powers.push(powers[i - 1]! * 10n);
  return powers[n]!;
}

const DIGIT_0 = 48;
const DIGIT_9 = 57;
const DOT = 46;

/** Position of the decimal point of plain unsigned decimal text ("12", "12.50"): -1 without one, -2 if not such text. */
function dotOf(text: string): number {
  const length = text.length;
  if (length === 0 || length > MAX_TEXT_LENGTH) return -2;
  let dot = -1;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c >= DIGIT_0 && c <= DIGIT_9) continue;
    if (c !== DOT || dot !== -1 || i === 0 || i === length - 1) return -2;
    dot = i;
  }
  return dot;
}

/** "12.345" → {units: 12345n, scale: 3}; undefined for anything but plain unsigned decimal text. */
export function parseUnsignedDecimal(text: string): ScaledInteger | undefined {
  const dot = dotOf(text);
  if (dot === -2) return undefined;
  if (dot === -1) return { units: BigInt(text), scale: 0 };
  return { units: BigInt(text.slice(0, dot) + text.slice(dot + 1)), scale: text.length - dot - 1 };
}

/**
 * Plain unsigned decimal text with at most `exponent` decimals → integer units of 10^-exponent
 * ("12.5", 2 → 1250n). Undefined for anything else (signs, spaces, exponents, too many decimals).
 */
export function parseMinorUnits(text: string, exponent: number): bigint | undefined {
  const dot = dotOf(text);
  if (dot === -2) return undefined;
  if (dot === -1) return BigInt(text) * pow10(exponent);
  const decimals = text.length - dot - 1;
  if (decimals > exponent) return undefined;
  return BigInt(text.slice(0, dot) + text.slice(dot + 1)) * pow10(exponent - decimals);
}

/**
 * `value / 10^shift` rounded half up (half away from zero) to an integer: roundToMinor's rule, on a value
 * already scaled to the target's minor unit. A negative shift multiplies.
 */
export function roundShiftHalfUp(value: bigint, shift: number): bigint {
  if (shift <= 0) return shift === 0 ? value : value * pow10(-shift);
  const divisor = pow10(shift);
  const quotient = value / divisor;
  const remainder = value - quotient * divisor;
  if (value >= 0n) return remainder * 2n >= divisor ? quotient + 1n : quotient;
  return -remainder * 2n >= divisor ? quotient - 1n : quotient;
}

/** a × b, or undefined when decimal.js would have to round the product (more than 40 digits). */
export function exactProduct(a: bigint, b: bigint): bigint | undefined {
  const product = a * b;
  return product < EXACT_PRODUCT_LIMIT && product > -EXACT_PRODUCT_LIMIT ? product : undefined;
}
