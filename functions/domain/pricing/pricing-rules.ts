/**
 * An account's (tenant's) pricing rules: what it adds on top of the supplier's price.
 *
 * - markups: chosen per rate by supplier, star band and board basis. The MOST SPECIFIC matching rule
 *   wins (the one constraining the most of supplier / stars / board); among equally specific rules the
 *   first in the list wins. So a catch-all can sit anywhere and a targeted rule never needs reordering.
 *   No matching rule: no markup.
 * - payAtHotel: commissionable (pay-at-hotel) rates are sold at the hotel's own price, and what we earn
 *   is the hotel's commission; `applyMarkup: true` also adds the account's markup, collected by us.
 * - serviceFee: one fee per booking, a percentage of net + markup + tax, or a fixed amount.
 * - fxMarginBps: a conversion margin on every amount converted into the quote currency.
 *
 * Percentages are decimal strings ("8", "12.5"): rules are data that finance reads, and they take part
 * in money arithmetic, so they never become binary floats.
 */
import * as z from 'zod';
import { MAX_FX_MARGIN_BPS } from '../fx/fx-margin.js';
import { parseDecimal } from '../money/decimal.js';
import { minorUnitExponent } from '../money/minor-units.js';

const BOARD_BASES = ['RO', 'BB', 'HB', 'FB', 'AI'] as const;

// abort: the checks after it (the percent bound, the currency's decimals) read it as a decimal, which a
// string like "ten" is not; without it they would throw instead of reporting the field.
const decimalAmount = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,6})?$/, { message: 'a non-negative decimal string such as "8" or "12.50"', abort: true });
const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as "EUR"');

/** "2.5" JPY cannot be charged: a fixed amount has at most its currency's decimals. */
function fitsCurrency(fixed: { amount: string; currency: string }): boolean {
  if (!/^\d{1,12}(\.\d{1,6})?$/.test(fixed.amount) || !/^[A-Z]{3}$/.test(fixed.currency)) return true; // reported by the fields' own checks
  return parseDecimal(fixed.amount).decimalPlaces() <= minorUnitExponent(fixed.currency);
}
const amountPrecisionIssue = { message: 'more decimals than the currency has', path: ['amount'] };

const percentage = z.object({
  kind: z.literal('percentage'),
  /** Percent, e.g. "8" for 8 %. */
  percent: decimalAmount.refine((p) => parseDecimal(p).lte(1000), 'at most 1000 percent'),
});

const fixedMarkup = z
  .object({
    kind: z.literal('fixed'),
    amount: decimalAmount,
    currency: currencyCode,
    /** What the amount is counted per: the whole booking, each night, or each room and night. */
    per: z.enum(['booking', 'night', 'room_night']).default('booking'),
  })
  .refine(fitsCurrency, amountPrecisionIssue);

const fixedFee = z
  .object({
    kind: z.literal('fixed'),
    amount: decimalAmount,
    currency: currencyCode,
  })
  .refine(fitsCurrency, amountPrecisionIssue);

export const markupRuleSchema = z
  .object({
    /** Names the rule in audits and tests. */
    id: z.string().min(1),
    when: z
      .object({
        supplierIds: z.array(z.string().min(1)).min(1).optional(),
        minStars: z.number().int().min(0).max(5).optional(),
        maxStars: z.number().int().min(0).max(5).optional(),
        boardBasis: z.array(z.enum(BOARD_BASES)).min(1).optional(),
      })
      .default({}),
    markup: z.discriminatedUnion('kind', [percentage, fixedMarkup]),
  })
  .refine((rule) => rule.when.minStars === undefined || rule.when.maxStars === undefined || rule.when.minStars <= rule.when.maxStars, {
    message: 'minStars must not exceed maxStars',
    path: ['when', 'minStars'],
  });

export const pricingRulesSchema = z.object({
  markups: z.array(markupRuleSchema).default([]),
  payAtHotel: z.object({ applyMarkup: z.boolean().default(false) }).default({ applyMarkup: false }),
  serviceFee: z.discriminatedUnion('kind', [percentage, fixedFee]).optional(),
  /**
   * A conversion margin in basis points (150 = 1.5 %) on every conversion into the quote currency: the stamp
   * then shows the rate applied, the reference rate and the margin (functions/domain/fx/fx-margin.ts).
   */
  fxMarginBps: z.number().int().min(0).max(MAX_FX_MARGIN_BPS).optional(),
});

/** Rules as stored or written by hand (defaults not yet applied). */
export type PricingRulesInput = z.input<typeof pricingRulesSchema>;
/** Rules as pricing reads them. */
export type PricingRules = z.output<typeof pricingRulesSchema>;
export type MarkupRule = z.output<typeof markupRuleSchema>;
export type ServiceFeeRule = NonNullable<PricingRules['serviceFee']>;
