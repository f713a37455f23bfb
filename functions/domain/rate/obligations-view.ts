/**
 * What a supplier obliges us to show with a rate (API-SPEC "Supplier obligations"), as every rate object of
 * the API shows it: in a search page, a property's rates, the rate check, the booking answer and GET.
 *
 * - payAtProperty: what the property will collect itself, in its currency, with an estimate in the quote
 *   currency at the stamped rate; never part of price.total (it is part of price.payableAtHotel).
 * - remarks: the supplier's texts the traveller must see before booking, each naming the supplier.
 * - minimumSellingPrice: the floor in the quote currency, only where the supplier imposes one.
 * - packageOnly: a rate only sold in a package (shown only to accounts whose contract sells packages).
 */
import type { Price, PropertyChargeQuote } from '../pricing/price.js';
import type { PropertyChargeKind, RemarkKind, SupplierRate } from './supplier-rate.js';

export interface PayAtPropertyView {
  readonly kind: PropertyChargeKind;
  readonly description?: string;
  readonly amount: number;
  readonly currency: string;
  readonly quote: { readonly amount: number; readonly currency: string };
}

export interface RemarkView {
  readonly kind: RemarkKind;
  readonly text: string;
  readonly supplierId: string;
}

export interface ObligationsView {
  readonly payAtProperty: readonly PayAtPropertyView[];
  readonly remarks: readonly RemarkView[];
  readonly minimumSellingPrice?: { readonly amount: number; readonly currency: string };
  readonly packageOnly: boolean;
}

/** What showing the obligations reads: the price (charges and floor as priced) and the rate's texts and sale terms. */
export interface ObligationsSource {
  readonly supplierId: string;
  readonly rate: Pick<SupplierRate, 'remarks' | 'packageOnly'>;
  readonly price: Pick<Price, 'currency' | 'payAtProperty' | 'minimumSellingPrice'>;
}

const num = (decimal: string): number => Number(decimal);

export function payAtPropertyView(charges: readonly PropertyChargeQuote[] | undefined, quoteCurrency: string): PayAtPropertyView[] {
  return (charges ?? []).map((charge) => ({
    kind: charge.kind,
    ...(charge.description ? { description: charge.description } : {}),
    amount: num(charge.amount),
    currency: charge.currency,
    quote: { amount: num(charge.quote), currency: quoteCurrency },
  }));
}

export function obligationsView(source: ObligationsSource): ObligationsView {
  const { price } = source;
  return {
    payAtProperty: payAtPropertyView(price.payAtProperty, price.currency),
    remarks: (source.rate.remarks ?? []).map((remark) => ({ kind: remark.kind, text: remark.text, supplierId: source.supplierId })),
    ...(price.minimumSellingPrice !== undefined
      ? { minimumSellingPrice: { amount: num(price.minimumSellingPrice), currency: price.currency } }
      : {}),
    packageOnly: source.rate.packageOnly === true,
  };
}
