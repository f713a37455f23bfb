/**
 * Pricing rules of the seeded tenants (local/seed.ts: demo, acme) until accounts manage their own.
 *
 * demo: a plain leisure reseller. 8 % on every net rate; pay-at-hotel rates sold at the hotel's price
 *   (we keep the commission); 2.00 EUR service fee per booking.
 * acme: a corporate travel account with contracted margins. 5 % by default, 3 % on luxury (5 stars),
 *   10 % on Expedia room-only rates, 1.50 EUR per room-night on OpenTravel rates (not contracted for
 *   acme today, kept to exercise fixed markups); markup also on pay-at-hotel rates (collected by us at
 *   booking), and a 1.5 % service fee.
 * Any other tenant: no markup, no fee (the supplier's price, converted), so an unconfigured tenant is
 * never charged something nobody decided.
 */
import { pricingRulesSchema, type PricingRules, type PricingRulesInput } from './pricing-rules.js';

const DEFAULT_INPUT: Readonly<Record<string, PricingRulesInput>> = {
  demo: {
    markups: [{ id: 'demo-all', markup: { kind: 'percentage', percent: '8' } }],
    payAtHotel: { applyMarkup: false },
    serviceFee: { kind: 'fixed', amount: '2.00', currency: 'EUR' },
  },
  acme: {
    markups: [
      { id: 'acme-default', markup: { kind: 'percentage', percent: '5' } },
      { id: 'acme-luxury', when: { minStars: 5 }, markup: { kind: 'percentage', percent: '3' } },
      {
        id: 'acme-expedia-room-only',
        when: { supplierIds: ['expedia'], boardBasis: ['RO'] },
        markup: { kind: 'percentage', percent: '10' },
      },
      {
        id: 'acme-opentravel',
        when: { supplierIds: ['opentravel'] },
        markup: { kind: 'fixed', amount: '1.50', currency: 'EUR', per: 'room_night' },
      },
    ],
    payAtHotel: { applyMarkup: true },
    serviceFee: { kind: 'percentage', percent: '1.5' },
  },
};

/** Validated through the same schema stored rules go through, so the defaults cannot drift from it. */
export const DEFAULT_PRICING_RULES: Readonly<Record<string, PricingRules>> = Object.freeze(
  Object.fromEntries(Object.entries(DEFAULT_INPUT).map(([tenant, rules]) => [tenant, pricingRulesSchema.parse(rules)])),
);

export const NO_PRICING_RULES: PricingRules = pricingRulesSchema.parse({});

export function defaultPricingRules(tenant: string): PricingRules {
  return DEFAULT_PRICING_RULES[tenant] ?? NO_PRICING_RULES;
}
