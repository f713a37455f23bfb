import { SupplierError } from '../supplier-error.js';
import { zonedLocalToUtc } from '../time-zone.js';
import { SUPPLIER_ID } from './codes.js';
import { attr, type XmlNode } from './xml.js';

/**
 * A CancelPenalty's `Deadline` (OTA DeadlineGroup) → the UTC instant the penalty starts. The XSD allows:
 * - `AbsoluteDeadline` as an xs:dateTime: hotel local time without an offset (as many OTA suppliers write
 *   it), converted with the hotel's zone; one that carries an offset or Z is taken as given;
 * - an offset: `OffsetTimeUnit` (Year, Month, Week, Day, Hour, Minute, Second), `OffsetUnitMultiplier`
 *   (0 to 999) and `OffsetDropTime` (BeforeArrival, AfterBooking, AfterConfirmation, AfterArrival,
 *   AfterDeparture). Arrival is the check-in date at the hotel's check-in time (`BasicPropertyInfo/Policy
 *   @CheckInTime`), or at 00:00 hotel time when the supplier gives none: the earliest arrival, so a deadline
 *   we show is never later than the hotel's. Departure likewise with `@CheckOutTime`. Calendar units move the
 *   hotel's wall clock (a day before arrival is the same local time the day before, across a DST change);
 *   hours, minutes and seconds are elapsed time. Booking-relative deadlines count from the booking (its
 *   `CreateDateTime`, or now while it is only offered). No `OffsetDropTime` is read as BeforeArrival, OTA's
 *   usual meaning of "N days" in a cancellation policy;
 * - an `AbsoluteDeadline` given as an xs:time: alone, that hotel time on the arrival date; with a day-based
 *   offset, that hotel time on the day the offset lands on;
 * - no Deadline at all: the penalty applies from the booking.
 * `FullDuration` is not a point in time: such a deadline is unreadable (its rate is dropped, not guessed).
 */
export interface DeadlineContext {
  /** The hotel's IANA zone; undefined when the supplier did not say where the hotel is. */
  readonly zone: string | undefined;
  /** Stay dates, YYYY-MM-DD. */
  readonly checkIn?: string | undefined;
  readonly checkOut?: string | undefined;
  /** Hotel local times, HH:mm[:ss]. */
  readonly checkInTime?: string | undefined;
  readonly checkOutTime?: string | undefined;
  /** When the booking was made (a reservation's CreateDateTime), else now: an offered rate is booked now. */
  readonly bookedAt: Date;
}

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?$/;
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}/;
const DROP_TIMES = new Set(['BeforeArrival', 'AfterBooking', 'AfterConfirmation', 'AfterArrival', 'AfterDeparture']);
const CALENDAR_UNITS = new Set(['Year', 'Month', 'Week', 'Day']);
const ELAPSED_MS: Readonly<Record<string, number>> = { Hour: 3_600_000, Minute: 60_000, Second: 1_000 };

function bad(operation: string, message: string): SupplierError {
  return new SupplierError('bad_response', SUPPLIER_ID, `${operation}: ${message}`, { operation });
}

function requireZone(context: DeadlineContext, operation: string): string {
  if (!context.zone) throw bad(operation, 'a local cancellation deadline came without a hotel city we can place in a time zone');
  return context.zone;
}

/**
 * An absolute deadline as OTA suppliers write it: hotel local time without an offset ("2026-12-09T18:00:00"),
 * converted with the hotel's zone. One that does carry an offset or Z is taken as it is.
 */
export function deadlineToUtc(value: string | undefined, zone: string, operation: string): string {
  if (value && ZONED_DATE_TIME.test(value)) return new Date(value).toISOString();
  if (!value || !LOCAL_DATE_TIME.test(value)) throw bad(operation, 'CancelPenalty/Deadline/@AbsoluteDeadline is not a date-time');
  return zonedLocalToUtc(value.replace(/\.\d+$/, ''), zone).toISOString();
}

/** "15:00" / "15:00:00" / "15:00:00+01:00" → "15:00:00" (the hotel's wall clock; an offset on a time of day is ignored). */
function wallTime(value: string | undefined): string | undefined {
  const match = value ? TIME.exec(value) : null;
  if (!match) return undefined;
  const [, hh, mm, ss = '00'] = match;
  return Number(hh) < 24 && Number(mm) < 60 && Number(ss) < 60 ? `${hh}:${mm}:${ss}` : undefined;
}

/** Moves a local "YYYY-MM-DDTHH:mm:ss" by whole calendar units (negative = earlier), clamping the day of month. */
function shiftLocal(local: string, unit: string, amount: number): string {
  const [date, time] = local.split('T') as [string, string];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  let year = y;
  let month = m;
  let day = d;
  if (unit === 'Year' || unit === 'Month') {
    const months = year * 12 + (month - 1) + amount * (unit === 'Year' ? 12 : 1);
    year = Math.floor(months / 12);
    month = (months % 12) + 1;
    day = Math.min(day, new Date(Date.UTC(year, month, 0)).getUTCDate());
    return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${time}`;
  }
  const days = amount * (unit === 'Week' ? 7 : 1);
  const shifted = new Date(Date.UTC(year, month - 1, day) + days * 86_400_000).toISOString().slice(0, 10);
  return `${shifted}T${time}`;
}

function stayDate(value: string | undefined, what: string, operation: string): string {
  if (!value || !DATE.test(value)) throw bad(operation, `a cancellation deadline counts from ${what}, which the answer does not give`);
  return value.slice(0, 10);
}

/** The UTC instant a penalty starts, from its Deadline element (undefined Deadline: from the booking). */
export function penaltyStart(deadline: XmlNode | undefined, context: DeadlineContext, operation: string): string {
  const bookedAt = new Date(Math.floor(context.bookedAt.getTime() / 1000) * 1000);
  if (!deadline) return bookedAt.toISOString();
  const absolute = attr(deadline, 'AbsoluteDeadline');
  const unit = attr(deadline, 'OffsetTimeUnit');
  const time = wallTime(absolute);
  if (absolute && !time) {
    // Both forms given: the XSD says either one; the date-time is the more precise, and says it all.
    return deadlineToUtc(absolute, requireZone(context, operation), operation);
  }
  const arrivalLocal = (): string => `${stayDate(context.checkIn, 'arrival', operation)}T${wallTime(context.checkInTime) ?? '00:00:00'}`;
  if (!unit) {
    if (!time) return bookedAt.toISOString();
    // A time of day alone: that hotel time on the arrival date.
    return zonedLocalToUtc(`${stayDate(context.checkIn, 'arrival', operation)}T${time}`, requireZone(context, operation)).toISOString();
  }
  const multiplierText = attr(deadline, 'OffsetUnitMultiplier') ?? '';
  const multiplier = /^\d{1,3}$/.test(multiplierText) ? Number(multiplierText) : Number.NaN;
  if (!Number.isInteger(multiplier))
    throw bad(operation, 'CancelPenalty/Deadline has an OffsetTimeUnit without a usable OffsetUnitMultiplier');
  const drop = attr(deadline, 'OffsetDropTime') ?? 'BeforeArrival';
  if (!DROP_TIMES.has(drop)) throw bad(operation, 'CancelPenalty/Deadline/@OffsetDropTime is not one the schema allows');
  const calendar = CALENDAR_UNITS.has(unit);
  const elapsed = ELAPSED_MS[unit];
  if (!calendar && elapsed === undefined)
    throw bad(operation, 'CancelPenalty/Deadline/@OffsetTimeUnit is not a unit a deadline can be counted in');
  const sign = drop === 'BeforeArrival' ? -1 : 1;
  if (drop === 'AfterBooking' || drop === 'AfterConfirmation') {
    // Counted from an instant, not from a hotel date: calendar units on the UTC calendar.
    if (calendar) return new Date(`${shiftLocal(bookedAt.toISOString().slice(0, 19), unit, multiplier)}Z`).toISOString();
    return new Date(bookedAt.getTime() + multiplier * elapsed!).toISOString();
  }
  const zone = requireZone(context, operation);
  const reference =
    drop === 'AfterDeparture'
      ? `${stayDate(context.checkOut, 'departure', operation)}T${wallTime(context.checkOutTime) ?? '00:00:00'}`
      : arrivalLocal();
  if (calendar) {
    const shifted = shiftLocal(reference, unit, sign * multiplier);
    return zonedLocalToUtc(time ? `${shifted.slice(0, 10)}T${time}` : shifted, zone).toISOString();
  }
  return new Date(zonedLocalToUtc(reference, zone).getTime() + sign * multiplier * elapsed!).toISOString();
}
