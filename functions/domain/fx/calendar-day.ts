/** Calendar days (YYYY-MM-DD, UTC): the unit FX figures are dated and aged in. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC calendar day of an instant. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** `day` (YYYY-MM-DD) less `days` calendar days. */
export function daysBefore(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS));
}

/** Whole calendar days from `earlier` to `later` (both YYYY-MM-DD). */
export function daysBetween(earlier: string, later: string): number {
  return Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / DAY_MS);
}
