/**
 * A price as the API quotes it and as finance reads it from stored bookings. Every amount is a decimal
 * string in `currency` (the quote currency) with exactly that currency's minor-unit exponent.
 *
 *   total = net + markup + tax + serviceFee      exactly (an integer sum of minor units)
 *
 * - net: the supplier's price without the taxes it includes, converted.
 * - markup: what the account adds (0 on pay-at-hotel rates unless the rules say otherwise).
 * - tax: the taxes and fees the supplier's price includes, broken out of it. Taxes the supplier says are
 *   not included (typically city tax collected by the hotel) are NOT in `tax` nor in `total`: they are
 *   in `payableAtHotel`.
 * - serviceFee: the account's per-booking fee.
 * - commission: what the hotel pays us on a pay-at-hotel rate (0 on net rates). Information, not a
 *   charge to the guest, so not part of total.
 * - payableAtHotel: what the guest settles at the property. Net rate: the excluded taxes. Pay-at-hotel
 *   rate: net + tax + the excluded taxes (markup, if any, and the service fee are collected by us).
 * - fx: the conversion of the supplier's amounts (`from` = the supplier's currency).
 * - feeFx: only when a fixed rule amount, or a charge the property collects, was in a third currency: the
 *   conversions used for it.
 * - payAtProperty: only when the supplier names charges the property collects (rate-obligations.ts): each in
 *   the property's currency, with its estimate in the quote currency (part of payableAtHotel, never of total).
 * - minimumSellingPrice: only when the supplier imposes a floor: it in the quote currency (rounded up); total
 *   is never below it.
 */
import type { FxQuote } from '../fx/fx-rates.js';
import type { PropertyChargeKind } from '../rate/supplier-rate.js';

export type FxStamp = FxQuote;

/** A charge the property collects, as priced: its own amount and currency, and the estimate in the quote currency. */
export interface PropertyChargeQuote {
  readonly kind: PropertyChargeKind;
  readonly description: string | undefined;
  readonly amount: string;
  readonly currency: string;
  readonly quote: string;
}

export interface Price {
  readonly net: string;
  readonly markup: string;
  readonly commission: string;
  readonly tax: string;
  readonly serviceFee: string;
  readonly total: string;
  readonly currency: string;
  readonly payableAtHotel: string;
  readonly fx: FxStamp;
  readonly feeFx?: readonly FxStamp[];
  readonly payAtProperty?: readonly PropertyChargeQuote[];
  readonly minimumSellingPrice?: string;
}
