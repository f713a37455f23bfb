/**
 * The booking list's store against DynamoDB Local (functions/booking/record/booking-store.ts list, with the plan
 * of booking-list-plan.ts): items carry the listing index attributes from the moment they are written,
 * a selective filter is read across several Query calls and pages (DynamoDB filters after its Limit),
 * a cursor's position never leaves the caller's tenant, and a status change is seen by the status filter.
 */
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingRecord } from '../../functions/booking/record/booking-record.js';
import type { DynamoBookingStore as Store } from '../../functions/booking/record/booking-store.js';
import { filtersOf, planBookingList, type BookingListFilters } from '../../functions/booking/list/booking-list-plan.js';
import { decodeBookingCursor, encodeBookingCursor } from '../../functions/booking/list/booking-list-cursor.js';
import { acceptedMove, cancelFree } from '../support/booking-moves.js';
import { freshTables } from '../support/dynamo.js';
import { bookingRecordOf } from '../support/booking-record.js';

let store: Store;
let tightStore: Store;
let documents: DynamoDBDocumentClient;
beforeAll(async () => {
  await freshTables();
  const [{ DynamoBookingStore }, { dynamoClient }] = await Promise.all([
    import('../../functions/booking/record/booking-store.js'),
    import('../../functions/shared/dynamodb.js'),
  ]);
  store = new DynamoBookingStore();
  // Three items a Query, two Queries a page: a filter's reading crosses calls and pages with a few items.
  tightStore = new DynamoBookingStore({ listReading: { readsPerPage: 2, filteredRead: 3 } });
  documents = dynamoClient();
});

const second = (n: number) => `2026-11-01T10:00:${String(n).padStart(2, '0')}.000Z`;

/** A booking with what a listing reads; the rest of a record plays no part in these tests. */
function record(tenant: string, n: number, overrides: Partial<BookingRecord> = {}): BookingRecord {
  return bookingRecordOf({
    tenant,
    bookingId: `BK${tenant.toUpperCase()}${String(n).padStart(4, '0')}`,
    status: 'confirmed',
    clientReference: `REF-${n}`,
    supplierId: 'hotelbeds',
    supplierReference: `HB-${n}`,
    propertyId: 'prop_1',
    propertyName: 'Hotel One',
    checkIn: n % 2 === 0 ? '2027-03-01' : '2027-04-01',
    checkOut: '2027-04-03',
    total: '100.00',
    currency: 'EUR',
    matchedSearchPrice: true,
    cancellationPolicy: [],
    history: [{ at: second(n), event: 'confirmed' }],
    createdAt: second(n),
    updatedAt: second(n),
    ...overrides,
  });
}

/** Every page of a list, with each page's size. */
async function pages(on: Store, tenant: string, filters: BookingListFilters, limit: number) {
  const plan = planBookingList(tenant, filters);
  const sizes: number[] = [];
  const found: string[] = [];
  let next: string | undefined;
  do {
    const after = next ? decodeBookingCursor(plan, encodeBookingCursor(plan, next)) : undefined;
    const page = await on.list(tenant, plan, { limit, ...(after ? { after } : {}) });
    sizes.push(page.bookings.length);
    found.push(...page.bookings.map((b) => b.bookingId));
    next = page.next;
  } while (next && sizes.length < 100);
  return { sizes, found };
}

describe('the booking list store', () => {
  it('writes the listing index attributes with the booking, each starting with the tenant', async () => {
    const booking = record('alpha', 1);
    await store.create(booking);
    const { Item } = await documents.send(
      new GetCommand({ TableName: process.env.BOOKINGS_TABLE, Key: { pk: `alpha#booking#${booking.bookingId}`, sk: 'booking' } }),
    );
    expect(Item).toMatchObject({
      tenantBookings: 'alpha#booking',
      tenantClientReference: 'alpha#clientReference#REF-1',
      createdSort: `${second(1)}#${booking.bookingId}`,
      checkInSort: `2027-04-01#${second(1)}#${booking.bookingId}`,
    });
    // Storage stays out of the record read back.
    const read = await store.get('alpha', booking.bookingId);
    expect(Object.keys(read!)).not.toContain('tenantBookings');
    expect(Object.keys(read!)).not.toContain('createdSort');
  });

  it('reads a selective filter across Query calls and pages, each page bounded, every match once and in order', async () => {
    for (let n = 1; n <= 20; n++) await store.create(record('beta', n, n === 2 || n === 17 ? { supplierId: 'rapid' } : {}));
    const rare = await pages(tightStore, 'beta', { supplier: 'rapid' }, 2);
    expect(rare.found).toEqual(['BKBETA0017', 'BKBETA0002']);
    // Two Queries of three items a page: 20 items take four pages, two of them empty but for their `next`.
    expect(rare.sizes).toEqual([1, 0, 0, 1]);
    // A Query reads at least one more than the page still wants: with 5 wanted, 20 items take two pages.
    expect((await pages(tightStore, 'beta', { supplier: 'rapid' }, 5)).sizes).toEqual([1, 1]);

    const all = await pages(tightStore, 'beta', {}, 6);
    expect(all.found).toEqual(Array.from({ length: 20 }, (_, i) => `BKBETA${String(20 - i).padStart(4, '0')}`));
    expect(all.sizes).toEqual([6, 6, 6, 2]);

    const april = await pages(tightStore, 'beta', { checkInFrom: '2027-04-01' }, 4);
    expect(april.found).toEqual(Array.from({ length: 10 }, (_, i) => `BKBETA${String(19 - 2 * i).padStart(4, '0')}`));

    const both = await pages(store, 'beta', { checkInFrom: '2027-03-01', checkInTo: '2027-04-01' }, 7);
    expect(both.found.slice(0, 10).every((id) => Number(id.slice(-4)) % 2 === 1)).toBe(true);
    expect(both.found).toHaveLength(20);
  });

  it("finds by clientReference and created range inside the caller's tenant only", async () => {
    await store.create(record('gamma', 1, { clientReference: 'SHARED' }));
    await store.create(record('delta', 2, { clientReference: 'SHARED' }));
    await store.create(record('gamma', 3, { clientReference: 'SHARED' }));
    expect((await pages(store, 'gamma', { clientReference: 'SHARED' }, 10)).found).toEqual(['BKGAMMA0003', 'BKGAMMA0001']);
    expect((await pages(store, 'delta', { clientReference: 'SHARED' }, 10)).found).toEqual(['BKDELTA0002']);
    expect((await pages(store, 'gamma', { clientReference: 'SHARED', createdTo: second(2) }, 10)).found).toEqual(['BKGAMMA0001']);
    expect((await pages(store, 'gamma', { createdFrom: second(2), createdTo: second(3) }, 10)).found).toEqual(['BKGAMMA0003']);
    expect((await pages(store, 'gamma', filtersOf({ limit: 10, createdFrom: second(3) }), 10)).found).toEqual(['BKGAMMA0003']);
  });

  it("starts a page after a position rebuilt in the caller's tenant, whatever tenant the position came from", async () => {
    for (let n = 1; n <= 3; n++) await store.create(record('epsilon', n));
    const plan = planBookingList('zeta', {});
    // Tenant zeta has no bookings: a position taken from epsilon's items finds nothing of epsilon's.
    const page = await store.list('zeta', plan, {
      limit: 10,
      after: { sortValue: `${second(9)}#BKEPSILON0003`, bookingId: 'BKEPSILON0003' },
    });
    expect(page.bookings).toEqual([]);
  });

  it('sees a status change through the status filter', async () => {
    const booking = record('eta', 1);
    await store.create(booking);
    await store.create(record('eta', 2));
    await store.transition('eta', booking.bookingId, acceptedMove(booking, cancelFree(second(5))));
    expect((await pages(store, 'eta', { status: ['cancelled'] }, 10)).found).toEqual([booking.bookingId]);
    expect((await pages(store, 'eta', { status: ['confirmed'] }, 10)).found).toEqual(['BKETA0002']);
    const [summary] = (await store.list('eta', planBookingList('eta', { status: ['cancelled'] }), { limit: 1 })).bookings;
    expect(summary).toMatchObject({ status: 'cancelled', updatedAt: second(5) });
  });
});
