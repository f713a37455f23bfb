/**
 * A booking's transition against DynamoDB Local (functions/booking/record/booking-store.ts): it writes conditionally on
 * the booking as read, with its webhook event in the same transaction. Given the caller's own read (`seen`), it
 * spares a read; a `seen` gone stale (another change landed since) loses the conditional write and is read
 * afresh, so the change lands on the booking as it now is, or is refused as a conflict when its status moved on.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingRecord } from '../../functions/booking/record/booking-record.js';
import type { DynamoBookingStore as Store } from '../../functions/booking/record/booking-store.js';
import { acceptedMove, confirmAs, keepPending } from '../support/booking-moves.js';
import { freshTables } from '../support/dynamo.js';
import { bookingRecordOf } from '../support/booking-record.js';

let store: Store;
let BookingStateConflict: typeof import('../../functions/booking/record/booking-store.js').BookingStateConflict;
beforeAll(async () => {
  await freshTables();
  const module = await import('../../functions/booking/record/booking-store.js');
  store = new module.DynamoBookingStore();
  BookingStateConflict = module.BookingStateConflict;
});

const at = (n: number) => `2026-11-01T10:00:${String(n).padStart(2, '0')}.000Z`;

function pending(bookingId: string): BookingRecord {
  return bookingRecordOf({
    tenant: 'demo',
    bookingId,
    status: 'pending',
    clientReference: `REF-${bookingId}`,
    supplierId: 'hotelbeds',
    supplierReference: null,
    propertyId: 'prop_1',
    propertyName: 'Hotel One',
    checkIn: '2027-03-01',
    checkOut: '2027-03-03',
    total: '100.00',
    currency: 'EUR',
    matchedSearchPrice: true,
    cancellationPolicy: [],
    history: [{ at: at(0), event: 'requested' }],
    createdAt: at(0),
    updatedAt: at(0),
  });
}

async function eventsOf(bookingId: string): Promise<string[]> {
  const { dynamoClient } = await import('../../functions/shared/dynamodb.js');
  const { Items = [] } = await dynamoClient().send(
    new QueryCommand({
      TableName: process.env.WEBHOOKS_TABLE!,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `demo#events#booking#${bookingId}` },
    }),
  );
  return Items.map((item) => (item.event as { type: string }).type);
}

describe('a booking transition', () => {
  it("lands on the caller's read, with its event", async () => {
    const { record } = await store.create(pending('BKT1'));
    const confirmed = await store.transition('demo', 'BKT1', acceptedMove(record, confirmAs('HB-1', at(1))), record);
    expect(confirmed).toMatchObject({ status: 'confirmed', supplierReference: 'HB-1' });
    expect(await store.get('demo', 'BKT1')).toEqual(confirmed);
    expect(await eventsOf('BKT1')).toEqual(['booking.confirmed']);
  });

  it('reads afresh when what the caller read is stale, and keeps the change that landed meanwhile', async () => {
    const { record: stale } = await store.create(pending('BKT2'));
    await store.transition('demo', 'BKT2', acceptedMove(stale, keepPending(at(1))));
    const confirmed = await store.transition('demo', 'BKT2', acceptedMove(stale, confirmAs('HB-2', at(2))), stale);
    expect(confirmed.history.map((e) => e.event)).toEqual(['requested', 'outcome-unknown', 'confirmed']);
    expect((await store.get('demo', 'BKT2'))!.history.map((e) => e.event)).toEqual(['requested', 'outcome-unknown', 'confirmed']);
    expect(await eventsOf('BKT2')).toEqual(['booking.pending', 'booking.confirmed']);
  });

  it('is a conflict carrying the booking as it is when its status moved on since the caller read it', async () => {
    const { record: stale } = await store.create(pending('BKT3'));
    // The reconciler confirmed it between the flow's read and its save.
    await store.transition('demo', 'BKT3', acceptedMove(stale, confirmAs('HB-3', at(1))));
    const saving = store.transition('demo', 'BKT3', acceptedMove(stale, confirmAs('HB-3', at(2))), stale);
    await expect(saving).rejects.toBeInstanceOf(BookingStateConflict);
    await expect(saving).rejects.toMatchObject({ current: { status: 'confirmed', supplierReference: 'HB-3' } });
    expect(await eventsOf('BKT3')).toEqual(['booking.confirmed']);
  });
});
