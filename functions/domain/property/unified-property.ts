/**
 * The unified content of one property, built from its cluster of supplier properties by the mapping job:
 * what GET /v1/hotels/properties/{propertyId} shows, what search puts on a deduplicated result and what a
 * booking's voucher reads (address, contact, time zone, check-in times).
 */
import type { GeoPoint } from './geo-point.js';
import type { PropertyAddress } from './property-address.js';
import type { SupplierRoomContent } from './room-content.js';
import type { SupplierRef } from './supplier-ref.js';

export interface UnifiedImage {
  readonly url: string;
  readonly supplierId: string;
}

/** A supplier's guest rating of a property: its score on its scale, from how many reviews. */
export interface GuestRating {
  readonly supplierId: string;
  readonly score: number;
  readonly scale: number;
  readonly count: number;
}

export interface SupplierRoomTypes {
  readonly supplierId: string;
  readonly supplierPropertyId: string;
  readonly rooms: readonly SupplierRoomContent[];
}

/**
 * One member of the property as its supplier shows it: what on-the-fly matching compares a new supplier
 * property with, and the voucher's contact details.
 */
export interface MemberSummary {
  readonly supplierId: string;
  readonly supplierPropertyId: string;
  readonly name: string;
  readonly stars?: number;
  readonly geo?: GeoPoint;
  readonly address?: PropertyAddress;
  /** IATA city code when the supplier's destination maps to one. */
  readonly cityCode?: string;
  readonly phone?: string;
  readonly email?: string;
}

export interface UnifiedProperty {
  readonly propertyId: string;
  readonly name: string;
  readonly starRating?: number;
  readonly geo?: GeoPoint;
  readonly address?: PropertyAddress;
  readonly cityCode?: string;
  /** IANA zone of the property's city, when the city is in the destination catalogue. */
  readonly timeZone?: string;
  readonly description?: string;
  readonly amenities: readonly string[];
  readonly images: readonly UnifiedImage[];
  readonly policies: { readonly checkIn?: string; readonly checkOut?: string };
  readonly roomTypes: readonly SupplierRoomTypes[];
  /** Ordered by supplier, then id. */
  readonly supplierRefs: readonly SupplierRef[];
  readonly members: readonly MemberSummary[];
  /** Each supplier's guest rating of the property, where it gives one (Rapid `ratings.guest`); by supplier. */
  readonly guestRatings?: readonly GuestRating[];
  /**
   * When the mapping job last found this property's content different from what it had stored (UTC ISO
   * 8601): what a partner's catalogue sync asks for with `updatedSince`. Absent on content stored before
   * the job recorded it.
   */
  readonly contentChangedAt?: string;
  /** The digest of the content contentChangedAt was last set for (content-changes.ts in the mapping job). */
  readonly contentHash?: string;
}
