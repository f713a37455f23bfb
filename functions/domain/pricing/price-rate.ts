/**
 * Prices one supplier rate for one account in the quote currency.
 *
 * Rounding rule (the only one): every component is computed exactly in decimal, converted once with the
 * stamped rate, and rounded once, half up, to the quote currency's minor unit (JPY 0, EUR 2, BHD 3).
 * The total is then the integer sum of the rounded components, so total = net + markup + tax +
 * serviceFee holds to the last minor unit by construction; nothing is rounded twice and the total is
 * never rounded on its own.
 *
 * - A percentage markup is a percentage of the exact converted net (so it rounds once, not after net did).
 * - A fixed markup or fee in the rule's currency is converted from that currency, once.
 * - A percentage service fee is a percentage of the rounded net + markup + tax, i.e. of what the guest
 *   sees; it is the last component and rounds once.
 * - Supplier amounts of one rate (price, taxes, commission) must all be in the rate's currency, as the
 *   supplier port promises; anything else is refused rather than converted on a guess.
 *
 * Computed by rate-pricer.ts on BigInt minor units (a search prices all its rates through one pricer, which
 * caches what is constant across them); price-rate-decimal.ts is the same rule in decimal.js, the reference
 * the integer path is tested against and falls back to for any input it does not take.
 */
import type { PriceRateInput } from './price-rate-input.js';
import type { Price } from './price.js';
import type { PricingPathWatch } from './pricing-path-watch.js';
import { createRatePricer } from './rate-pricer.js';

/** One rate, priced by the fast path and checked against the exact one (the watch hears of any difference). */
export function priceRate(input: PriceRateInput, watch?: PricingPathWatch): Price {
  return createRatePricer(input, watch).price(input.rate, input.supplierId, input.stars);
}
