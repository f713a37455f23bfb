/**
 * What a voucher shows: the stored booking record joined with the property's content, mapped by
 * functions/booking/voucher/booking-voucher.ts. Amounts are decimal strings already carrying the currency's
 * exponent (JPY "12000", EUR "1234.50", BHD "10.250"); instants are UTC ISO 8601; dates YYYY-MM-DD.
 */
export interface VoucherContent {
  readonly bookingId: string;
  readonly status: 'confirmed' | 'cancelled' | 'pending' | 'failed';
  readonly supplierId: string;
  readonly supplierReference: string | null;
  /** The hotel's own confirmation number, which the desk asks for, once a supplier gave it. */
  readonly hotelConfirmationNumber?: string;
  readonly clientReference: string;
  readonly createdAt: string;
  /** Absent once the booking's personal data was erased (then personalDataErasedAt says when). */
  readonly holder?: { readonly firstName: string; readonly lastName: string; readonly email?: string; readonly phone?: string };
  readonly personalDataErasedAt?: string;
  readonly property: {
    readonly propertyId: string;
    readonly name: string;
    readonly starRating?: number;
    readonly address?: { readonly line: string; readonly postalCode?: string; readonly city: string; readonly countryCode: string };
    readonly phone?: string;
    readonly email?: string;
    readonly timeZone: string; // IANA, e.g. "Europe/Paris"
    readonly checkInTime?: string; // "15:00" hotel local
    readonly checkOutTime?: string;
  };
  readonly stay: { readonly checkIn: string; readonly checkOut: string; readonly nights: number }; // YYYY-MM-DD
  readonly rooms: readonly {
    readonly roomTypeName: string;
    readonly boardBasis: 'RO' | 'BB' | 'HB' | 'FB' | 'AI';
    readonly guests: readonly {
      readonly type: 'adult' | 'child';
      readonly firstName: string;
      readonly lastName: string;
      readonly age?: number;
    }[];
    /** What the traveller asked of the hotel: shown as a request, not a promise. */
    readonly specialRequest?: string;
  }[];
  /** Ascending; empty = free cancellation until arrival. Amounts in price.currency. */
  readonly cancellationPolicy: readonly {
    readonly from: string;
    readonly penalty: { readonly amount: string; readonly currency: string };
  }[];
  readonly refundable: boolean;
  /** As locked at booking. */
  readonly price: {
    readonly total: string;
    readonly currency: string;
    readonly tax: string;
    readonly serviceFee: string;
    readonly payment: 'net' | 'pay_at_hotel';
    readonly payableAtHotel?: { readonly amount: string; readonly currency: string };
  };
  readonly cancellation?: { readonly cancelledAt: string; readonly penalty: { readonly amount: string; readonly currency: string } };
  /** What the property collects itself (its currency), with the estimate in price.currency. */
  readonly payAtProperty?: readonly {
    readonly description: string;
    readonly amount: string;
    readonly currency: string;
    readonly quote: string;
  }[];
  /** The supplier's texts the traveller must see (rate comments, check-in and fee instructions, policies). */
  readonly remarks?: readonly string[];
  /** The company that issued the booking, where the supplier names it (Hotelbeds asks the voucher to). */
  readonly issuer?: { readonly name: string; readonly vatNumber?: string };
}
