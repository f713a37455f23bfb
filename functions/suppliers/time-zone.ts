/**
 * Hotel-local wall-clock time ↔ UTC with the IANA zone, through Intl (no dependency). Suppliers that give
 * deadlines in hotel local time (OpenTravel without an offset) are converted here; Hotelbeds gives an
 * offset, which Date parses directly.
 *
 * Both directions are kept once computed: a search reads thousands of rates whose deadlines are a handful
 * of wall-clock times (a few days before arrival, at the same hour), and each conversion asks Intl to format
 * three instants, microseconds apiece. The answers depend on the zone rules alone, which do not change while
 * a process runs; each memo starts again past KEPT_MAX entries, so a long-lived container stays bounded.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const KEPT_MAX = 20_000;

/** zone → epoch ms → wall-clock reading */
const readings = new Map<string, Map<number, string>>();
/** zone → wall-clock time → epoch ms */
const instants = new Map<string, Map<string, number>>();
let kept = 0;

function memoOf<K, V>(memos: Map<string, Map<K, V>>, timeZone: string): Map<K, V> {
  if (kept >= KEPT_MAX) {
    readings.clear();
    instants.clear();
    kept = 0;
  }
  let memo = memos.get(timeZone);
  if (!memo) {
    memos.set(timeZone, (memo = new Map()));
    kept++;
  }
  return memo;
}

/** Wall-clock reading "YYYY-MM-DDTHH:mm:ss" of an instant in a zone. */
export function utcToZonedLocal(instant: Date, timeZone: string): string {
  const memo = memoOf(readings, timeZone);
  const ms = instant.getTime();
  let reading = memo.get(ms);
  if (reading === undefined) {
    const parts: Record<string, string> = {};
    for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
    reading = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
    memo.set(ms, reading);
    kept++;
  }
  return reading;
}

/** The zone's offset from UTC at an instant, in minutes (Paris in summer: +120). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const local = utcToZonedLocal(instant, timeZone);
  const asUtc = Date.parse(`${local}Z`);
  const truncated = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - truncated) / 60_000);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A hotel-local wall-clock time → the UTC instant. The zone's offsets a day either side are the only
 * candidates; an ambiguous time (autumn overlap) takes the earlier instant, and a time that does not
 * exist (spring gap) is read with the offset before the gap, landing just after it, as most systems do.
 */
export function zonedLocalToUtc(local: string, timeZone: string): Date {
  const memo = memoOf(instants, timeZone);
  let instant = memo.get(local);
  if (instant === undefined) {
    instant = localToUtcMs(local, timeZone);
    memo.set(local, instant);
    kept++;
  }
  return new Date(instant);
}

function localToUtcMs(local: string, timeZone: string): number {
  const match = LOCAL.exec(local);
  if (!match) throw new RangeError(`not a local date-time: "${local}"`);
  const wall = local.length === 16 ? `${local}:00` : local;
  const naive = Date.parse(`${wall}Z`);
  const before = zoneOffsetMinutes(new Date(naive - 86_400_000), timeZone);
  const after = zoneOffsetMinutes(new Date(naive + 86_400_000), timeZone);
  const candidates = [...new Set([before, after])].map((offset) => naive - offset * 60_000).sort((a, b) => a - b);
  const exact = candidates.find((instant) => utcToZonedLocal(new Date(instant), timeZone) === wall);
  return exact ?? naive - before * 60_000;
}

/** "+02:00" style offset for an instant in a zone, for wire formats that carry local time with offset. */
export function offsetSuffix(instant: Date, timeZone: string): string {
  const minutes = zoneOffsetMinutes(instant, timeZone);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** An instant written in hotel local time with its offset: "2026-03-10T18:00:00+01:00". */
export function toLocalIsoWithOffset(instant: Date, timeZone: string): string {
  return `${utcToZonedLocal(instant, timeZone)}${offsetSuffix(instant, timeZone)}`;
}

/** UTC ISO 8601 without milliseconds noise: "2026-03-10T17:00:00.000Z". */
export function toUtcIso(instant: Date): string {
  return instant.toISOString();
}
