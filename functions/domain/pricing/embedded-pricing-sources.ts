/**
 * The pricing sources the service runs with today: the embedded ECB reference snapshot
 * (fx/reference-fx-rates.ts) and the seeded tenants' rules (default-pricing-rules.ts). Search and booking
 * both wire these, so they cannot price one rate two ways.
 */
import { embeddedFxRates } from '../fx/reference-fx-rates.js';
import { defaultPricingRules } from './default-pricing-rules.js';
import type { PricingSources } from './pricing-sources.js';

export const embeddedPricingSources: PricingSources = {
  fx: () => embeddedFxRates.ratesFor(),
  pricingRules: async (tenant) => defaultPricingRules(tenant),
};
