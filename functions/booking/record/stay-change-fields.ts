/**
 * What a booking record keeps of its stay changes (functions/booking/modification/ makes them): the change
 * waiting for its supplier's outcome, with no personal data, and every change made with the booking's money
 * after it, as finance reads it.
 */
import type { CancellationPenalty, Money } from '../../suppliers/port.js';

export interface StayChangePrice {
  readonly net: string;
  readonly markup: string;
  readonly commission: string;
  readonly tax: string;
  readonly serviceFee: string;
  readonly total: string;
  readonly payableAtHotel: string;
  readonly minimumSellingPrice?: string;
  readonly payAtProperty?: readonly {
    readonly kind: 'tax' | 'city_tax' | 'resort_fee' | 'mandatory_fee' | 'other';
    readonly description?: string;
    readonly amount: string;
    readonly currency: string;
    readonly quote: string;
  }[];
}

export interface PendingStayChange {
  readonly changeId: string;
  readonly requestedAt: string;
  readonly checkIn: string;
  readonly checkOut: string;
  /** Room by room: how many adults and children (their ages are the guest details'). */
  readonly rooms: readonly { readonly adults: number; readonly children: number }[];
  /** What the supplier quoted for the changed stay, and its terms, in its currency. */
  readonly supplierPrice: Money;
  readonly supplierNightly?: readonly Money[];
  readonly supplierCancellationPolicy: readonly CancellationPenalty[];
  readonly commitToken?: string;
  /** The changed stay priced for the account, in the booking's currency. */
  readonly price: StayChangePrice;
  /** The booking's total when it was asked. */
  readonly previousTotal: string;
}

/** One change made, with the booking's money after it (decimal strings in its currency). */
export interface StayChangeEntry {
  readonly changeId: string;
  readonly at: string;
  readonly checkIn: string;
  readonly checkOut: string;
  readonly previousTotal: string;
  readonly currency: string;
  readonly net: string;
  readonly markup: string;
  readonly commission: string;
  readonly tax: string;
  readonly serviceFee: string;
  readonly total: string;
  readonly supplierAmount: string;
  readonly supplierCurrency: string;
}
