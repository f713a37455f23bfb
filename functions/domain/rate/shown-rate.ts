/**
 * A priced rate as the API shows it: in a search's page, a stored search's later pages, the property-rates
 * call and the rate check. One function describes it everywhere, so a rate reads the same wherever it is
 * shown: the cancellation policy converted to the quote currency, the free-cancellation deadline, the
 * price view, and the content of its rateId (signed with the caller's tenant only when served).
 */
import { cancellationDeadline } from '../cancellation/free-cancellation.js';
import { policyInQuoteCurrency } from '../cancellation/policy-in-quote-currency.js';
import { policyView, type PolicyView } from '../cancellation/policy-view.js';
import type { QuotedStay } from '../stay/quoted-stay.js';
import { obligationsView, type ObligationsView } from './obligations-view.js';
import { nightlyPrices } from '../pricing/nightly-prices.js';
import { priceView, type PriceView } from './price-view.js';
import type { DescribableRate } from './priced-rate.js';
import { RATE_TICKET_NAME_MAX, signRateId, type RateTicket } from './rate-id.js';
import type { BoardBasis, PaymentModel } from './supplier-rate.js';

export interface ShownRate extends ObligationsView {
  readonly rateId: string;
  readonly supplierId: string;
  readonly roomTypeName: string;
  readonly boardBasis: BoardBasis;
  readonly refundable: boolean;
  /** The last moment cancellation is free (absent when it never is). */
  readonly cancellationDeadline?: string;
  readonly cancellationPolicy: PolicyView;
  readonly payment: PaymentModel;
  readonly price: PriceView;
}

/** What signing a rateId takes besides the rate: the stay it was quoted for, the caller's tenant, the key. */
export interface StayContext extends QuotedStay {
  readonly tenant: string;
  readonly rateIdKey: Buffer;
}

/** What a rate is shown with of its property: the id, the stars and the name a rateId carries. */
export interface ShownPropertyHead {
  readonly propertyId: string;
  readonly starRating?: number | undefined;
  readonly name?: string | undefined;
}

/** A shown rate with the content of its rateId still unsigned. */
export type DescribedRate = Omit<ShownRate, 'rateId'> & { readonly ticket: RateTicket };

/** A priced rate as the API shows it, with its signed rateId. */
export function showRate(rate: DescribableRate, property: ShownPropertyHead, stay: StayContext): ShownRate {
  const { ticket, ...shown } = describeRate(rate, property, stay);
  return { rateId: signRateId(ticket, stay.tenant, stay.rateIdKey), ...shown };
}

/** A priced rate as shown, with the content of its rateId unsigned. */
export function describeRate(rate: DescribableRate, property: ShownPropertyHead, stay: QuotedStay): DescribedRate {
  const ticket: RateTicket = {
    searchId: stay.searchId,
    supplierId: rate.supplierId,
    supplierRateKey: rate.rate.supplierRateKey,
    supplierPropertyId: rate.supplierPropertyId,
    propertyId: property.propertyId,
    ...(property.name ? { propertyName: property.name.slice(0, RATE_TICKET_NAME_MAX) } : {}),
    ...(property.starRating !== undefined ? { starRating: property.starRating } : {}),
    quoted: {
      net: rate.price.net,
      markup: rate.price.markup,
      tax: rate.price.tax,
      serviceFee: rate.price.serviceFee,
      total: rate.price.total,
      currency: rate.price.currency,
    },
    nights: stay.nights,
    checkIn: stay.checkIn,
    ...(rate.rate.nightly ? { nightly: rate.rate.nightly.map((night) => night.amount) } : {}),
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
    price: priceView(rate.price, nightlyPrices(rate.price.total, rate.price.currency, stay, rate.rate.nightly)),
    ...obligationsView(rate),
  };
}
