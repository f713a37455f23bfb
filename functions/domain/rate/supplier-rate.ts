/**
 * A rate as a supplier offers it, in our own terms: what every adapter maps its wire format to (the supplier
 * port, functions/suppliers/port.ts, speaks it), what pricing prices and what a booking keeps as checked.
 *
 * Money as decimal strings with the currency's exponent (Money); instants as UTC ISO 8601.
 */
import type { CancellationPenalty } from '../cancellation/cancellation-penalty.js';
import type { Money } from '../money/money.js';

export type BoardBasis = 'RO' | 'BB' | 'HB' | 'FB' | 'AI';

/** `net`: we pay the supplier this price. `pay_at_hotel`: the guest pays the hotel; we earn `commission`. */
export type PaymentModel = 'net' | 'pay_at_hotel';

export interface RateTax {
  readonly kind: 'tax' | 'fee';
  /** Included in `price`, or to be paid on top (usually at the hotel). */
  readonly included: boolean;
  readonly amount: Money;
  readonly description?: string;
}

export interface SupplierRate {
  /** Opaque; hand it back unchanged to checkRate and book. */
  readonly supplierRateKey: string;
  readonly roomTypeCode: string;
  readonly roomTypeName: string;
  readonly boardBasis: BoardBasis;
  readonly refundable: boolean;
  readonly payment: PaymentModel;
  /** For all requested rooms and nights. Net rates: what we pay. Pay at hotel: what the guest pays there. */
  readonly price: Money;
  /** Present on pay-at-hotel rates: what the hotel pays us. */
  readonly commission?: Money;
  /** Ascending by `from`; empty means free cancellation until arrival. */
  readonly cancellationPolicy: readonly CancellationPenalty[];
  readonly taxes: readonly RateTax[];
}
