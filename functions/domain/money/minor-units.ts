/**
 * Amounts in a currency's minor units (BigInt) and the single rounding step that produces them.
 *
 * Exponents come from functions/domain/money/money.ts (currencyExponent) so the supplier layer and pricing
 * format money identically.
 */
import { Decimal, ROUND_HALF_UP, ROUND_UP, parseDecimal } from './decimal.js';
import { currencyExponent } from './money.js';

export function minorUnitExponent(currency: string): number {
  return currencyExponent(currency);
}

/**
 * The rounding rule of pricing: half up (half away from zero) to the currency's minor unit. Called once
 * per price component, after conversion; never on intermediate values.
 */
export function roundToMinor(value: Decimal, currency: string): bigint {
  const exponent = minorUnitExponent(currency);
  return BigInt(value.times(new Decimal(10).pow(exponent)).toDecimalPlaces(0, ROUND_HALF_UP).toFixed(0));
}

/**
 * Up (away from zero) to the currency's minor unit: for a selling floor, which a conversion must never take
 * below itself by rounding (a floor worth 239.9949 GBP rounds half up to 239.99, under the floor; up gives 240.00).
 */
export function ceilToMinor(value: Decimal, currency: string): bigint {
  const exponent = minorUnitExponent(currency);
  return BigInt(value.times(new Decimal(10).pow(exponent)).toDecimalPlaces(0, ROUND_UP).toFixed(0));
}

/** Integer minor units → decimal string with exactly the currency's exponent ("1234" EUR → "12.34", JPY → "1234"). */
export function formatMinorUnits(minor: bigint, currency: string): string {
  const exponent = minorUnitExponent(currency);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : digits.slice(0, -exponent);
  const fraction = exponent === 0 ? '' : `.${digits.slice(-exponent)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * A supplier or rule amount as an exact Decimal. More decimals than the currency has is refused, as
 * parseMinor in money.ts does: silently rounding a supplier's amount would hide a bad answer.
 */
export function parseAmount(amount: string, currency: string): Decimal {
  const value = parseDecimal(amount.trim());
  if (value.decimalPlaces() > minorUnitExponent(currency)) {
    throw new RangeError(`"${amount}" has more decimals than ${currency} allows`);
  }
  return value;
}
