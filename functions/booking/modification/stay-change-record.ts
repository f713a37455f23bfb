/**
 * What a booking keeps of its stay changes. While one is asked of the supplier, `stayChange` holds what
 * recording it needs (its write-ahead: the change the supplier may have made is never without a trace), with
 * no personal data (occupancies as counts; the guests' ages stay with the guest details). Each change made is
 * appended to `stayChanges` with the booking's money after it, plain attributes as finance reads them
 * (functions/finance/ledger-sql.ts: one ledger row per change).
 */
import { policyInQuoteCurrency } from '../../domain/cancellation/policy-in-quote-currency.js';
import { nightsBetween } from '../../domain/stay/nights.js';
import type { Price } from '../../domain/pricing/price.js';
import type { BookingRecord } from '../record/booking-record.js';
import type { PendingStayChange, StayChangeEntry } from '../record/stay-change-fields.js';
import type { StayChangeTicket } from './stay-change-quote-id.js';

export type { PendingStayChange, StayChangeEntry };

/** The write-ahead of a change from its quote. */
export function pendingStayChange(ticket: StayChangeTicket, requestedAt: string): PendingStayChange {
  const currency = ticket.supplier.price.currency;
  return {
    changeId: ticket.changeId,
    requestedAt,
    checkIn: ticket.to.checkIn,
    checkOut: ticket.to.checkOut,
    rooms: ticket.to.occupancies.map((room) => ({ adults: room.adults, children: room.children.length })),
    supplierPrice: ticket.supplier.price,
    ...(ticket.supplier.nightly ? { supplierNightly: ticket.supplier.nightly.map((amount) => ({ amount, currency })) } : {}),
    supplierCancellationPolicy: ticket.supplier.cancellationPolicy.map((entry) => ({
      from: entry.from,
      penalty: { amount: entry.amount, currency },
    })),
    ...(ticket.supplier.commitToken ? { commitToken: ticket.supplier.commitToken } : {}),
    price: ticket.price,
    previousTotal: ticket.from.total,
  };
}

type RecordWithFx = Pick<BookingRecord, 'currency' | 'fxFrom' | 'fxTo' | 'fxRate' | 'fxSource' | 'fxAsOf' | 'stayChanges'>;

/** The changed price as a Price at the booking's stamped rate (what its policy is converted with). */
export function changedPrice(record: RecordWithFx, pending: Pick<PendingStayChange, 'price'>): Price {
  const { payAtProperty, ...amounts } = pending.price;
  return {
    ...amounts,
    ...(payAtProperty ? { payAtProperty: payAtProperty.map((charge) => ({ ...charge, description: charge.description })) } : {}),
    currency: record.currency,
    fx: { from: record.fxFrom, to: record.fxTo, rate: record.fxRate, source: record.fxSource, asOf: record.fxAsOf },
  };
}

/** The record as the change leaves it: the new stay, its price and terms, and the change appended for finance. */
export function stayChangeTerms(record: RecordWithFx, pending: PendingStayChange, at: string): Partial<BookingRecord> {
  const price = changedPrice(record, pending);
  const entry: StayChangeEntry = {
    changeId: pending.changeId,
    at,
    checkIn: pending.checkIn,
    checkOut: pending.checkOut,
    previousTotal: pending.previousTotal,
    currency: record.currency,
    net: price.net,
    markup: price.markup,
    commission: price.commission,
    tax: price.tax,
    serviceFee: price.serviceFee,
    total: price.total,
    supplierAmount: pending.supplierPrice.amount,
    supplierCurrency: pending.supplierPrice.currency,
  };
  return {
    checkIn: pending.checkIn,
    checkOut: pending.checkOut,
    nights: nightsBetween(pending.checkIn, pending.checkOut),
    net: price.net,
    markup: price.markup,
    commission: price.commission,
    tax: price.tax,
    serviceFee: price.serviceFee,
    total: price.total,
    payableAtHotel: price.payableAtHotel,
    ...(price.minimumSellingPrice !== undefined ? { minimumSellingPrice: price.minimumSellingPrice } : {}),
    ...(price.payAtProperty ? { payAtProperty: price.payAtProperty } : {}),
    supplierAmount: pending.supplierPrice.amount,
    supplierCurrency: pending.supplierPrice.currency,
    ...(pending.supplierNightly ? { supplierNightly: pending.supplierNightly } : {}),
    cancellationPolicy: policyInQuoteCurrency(pending.supplierCancellationPolicy, price),
    supplierCancellationPolicy: pending.supplierCancellationPolicy,
    stayChanges: [...(record.stayChanges ?? []), entry],
  };
}
