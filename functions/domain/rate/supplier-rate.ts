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

/**
 * What the property itself will collect from the guest on top of what we charge (Hotelbeds taxes with
 * `included: false`, Rapid `fees.mandatory_fee`, `resort_fee`, `mandatory_tax` on rates we collect, OpenTravel
 * taxes not included). In the currency the property collects it, which may differ from the rate's: it is
 * shown, never charged by us, and never part of the price total.
 */
export type PropertyChargeKind = 'tax' | 'city_tax' | 'resort_fee' | 'mandatory_fee' | 'other';

export interface PropertyCharge {
  readonly kind: PropertyChargeKind;
  readonly description: string | undefined;
  readonly amount: Money;
}

/** A supplier's text the traveller must see before booking (API-SPEC "Supplier obligations"). */
export type RemarkKind = 'rate' | 'checkin' | 'policy' | 'fees' | 'general';

export interface SupplierRemark {
  readonly kind: RemarkKind;
  readonly text: string;
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
  /** Included taxes broken out of `price`. What the property collects on top goes to `payAtProperty`. */
  readonly taxes: readonly RateTax[];
  /** Charges the property collects at the stay; never in `price`. Absent (older stored rates) reads as none. */
  readonly payAtProperty?: readonly PropertyCharge[];
  /** Texts the traveller must see (rate comments, check-in and fee instructions, policy descriptions). */
  readonly remarks?: readonly SupplierRemark[];
  /** The lowest total the rate may be sold at (the hotel's public price), in the rate's currency. */
  readonly minimumSellingPrice?: Money | undefined;
  /** Sold only as part of a package (with a flight, say): shown only where the account's contract sells packages. */
  readonly packageOnly?: boolean;
  /**
   * What the supplier says each night costs, night by night from check-in, in the rate's currency, where it
   * says so (Rapid `nightly`, Hotelbeds `dailyRates`, OpenTravel's per-night `Rate`). The price's nightly
   * split follows these figures (domain/pricing/nightly-prices.ts); without them it is spread evenly.
   */
  readonly nightly?: readonly Money[] | undefined;
}
