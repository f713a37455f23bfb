/**
 * A supplier's cancellation policy in the quote currency, converted with the rate its price was converted
 * with and rounded as prices are, so a partner compares penalty and price like with like. Search shows
 * it, and a booking keeps it.
 */
import { minorConverter } from '../fx/minor-converter.js';
import { formatMinorUnits } from '../money/minor-units.js';
import type { Price } from '../pricing/price.js';
import type { CancellationPenalty } from './cancellation-penalty.js';

export function policyInQuoteCurrency(policy: readonly CancellationPenalty[], price: Price): CancellationPenalty[] {
  const convert = minorConverter(price.fx.rate, price.currency);
  return policy.map((entry) => ({
    from: entry.from,
    penalty: {
      amount: formatMinorUnits(convert(entry.penalty.amount, entry.penalty.currency), price.currency),
      currency: price.currency,
    },
  }));
}
