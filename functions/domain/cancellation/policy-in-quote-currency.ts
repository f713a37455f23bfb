/**
 * A supplier's cancellation policy in the quote currency, rounded as prices are, so a partner compares penalty
 * and price like with like. Search shows it, and a booking keeps it. Each penalty is converted from its own
 * currency: with the rate its price was converted with when it is in the rate's currency, with the stamp
 * pricing listed in `feeFx` when it is in another (Rapid's CancelPenalty.currency; pricing/penalty-fx.ts),
 * and as it is when it is in the quote currency already (a stored search keeps such penalties converted).
 */
import { minorConverter, type MinorConverter } from '../fx/minor-converter.js';
import { formatMinorUnits } from '../money/minor-units.js';
import type { Price } from '../pricing/price.js';
import type { CancellationPenalty } from './cancellation-penalty.js';

export function policyInQuoteCurrency(policy: readonly CancellationPenalty[], price: Price): CancellationPenalty[] {
  const converters = new Map<string, MinorConverter>();
  const converterFor = (currency: string): MinorConverter => {
    let convert = converters.get(currency);
    if (!convert) {
      const stamp = currency === price.fx.from ? price.fx : price.feeFx?.find((s) => s.from === currency);
      if (stamp) convert = minorConverter(stamp.rate, price.currency);
      else if (currency === price.currency) convert = minorConverter('1', price.currency);
      // A price made before pricing stamped penalty currencies (a booking stored earlier) converts as it always did.
      else convert = minorConverter(price.fx.rate, price.currency);
      converters.set(currency, convert);
    }
    return convert;
  };
  return policy.map((entry) => ({
    from: entry.from,
    penalty: {
      amount: formatMinorUnits(converterFor(entry.penalty.currency)(entry.penalty.amount, entry.penalty.currency), price.currency),
      currency: price.currency,
    },
  }));
}
