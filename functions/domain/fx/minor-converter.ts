/**
 * Converts amounts with one stamped fx rate and rounds each once, half up, to the target currency's minor
 * unit: roundToMinor(parseAmount(amount, currency) × rate, to), on BigInt when the inputs are plain data
 * (the cancellation penalties of every shown rate go through here), on decimal.js otherwise, so results
 * and errors are the decimal.js ones (see scaled-integer.ts for why the integer path is exact).
 */
import { parseDecimal, type Decimal } from '../money/decimal.js';
import { minorUnitExponent, parseAmount, roundToMinor } from '../money/minor-units.js';
import { exactProduct, parseMinorUnits, parseUnsignedDecimal, roundShiftHalfUp } from '../money/scaled-integer.js';

export type MinorConverter = (amount: string, currency: string) => bigint;

/** Throws, as parseDecimal does, when `rateText` is not plain decimal text. */
export function minorConverter(rateText: string, to: string): MinorConverter {
  const rate = parseUnsignedDecimal(rateText);
  let decimalRate: Decimal | undefined = rate ? undefined : parseDecimal(rateText);
  const toExponent = minorUnitExponent(to);
  return (amount, currency) => {
    if (rate) {
      const exponent = minorUnitExponent(currency);
      const minor = parseMinorUnits(amount, exponent);
      const product = minor === undefined ? undefined : exactProduct(minor, rate.units);
      if (product !== undefined) return roundShiftHalfUp(product, exponent + rate.scale - toExponent);
    }
    decimalRate ??= parseDecimal(rateText);
    return roundToMinor(parseAmount(amount, currency).times(decimalRate), to);
  };
}
