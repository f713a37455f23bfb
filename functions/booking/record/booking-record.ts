/**
 * A booking as we keep it: one DynamoDB item per booking, the source of GET, cancel, modify and the
 * voucher, and what finance exports. Money is kept as plain top-level attributes (decimal strings in the
 * quote currency, plus the supplier's own amount and currency and the fx stamp), so an export of the
 * bookings table needs no JSON unpacking to reconcile with suppliers and invoices.
 *
 * No personal data: the holder, the guests and the cancel reason are the booking's guest details, kept in
 * their own table (guest-details.ts), and joined only where they are shown (GET, modify, the voucher).
 */
import type { BookingStatus } from '../../domain/booking/booking-status.js';
import type { BookingHistoryEntry } from '../../domain/booking/history-entry.js';
import type { UndoReason } from '../../domain/booking/lifecycle-event.js';
import { policyView } from '../../domain/cancellation/policy-view.js';
import type { FxQuote } from '../../domain/fx/fx-rates.js';
import type { Money } from '../../domain/money/money.js';
import { nightlyPrices } from '../../domain/pricing/nightly-prices.js';
import type { Price } from '../../domain/pricing/price.js';
import { fxView, nightlyView } from '../../domain/rate/price-view.js';
import type { RateTicket } from '../../domain/rate/rate-id.js';
import { obligationsView } from '../../domain/rate/obligations-view.js';
import type { PropertyChargeQuote } from '../../domain/pricing/price.js';
import type { BookingIssuer, BoardBasis, CancellationPenalty, PaymentModel, SupplierRate, SupplierRemark } from '../../suppliers/port.js';
import type { GuestDetails, StoredGuestDetails } from '../personal-data/guest-details.js';
import type { PendingStayChange, StayChangeEntry } from './stay-change-fields.js';

export type { BookingStatus };

/** A booked room; who stays in it is in the guest details, room by room in this order. */
export interface BookedRoom {
  readonly roomTypeName: string;
  readonly boardBasis: BoardBasis;
}

/** The price as locked, as plain attributes finance reads (decimal strings in the quote currency). */
type LockedAmounts = Pick<Price, 'currency' | 'net' | 'markup' | 'commission' | 'tax' | 'serviceFee' | 'total' | 'payableAtHotel'>;

export interface BookingRecord extends LockedAmounts {
  readonly tenant: string;
  readonly clientId: string;
  readonly bookingId: string;
  readonly status: BookingStatus;
  readonly clientReference: string;
  readonly searchId: string;
  readonly supplierId: string;
  /** null while the supplier's outcome is unknown (pending) or when it never booked (failed). */
  readonly supplierReference: string | null;
  /** The hotel's own confirmation number, once a supplier gave it (with the booking, or later to the reconciler). */
  readonly hotelConfirmationNumber?: string;
  readonly propertyId: string;
  readonly supplierPropertyId: string;
  readonly propertyName: string;
  readonly checkIn: string;
  readonly checkOut: string;
  readonly nights: number;
  readonly rooms: readonly BookedRoom[];
  readonly payment: PaymentModel;
  readonly paymentMethod?: { readonly method: string; readonly walletId: string };
  readonly refundable: boolean;

  // Money in the quote currency, as locked: LockedAmounts, and the fx stamp flattened.
  readonly fxFrom: string;
  readonly fxTo: string;
  readonly fxRate: string;
  readonly fxSource: string;
  readonly fxAsOf: string;
  /** Only where the account adds a conversion margin: the reference rate fxRate was made from, and the margin. */
  readonly fxReferenceRate?: string;
  readonly fxMarginBps?: number;
  /** What the supplier charges us (or, pay at hotel, the guest), in its own currency. */
  readonly supplierAmount: string;
  /**
   * The supplier's own price per night, in its currency, where it gave one (the rate as checked, then a stay
   * change's answer): what the price's nightly split follows (domain/pricing/nightly-prices.ts).
   */
  readonly supplierNightly?: readonly Money[];
  readonly supplierCurrency: string;
  /** The total the search quoted; matchedSearchPrice compares the locked total with it. */
  readonly quotedTotal: string;
  readonly matchedSearchPrice: boolean;

  /** In the quote currency, ascending by `from`. */
  readonly cancellationPolicy: readonly CancellationPenalty[];
  /** As the supplier gave it, in its currency: what its cancel will apply. */
  readonly supplierCancellationPolicy: readonly CancellationPenalty[];

  // Cancellation, once cancelled.
  readonly cancelledAt?: string;
  readonly penaltyAmount?: string;
  readonly penaltyCurrency?: string;
  readonly quotedPenaltyAmount?: string;
  readonly supplierPenaltyAmount?: string;
  readonly supplierPenaltyCurrency?: string;

  /** Set when the flow's undo took a pending booking to cancel it at its supplier (booking-lifecycle.ts): UTC ISO instant. */
  readonly undoBegunAt?: string;
  /** Why that undo was begun, for whoever records its outcome (the flow, or the reconciler finishing it). */
  readonly undoReason?: UndoReason;

  /** Set when a cancel was sent and its outcome was not known: the settle path finishes it (booking-lifecycle.ts, cancelInFlight). */
  readonly cancelRequestedAt?: string;
  /** Set when the supplier refused that cancel: the booking stands confirmed. */
  readonly cancelRefusedAt?: string;

  /** Set once the booking's personal data was erased (on request, or after check-out): UTC ISO instant. */
  readonly personalDataErasedAt?: string;

  // What the supplier obliges us to show (API-SPEC "Supplier obligations"), as priced at the check and
  // replaced by what the supplier confirmed: charges the property collects, its texts, its selling floor.
  readonly payAtProperty?: readonly PropertyChargeQuote[];
  readonly remarks?: readonly SupplierRemark[];
  readonly minimumSellingPrice?: string;
  readonly packageOnly?: boolean;
  /** Who issued the booking, for the voucher, where the supplier names itself (Hotelbeds `hotel.supplier`). */
  readonly issuer?: BookingIssuer;
  /** A stay change asked of the supplier and not settled yet; null once it was made or dropped. */
  readonly stayChange?: PendingStayChange | null;
  /** Every stay change made, with the booking's money after it (finance's ledger rows). */
  readonly stayChanges?: readonly StayChangeEntry[];
  /** What a pending booking needs to be settled later: the rate as checked and the rateId's content. */
  readonly ticket: RateTicket;
  readonly checkedRate: SupplierRate;

  /** What happened to it, oldest first: derived from its lifecycle's events (domain/booking/history-entry.ts). */
  readonly history: readonly BookingHistoryEntry[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

export const bookingPath = (bookingId: string) => `/v1/hotels/bookings/${bookingId}`;
export const voucherPath = (bookingId: string) => `${bookingPath(bookingId)}/voucher`;

const num = (decimal: string): number => Number(decimal);

type ObligationFields = 'supplierId' | 'currency' | 'payAtProperty' | 'remarks' | 'minimumSellingPrice' | 'packageOnly';

/** The supplier's obligations on a booked rate, shown as on every rate object (obligations-view.ts). */
function bookedObligations(record: Pick<BookingRecord, ObligationFields>) {
  return obligationsView({
    supplierId: record.supplierId,
    rate: { remarks: record.remarks ?? [], packageOnly: record.packageOnly ?? false },
    price: {
      currency: record.currency,
      ...(record.payAtProperty ? { payAtProperty: record.payAtProperty } : {}),
      ...(record.minimumSellingPrice !== undefined ? { minimumSellingPrice: record.minimumSellingPrice } : {}),
    },
  });
}

/** Interface document section 2.5: the answer to a booking (201, or 202 while pending). */
export function bookingResponse(
  record: Pick<
    BookingRecord,
    | 'bookingId'
    | 'status'
    | 'supplierReference'
    | 'hotelConfirmationNumber'
    | 'clientReference'
    | 'total'
    | 'currency'
    | 'matchedSearchPrice'
    | 'cancellationPolicy'
    | 'createdAt'
    | ObligationFields
  >,
) {
  return {
    bookingId: record.bookingId,
    status: record.status,
    supplierReference: record.supplierReference,
    ...(record.hotelConfirmationNumber ? { hotelConfirmationNumber: record.hotelConfirmationNumber } : {}),
    clientReference: record.clientReference,
    priceLocked: { total: num(record.total), currency: record.currency, matchedSearchPrice: record.matchedSearchPrice },
    cancellationPolicy: policyView(record.cancellationPolicy),
    ...bookedObligations(record),
    voucherUrl: voucherPath(record.bookingId),
    createdAt: record.createdAt,
  };
}

export type BookingResponse = ReturnType<typeof bookingResponse>;

/**
 * A room as a view shows it: its type and board, who stays and what the traveller asked of the hotel (both
 * personal data: none once erased). The request is shown as asked: the hotel may not honour it.
 */
function roomView(room: BookedRoom, details: GuestDetails['rooms'][number] | undefined) {
  return {
    roomTypeName: room.roomTypeName,
    boardBasis: room.boardBasis,
    guests: details?.guests ?? [],
    ...(details?.specialRequest ? { specialRequest: details.specialRequest } : {}),
  };
}

/** The holder and the rooms' guests a view shows: the details held, or none once they were erased. */
function personalView(record: BookingRecord, stored: StoredGuestDetails | undefined) {
  const details: GuestDetails | undefined = stored?.kind === 'held' && !record.personalDataErasedAt ? stored.details : undefined;
  const erasedAt = record.personalDataErasedAt ?? (stored?.kind === 'erased' ? stored.erasedAt : undefined);
  return {
    ...(details ? { holder: details.holder } : {}),
    rooms: record.rooms.map((room, i) => roomView(room, details?.rooms[i])),
    ...(erasedAt ? { personalDataErasedAt: erasedAt } : {}),
    cancellationReason: details?.cancellationReason,
  };
}

/** GET /v1/hotels/bookings/{bookingId}: the full record of API-SPEC.md "Bookings", with its guest details. */
export function bookingView(record: BookingRecord, guests: StoredGuestDetails | undefined) {
  const { cancellationReason, ...personal } = personalView(record, guests);
  return {
    bookingId: record.bookingId,
    status: record.status,
    clientReference: record.clientReference,
    supplierId: record.supplierId,
    supplierReference: record.supplierReference,
    ...(record.hotelConfirmationNumber ? { hotelConfirmationNumber: record.hotelConfirmationNumber } : {}),
    propertyId: record.propertyId,
    propertyName: record.propertyName,
    checkIn: record.checkIn,
    checkOut: record.checkOut,
    ...personal,
    priceLocked: { total: num(record.total), currency: record.currency, matchedSearchPrice: record.matchedSearchPrice },
    price: {
      net: num(record.net),
      markup: num(record.markup),
      commission: num(record.commission),
      tax: num(record.tax),
      serviceFee: num(record.serviceFee),
      total: num(record.total),
      currency: record.currency,
      payableAtHotel: num(record.payableAtHotel),
      fx: fxView(stampOf(record)),
      nightly: nightlyView(nightlyPrices(record.total, record.currency, record, record.supplierNightly)),
    },
    supplierPrice: { amount: num(record.supplierAmount), currency: record.supplierCurrency },
    cancellationPolicy: policyView(record.cancellationPolicy),
    refundable: record.refundable,
    payment: record.payment,
    ...bookedObligations(record),
    voucherUrl: voucherPath(record.bookingId),
    // A stay change asked of the supplier whose outcome is being settled (a 202 of its commit): its new dates.
    ...(record.stayChange
      ? {
          stayChange: {
            changeId: record.stayChange.changeId,
            status: 'pending' as const,
            checkIn: record.stayChange.checkIn,
            checkOut: record.stayChange.checkOut,
            requestedAt: record.stayChange.requestedAt,
          },
        }
      : {}),
    history: record.history,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...(record.cancelledAt
      ? { cancellation: { ...cancellationView(record), ...(cancellationReason ? { reason: cancellationReason } : {}) } }
      : {}),
  };
}

/**
 * A booking view whose personal part is put in (or taken out) as the guest details are now: how a stored
 * answer (modify's, kept 24 hours for replays without any name in it) is shown, fresh or replayed.
 */
export function joinGuestDetails(view: BookingView, stored: StoredGuestDetails | undefined): BookingView {
  const { holder: _stale, personalDataErasedAt: _erased, ...rest } = view;
  const details = stored?.kind === 'held' && !view.personalDataErasedAt ? stored.details : undefined;
  const erasedAt = view.personalDataErasedAt ?? (stored?.kind === 'erased' ? stored.erasedAt : undefined);
  return {
    ...rest,
    ...(details ? { holder: details.holder } : {}),
    rooms: view.rooms.map((room, i) => roomView(room, details?.rooms[i])),
    ...(erasedAt ? { personalDataErasedAt: erasedAt } : {}),
  };
}

/** A cancelled booking's cancellation: when, the penalty the supplier applied, and the one our policy quoted. */
export function cancellationView(
  record: Pick<BookingRecord, 'cancelledAt' | 'penaltyAmount' | 'penaltyCurrency' | 'quotedPenaltyAmount' | 'currency'>,
) {
  return {
    cancelledAt: record.cancelledAt!,
    penalty: { amount: num(record.penaltyAmount ?? '0'), currency: record.penaltyCurrency ?? record.currency },
    quotedPenalty: { amount: num(record.quotedPenaltyAmount ?? '0'), currency: record.currency },
  };
}

export type BookingView = ReturnType<typeof bookingView>;

/** The FX stamp a booking was locked with, as its flattened fields keep it. */
export function stampOf(record: BookingRecord): FxQuote {
  return {
    from: record.fxFrom,
    to: record.fxTo,
    rate: record.fxRate,
    source: record.fxSource,
    asOf: record.fxAsOf,
    ...(record.fxReferenceRate !== undefined ? { referenceRate: record.fxReferenceRate } : {}),
    ...(record.fxMarginBps !== undefined ? { marginBps: record.fxMarginBps } : {}),
  };
}
