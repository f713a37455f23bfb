/**
 * Cancellation penalties in their own currency. A supplier may state a penalty in another currency than the
 * rate's (Rapid's CancelPenalty carries its own `currency`: the spec's availability example penalises a CAD
 * rate in USD). Such a penalty is converted from its own currency, never with the rate's fx as if it were in
 * the rate's: pricing lists the conversion of each such currency in the price's `feeFx`, and the policy is
 * converted with the stamp of each penalty's currency (policy-in-quote-currency.ts).
 */
import type { SupplierRate } from '../rate/supplier-rate.js';
import type { FxStamp, Price } from './price.js';
import type { QuoteConversions } from './quote-conversions.js';

/** The price with a stamp in `feeFx` for each penalty currency that is neither the rate's nor the quote's. */
export function withPenaltyFx(price: Price, rate: SupplierRate, conversions: QuoteConversions): Price {
  let added: FxStamp[] | undefined;
  for (const entry of rate.cancellationPolicy) {
    const currency = entry.penalty.currency;
    if (currency === rate.price.currency || currency === price.currency) continue;
    if (price.feeFx?.some((stamp) => stamp.from === currency) || added?.some((stamp) => stamp.from === currency)) continue;
    // A currency fx does not quote throws here, as for the rate's own: the rate is left unpriced, never guessed.
    const stamp = conversions.from(currency)?.stamp ?? conversions.fx.rate(currency, price.currency, conversions.asOf);
    (added ??= []).push(stamp);
  }
  return added ? { ...price, feeFx: [...(price.feeFx ?? []), ...added] } : price;
}
