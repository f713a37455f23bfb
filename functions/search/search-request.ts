/**
 * The search request of interface document section 2.2 with every bound of API-SPEC.md. Field names are
 * the document's; `limit` and `sort` are the optional additions API-SPEC.md makes. Dates are checked
 * against the destination's own calendar: "today" in Tokyo starts before "today" in New York.
 */
import * as z from 'zod';
import { destinationSchema, resolveDestination, type Destination } from '../domain/destinations/index.js';
import { SEARCH_BUDGET_MS } from '../shared/time-budgets.js';
import { utcToZonedLocal } from '../suppliers/time-zone.js';
import { calendarDateSchema } from '../shared/calendar-date.js';

export const BOARD_BASES = ['RO', 'BB', 'HB', 'FB', 'AI'] as const;
export const SORT_ORDERS = ['price', 'starRating', 'distance'] as const;
export const SEARCH_LIMITS = {
  timeoutMs: SEARCH_BUDGET_MS,
  maxNights: 30,
  rooms: { min: 1, max: 8 },
  adultsPerRoom: { min: 1, max: 8 },
  childAge: { min: 0, max: 17 },
  childrenPerRoom: 6,
  limit: { default: 100, max: 1_000 },
} as const;

const isoDate = calendarDateSchema;

const occupancySchema = z.strictObject({
  adults: z.number().int().min(SEARCH_LIMITS.adultsPerRoom.min).max(SEARCH_LIMITS.adultsPerRoom.max),
  children: z
    .array(z.number().int().min(SEARCH_LIMITS.childAge.min).max(SEARCH_LIMITS.childAge.max))
    .max(SEARCH_LIMITS.childrenPerRoom)
    .optional(),
});

export const searchRequestSchema = z
  .strictObject({
    destination: destinationSchema,
    checkIn: isoDate,
    checkOut: isoDate,
    occupancies: z.array(occupancySchema).min(SEARCH_LIMITS.rooms.min).max(SEARCH_LIMITS.rooms.max),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code'),
    nationality: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code'),
    filters: z
      .strictObject({
        minStarRating: z.number().int().min(1).max(5).optional(),
        boardBasis: z.array(z.enum(BOARD_BASES)).min(1).optional(),
        freeCancellationOnly: z.boolean().optional(),
      })
      .optional(),
    timeoutMs: z.number().int().min(SEARCH_LIMITS.timeoutMs.min).max(SEARCH_LIMITS.timeoutMs.max).default(SEARCH_LIMITS.timeoutMs.default),
    limit: z.number().int().min(1).max(SEARCH_LIMITS.limit.max).default(SEARCH_LIMITS.limit.default),
    sort: z.enum(SORT_ORDERS).default('price'),
  })
  .superRefine((request, ctx) => {
    const nights = (Date.parse(request.checkOut) - Date.parse(request.checkIn)) / 86_400_000;
    if (!(nights >= 1)) ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'must be after checkIn' });
    else if (nights > SEARCH_LIMITS.maxNights)
      ctx.addIssue({ code: 'custom', path: ['checkOut'], message: `must be at most ${SEARCH_LIMITS.maxNights} nights after checkIn` });
    const { zone, where } = calendarOf(request.destination);
    if (request.checkIn < todayIn(zone)) {
      ctx.addIssue({ code: 'custom', path: ['checkIn'], message: `must not be in the past (today ${where} is ${todayIn(zone)})` });
    }
  });

/**
 * Whose calendar says what "today" is: the destination's zone. A property list may span zones and its
 * properties are not read yet, so it takes the last zone on Earth to reach a date (UTC-12): a check-in is
 * refused only once it is past everywhere, and the supplier refuses a stay that has begun at its hotel.
 */
function calendarOf(destination: Destination): { zone: string; where: string } {
  // zod runs this refinement even when the destination has issues of its own (a latitude off the Earth):
  // those are reported on their fields, and an invalid destination has no calendar to ask.
  const place = destinationSchema.safeParse(destination).success ? resolveDestination(destination) : undefined;
  if (place?.kind === 'circle') return { zone: place.timeZone, where: `in ${place.displayName}` };
  return { zone: 'Etc/GMT+12', where: 'anywhere on Earth' };
}

export type SearchRequest = z.infer<typeof searchRequestSchema>;

/** The calendar date now in an IANA zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return utcToZonedLocal(now, timeZone).slice(0, 10);
}
