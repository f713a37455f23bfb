/**
 * The listing indexes' backfill against DynamoDB Local (functions/booking/list/booking-list-backfill.ts): a
 * booking stored before the indexes (no index attributes) is not listed, is after the backfill, and a
 * second run changes nothing; items that are not bookings are left alone.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingRecord } from '../../functions/booking/record/booking-record.js';
import type { DynamoBookingStore as Store } from '../../functions/booking/record/booking-store.js';
import { planBookingList } from '../../functions/booking/list/booking-list-plan.js';
import { freshTables } from '../support/dynamo.js';
import { bookingRecordOf } from '../support/booking-record.js';

let store: Store;
let backfill: typeof import('../../functions/booking/list/booking-list-backfill.js').backfillListAttributes;
let documents: import('@aws-sdk/lib-dynamodb').DynamoDBDocumentClient;
beforeAll(async () => {
  await freshTables();
  const [{ DynamoBookingStore }, backfillModule, { dynamoClient }] = await Promise.all([
    import('../../functions/booking/record/booking-store.js'),
    import('../../functions/booking/list/booking-list-backfill.js'),
    import('../../functions/shared/dynamodb.js'),
  ]);
  store = new DynamoBookingStore();
  backfill = backfillModule.backfillListAttributes;
  documents = dynamoClient();
});

const booking = (tenant: string, n: number) =>
  bookingRecordOf({
    tenant,
    bookingId: `BKOLD${n}`,
    status: 'confirmed',
    clientReference: `OLD-${n}`,
    supplierId: 'hotelbeds',
    supplierReference: `HB-${n}`,
    propertyId: 'prop_1',
    propertyName: 'Hotel One',
    checkIn: '2027-03-01',
    checkOut: '2027-03-03',
    total: '100.00',
    currency: 'EUR',
    matchedSearchPrice: true,
    cancellationPolicy: [],
    history: [],
    createdAt: `2026-10-0${n}T10:00:00.000Z`,
    updatedAt: `2026-10-0${n}T10:00:00.000Z`,
  });

/** An item as the store wrote it before the listing indexes: keys and the record, nothing else. */
const putAsBefore = (record: BookingRecord) =>
  documents.send(
    new PutCommand({
      TableName: process.env.BOOKINGS_TABLE,
      Item: { pk: `${record.tenant}#booking#${record.bookingId}`, sk: 'booking', ...record },
    }),
  );

const listed = async (tenant: string, filters = {}) =>
  (await store.list(tenant, planBookingList(tenant, filters), { limit: 100 })).bookings.map((b) => b.bookingId);

describe('the listing indexes backfill', () => {
  it('lists bookings stored before the indexes once reindexed, once only, and touches nothing else', async () => {
    await putAsBefore(booking('old', 1));
    await putAsBefore(booking('old', 2));
    await putAsBefore(booking('older', 3));
    await store.create(booking('old', 4)); // written with its attributes already
    // Not a booking: an item of another shape in the same table stays as it is.
    await documents.send(
      new PutCommand({ TableName: process.env.BOOKINGS_TABLE, Item: { pk: 'old#note', sk: 'note', tenant: 'old', text: 'kept' } }),
    );
    expect(await listed('old')).toEqual(['BKOLD4']);

    const first = await backfill();
    expect(first.reindexed).toEqual({ old: 2, older: 1 });
    expect(await listed('old')).toEqual(['BKOLD4', 'BKOLD2', 'BKOLD1']);
    expect(await listed('old', { clientReference: 'OLD-1' })).toEqual(['BKOLD1']);
    expect(await listed('older', { checkInFrom: '2027-03-01' })).toEqual(['BKOLD3']);

    expect((await backfill()).reindexed).toEqual({});
    const { Item: note } = await documents.send(
      new GetCommand({ TableName: process.env.BOOKINGS_TABLE, Key: { pk: 'old#note', sk: 'note' } }),
    );
    expect(note).toEqual({ pk: 'old#note', sk: 'note', tenant: 'old', text: 'kept' });
  });
});
