/**
 * A stored booking item is read back through one schema (booking-record-item.ts): its stay changes too, so a
 * malformed one is refused naming the field rather than reaching the code that prices a change.
 */
import { describe, expect, it } from 'vitest';
import { recordFromItem } from '../../functions/booking/record/booking-record-item.js';
import { bookingRecordOf } from '../support/booking-record.js';

const change = {
  changeId: 'chg_1',
  requestedAt: '2026-11-02T10:00:00.000Z',
  checkIn: '2027-03-02',
  checkOut: '2027-03-05',
  rooms: [{ adults: 2, children: 0 }],
  supplierPrice: { amount: '150.00', currency: 'EUR' },
  supplierCancellationPolicy: [{ from: '2027-02-28T00:00:00.000Z', penalty: { amount: '50.00', currency: 'EUR' } }],
  price: { net: '150.00', markup: '0.00', commission: '0.00', tax: '0.00', serviceFee: '0.00', total: '150.00', payableAtHotel: '0.00' },
  previousTotal: '100.00',
};
const made = {
  changeId: 'chg_0',
  at: '2026-11-01T12:00:00.000Z',
  checkIn: '2027-03-01',
  checkOut: '2027-03-03',
  previousTotal: '90.00',
  currency: 'EUR',
  net: '100.00',
  markup: '0.00',
  commission: '0.00',
  tax: '0.00',
  serviceFee: '0.00',
  total: '100.00',
  supplierAmount: '100.00',
  supplierCurrency: 'EUR',
};

describe('a booking item read back', () => {
  it('keeps its pending stay change and the changes made', () => {
    const item = { ...bookingRecordOf({ tenant: 'demo', bookingId: 'bk_1' }), stayChange: change, stayChanges: [made] };
    const record = recordFromItem(item);
    expect(record.stayChange).toEqual(change);
    expect(record.stayChanges).toEqual([made]);
    expect(recordFromItem({ ...item, stayChange: null }).stayChange).toBeNull();
  });

  it('is refused naming the field when a stay change is malformed', () => {
    const item = bookingRecordOf({ tenant: 'demo', bookingId: 'bk_1' });
    expect(() => recordFromItem({ ...item, stayChange: { ...change, price: { ...change.price, total: 150 } } })).toThrow(/stayChange/);
    expect(() => recordFromItem({ ...item, stayChanges: [{ ...made, supplierAmount: undefined }] })).toThrow(/stayChanges/);
  });
});
