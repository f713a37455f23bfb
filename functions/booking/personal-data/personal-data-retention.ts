/**
 * How long a booking's personal data is kept after check-out: a stack setting (`-c personalDataRetentionDays=N`,
 * reaching the functions as PERSONAL_DATA_RETENTION_DAYS), 90 days unless set.
 *
 * Why 90: after the stay the names are still needed for what follows it, and little of that runs longer:
 * a hotel's no-show or damage claim and the supplier's invoice are reconciled within a month or two, and a
 * card chargeback is opened within 120 days of the charge, which for a prepaid booking came before the
 * stay. A partner whose contract says otherwise gets its own stack setting.
 */
import { configFragment } from '../../shared/config-schema.js';
import { integerVariable } from '../../shared/config-variables.js';

export const DEFAULT_RETENTION_DAYS = 90;
/** The most a stack may set (lib/personal-data-retention.ts refuses more): ten years. */
const MAX_RETENTION_DAYS = 3650;
/** The guests table's expiry comes this much later than the retention job's erasure: a backstop only. */
export const EXPIRY_BACKSTOP_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * PERSONAL_DATA_RETENTION_DAYS, which the stack sets on the retention job and on every function that writes
 * guest details (their expiry backstop).
 */
export const retentionDaysConfig = configFragment(
  { PERSONAL_DATA_RETENTION_DAYS: integerVariable(0, MAX_RETENTION_DAYS, 'days') },
  (values) => values.PERSONAL_DATA_RETENTION_DAYS,
);

/** The instant a stay's personal data is due for erasure: check-out (a date, taken as its UTC end) plus the retention. */
function erasureDueAt(checkOut: string, days: number): Date {
  return new Date(Date.parse(`${checkOut}T00:00:00Z`) + (days + 1) * DAY_MS);
}

/** The guests table's expiry (epoch seconds) for a stay: after the erasure is due, plus the backstop. */
export function expiryBackstop(checkOut: string, days: number): number {
  return Math.floor((erasureDueAt(checkOut, days).getTime() + EXPIRY_BACKSTOP_DAYS * DAY_MS) / 1000);
}

/** The last check-out date whose personal data is due for erasure at `now`. */
export function lastCheckOutDue(now: Date, days: number): string {
  return new Date(now.getTime() - (days + 1) * DAY_MS).toISOString().slice(0, 10);
}
