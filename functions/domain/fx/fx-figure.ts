/**
 * One currency's figure: how many units of it one euro buys, whose figure it is and for which day. Every
 * source we convert with comes down to these (the ECB's daily reference rates, an operator's rate, the
 * embedded snapshot), and every pair is crossed through the euro in decimal: rate(A→B) = perEur(B) / perEur(A).
 *
 * Precision: a rate with EUR as `from` is the figure itself. Any other quotient is rounded half up to
 * RATE_SIGNIFICANT_DIGITS significant digits, and that rounded string is what conversion multiplies by and
 * what the price's fx stamp shows, so a stamped conversion can be redone by hand to the minor unit.
 */
import { Decimal, decimalText, parseDecimal } from '../money/decimal.js';

export const RATE_SIGNIFICANT_DIGITS = 12;

export interface FxFigure {
  readonly currency: string;
  /** Units of `currency` per 1 EUR, a plain decimal string as published or set (trailing zeros kept). */
  readonly perEur: string;
  /** Whose figure: the feed's name, an operator's stated source. */
  readonly source: string;
  /** The day (YYYY-MM-DD) the figure is for. */
  readonly asOf: string;
}

/** A figure ready to cross: the euro's own leg has neither source nor date (it needs no figure). */
export interface FxLeg {
  readonly perEur: Decimal;
  readonly source: string | undefined;
  readonly asOf: string | undefined;
}

export const CURRENCY_CODE = /^[A-Z]{3}$/;
export const IDENTITY_SOURCE = 'identity (no conversion)';
export const EURO_LEG: FxLeg = { perEur: new Decimal(1), source: undefined, asOf: undefined };

/** Throws when the figure is not a positive plain decimal. */
export function fxLeg(figure: Pick<FxFigure, 'currency' | 'perEur' | 'source' | 'asOf'>): FxLeg {
  return { perEur: positiveFigure(figure.perEur, figure.currency), source: figure.source, asOf: figure.asOf };
}

export function positiveFigure(text: string, currency: string): Decimal {
  const value = parseDecimal(text);
  if (!value.isPositive() || value.isZero()) throw new Error(`the figure for ${currency} must be positive: ${text}`);
  return value;
}

/** Units of `to` per unit of `from`, as the stamp shows it. */
export function crossRate(from: string, fromLeg: FxLeg, toLeg: FxLeg): string {
  const quotient = toLeg.perEur.dividedBy(fromLeg.perEur);
  return decimalText(from === 'EUR' ? quotient : quotient.toSignificantDigits(RATE_SIGNIFICANT_DIGITS));
}

/** Both legs' sources, without repeating one another already names (a USD-derived leg names the ECB's). */
export function combineSources(a: string | undefined, b: string | undefined): string {
  if (a === undefined || b === undefined) return a ?? b ?? IDENTITY_SOURCE;
  if (a === b || b.includes(a)) return b;
  if (a.includes(b)) return a;
  return `${a} + ${b}`;
}

/** The older of two days (YYYY-MM-DD sorts as text); the one that is given when only one is. */
export function olderDay(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a < b ? a : b;
}
