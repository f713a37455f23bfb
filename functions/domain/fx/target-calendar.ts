/**
 * The days the ECB publishes its euro foreign exchange reference rates: every TARGET working day, i.e. every
 * day but Saturdays, Sundays and the TARGET closing days (New Year's Day, Good Friday, Easter Monday, 1 May,
 * 25 and 26 December), at around 16:00 CET. What the feed job expects to have read by when, so that the
 * alarm fires on a working day the feed was not read and stays quiet over weekends and holidays.
 */
import { gregorianEaster } from 'date-easter';
import { daysBefore } from './calendar-day.js';

/** By this time (UTC) on a working day the day's figures must have been read: 16:00 CET plus an hour or two. */
export const PUBLICATION_READ_BY_UTC_HOUR = 16;

function easterSunday(year: number): string {
  const { month, day } = gregorianEaster(year);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whether the ECB publishes reference rates on `day` (YYYY-MM-DD). */
export function isTargetWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = day.slice(5);
  if (monthDay === '01-01' || monthDay === '05-01' || monthDay === '12-25' || monthDay === '12-26') return false;
  const easter = easterSunday(Number(day.slice(0, 4)));
  return day !== daysBefore(easter, 2) && day !== daysBefore(easter, -1);
}

/** The latest working day on or before `day`. */
export function workingDayOnOrBefore(day: string): string {
  let candidate = day;
  while (!isTargetWorkingDay(candidate)) candidate = daysBefore(candidate, 1);
  return candidate;
}

/** The latest day whose figures should have been read by `now`: today once past the read-by hour, if it is a working day. */
export function latestDueDay(now: Date): string {
  const today = now.toISOString().slice(0, 10);
  const dueToday = now.getUTCHours() >= PUBLICATION_READ_BY_UTC_HOUR && isTargetWorkingDay(today);
  return dueToday ? today : workingDayOnOrBefore(daysBefore(today, 1));
}

/** How many working days after `latest` (the last day read) up to `due` were not read: 0 when up to date. */
export function workingDaysBehind(latest: string | undefined, due: string): number {
  if (latest === undefined) return 1;
  let behind = 0;
  for (let day = due; day > latest; day = daysBefore(day, 1)) if (isTargetWorkingDay(day)) behind += 1;
  return behind;
}
