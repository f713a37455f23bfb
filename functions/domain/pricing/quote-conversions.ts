/**
 * Conversions into one search's quote currency, kept for the search: for each currency, the stamp fx gives,
 * its rate as an exact scaled integer, and the multiplier that takes that currency's minor units to the
 * quote's on safe integers (safe-integer.ts). The rate pricer and the suppliers' obligations
 * (rate-obligations.ts) convert through the same one, so fx is asked once per currency and each rate is
 * parsed and prepared once per search.
 */
import type { FxQuote, FxRates } from '../fx/fx-rates.js';
import { minorUnitExponent } from '../money/minor-units.js';
import { parseUnsignedDecimal, type ScaledInteger } from '../money/scaled-integer.js';
import { safeScaling, type SafeScaling } from './safe-integer.js';

/** A conversion from one currency into the quote currency: the stamp and its rate as units / 10^scale. */
export interface QuoteConversion {
  readonly stamp: FxQuote;
  readonly rate: ScaledInteger;
  /** The minor-unit exponent of the currency converted from. */
  readonly exponent: number;
  /** Its minor units → quote minor units on numbers: × rate units / 10^shift; undefined if it cannot be. */
  readonly safe: SafeScaling | undefined;
}

export interface QuoteConversions {
  readonly quote: string;
  readonly quoteExponent: number;
  /** The figures and instant the conversions are fx's answers for (the decimal.js paths ask them again). */
  readonly fx: FxRates;
  readonly asOf: string | undefined;
  /**
   * The conversion from `currency`; null when fx's rate is not plain decimal text (decimal.js then converts).
   * Throws what fx.rate throws, and keeps nothing then: the decimal.js path raises it again.
   */
  from(currency: string): QuoteConversion | null;
}

export function createQuoteConversions(fx: FxRates, quote: string, asOf: string | undefined): QuoteConversions {
  const quoteExponent = minorUnitExponent(quote);
  const conversions = new Map<string, QuoteConversion | null>();
  // Consecutive rates are mostly in one currency: comparing with the last one is cheaper than hashing
  // each rate's own copy of the currency code for the map.
  let lastCurrency: string | undefined;
  let lastConversion: QuoteConversion | null = null;
  return {
    quote,
    quoteExponent,
    fx,
    asOf,
    from(currency) {
      if (currency === lastCurrency) return lastConversion;
      let conversion = conversions.get(currency);
      if (conversion === undefined) {
        const stamp = fx.rate(currency, quote, asOf);
        const rate = parseUnsignedDecimal(stamp.rate);
        const exponent = minorUnitExponent(currency);
        conversion = rate ? { stamp, rate, exponent, safe: safeScaling(rate.units, exponent + rate.scale - quoteExponent) } : null;
        conversions.set(currency, conversion);
      }
      lastCurrency = currency;
      lastConversion = conversion;
      return conversion;
    },
  };
}
