/**
 * Search's pricing stage: every rate of a supplier offer priced for the account in the quote currency
 * (functions/domain/pricing/: the rate pricer, exact to the minor unit). Each priced rate is built with one
 * fixed key order, so the merge and the ranking that read every one of them meet one object shape.
 */
import type { PriceRateInput } from '../domain/pricing/price-rate-input.js';
import { createRatePricer, type RatePricer } from '../domain/pricing/rate-pricer.js';
import { loggedPricingPathWatch } from '../shared/pricing-path-watch.js';
import type { PricedRate } from '../domain/rate/priced-rate.js';
import type { SupplierOffer } from '../suppliers/port.js';

/** What pricing one offer's rates takes beyond the rates themselves (see priceRate). */
export type PricingContext = Pick<PriceRateInput, 'stars' | 'rules' | 'quoteCurrency' | 'fx' | 'nights' | 'rooms'>;

/** Every rate of one supplier offer, priced for the account in the quote currency. */
export function priceOffer(offer: SupplierOffer, context: PricingContext): PricedRate[] {
  return pricedRates(offer, context.stars, pricerFor(context));
}

/** One pricer for a search's rates: its caches (fx pairs, chosen rules, ...) are shared by every offer. */
export function pricerFor(context: Omit<PricingContext, 'stars'>): RatePricer {
  const { rules, quoteCurrency, fx, nights, rooms } = context;
  return createRatePricer({ rules, quoteCurrency, fx, nights, rooms }, loggedPricingPathWatch);
}

/**
 * priceOffer with the search's pricer, whose caches (fx pairs, chosen rules, ...) every offer shares. A rate
 * that cannot be priced (an amount in a currency we have no rate for, say) is left out, the offer's others
 * kept: one rate never fails a search. `unpriced` hears of each one left out, with the pricer's reason.
 */
export function pricedRates(
  offer: SupplierOffer,
  stars: number | undefined,
  pricer: RatePricer,
  unpriced?: (supplierId: string, reason: string, error: unknown) => void,
): PricedRate[] {
  const priced: PricedRate[] = [];
  for (const rate of offer.rates) {
    let price;
    try {
      price = pricer.price(rate, offer.supplierId, stars);
    } catch (error) {
      unpriced?.(offer.supplierId, error instanceof Error ? error.message : 'unpriceable', error);
      continue;
    }
    priced.push({
      supplierId: offer.supplierId,
      supplierPropertyId: offer.supplierPropertyId,
      rate,
      boardBasis: rate.boardBasis,
      refundable: rate.refundable,
      cancellationPolicy: rate.cancellationPolicy,
      price,
    });
  }
  return priced;
}
