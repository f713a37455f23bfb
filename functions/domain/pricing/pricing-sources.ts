/**
 * Where pricing's inputs come from: the fx rates of the moment (fx-rates.ts) and the account's rules
 * (pricing-rules.ts). Search prices with them, and the rate check and the booking price the re-validated
 * rate with the same ones, so a partner pays what it was shown.
 */
import type { FxRates } from '../fx/fx-rates.js';
import type { PricingRules } from './pricing-rules.js';

export interface PricingSources {
  fx(): Promise<FxRates>;
  pricingRules(tenant: string): Promise<PricingRules>;
}
