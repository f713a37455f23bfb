/**
 * The search response of interface document section 2.3, as the API shows it. Each property's rate is a
 * ShownRate (functions/domain/rate/shown-rate.ts: money as JSON numbers from exact decimals, the price's
 * fx stamp, the policy in the quote currency), the same view the rate check answers with.
 */
import type { GeoPoint } from '../domain/property/geo-point.js';
import type { ShownRate } from '../domain/rate/shown-rate.js';
import type { SupplierStatus } from './fan-out.js';

export interface SupplierSummary {
  readonly id: string;
  readonly status: SupplierStatus;
  readonly tookMs: number;
  readonly results: number;
}

export interface SearchedProperty {
  readonly propertyId: string;
  readonly name: string;
  readonly starRating?: number;
  readonly geo?: GeoPoint;
  readonly supplierRefs: readonly { readonly supplierId: string; readonly supplierPropertyId: string }[];
  readonly cheapestRate: ShownRate;
}

export interface SearchResponse {
  readonly searchId: string;
  readonly currency: string;
  readonly partial: boolean;
  readonly suppliers: readonly SupplierSummary[];
  readonly totalProperties: number;
  readonly properties: readonly SearchedProperty[];
  readonly next?: string;
}
