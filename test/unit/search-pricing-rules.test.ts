import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_RULES, NO_PRICING_RULES, defaultPricingRules } from '../../functions/domain/pricing/default-pricing-rules.js';
import { selectMarkupRule } from '../../functions/domain/pricing/markup-rule-selection.js';
import { pricingRulesSchema } from '../../functions/domain/pricing/pricing-rules.js';

const rules = pricingRulesSchema.parse({
  markups: [
    { id: 'catch-all', markup: { kind: 'percentage', percent: '8' } },
    { id: 'expedia', when: { supplierIds: ['expedia'] }, markup: { kind: 'percentage', percent: '6' } },
    { id: 'luxury', when: { minStars: 5 }, markup: { kind: 'percentage', percent: '4' } },
    { id: 'budget', when: { maxStars: 2 }, markup: { kind: 'percentage', percent: '12' } },
    {
      id: 'expedia-ai',
      when: { supplierIds: ['expedia'], boardBasis: ['AI', 'FB'] },
      markup: { kind: 'fixed', amount: '5', currency: 'USD', per: 'night' },
    },
    { id: 'expedia-again', when: { supplierIds: ['expedia'] }, markup: { kind: 'percentage', percent: '99' } },
  ],
}).markups;

describe('markup rule selection: most specific wins, earlier on ties', () => {
  it('falls back to the catch-all', () => {
    expect(selectMarkupRule(rules, { supplierId: 'hotelbeds', stars: 3, boardBasis: 'BB' })?.id).toBe('catch-all');
  });
  it('prefers a supplier rule over the catch-all, wherever it sits in the list', () => {
    expect(selectMarkupRule(rules, { supplierId: 'expedia', stars: 3, boardBasis: 'BB' })?.id).toBe('expedia');
  });
  it('takes the earlier of two equally specific rules', () => {
    // expedia (supplier) and luxury (stars) both constrain one dimension: expedia comes first.
    expect(selectMarkupRule(rules, { supplierId: 'expedia', stars: 5, boardBasis: 'BB' })?.id).toBe('expedia');
  });
  it('prefers two constraints over one', () => {
    expect(selectMarkupRule(rules, { supplierId: 'expedia', stars: 5, boardBasis: 'AI' })?.id).toBe('expedia-ai');
  });
  it('applies star bands inclusively and never to an unknown star rating', () => {
    expect(selectMarkupRule(rules, { supplierId: 'hotelbeds', stars: 5, boardBasis: 'RO' })?.id).toBe('luxury');
    expect(selectMarkupRule(rules, { supplierId: 'hotelbeds', stars: 2, boardBasis: 'RO' })?.id).toBe('budget');
    expect(selectMarkupRule(rules, { supplierId: 'hotelbeds', stars: undefined, boardBasis: 'RO' })?.id).toBe('catch-all');
  });
  it('selects nothing when no rule matches', () => {
    expect(
      selectMarkupRule(
        rules.filter((r) => r.id === 'luxury'),
        { supplierId: 'hotelbeds', stars: 3, boardBasis: 'BB' },
      ),
    ).toBeUndefined();
  });
});

describe('pricingRulesSchema', () => {
  it('fills defaults: no markups, no markup on pay-at-hotel, no fee, per-booking fixed markups', () => {
    expect(pricingRulesSchema.parse({})).toEqual({ markups: [], payAtHotel: { applyMarkup: false } });
    const fixed = pricingRulesSchema.parse({ markups: [{ id: 'f', markup: { kind: 'fixed', amount: '3', currency: 'EUR' } }] });
    expect(fixed.markups[0]?.markup).toEqual({ kind: 'fixed', amount: '3', currency: 'EUR', per: 'booking' });
    expect(fixed.markups[0]?.when).toEqual({});
  });
  it.each([
    ['a float percent', { markups: [{ id: 'x', markup: { kind: 'percentage', percent: 8 } }] }],
    ['a negative percent', { markups: [{ id: 'x', markup: { kind: 'percentage', percent: '-1' } }] }],
    ['an absurd percent', { markups: [{ id: 'x', markup: { kind: 'percentage', percent: '1500' } }] }],
    ['a lower-case currency', { serviceFee: { kind: 'fixed', amount: '2', currency: 'eur' } }],
    ['yen with decimals', { serviceFee: { kind: 'fixed', amount: '2.5', currency: 'JPY' } }],
    ['an inverted star band', { markups: [{ id: 'x', when: { minStars: 5, maxStars: 3 }, markup: { kind: 'percentage', percent: '1' } }] }],
    ['an unknown board basis', { markups: [{ id: 'x', when: { boardBasis: ['XX'] }, markup: { kind: 'percentage', percent: '1' } }] }],
    ['a rule without id', { markups: [{ markup: { kind: 'percentage', percent: '1' } }] }],
  ])('refuses %s', (_name, input) => {
    expect(pricingRulesSchema.safeParse(input).success).toBe(false);
  });
});

describe('default rules of the seeded tenants', () => {
  it('gives demo 8 % and a 2 EUR fee, acme its own, and anyone else nothing', () => {
    expect(DEFAULT_PRICING_RULES.demo?.markups.map((m) => m.markup)).toEqual([{ kind: 'percentage', percent: '8' }]);
    expect(DEFAULT_PRICING_RULES.demo?.serviceFee).toEqual({ kind: 'fixed', amount: '2.00', currency: 'EUR' });
    expect(DEFAULT_PRICING_RULES.acme).not.toEqual(DEFAULT_PRICING_RULES.demo);
    expect(defaultPricingRules('acme').payAtHotel.applyMarkup).toBe(true);
    expect(defaultPricingRules('someone-else')).toEqual(NO_PRICING_RULES);
  });
});
