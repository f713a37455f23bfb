/**
 * The least filters and ranking need to know about a property and its priced rates. Structural and
 * generic, so the search's own property and rate records (with rateId, supplier refs, content...) pass
 * through unchanged and come out in the same shape.
 */
import type { BoardBasis, CancellationPenalty, GeoPoint } from '../../suppliers/port.js';

export interface RankableRate {
  readonly boardBasis: BoardBasis;
  readonly refundable: boolean;
  /** Ascending by `from`, UTC ISO 8601; empty on a refundable rate means free until arrival. */
  readonly cancellationPolicy: readonly CancellationPenalty[];
  /** The priced total in the quote currency (functions/domain/pricing/price.ts). */
  readonly price: { readonly total: string; readonly currency: string };
}

export interface RankableProperty<R extends RankableRate = RankableRate> {
  readonly propertyId: string;
  readonly name: string;
  /** Unified star rating; undefined when no supplier gave one (ranks as 0, fails any minStarRating). */
  readonly starRating: number | undefined;
  readonly geo?: GeoPoint;
  readonly rates: readonly R[];
}
