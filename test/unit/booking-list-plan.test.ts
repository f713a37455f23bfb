/**
 * The booking list's query and plan, without I/O: which index answers which filters (never a scan), the
 * bounds as the store compares them, and the cursor's binding to tenant and filters.
 */
import { describe, expect, it } from 'vitest';
import { decodeBookingCursor, encodeBookingCursor } from '../../functions/booking/list/booking-list-cursor.js';
import { filtersOf, planBookingList } from '../../functions/booking/list/booking-list-plan.js';
import { bookingListQuery } from '../../functions/booking/list/booking-list-query.js';
import { DomainError } from '../../functions/domain/errors/domain-error.js';

const parse = (query: Record<string, string>) => bookingListQuery.parse(query);
const plan = (query: Record<string, string>, tenant = 'demo') => planBookingList(tenant, filtersOf(parse(query)));

describe('the booking list query', () => {
  it('normalises created bounds to the stored form: instants to milliseconds, dates to their UTC day', () => {
    expect(parse({ createdFrom: '2026-11-01', createdTo: '2026-11-30' })).toMatchObject({
      createdFrom: '2026-11-01T00:00:00.000Z',
      createdTo: '2026-11-30T23:59:59.999Z',
    });
    expect(parse({ createdFrom: '2026-11-01T10:00Z', createdTo: '2026-11-01T10:00:05.123456Z' })).toMatchObject({
      createdFrom: '2026-11-01T10:00:00.000Z',
      createdTo: '2026-11-01T10:00:05.123Z',
    });
    expect(parse({})).toEqual({ limit: 20 });
    expect(parse({ status: 'pending, confirmed,pending' }).status).toEqual(['pending', 'confirmed']);
  });

  it('refuses dates no calendar has, without throwing (month 00 and 13 are no Date at all)', () => {
    for (const date of ['2027-00-10', '2027-13-01', '2027-02-29', '2027-04-31']) {
      expect(bookingListQuery.safeParse({ createdTo: date }).success, date).toBe(false);
      expect(bookingListQuery.safeParse({ checkInFrom: date }).success, date).toBe(false);
      expect(bookingListQuery.safeParse({ createdFrom: `${date}T10:00:00Z` }).success, date).toBe(false);
    }
    expect(bookingListQuery.safeParse({ checkInFrom: '2028-02-29' }).success).toBe(true);
  });
});

describe('the booking list plan', () => {
  it('lists a tenant by created date, newest first, with a created range in the key', () => {
    expect(plan({})).toMatchObject({
      index: 'bookingsByCreated',
      partition: { attribute: 'tenantBookings', value: 'demo#booking' },
      sort: { attribute: 'createdSort' },
      order: 'created',
    });
    expect(plan({}).filter).toBeUndefined();
    expect(plan({ createdFrom: '2026-11-01', createdTo: '2026-11-02T00:00:00Z' }).sort).toEqual({
      attribute: 'createdSort',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-02T00:00:00.000Z#~',
    });
  });

  it('finds a clientReference in its own partition, other filters narrowing it', () => {
    const byReference = plan({ clientReference: 'PARTNER-1', checkInFrom: '2027-03-01', status: 'confirmed', supplier: 'hotelbeds' });
    expect(byReference).toMatchObject({
      index: 'bookingsByClientReference',
      partition: { attribute: 'tenantClientReference', value: 'demo#clientReference#PARTNER-1' },
      order: 'created',
    });
    expect(byReference.filter?.expression).toBe('#checkIn >= :checkInFrom AND #status IN (:status0) AND #supplierId = :supplierId');
  });

  it('serves a check-in range from the check-in index unless a created range or a reference is given', () => {
    expect(plan({ checkInFrom: '2027-03-01', checkInTo: '2027-03-31', supplier: 'rapid' })).toMatchObject({
      index: 'bookingsByCheckIn',
      sort: { attribute: 'checkInSort', from: '2027-03-01', to: '2027-03-31#~' },
      filter: { expression: '#supplierId = :supplierId' },
      order: 'check-in',
    });
    expect(plan({ checkInTo: '2027-03-31', createdFrom: '2026-11-01' })).toMatchObject({
      index: 'bookingsByCreated',
      filter: { expression: '#checkIn <= :checkInTo' },
    });
  });

  it('binds a cursor to tenant and filters: the same set of statuses in any order is the same list', () => {
    const list = plan({ status: 'confirmed,cancelled' });
    const cursor = encodeBookingCursor(list, '2026-11-01T10:00:00.000Z#BK1');
    expect(decodeBookingCursor(plan({ status: 'cancelled,confirmed' }), cursor)).toEqual({
      sortValue: '2026-11-01T10:00:00.000Z#BK1',
      bookingId: 'BK1',
    });
    expect(() => decodeBookingCursor(plan({ status: 'cancelled' }), cursor)).toThrow(DomainError);
    expect(() => decodeBookingCursor(plan({ status: 'confirmed,cancelled' }, 'acme'), cursor)).toThrow(DomainError);
    const ranged = plan({ createdFrom: '2026-11-02' });
    expect(() => decodeBookingCursor(ranged, encodeBookingCursor(ranged, '2026-11-01T10:00:00.000Z#BK1'))).toThrow(DomainError);
  });
});
