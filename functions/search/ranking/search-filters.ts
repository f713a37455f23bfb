/**
 * The search request's `filters` (section 2.2): minStarRating, boardBasis, freeCancellationOnly.
 * Rate filters (board basis, free cancellation) are applied to each rate first; then the property
 * filter (star rating), and a property with no rate left is dropped, so every property shown has at
 * least one rate matching everything that was asked.
 */
import { isFreeCancellation } from '../../domain/cancellation/free-cancellation.js';
import type { BoardBasis } from '../../suppliers/port.js';
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
  const keepRate = rateFilter(filters, now);
  const kept: P[] = [];
  for (const property of properties) {
    if (!keepsProperty(property.starRating, filters)) continue;
    const rates = property.rates.filter(keepRate);
    if (rates.length === 0) continue;
    kept.push(rates.length === property.rates.length ? property : { ...property, rates });
  }
  return kept;
}

/** The rate half of the filters on its own, for a search that filters each rate as its supplier answers. */
export function rateFilter(filters: SearchFilters | undefined, now: Date): (rate: RankableRate) => boolean {
  const boards = filters?.boardBasis && filters.boardBasis.length > 0 ? new Set(filters.boardBasis) : undefined;
  const freeOnly = filters?.freeCancellationOnly === true;
  return (rate) => (!boards || boards.has(rate.boardBasis)) && (!freeOnly || isFreeCancellation(rate, now));
}

/** The property half: minStarRating (an unknown rating fails any minimum). */
export function keepsProperty(starRating: number | undefined, filters: SearchFilters | undefined): boolean {
  const minStars = filters?.minStarRating;
  return minStars === undefined || (starRating !== undefined && starRating >= minStars);
}
