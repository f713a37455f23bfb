/**
 * The query of GET /v1/hotels/bookings: every filter bounded and named in its 400, ranges checked from
 * before to, and an unknown parameter refused by name (a misspelt `createdfrom` silently answering every
 * booking is the failure a partner would not notice).
 */
import * as z from 'zod';
import { plainText } from '../../shared/plain-text.js';
import type { BookingStatus } from '../record/booking-record.js';

export const BOOKING_LIST_PAGE = { default: 20, max: 100 } as const;

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'failed'] as const satisfies readonly BookingStatus[];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?Z$/;

/** A real calendar date: 2027-02-30 parses in JavaScript, so the round trip is the check. */
function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00.000Z`); // NaN for month 00 or 13, which toISOString would throw on
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/**
 * A created bound: a UTC instant, or a date meaning the first (from) or last (to) millisecond of that UTC
 * day. Normalised to the 24-character form createdAt is stored in, so bounds compare as strings.
 */
function createdBound(edge: 'from' | 'to') {
  return z
    .string()
    .max(40)
    .refine(
      (value) =>
        DATE.test(value)
          ? isCalendarDate(value)
          : INSTANT.test(value) && !Number.isNaN(Date.parse(value)) && isCalendarDate(value.slice(0, 10)),
      {
        message: 'must be a UTC instant (2027-03-01T14:00:00Z) or a date (2027-03-01)',
      },
    )
    .transform((value) =>
      DATE.test(value) ? `${value}T${edge === 'from' ? '00:00:00.000' : '23:59:59.999'}Z` : new Date(value).toISOString(),
    )
    .meta({
      description: `Created ${edge === 'from' ? 'at or after' : 'at or before'} this UTC instant; a date means the ${edge === 'from' ? 'start' : 'end'} of that UTC day`,
      examples: [edge === 'from' ? '2026-11-01' : '2026-11-30T23:59:59Z'],
    });
}

const checkInBound = (edge: 'from' | 'to') =>
  z
    .string()
    .max(10, { message: 'must be a date, YYYY-MM-DD', abort: true })
    .refine(isCalendarDate, 'must be a date, YYYY-MM-DD')
    .meta({
      description: `Check-in on or ${edge === 'from' ? 'after' : 'before'} this date (inclusive)`,
      examples: [edge === 'from' ? '2027-03-01' : '2027-03-31'],
    });

const statusList = z
  .string()
  .max(64)
  .transform((value, ctx) => {
    const statuses = [...new Set(value.split(',').map((s) => s.trim()))];
    const unknown = statuses.filter((s) => !(BOOKING_STATUSES as readonly string[]).includes(s));
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `must be one or more of ${BOOKING_STATUSES.join(', ')}, comma-separated` });
      return z.NEVER;
    }
    return statuses as BookingStatus[];
  })
  .meta({
    description: `One status or several, comma-separated: ${BOOKING_STATUSES.join(', ')}`,
    examples: ['confirmed', 'pending,confirmed'],
  });

const shape = {
  clientReference: plainText({ trim: true, min: 1, max: 64 }).meta({
    description: 'Your own reference, as given when booking (exact match)',
    examples: ['PARTNER-4471'],
  }),
  status: statusList.optional(),
  createdFrom: createdBound('from').optional(),
  createdTo: createdBound('to').optional(),
  checkInFrom: checkInBound('from').optional(),
  checkInTo: checkInBound('to').optional(),
  supplier: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,31}$/, 'is not a supplier id (lower-case letters, digits and -, at most 32)')
    .optional()
    .meta({ description: 'The supplier holding the booking', examples: ['hotelbeds'] }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(BOOKING_LIST_PAGE.max)
    .default(BOOKING_LIST_PAGE.default)
    .meta({ description: `Bookings per page, 1 to ${BOOKING_LIST_PAGE.max} (default ${BOOKING_LIST_PAGE.default})` }),
  cursor: z
    .string()
    .min(1)
    .max(512)
    .regex(/^[A-Za-z0-9_-]+$/, 'is not a cursor we issued')
    .optional()
    .meta({ description: 'The `next` of the previous page, with the same filters; absent for the first page' }),
};

const KNOWN = new Set(Object.keys(shape));

export const bookingListQuery = z.looseObject({ ...shape, clientReference: shape.clientReference.optional() }).superRefine((query, ctx) => {
  for (const key of Object.keys(query)) {
    if (!KNOWN.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: `is not a filter of this list (${[...KNOWN].join(', ')})` });
  }
  if (query.createdFrom && query.createdTo && query.createdFrom > query.createdTo) {
    ctx.addIssue({ code: 'custom', path: ['createdTo'], message: 'is before createdFrom' });
  }
  if (query.checkInFrom && query.checkInTo && query.checkInFrom > query.checkInTo) {
    ctx.addIssue({ code: 'custom', path: ['checkInTo'], message: 'is before checkInFrom' });
  }
});

export type BookingListQuery = z.output<typeof bookingListQuery>;
