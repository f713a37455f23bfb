/**
 * An account's conversion margin (its pricing rules' fxMarginBps): every conversion into its quote currency
 * is made at the reference rate raised by the margin, exactly, and the stamp shows all three:
 * rate = referenceRate × (10000 + marginBps) / 10000. A product of finite decimals by a finite decimal
 * (1.0150 for 150 bps) is finite, so nothing is rounded and the applied rate can be redone by hand.
 *
 * The margin is on what the partner pays: a quote currency unit buys less of the supplier's. A pair that
 * converts nothing (the quote's own currency) carries no margin.
 */
import { Decimal, decimalText, parseDecimal } from '../money/decimal.js';
import type { FxQuote, FxRates } from './fx-rates.js';

export const MAX_FX_MARGIN_BPS = 1000;

export function withFxMargin(fx: FxRates, marginBps: number | undefined): FxRates {
  if (!marginBps) return fx;
  const factor = new Decimal(10000 + marginBps).dividedBy(10000);
  return {
    rate(from, to, asOf) {
      const reference = fx.rate(from, to, asOf);
      if (from === to) return reference;
      return { ...reference, rate: decimalText(parseDecimal(reference.rate).times(factor)), referenceRate: reference.rate, marginBps };
    },
  };
}

/** The reference figure of a stamp (its rate when no margin was added). */
export function referenceOf(stamp: FxQuote): FxQuote {
  const { referenceRate, marginBps: _margin, ...rest } = stamp;
  return referenceRate === undefined ? rest : { ...rest, rate: referenceRate };
}
