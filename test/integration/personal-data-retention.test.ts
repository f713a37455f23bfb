/**
 * The retention job against DynamoDB Local (functions/booking/personal-data/erase-due-personal-data.ts): a booking whose
 * check-out is more than the retention's days behind is erased by the same path as a partner's request; a
 * later one, and a pending one, keep their data; a run after the first finds nothing more to do.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingRecord } from '../../functions/booking/record/booking-record.js';
import type { DynamoBookingStore as BookingStore } from '../../functions/booking/record/booking-store.js';
import type { DynamoGuestDetailsStore as GuestStore } from '../../functions/booking/personal-data/guest-details-store.js';
import type { GuestDetails } from '../../functions/booking/personal-data/guest-details.js';
import { freshTables } from '../support/dynamo.js';
import { bookingRecordOf } from '../support/booking-record.js';

let bookings: BookingStore;
let guests: GuestStore;
let eraseDue: typeof import('../../functions/booking/personal-data/erase-due-personal-data.js').eraseDuePersonalData;
beforeAll(async () => {
  await freshTables();
  const [{ DynamoBookingStore }, { DynamoGuestDetailsStore }, job] = await Promise.all([
    import('../../functions/booking/record/booking-store.js'),
    import('../../functions/booking/personal-data/guest-details-store.js'),
    import('../../functions/booking/personal-data/erase-due-personal-data.js'),
  ]);
  bookings = new DynamoBookingStore();
  guests = new DynamoGuestDetailsStore();
  eraseDue = job.eraseDuePersonalData;
});

const details: GuestDetails = {
  holder: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  rooms: [{ guests: [{ type: 'adult', firstName: 'Ada', lastName: 'Lovelace' }] }],
};

async function booking(bookingId: string, checkOut: string, status: BookingRecord['status'] = 'confirmed'): Promise<void> {
  const record = bookingRecordOf({
    tenant: 'demo',
    clientId: 'demo-client',
    bookingId,
    status,
    clientReference: `R-${bookingId}`,
    supplierId: 'hotelbeds',
    supplierReference: status === 'pending' ? null : 'HB-1',
    propertyId: 'prop_1',
    propertyName: 'Hotel One',
    checkIn: '2036-01-01',
    checkOut,
    nights: 2,
    rooms: [{ roomTypeName: 'Double', boardBasis: 'BB' }],
    total: '100.00',
    currency: 'EUR',
    matchedSearchPrice: true,
    cancellationPolicy: [],
    history: [{ at: '2035-12-01T00:00:00.000Z', event: 'requested' }],
    createdAt: '2035-12-01T00:00:00.000Z',
    updatedAt: '2035-12-01T00:00:00.000Z',
  });
  await guests.create('demo', bookingId, details, checkOut);
  await bookings.create(record);
}

// The dates lie in the future: the guests table's expiry (check-out plus the retention and a backstop) is a
// real TTL, and DynamoDB Local sweeps items whose expiry has passed while the test runs.
describe('the retention job', () => {
  it('erases what is due by the same path, keeps what is not and what is pending, and finds nothing more the next time', async () => {
    const now = new Date('2036-06-01T03:00:00.000Z');
    // 90 days: a check-out on 2036-03-02 is due on 2036-06-01 (the day after the 90th), one on 2036-03-03 the day after.
    await booking('BKDUE1', '2036-01-10');
    await booking('BKDUE2', '2036-03-02');
    await booking('BKNOTYET', '2036-03-03');
    await booking('BKPENDING', '2036-01-10', 'pending');
    await guests.create('demo', 'BKORPHAN', details, '2036-01-10');

    const deps = { bookings, guests, now: () => now };
    const run = await eraseDue('demo', deps, 90);
    expect(run).toEqual({ retentionDays: 90, lastCheckOut: '2036-03-02', erased: 3, skippedPending: 1 });
    for (const id of ['BKDUE1', 'BKDUE2']) {
      const record = await bookings.get('demo', id);
      expect(record?.personalDataErasedAt).toBe(now.toISOString());
      expect(record?.history.at(-1)).toMatchObject({
        event: 'personal-data-erased',
        detail: 'personal data erased 90 days after check-out (retention)',
      });
      expect(await guests.get('demo', id)).toEqual({ kind: 'erased', erasedAt: now.toISOString() });
    }
    expect(await guests.get('demo', 'BKORPHAN')).toEqual({ kind: 'erased', erasedAt: now.toISOString() });
    expect(await guests.get('demo', 'BKNOTYET')).toEqual({ kind: 'held', details });
    expect(await guests.get('demo', 'BKPENDING')).toEqual({ kind: 'held', details });
    expect(await eraseDue('demo', deps, 90)).toMatchObject({ erased: 0, skippedPending: 1 });
    // Another tenant's run touches none of demo's.
    expect(await eraseDue('acme', { ...deps, now: () => new Date('2030-01-01T00:00:00.000Z') }, 0)).toMatchObject({ erased: 0 });
    expect(await guests.get('demo', 'BKNOTYET')).toEqual({ kind: 'held', details });
  });
});
