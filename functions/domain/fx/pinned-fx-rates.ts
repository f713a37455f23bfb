/**
 * The figures a price was quoted at, kept for the same price's next step: the booking locks the supplier's
 * confirmed price at the figures its rate check used a moment before, so a booking the supplier has made can
 * never fail for a figure that aged meanwhile, and the partner pays at the rates it was shown. A pair the
 * stamps do not hold is asked of `live`.
 */
import { referenceOf } from './fx-margin.js';
import type { FxQuote, FxRates } from './fx-rates.js';

export function pinnedFxRates(stamps: readonly FxQuote[], live: FxRates): FxRates {
  const pinned = new Map<string, FxQuote>();
  for (const stamp of stamps) if (stamp.from !== stamp.to) pinned.set(`${stamp.from}>${stamp.to}`, referenceOf(stamp));
  return {
    rate(from, to, asOf) {
      return pinned.get(`${from}>${to}`) ?? live.rate(from, to, asOf);
    },
  };
}
