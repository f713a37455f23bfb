/**
 * A Price as the API shows it (interface document section 2.3): money fields are JSON numbers as the
 * document types them, written from exact decimal strings (at most three fraction digits, which a JSON
 * number carries unchanged); `commission`, `payableAtHotel` and `fx` are the fields API-SPEC.md adds beside
 * them, the fx rate kept as a decimal string so it is reproducible to the digit.
 */
import type { FxQuote } from '../fx/fx-rates.js';
import type { NightlyPrice } from '../pricing/nightly-prices.js';
import type { Price } from '../pricing/price.js';

/** A night's price as shown: its date and its share of the total (API-SPEC `price.nightly`). */
export interface NightlyPriceView {
  readonly date: string;
  readonly total: number;
}

export interface PriceView {
  readonly net: number;
  readonly markup: number;
  readonly tax: number;
  readonly serviceFee: number;
  readonly total: number;
  readonly currency: string;
  readonly commission: number;
  readonly payableAtHotel: number;
  readonly fx: FxView;
  /** Night by night from check-in, adding up to `total` exactly (domain/pricing/nightly-prices.ts). */
  readonly nightly: readonly NightlyPriceView[];
}

export function nightlyView(nightly: readonly NightlyPrice[]): NightlyPriceView[] {
  return nightly.map((night) => ({ date: night.date, total: num(night.total) }));
}

/**
 * The stamp as shown: the stamp's own fields in one order, `referenceRate` and `marginBps` only where the
 * account adds a conversion margin (a stamp built elsewhere may carry more, which the answer must not).
 */
export type FxView = FxQuote;

export function fxView(stamp: FxQuote): FxView {
  const { from, to, rate, source, asOf, referenceRate, marginBps } = stamp;
  return {
    from,
    to,
    rate,
    source,
    asOf,
    ...(referenceRate !== undefined ? { referenceRate } : {}),
    ...(marginBps !== undefined ? { marginBps } : {}),
  };
}

const num = (decimal: string): number => Number(decimal);

export function priceView(price: Price, nightly: readonly NightlyPrice[]): PriceView {
  return {
    net: num(price.net),
    markup: num(price.markup),
    tax: num(price.tax),
    serviceFee: num(price.serviceFee),
    total: num(price.total),
    currency: price.currency,
    commission: num(price.commission),
    payableAtHotel: num(price.payableAtHotel),
    fx: fxView(price.fx),
    nightly: nightlyView(nightly),
  };
}
