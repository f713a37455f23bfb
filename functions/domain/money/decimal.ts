/**
 * The one decimal type pricing and fx compute with. A private clone of decimal.js so no other module's
 * global Decimal settings can change our results: 40 significant digits (far beyond any price × rate
 * product we form, so intermediate results are exact) and half-up rounding (half away from zero, the
 * same rule as scaleMinor in functions/domain/money/money.ts) wherever we round explicitly.
 */
import { Decimal as DecimalBase } from 'decimal.js';

export const Decimal = DecimalBase.clone({
  precision: 40,
  rounding: DecimalBase.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});
export type Decimal = InstanceType<typeof Decimal>;

export const ROUND_HALF_UP = DecimalBase.ROUND_HALF_UP;
export const ROUND_UP = DecimalBase.ROUND_UP;

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** Plain decimal text ("12.50", "-3", "0.000123") → Decimal; anything else (exponents, NaN, "") is refused. */
export function parseDecimal(text: string): Decimal {
  if (!DECIMAL_TEXT.test(text)) throw new RangeError(`not a plain decimal: "${text}"`);
  return new Decimal(text);
}

/** Normal notation, no exponent, no superfluous trailing zeros ("163.06", "0.00612345"). */
export function decimalText(value: Decimal): string {
  return value.toFixed();
}
