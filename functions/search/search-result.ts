/**
 * The search response of interface document section 2.3, as the API shows it. Money fields are JSON
 * numbers as the document types them, written from exact decimal strings (at most three fraction digits,
 * which a JSON number carries unchanged); `commission`, `payableAtHotel` and `fx` are the fields
 * API-SPEC.md adds beside them, the fx rate kept as a decimal string so it is reproducible to the digit.
 */
import type { Price } from '../domain/pricing/price.js';
import type { BoardBasis, CancellationPenalty, GeoPoint } from '../suppliers/port.js';
import type { SupplierStatus } from './fan-out.js';

export interface SupplierSummary {
  readonly id: string;
  readonly status: SupplierStatus;
  readonly tookMs: number;
  readonly results: number;
}

export interface PriceView {
  readonly net: number;
  readonly markup: number;
  readonly tax: number;
  readonly serviceFee: number;
  readonly total: number;
  readonly currency: string;
  readonly commission: number;
  readonly payableAtHotel: number;
  readonly fx: { readonly from: string; readonly to: string; readonly rate: string; readonly source: string; readonly asOf: string };
}

export interface ShownRate {
  readonly rateId: string;
  readonly supplierId: string;
  readonly roomTypeName: string;
  readonly boardBasis: BoardBasis;
  readonly refundable: boolean;
  /** The last moment cancellation is free (absent when it never is). */
  readonly cancellationDeadline?: string;
  readonly cancellationPolicy: readonly { readonly from: string; readonly penalty: { readonly amount: number; readonly currency: string } }[];
  readonly payment: 'net' | 'pay_at_hotel';
  readonly price: PriceView;
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

const num = (decimal: string): number => Number(decimal);

export function priceView(price: Price): PriceView {
  return {
    net: num(price.net),
    markup: num(price.markup),
    tax: num(price.tax),
    serviceFee: num(price.serviceFee),
    total: num(price.total),
    currency: price.currency,
    commission: num(price.commission),
    payableAtHotel: num(price.payableAtHotel),
    fx: { from: price.fx.from, to: price.fx.to, rate: price.fx.rate, source: price.fx.source, asOf: price.fx.asOf },
  };
}

export function policyView(policy: readonly CancellationPenalty[]): ShownRate['cancellationPolicy'] {
  return policy.map((p) => ({ from: p.from, penalty: { amount: num(p.penalty.amount), currency: p.penalty.currency } }));
}
