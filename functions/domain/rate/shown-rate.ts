/**
 * A priced rate as the API shows it: in a search's page, a stored search's later pages, the property-rates
 * call and the rate check. One function describes it everywhere, so a rate reads the same wherever it is
 * shown: the cancellation policy converted to the quote currency, the free-cancellation deadline, the
 * price view, and the content of its rateId (signed with the caller's tenant only when served).
 */
import type { CancellationPenalty } from '../cancellation/cancellation-penalty.js';
import type { SupplierRate } from './supplier-rate.js';
import { policyInQuoteCurrency } from '../cancellation/policy-in-quote-currency.js';
import type { Price } from '../pricing/price.js';
import { cancellationDeadline } from '../cancellation/free-cancellation.js';
import { signRateId, type RateTicket } from './rate-id.js';
import { policyView, priceView, type SearchedProperty, type ShownRate } from '../../search/search-result.js';
import type { SupplierRef } from '../property/supplier-ref.js';
import type { GeoPoint } from '../property/geo-point.js';

/** What describing a rate reads of a priced rate (a PricedRate, or one read back from a stored search). */
export interface DescribableRate {
  readonly supplierId: string;
  readonly supplierPropertyId: string;
  readonly rate: Pick<SupplierRate, 'supplierRateKey' | 'roomTypeName' | 'payment'>;
  readonly boardBasis: SupplierRate['boardBasis'];
  readonly refundable: boolean;
  readonly cancellationPolicy: readonly CancellationPenalty[];
  readonly price: Price;
}

/** The search a rate was quoted in: what its rateId carries besides the rate. */
export interface QuotedStay {
  readonly searchId: string;
  readonly nights: number;
  readonly rooms: number;
  readonly expiresAt: string;
}

export interface StayContext extends QuotedStay {
  readonly tenant: string;
  readonly rateIdKey: Buffer;
}

/** A shown rate with the content of its rateId still unsigned. */
export type DescribedRate = Omit<ShownRate, 'rateId'> & { readonly ticket: RateTicket };

/** A property as a search ranks it: its unified head and the one rate it is shown with. */
export interface ShownProperty {
  readonly propertyId: string;
  readonly name: string;
  readonly starRating?: number | undefined;
  readonly geo?: GeoPoint | undefined;
  readonly supplierRefs: readonly SupplierRef[];
  readonly rate: DescribableRate;
}

/** A priced rate as the API shows it, with its signed rateId. */
export function showRate(rate: DescribableRate, property: { propertyId: string; starRating?: number | undefined }, stay: StayContext): ShownRate {
  const { ticket, ...shown } = describeRate(rate, property, stay);
  return { rateId: signRateId(ticket, stay.tenant, stay.rateIdKey), ...shown };
}

/** A ranked property as a page of search results shows it. */
export function showProperty(property: ShownProperty, stay: StayContext): SearchedProperty {
  return {
    propertyId: property.propertyId,
    name: property.name,
    ...(property.starRating !== undefined ? { starRating: property.starRating } : {}),
    ...(property.geo ? { geo: property.geo } : {}),
    supplierRefs: property.supplierRefs,
    cheapestRate: showRate(property.rate, property, stay),
  };
}

/** A priced rate as shown, with the content of its rateId unsigned. */
export function describeRate(rate: DescribableRate, property: { propertyId: string; starRating?: number | undefined }, stay: QuotedStay): DescribedRate {
  const ticket: RateTicket = {
    searchId: stay.searchId,
    supplierId: rate.supplierId,
    supplierRateKey: rate.rate.supplierRateKey,
    supplierPropertyId: rate.supplierPropertyId,
    propertyId: property.propertyId,
    ...(property.starRating !== undefined ? { starRating: property.starRating } : {}),
    quoted: { net: rate.price.net, markup: rate.price.markup, tax: rate.price.tax, serviceFee: rate.price.serviceFee, total: rate.price.total, currency: rate.price.currency },
    nights: stay.nights,
    rooms: stay.rooms,
    expiresAt: stay.expiresAt,
  };
  const deadline = cancellationDeadline(rate.cancellationPolicy);
  return {
    ticket,
    supplierId: rate.supplierId,
    roomTypeName: rate.rate.roomTypeName,
    boardBasis: rate.boardBasis,
    refundable: rate.refundable,
    ...(deadline ? { cancellationDeadline: deadline } : {}),
    cancellationPolicy: policyView(policyInQuoteCurrency(rate.cancellationPolicy, rate.price)),
    payment: rate.rate.payment,
    price: priceView(rate.price),
  };
}
