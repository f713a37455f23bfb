/**
 * A whole booking record for tests that write one straight into the store: every field the store's parse
 * (functions/booking/record/booking-record-item.ts) checks has a plain value, and a test sets the ones it is
 * about. A record missing a field would be refused when read back, as a malformed item is in production.
 */
import type { BookingRecord } from '../../functions/booking/record/booking-record.js';

export function bookingRecordOf(fields: Partial<BookingRecord> & Pick<BookingRecord, 'tenant' | 'bookingId'>): BookingRecord {
  const at = fields.createdAt ?? '2026-11-01T10:00:00.000Z';
  return {
    clientId: `${fields.tenant}-client`,
    status: 'confirmed',
    clientReference: `REF-${fields.bookingId}`,
    searchId: 'srch_0f8e6a1d2c3b4a5968778695a4b3c2d1',
    supplierId: 'hotelbeds',
    supplierReference: 'HB-1',
    propertyId: 'prop_1',
    supplierPropertyId: 'HB1',
    propertyName: 'Hotel One',
    checkIn: '2027-03-01',
    checkOut: '2027-03-03',
    nights: 2,
    rooms: [{ roomTypeName: 'Double', boardBasis: 'BB' }],
    payment: 'net',
    refundable: true,
    currency: 'EUR',
    net: '100.00',
    markup: '0.00',
    commission: '0.00',
    tax: '0.00',
    serviceFee: '0.00',
    total: '100.00',
    payableAtHotel: '0.00',
    fxFrom: 'EUR',
    fxTo: 'EUR',
    fxRate: '1',
    fxSource: 'ECB euro foreign exchange reference rates',
    fxAsOf: '2026-11-01',
    supplierAmount: '100.00',
    supplierCurrency: 'EUR',
    quotedTotal: '100.00',
    matchedSearchPrice: true,
    cancellationPolicy: [],
    supplierCancellationPolicy: [],
    ticket: {
      searchId: 'srch_0f8e6a1d2c3b4a5968778695a4b3c2d1',
      supplierId: 'hotelbeds',
      supplierRateKey: 'rate-key-1',
      supplierPropertyId: 'HB1',
      propertyId: 'prop_1',
      quoted: { net: '100.00', markup: '0.00', tax: '0.00', serviceFee: '0.00', total: '100.00', currency: 'EUR' },
      nights: 2,
      rooms: 1,
      expiresAt: '2027-01-01T00:00:00.000Z',
    },
    checkedRate: {
      supplierRateKey: 'rate-key-1',
      roomTypeCode: 'DBL',
      roomTypeName: 'Double',
      boardBasis: 'BB',
      refundable: true,
      payment: 'net',
      price: { amount: '100.00', currency: 'EUR' },
      cancellationPolicy: [],
      taxes: [],
    },
    history: [{ at, event: 'requested' }],
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
}
