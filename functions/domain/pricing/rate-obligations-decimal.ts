/**
 * The supplier's obligations on a rate (rate-obligations.ts says what they are) applied in decimal.js: the
 * reference the integer path of rate-obligations.ts is tested against, and what it falls back to for any
 * input it does not take (signs, spaces, more decimals than the currency has, amounts past 2^53), which
 * also raises the errors.
 */
import type { FxRates } from '../fx/fx-rates.js';
import { ceilToMinor, formatMinorUnits, minorUnitExponent, parseAmount, roundToMinor } from '../money/minor-units.js';
import { parseDecimal } from '../money/decimal.js';
import type { SupplierRate } from '../rate/supplier-rate.js';
import type { FxStamp, Price, PropertyChargeQuote } from './price.js';

export function withRateObligationsOnDecimals(price: Price, rate: SupplierRate, fx: FxRates, asOf: string | undefined): Price {
  const charges = rate.payAtProperty ?? [];
  const floor = rate.minimumSellingPrice;
  if (charges.length === 0 && !floor) return price;

  const quote = price.currency;
  const feeFx: FxStamp[] = [...(price.feeFx ?? [])];
  const stampFor = (currency: string): FxStamp => {
    if (currency === price.fx.from) return price.fx;
    const listed = feeFx.find((stamp) => stamp.from === currency);
    if (listed) return listed;
    const stamp = fx.rate(currency, quote, asOf);
    if (currency !== quote) feeFx.push(stamp);
    return stamp;
  };
  const minor = (amount: string): bigint =>
    BigInt(
      parseAmount(amount, quote)
        .times(10 ** minorUnitExponent(quote))
        .toFixed(0),
    );

  let payableAtHotel = minor(price.payableAtHotel);
  const payAtProperty: PropertyChargeQuote[] = charges.map((charge) => {
    const { amount, currency } = charge.amount;
    const quoted = roundToMinor(parseAmount(amount, currency).times(parseDecimal(stampFor(currency).rate)), quote);
    payableAtHotel += quoted;
    return { kind: charge.kind, description: charge.description, amount, currency, quote: formatMinorUnits(quoted, quote) };
  });

  let markup = minor(price.markup);
  let total = minor(price.total);
  let minimumSellingPrice: string | undefined;
  if (floor) {
    const floorInQuote = ceilToMinor(parseAmount(floor.amount, floor.currency).times(parseDecimal(stampFor(floor.currency).rate)), quote);
    if (total < floorInQuote) {
      markup += floorInQuote - total;
      total = floorInQuote;
    }
    minimumSellingPrice = formatMinorUnits(floorInQuote, quote);
  }

  const text = (value: bigint): string => formatMinorUnits(value, quote);
  const { feeFx: _previous, ...rest } = price;
  return {
    ...rest,
    markup: text(markup),
    total: text(total),
    payableAtHotel: text(payableAtHotel),
    ...(feeFx.length > 0 ? { feeFx } : {}),
    ...(payAtProperty.length > 0 ? { payAtProperty } : {}),
    ...(minimumSellingPrice !== undefined ? { minimumSellingPrice } : {}),
  };
}
