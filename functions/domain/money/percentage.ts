/**
 * A percentage as a supplier writes it, read exactly, and that share of an amount in minor units.
 *
 * Suppliers write percentages as text (Hotelbeds "10.00", Rapid "30%", an OpenTravel xs:decimal such as
 * "+12.5" or ".5") or, where JSON carries one, as a number (25). Each is read as digits into an integer
 * count of millionths of a percent, never through a binary float, and the share is taken with scaleMinor:
 * one exact product, rounded once half up (half away from zero).
 */
import { scaleMinor } from './money.js';
import { parseMinorUnits } from './scaled-integer.js';

/** Decimals a percentage may carry beyond trailing zeros: millionths of a percent, OpenTravel's precision and more than the others use. */
const PERCENT_DECIMALS = 6;

/** 100 % in millionths of a percent: a share is minor × millionths / this. */
const HUNDRED_PERCENT = 100_000_000;

/** Why a value is not a percentage a share can be taken at; each supplier adapter answers it with its own error. */
export type PercentRefusal = 'not-a-percentage' | 'above-100' | 'out-of-range';

export interface PercentRules {
  /** True where the contract caps a percentage at 100 (OpenTravel's Percentage type, Hotelbeds' penalties and taxes). */
  readonly atMost100: boolean;
}

/**
 * An unsigned decimal in any of xs:decimal's forms ("12", "12.", ".5", "+12.5") with an optional percent
 * sign, as Rapid writes it ("30%", "30 %"). Exponents, other signs and anything else do not match.
 */
const PERCENT_TEXT = /^\+?(\d*)(?:\.(\d*))?(?:\s*%)?$/;

/**
 * A percentage → millionths of a percent, an exact safe integer ("12.5" → 12_500_000, "30%" → 30_000_000,
 * 25 → 25_000_000). Text is trimmed; a number is read in the shortest form that gives it back (what
 * `String` writes: 0.1 → "0.1", the digits the supplier sent), so 1e21 ("1e+21") or NaN is not a
 * percentage. More than six decimals (trailing zeros aside) is refused rather than rounded: the share would
 * no longer be exact. A refusal says why.
 */
export function parsePercent(value: string | number, rules: PercentRules): number | PercentRefusal {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = PERCENT_TEXT.exec(text);
  const whole = (match?.[1] ?? '').replace(/^0+/, '');
  const fraction = (match?.[2] ?? '').replace(/0+$/, '');
  if (!match || !/\d/.test(text) || fraction.length > PERCENT_DECIMALS) return 'not-a-percentage';
  // Undefined only for texts beyond 30 characters, which with at most six decimals lie far above 100.
  const millionths = parseMinorUnits(fraction === '' ? whole || '0' : `${whole || '0'}.${fraction}`, PERCENT_DECIMALS);
  if (rules.atMost100 && (millionths === undefined || millionths > BigInt(HUNDRED_PERCENT))) return 'above-100';
  if (millionths === undefined || millionths > BigInt(Number.MAX_SAFE_INTEGER)) return 'out-of-range';
  return Number(millionths);
}

/**
 * `percent` of an amount in integer minor units, exactly, rounded half up ("12.5" of 999 → 125); what
 * parsePercent refuses, and 'out-of-range' for a share beyond the safe integers.
 */
export function percentOfMinor(minor: number, percent: string | number, rules: PercentRules): number | PercentRefusal {
  const millionths = parsePercent(percent, rules);
  if (typeof millionths !== 'number') return millionths;
  const share = scaleMinor(minor, millionths, HUNDRED_PERCENT);
  return Number.isSafeInteger(share) ? share : 'out-of-range';
}
