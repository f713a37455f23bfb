/**
 * Which index answers a booking list, and how: the most selective key condition the filters allow, the
 * rest as a filter over the items that condition chose. Never a scan: every plan is a Query of one
 * tenant's partition of a listing index (functions/shared/tables.ts).
 *
 *   clientReference given          -> bookingsByClientReference, newest first (created range in the key)
 *   a check-in range, no created   -> bookingsByCheckIn, latest check-in first, then newest first
 *   otherwise                      -> bookingsByCreated, newest first (created range in the key)
 *
 * Pure: the store runs the plan; the cursor is bound to it.
 */
import { createHash } from 'node:crypto';
import { keys } from '../../shared/keys.js';
import { BOOKING_INDEXES, BOOKING_LIST_ATTRIBUTES as A } from '../../shared/tables.js';
import type { BookingListQuery } from './booking-list-query.js';
import type { BookingStatus } from '../record/booking-record.js';

/** Sorts after every character a bookingId may have, so `<prefix>#~` bounds everything under a prefix. */
const AFTER_ALL = '~';

export interface BookingListFilters {
  readonly clientReference?: string;
  readonly status?: readonly BookingStatus[];
  readonly createdFrom?: string;
  readonly createdTo?: string;
  readonly checkInFrom?: string;
  readonly checkInTo?: string;
  readonly supplier?: string;
}

export interface BookingListPlan {
  readonly index: string;
  readonly partition: { readonly attribute: string; readonly value: string };
  readonly sort: { readonly attribute: string; readonly from?: string; readonly to?: string };
  /** A FilterExpression over projected attributes, when some filters are not in the key. */
  readonly filter?: { readonly expression: string; readonly names: Record<string, string>; readonly values: Record<string, unknown> };
  /** What the list is ordered by, descending. */
  readonly order: 'created' | 'check-in';
  /** Binds a cursor to this tenant and these filters: a cursor from another list is refused, not misread. */
  readonly fingerprint: string;
}

export function filtersOf(query: BookingListQuery): BookingListFilters {
  const { clientReference, status, createdFrom, createdTo, checkInFrom, checkInTo, supplier } = query;
  return Object.fromEntries(
    Object.entries({ clientReference, status, createdFrom, createdTo, checkInFrom, checkInTo, supplier }).filter(
      ([, v]) => v !== undefined,
    ),
  ) as BookingListFilters;
}

export function planBookingList(tenant: string, filters: BookingListFilters): BookingListPlan {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  /** A range over a projected attribute, as a filter (the key already holds the index's own range). */
  const filterRange = (attribute: string, from: string | undefined, to: string | undefined) => {
    if (from === undefined && to === undefined) return;
    names[`#${attribute}`] = attribute;
    if (from !== undefined) values[`:${attribute}From`] = from;
    if (to !== undefined) values[`:${attribute}To`] = to;
    if (from !== undefined && to !== undefined) conditions.push(`#${attribute} BETWEEN :${attribute}From AND :${attribute}To`);
    else if (from !== undefined) conditions.push(`#${attribute} >= :${attribute}From`);
    else if (to !== undefined) conditions.push(`#${attribute} <= :${attribute}To`);
  };
  const createdRange = { from: filters.createdFrom, to: filters.createdTo === undefined ? undefined : `${filters.createdTo}#${AFTER_ALL}` };
  const byCheckIn =
    filters.clientReference === undefined &&
    filters.createdFrom === undefined &&
    filters.createdTo === undefined &&
    (filters.checkInFrom !== undefined || filters.checkInTo !== undefined);

  let index: string;
  let partition: BookingListPlan['partition'];
  let sort: BookingListPlan['sort'];
  if (byCheckIn) {
    index = BOOKING_INDEXES.byCheckIn;
    partition = { attribute: A.tenantBookings, value: keys.tenantBookings(tenant) };
    sort = {
      attribute: A.checkInSort,
      ...defined({ from: filters.checkInFrom, to: filters.checkInTo === undefined ? undefined : `${filters.checkInTo}#${AFTER_ALL}` }),
    };
  } else {
    index = filters.clientReference === undefined ? BOOKING_INDEXES.byCreated : BOOKING_INDEXES.byClientReference;
    partition =
      filters.clientReference === undefined
        ? { attribute: A.tenantBookings, value: keys.tenantBookings(tenant) }
        : { attribute: A.tenantClientReference, value: keys.tenantClientReference(tenant, filters.clientReference) };
    sort = { attribute: A.createdSort, ...defined(createdRange) };
    filterRange('checkIn', filters.checkInFrom, filters.checkInTo);
  }
  if (filters.status !== undefined) {
    names['#status'] = 'status';
    filters.status.forEach((status, i) => (values[`:status${i}`] = status));
    conditions.push(`#status IN (${filters.status.map((_, i) => `:status${i}`).join(', ')})`);
  }
  if (filters.supplier !== undefined) {
    names['#supplierId'] = 'supplierId';
    values[':supplierId'] = filters.supplier;
    conditions.push('#supplierId = :supplierId');
  }
  return {
    index,
    partition,
    sort,
    ...(conditions.length > 0 ? { filter: { expression: conditions.join(' AND '), names, values } } : {}),
    order: byCheckIn ? 'check-in' : 'created',
    fingerprint: fingerprintOf(tenant, filters),
  };
}

function defined<T extends Record<string, string | undefined>>(value: T): Partial<Record<keyof T, string>> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<Record<keyof T, string>>;
}

/**
 * A short digest of the tenant and the filters, in a fixed key order (statuses sorted: the same set is the
 * same list). With the tenant in it, another account's cursor is refused rather than read as a position.
 */
function fingerprintOf(tenant: string, filters: BookingListFilters): string {
  const canonical = Object.keys(filters)
    .sort()
    .map((key) => {
      const value = filters[key as keyof BookingListFilters];
      return [key, Array.isArray(value) ? [...value].sort() : value];
    });
  return createHash('sha256')
    .update(JSON.stringify([tenant, canonical]))
    .digest('base64url')
    .slice(0, 12);
}
