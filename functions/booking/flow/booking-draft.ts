/**
 * From what the flow learned to what the bookings table keeps: the write-ahead `pending` record made
 * before the supplier is asked, and the terms the supplier confirmed it on.
 */
import type { RequestedMove } from '../../domain/booking/booking-lifecycle.js';
import { historyOf } from '../../domain/booking/history-entry.js';
import { policyInQuoteCurrency } from '../../domain/cancellation/policy-in-quote-currency.js';
import { parseDecimal } from '../../domain/money/decimal.js';
import type { FxQuote } from '../../domain/fx/fx-rates.js';
import { pinnedFxRates } from '../../domain/fx/pinned-fx-rates.js';
import type { Price } from '../../domain/pricing/price.js';
import type { UnifiedProperty } from '../../domain/property/unified-property.js';
import type { SupplierBooking, SupplierRate } from '../../suppliers/port.js';
import type { BookingRecord } from '../record/booking-record.js';
import type { Traveller } from '../../shared/traveller.js';
import type { BookingRequest } from '../booking-request.js';
import { toleratedTotal } from '../price-tolerance.js';
import type { GuestDetails } from '../personal-data/guest-details.js';
import type { FlowDeps } from './flow-deps.js';
import type { CheckedState, FlowState } from './flow-state.js';
import { priceAsQuoted } from '../rate-check/check-rate.js';

/** What the supplier obliges us to show, as priced (rate-obligations.ts) and as the rate states it. */
function obligationFields(price: Price, rate: Pick<SupplierRate, 'remarks' | 'packageOnly'>) {
  return {
    ...(price.payAtProperty ? { payAtProperty: price.payAtProperty } : {}),
    ...(rate.remarks && rate.remarks.length > 0 ? { remarks: rate.remarks } : {}),
    ...(price.minimumSellingPrice !== undefined ? { minimumSellingPrice: price.minimumSellingPrice } : {}),
    ...(rate.packageOnly ? { packageOnly: true } : {}),
  };
}

function moneyFields(price: Price) {
  return {
    currency: price.currency,
    net: price.net,
    markup: price.markup,
    commission: price.commission,
    tax: price.tax,
    serviceFee: price.serviceFee,
    total: price.total,
    payableAtHotel: price.payableAtHotel,
    fxFrom: price.fx.from,
    fxTo: price.fx.to,
    fxRate: price.fx.rate,
    fxSource: price.fx.source,
    fxAsOf: price.fx.asOf,
    ...(price.fx.referenceRate !== undefined ? { fxReferenceRate: price.fx.referenceRate } : {}),
    ...(price.fx.marginBps !== undefined ? { fxMarginBps: price.fx.marginBps } : {}),
  };
}

/** Every FX figure a price was made with: its conversion, and those of fees or charges in other currencies. */
export function fxStampsOf(price: Pick<Price, 'fx' | 'feeFx'>): FxQuote[] {
  return [price.fx, ...(price.feeFx ?? [])];
}

/**
 * The supplier's confirmed price, priced for the account exactly as the check priced the rate, at the check's
 * FX figures (`checkedAt`: its price's stamps; the live ones only for a pair they lack): the supplier has
 * booked by now, so a figure that aged since the check must not fail the booking, and the partner pays at
 * the rates it was shown.
 */
export async function lockPrice(
  checked: Pick<CheckedState, 'ticket' | 'rate'> & { readonly checkedAt: readonly FxQuote[] },
  booking: SupplierBooking,
  deps: Pick<FlowDeps, 'fx' | 'pricingRules'>,
  tenant: string,
): Promise<Price> {
  const [live, rules] = await Promise.all([deps.fx(), deps.pricingRules(tenant)]);
  const fx = pinnedFxRates(checked.checkedAt, live);
  const { ticket } = checked;
  return priceAsQuoted(
    {
      ...checked.rate,
      price: booking.price,
      cancellationPolicy: booking.cancellationPolicy,
      // What the supplier states on the booking itself replaces what its rate said, where it says it.
      ...(booking.payAtProperty ? { payAtProperty: booking.payAtProperty } : {}),
    },
    ticket,
    rules,
    fx,
  );
}

/** Whether `total` stays within the partner's priceTolerance over the searched total (always, without one). */
export function withinTolerance(request: BookingRequest, quotedTotal: string, total: string): boolean {
  const limit = toleratedTotal(request, quotedTotal);
  return !limit || !parseDecimal(total).greaterThan(limit);
}

/** The booking's personal data, as the request gave it: stored apart from the record (guest-details.ts). */
export function guestDetailsOf(request: BookingRequest, traveller?: Traveller): GuestDetails {
  return {
    holder: request.holder,
    rooms: request.rooms.map((room) => ({ guests: room.guests, ...(room.specialRequest ? { specialRequest: room.specialRequest } : {}) })),
    ...(traveller ? { traveller } : {}),
  };
}

/**
 * The record written before the supplier is asked: everything we know but who travels, as the lifecycle's
 * first move (`requested`) leaves it: pending, no supplier reference yet.
 */
export function pendingRecord(
  state: FlowState,
  checked: CheckedState,
  property: UnifiedProperty | undefined,
  requested: RequestedMove,
): BookingRecord {
  const { ticket, rate, price } = checked;
  const { request } = state;
  const history = historyOf(requested.events);
  const at = history[0]!.at;
  return {
    tenant: state.tenant,
    clientId: state.clientId,
    bookingId: state.bookingId,
    status: requested.changes.status,
    clientReference: request.clientReference,
    searchId: request.searchId,
    supplierId: ticket.supplierId,
    supplierReference: requested.changes.supplierReference,
    propertyId: ticket.propertyId,
    supplierPropertyId: ticket.supplierPropertyId,
    // The property map's name, else the offer's the rate was signed with; never our internal id when a name is known.
    propertyName: property?.name ?? ticket.propertyName ?? ticket.propertyId,
    checkIn: state.stay.checkIn,
    checkOut: state.stay.checkOut,
    nights: state.stay.nights,
    rooms: request.rooms.map(() => ({ roomTypeName: rate.roomTypeName, boardBasis: rate.boardBasis })),
    payment: rate.payment,
    ...(request.payment ? { paymentMethod: request.payment } : {}),
    refundable: rate.refundable,
    ...moneyFields(price),
    ...obligationFields(price, rate),
    supplierAmount: rate.price.amount,
    supplierCurrency: rate.price.currency,
    ...(rate.nightly ? { supplierNightly: rate.nightly } : {}),
    quotedTotal: ticket.quoted.total,
    matchedSearchPrice: price.total === ticket.quoted.total,
    cancellationPolicy: policyInQuoteCurrency(rate.cancellationPolicy, price),
    supplierCancellationPolicy: rate.cancellationPolicy,
    ticket,
    checkedRate: rate,
    history,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * The terms a pending record is confirmed on, as the record keeps them: room details, the price as locked,
 * the supplier's obligations and policy (the status and the reference are the lifecycle's to set).
 */
export function confirmedTerms(
  record: Pick<BookingRecord, 'rooms' | 'quotedTotal' | 'checkedRate' | 'propertyId' | 'propertyName'>,
  booking: SupplierBooking,
  locked: Price,
): Partial<BookingRecord> {
  return {
    // A record that could only name the hotel by our id takes the name the supplier's booking answer gives.
    ...(record.propertyName === record.propertyId && booking.propertyName.trim() !== '' ? { propertyName: booking.propertyName } : {}),
    rooms: record.rooms.map((room, i) => {
      const confirmed = booking.rooms[i];
      return {
        roomTypeName: confirmed?.roomTypeName ?? room.roomTypeName,
        boardBasis: confirmed?.boardBasis ?? room.boardBasis,
      };
    }),
    ...moneyFields(locked),
    ...obligationFields(locked, {
      remarks: [...(record.checkedRate.remarks ?? []), ...newRemarks(record.checkedRate.remarks, booking.remarks)],
      packageOnly: record.checkedRate.packageOnly,
    }),
    ...(booking.issuer ? { issuer: booking.issuer } : {}),
    ...(booking.hotelConfirmationNumber ? { hotelConfirmationNumber: booking.hotelConfirmationNumber } : {}),
    supplierAmount: booking.price.amount,
    supplierCurrency: booking.price.currency,
    matchedSearchPrice: locked.total === record.quotedTotal,
    cancellationPolicy: policyInQuoteCurrency(booking.cancellationPolicy, locked),
    supplierCancellationPolicy: booking.cancellationPolicy,
  };
}

/** The booking's own texts the rate did not already carry (a supplier often repeats its rate comments). */
function newRemarks(
  rateRemarks: SupplierRate['remarks'],
  bookingRemarks: SupplierBooking['remarks'],
): NonNullable<SupplierRate['remarks']> {
  return (bookingRemarks ?? []).filter((remark) => !(rateRemarks ?? []).some((known) => known.text === remark.text));
}
