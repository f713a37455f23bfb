/**
 * A Price as the API shows it (interface document section 2.3): money fields are JSON numbers as the
 * document types them, written from exact decimal strings (at most three fraction digits, which a JSON
 * number carries unchanged); `commission`, `payableAtHotel` and `fx` are the fields API-SPEC.md adds beside
 * them, the fx rate kept as a decimal string so it is reproducible to the digit.
 */
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
  readonly fx: { readonly from: string; readonly to: string; readonly rate: string; readonly source: string; readonly asOf: string };
  /** Night by night from check-in, adding up to `total` exactly (domain/pricing/nightly-prices.ts). */
  readonly nightly: readonly NightlyPriceView[];
}

export function nightlyView(nightly: readonly NightlyPrice[]): NightlyPriceView[] {
  return nightly.map((night) => ({ date: night.date, total: num(night.total) }));
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
    fx: { from: price.fx.from, to: price.fx.to, rate: price.fx.rate, source: price.fx.source, asOf: price.fx.asOf },
    nightly: nightlyView(nightly),
  };
}
