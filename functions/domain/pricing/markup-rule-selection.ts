/**
 * Which markup rule prices a rate: the most specific matching one, the earlier on ties (see
 * pricing-rules.ts for why). Specificity counts the constrained dimensions: supplier, star band (min
 * and/or max count as one), board basis.
 */
import type { BoardBasis } from '../rate/supplier-rate.js';
import type { MarkupRule } from './pricing-rules.js';

export interface MarkupSubject {
  readonly supplierId: string;
  /** The property's star rating; undefined when unknown, which no star band matches. */
  readonly stars: number | undefined;
  readonly boardBasis: BoardBasis;
}

export function selectMarkupRule(rules: readonly MarkupRule[], subject: MarkupSubject): MarkupRule | undefined {
  let best: MarkupRule | undefined;
  let bestSpecificity = -1;
  for (const rule of rules) {
    if (!matches(rule, subject)) continue;
    const specificity = specificityOf(rule);
    if (specificity > bestSpecificity) {
      best = rule;
      bestSpecificity = specificity;
    }
  }
  return best;
}

function matches(rule: MarkupRule, subject: MarkupSubject): boolean {
  const { supplierIds, minStars, maxStars, boardBasis } = rule.when;
  if (supplierIds && !supplierIds.includes(subject.supplierId)) return false;
  if (minStars !== undefined || maxStars !== undefined) {
    if (subject.stars === undefined) return false;
    if (minStars !== undefined && subject.stars < minStars) return false;
    if (maxStars !== undefined && subject.stars > maxStars) return false;
  }
  if (boardBasis && !boardBasis.includes(subject.boardBasis)) return false;
  return true;
}

function specificityOf(rule: MarkupRule): number {
  const { supplierIds, minStars, maxStars, boardBasis } = rule.when;
  return (supplierIds ? 1 : 0) + (minStars !== undefined || maxStars !== undefined ? 1 : 0) + (boardBasis ? 1 : 0);
}
