/**
 * Instants and dates as a guest reads them: deadlines in UTC and in the hotel's local time (the clock on
 * the reception wall), stay dates as calendar days with their weekday.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-12-14 23:00 UTC" (seconds only when not zero). The input verbatim when it is not an instant. */
export function formatUtc(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  const seconds = date.getUTCSeconds() ? `:${pad(date.getUTCSeconds())}` : '';
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}${seconds} UTC`;
}

const localFormats = new Map<string, Intl.DateTimeFormat>();

function localFormat(timeZone: string): Intl.DateTimeFormat {
  let format = localFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    localFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The zone's abbreviation at that instant ("CET", "EST"), or its IANA name where the locale data has only
 * an offset ("GMT+9" for Asia/Tokyo): "Asia/Tokyo" tells a guest more than a bare offset. en-US and en-GB
 * know different abbreviations (EST only in en-US, CET only in en-GB), so both are asked.
 */
export function zoneLabel(date: Date, timeZone: string): string {
  for (const locale of ['en-GB', 'en-US']) {
    const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (name && /^[A-Z]{2,5}$/.test(name)) return name;
  }
  return timeZone;
}

/** "Tue 15 Dec 2026 00:00 CET" in the hotel's zone; undefined when the zone or the instant is unusable. */
export function formatHotelLocal(instant: string, timeZone: string): string | undefined {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return undefined;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = localFormat(timeZone).formatToParts(date);
  } catch {
    return undefined; // RangeError: not an IANA zone; the UTC time alone is still right
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')} ${part('hour')}:${part('minute')} ${zoneLabel(date, timeZone)}`;
}

/** A deadline both ways: "2026-12-14 23:00 UTC (Tue 15 Dec 2026 00:00 CET hotel time)". */
export function formatDeadline(instant: string, timeZone: string): { utc: string; local: string | undefined } {
  return { utc: formatUtc(instant), local: formatHotelLocal(instant, timeZone) };
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

/** "Tue 15 Dec 2026" for "2026-12-15": a calendar day, the same wherever it is read. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return dayFormat.format(date).replace(',', '');
}
