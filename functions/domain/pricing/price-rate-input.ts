/**
 * What pricing one rate takes (price-rate.ts): the supplier's rate, the account's rules, the quote currency
 * and its fx source, and the stay's size. Apart from priceRate so that its two implementations, the rate
 * pricer and the decimal reference, and priceRate itself read it without importing one another.
 */
import type { FxRates } from '../fx/fx-rates.js';
import type { SupplierRate } from '../rate/supplier-rate.js';
import type { PricingRules } from './pricing-rules.js';

export interface PriceRateInput {
  readonly rate: SupplierRate;
  readonly supplierId: string;
  /** The property's star rating (unified), for star-band markup rules; undefined when unknown. */
  readonly stars: number | undefined;
  readonly rules: PricingRules;
  readonly quoteCurrency: string;
  readonly fx: FxRates;
  /** Nights and rooms of the stay, for fixed markups counted per night or per room-night. */
  readonly nights: number;
  readonly rooms: number;
  /** Asked of the fx source; the stamp reports what it answered with. */
  readonly asOf?: string;
}
