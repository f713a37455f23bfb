/**
 * The search request's `filters` (section 2.2): minStarRating, boardBasis, freeCancellationOnly.
 * Rate filters (board basis, free cancellation) are applied to each rate first; then the property
 * filter (star rating), and a property with no rate left is dropped, so every property shown has at
 * least one rate matching everything that was asked.
 */
import type { BoardBasis } from '../../suppliers/port.js';
import { isFreeCancellation } from './free-cancellation.js';
import type { RankableProperty, RankableRate } from './rankable.js';

export interface SearchFilters {
  readonly minStarRating?: number;
  /** Any of these; absent or empty means any board basis. */
  readonly boardBasis?: readonly BoardBasis[];
  readonly freeCancellationOnly?: boolean;
}

export function applySearchFilters<R extends RankableRate, P extends RankableProperty<R>>(
  properties: readonly P[],
  filters: SearchFilters | undefined,
  now: Date,
): P[] {
  const minStars = filters?.minStarRating;
  const boards = filters?.boardBasis && filters.boardBasis.length > 0 ? new Set(filters.boardBasis) : undefined;
  const freeOnly = filters?.freeCancellationOnly === true;
  const keepRate = (rate: R): boolean => (!boards || boards.has(rate.boardBasis)) && (!freeOnly || isFreeCancellation(rate, now));

  const kept: P[] = [];
  for (const property of properties) {
    if (minStars !== undefined && (property.starRating === undefined || property.starRating < minStars)) continue;
    const rates = property.rates.filter(keepRate);
    if (rates.length === 0) continue;
    kept.push(rates.length === property.rates.length ? property : { ...property, rates });
  }
  return kept;
}
