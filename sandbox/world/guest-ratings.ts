/** The sandbox Rapid's guest ratings (`ratings.guest`), fixed per property; world-content.ts presents them as the adapter reads them. */
import type { WireGuestRating } from '../../functions/suppliers/expedia/wire.js';
import { hash32 } from './prng.js';
import type { SupplierProperty } from './supplier-views.js';

/**
 * Rapid's guest rating for two properties in three (the others have too few reviews to show one): an
 * overall score from 2.5 to 4.9 and a review count, fixed per property.
 */
export function guestRating(property: SupplierProperty): WireGuestRating | undefined {
  const h = hash32(`guest|${property.supplierPropertyId}`);
  if (h % 3 === 0) return undefined;
  const overall = (25 + (h % 25)) / 10;
  const sub = (shift: number) => (Math.min(50, 25 + ((h >>> shift) % 26)) / 10).toFixed(1);
  return {
    count: 10 + ((h >>> 8) % 4990),
    overall: overall.toFixed(1),
    cleanliness: sub(3),
    service: sub(5),
    comfort: sub(7),
    location: sub(9),
    value: sub(11),
    recommendation_percent: `${Math.min(99, 40 + ((h >>> 13) % 60))}%`,
  };
}
