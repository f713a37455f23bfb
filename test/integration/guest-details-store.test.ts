/**
 * The guests table against DynamoDB Local (functions/booking/personal-data/guest-details-store.ts): personal data apart
 * from the booking, an erasure that a retried booking step or a later change cannot undo, and bookings
 * stored before the table (their personal data on the booking item) read as before, then moved off the
 * booking item by the operator's backfill (guest-details-backfill.ts), once.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DynamoBookingStore as BookingStore } from '../../functions/booking/record/booking-store.js';
import type { DynamoGuestDetailsStore as GuestStore } from '../../functions/booking/personal-data/guest-details-store.js';
import type { GuestDetails } from '../../functions/booking/personal-data/guest-details.js';
import { bookingRecordOf } from '../support/booking-record.js';
import { freshTables } from '../support/dynamo.js';

let bookings: BookingStore;
let guests: GuestStore;
let GuestStoreClass: typeof GuestStore;
let backfill: typeof import('../../functions/booking/personal-data/guest-details-backfill.js').backfillGuestDetails;
let documents: import('@aws-sdk/lib-dynamodb').DynamoDBDocumentClient;
beforeAll(async () => {
  await freshTables();
  const [{ DynamoBookingStore }, { DynamoGuestDetailsStore }, backfillModule, { dynamoClient }] = await Promise.all([
    import('../../functions/booking/record/booking-store.js'),
    import('../../functions/booking/personal-data/guest-details-store.js'),
    import('../../functions/booking/personal-data/guest-details-backfill.js'),
    import('../../functions/shared/dynamodb.js'),
  ]);
  bookings = new DynamoBookingStore();
  guests = new DynamoGuestDetailsStore();
  GuestStoreClass = DynamoGuestDetailsStore;
  backfill = backfillModule.backfillGuestDetails;
  documents = dynamoClient();
});

const details: GuestDetails = {
  holder: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' },
  rooms: [
    {
      guests: [
        { type: 'adult', firstName: 'Ada', lastName: 'Lovelace' },
        { type: 'child', firstName: 'Byron', lastName: 'King', age: 8 },
      ],
    },
  ],
};

/** A booking item as the store wrote it before the guests table: the holder, the guests and the reason on it. */
const legacyItem = (tenant: string, bookingId: string) => ({
  pk: `${tenant}#booking#${bookingId}`,
  sk: 'booking',
  ...bookingRecordOf({
    tenant,
    bookingId,
    status: 'cancelled',
    clientReference: `OLD-${bookingId}`,
    // A stay in the future: the guests item's expiry follows it, and DynamoDB Local sweeps expired items.
    checkIn: '2036-01-10',
    checkOut: '2036-01-12',
    history: [],
    createdAt: '2025-12-01T10:00:00.000Z',
    updatedAt: '2025-12-01T10:00:00.000Z',
  }),
  holder: details.holder,
  rooms: [{ roomTypeName: 'Double', boardBasis: 'BB', guests: details.rooms[0]!.guests }],
  cancellationReason: 'Ada Lovelace fell ill',
});
const bookingItem = async (tenant: string, bookingId: string) =>
  (
    await documents.send(
      new GetCommand({ TableName: process.env.BOOKINGS_TABLE, Key: { pk: `${tenant}#booking#${bookingId}`, sk: 'booking' } }),
    )
  ).Item;

describe('the guests table', () => {
  it("is named on first use: booking's wiring in a function not granted it (the pending reconciler) does not fail", () => {
    const name = process.env.GUESTS_TABLE;
    delete process.env.GUESTS_TABLE;
    try {
      expect(() => new GuestStoreClass()).not.toThrow();
    } finally {
      process.env.GUESTS_TABLE = name;
    }
  });

  it('keeps the details once, and an erasure for good: neither a retried step nor a change writes them back', async () => {
    await guests.create('demo', 'BKG1', details, '2027-03-03');
    await guests.create('demo', 'BKG1', { ...details, holder: { ...details.holder, firstName: 'Other' } }, '2027-03-03');
    expect(await guests.get('demo', 'BKG1')).toEqual({ kind: 'held', details });
    await guests.update('demo', 'BKG1', { cancellationReason: 'plans changed' });
    expect(await guests.get('demo', 'BKG1')).toEqual({ kind: 'held', details: { ...details, cancellationReason: 'plans changed' } });

    expect(await guests.erase('demo', 'BKG1', '2027-04-01T00:00:00.000Z')).toBe('2027-04-01T00:00:00.000Z');
    // The same answer again, whenever asked.
    expect(await guests.erase('demo', 'BKG1', '2027-05-01T00:00:00.000Z')).toBe('2027-04-01T00:00:00.000Z');
    await guests.create('demo', 'BKG1', details, '2027-03-03');
    await guests.update('demo', 'BKG1', { holder: details.holder });
    expect(await guests.get('demo', 'BKG1')).toEqual({ kind: 'erased', erasedAt: '2027-04-01T00:00:00.000Z' });
    const { Item } = await documents.send(
      new GetCommand({ TableName: process.env.GUESTS_TABLE, Key: { pk: 'demo#booking#BKG1', sk: 'guests' } }),
    );
    expect(JSON.stringify(Item)).not.toMatch(/Lovelace|ada@|7946|Byron|plans/);
    // Another tenant's booking of the same id is another item.
    expect(await guests.get('acme', 'BKG1')).toBeUndefined();
  });

  it('reads a booking stored before the table as before, without the record carrying its personal data', async () => {
    await documents.send(new PutCommand({ TableName: process.env.BOOKINGS_TABLE, Item: legacyItem('old', 'BKOLD1') }));
    expect(await guests.get('old', 'BKOLD1')).toEqual({
      kind: 'held',
      details: { ...details, cancellationReason: 'Ada Lovelace fell ill' },
    });
    const record = await bookings.get('old', 'BKOLD1');
    expect(JSON.stringify(record)).not.toMatch(/Lovelace|ada@|Byron|fell ill/);
    expect(record?.rooms).toEqual([{ roomTypeName: 'Double', boardBasis: 'BB' }]);
  });

  it('moves the personal data of such bookings off the booking items with the backfill, once', async () => {
    await documents.send(new PutCommand({ TableName: process.env.BOOKINGS_TABLE, Item: legacyItem('old', 'BKOLD2') }));
    await documents.send(new PutCommand({ TableName: process.env.BOOKINGS_TABLE, Item: legacyItem('older', 'BKOLD3') }));
    const first = await backfill();
    expect(first.moved).toEqual({ old: 2, older: 1 });
    for (const [tenant, id] of [
      ['old', 'BKOLD1'],
      ['old', 'BKOLD2'],
      ['older', 'BKOLD3'],
    ] as const) {
      const item = await bookingItem(tenant, id);
      expect(item).toMatchObject({
        status: 'cancelled',
        supplierReference: 'HB-1',
        total: '100.00',
        rooms: [{ roomTypeName: 'Double', boardBasis: 'BB' }],
      });
      expect(JSON.stringify(item)).not.toMatch(/Lovelace|ada@|Byron|fell ill|holder|guests|cancellationReason/);
      expect(await guests.get(tenant, id)).toEqual({ kind: 'held', details: { ...details, cancellationReason: 'Ada Lovelace fell ill' } });
    }
    expect((await backfill()).moved).toEqual({});
  });

  it('erases a booking stored before the table from its booking item too', async () => {
    await documents.send(new PutCommand({ TableName: process.env.BOOKINGS_TABLE, Item: legacyItem('old', 'BKOLD4') }));
    await guests.erase('old', 'BKOLD4', '2027-04-01T00:00:00.000Z');
    expect(JSON.stringify(await bookingItem('old', 'BKOLD4'))).not.toMatch(/Lovelace|ada@|Byron|fell ill/);
    expect(await guests.get('old', 'BKOLD4')).toEqual({ kind: 'erased', erasedAt: '2027-04-01T00:00:00.000Z' });
  });
});
