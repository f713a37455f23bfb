/**
 * The stays the tests ask the sandbox world about, as days from today. The world's availability and prices
 * move with the calendar (a night closes at one supplier, a room type is shut on an arrival day, a weekend
 * or a month makes another plan the cheapest), so "the cheapest rate" of a search is a different kind of
 * rate on different days: net or pay at hotel, refundable or not. A test that asserts on what kind of rate it
 * has picks that kind (booking-journey.ts `rateOf` with a predicate), never the first one it finds.
 *
 * TEST_CALENDAR_SHIFT_DAYS moves every stay by that many days, so a test can be run as on another day:
 * `TEST_CALENDAR_SHIFT_DAYS=137 npx vitest run test/e2e/admin.test.ts` (docs/contributors.md, "Tests and the
 * calendar"). Only stays move: "today" (the search's no-past-dates rule, a rateId's expiry) stays today.
 */
const SHIFT_DAYS = Number(process.env.TEST_CALENDAR_SHIFT_DAYS ?? 0);
if (!Number.isInteger(SHIFT_DAYS) || SHIFT_DAYS < 0) throw new Error('TEST_CALENDAR_SHIFT_DAYS must be a whole number of days, 0 or more');

/** The UTC date `days` days from now, moved by TEST_CALENDAR_SHIFT_DAYS. */
export const inDays = (days: number): string => new Date(Date.now() + (days + SHIFT_DAYS) * 86_400_000).toISOString().slice(0, 10);
