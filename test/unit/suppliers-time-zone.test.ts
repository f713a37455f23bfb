/**
 * Hotel-local time ↔ UTC (functions/suppliers/time-zone.ts), which keeps what it has converted: the kept
 * answers are the ones Intl gives (compared with a reading made here, straight from Intl) across DST changes
 * in both hemispheres and a 30-minute zone, each a fresh Date, refusals never kept, and the memo bounded.
 */
import { describe, expect, it } from 'vitest';
import {
  offsetSuffix,
  toLocalIsoWithOffset,
  utcToZonedLocal,
  zonedLocalToUtc,
  zoneOffsetMinutes,
} from '../../functions/suppliers/time-zone.js';

/** The wall clock in a zone, read from Intl here: what utcToZonedLocal must answer, first time or kept. */
function intlReading(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

const ZONES = ['Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Africa/Casablanca'];

describe('hotel-local time, converted once and kept', () => {
  it('reads every half hour of 2026 in six zones as Intl does, the first time and again', () => {
    const start = Date.UTC(2026, 0, 1);
    for (const zone of ZONES) {
      for (let pass = 0; pass < 2; pass += 1) {
        for (let ms = start; ms < start + 366 * 86_400_000; ms += 7 * 3_600_000 + 1_800_000) {
          const instant = new Date(ms);
          expect(utcToZonedLocal(instant, zone), `${zone} ${instant.toISOString()}`).toBe(intlReading(instant, zone));
        }
      }
    }
  });

  it('turns local times back into the instants that read as them, across spring gaps and autumn overlaps', () => {
    const cases: [string, string, string][] = [
      ['2026-03-29T02:30:00', 'Europe/Paris', '2026-03-29T01:30:00.000Z'], // the gap: read with the offset before it
      ['2026-10-25T02:30:00', 'Europe/Paris', '2026-10-25T00:30:00.000Z'], // the overlap: the earlier instant
      ['2026-04-05T02:30', 'Australia/Sydney', '2026-04-04T15:30:00.000Z'],
      ['2026-12-09T18:00:00', 'America/New_York', '2026-12-09T23:00:00.000Z'],
      ['2026-12-09T18:00:00', 'Australia/Lord_Howe', '2026-12-09T07:00:00.000Z'],
    ];
    for (let pass = 0; pass < 2; pass += 1) {
      for (const [local, zone, utc] of cases) expect(zonedLocalToUtc(local, zone).toISOString(), `${local} ${zone}`).toBe(utc);
    }
    // Each answer its own Date: a caller changing one changes no later answer.
    const first = zonedLocalToUtc('2026-12-09T18:00:00', 'Europe/Paris');
    first.setTime(0);
    expect(zonedLocalToUtc('2026-12-09T18:00:00', 'Europe/Paris').toISOString()).toBe('2026-12-09T17:00:00.000Z');
  });

  it('round-trips every local hour of a year in each zone that exists there', () => {
    for (const zone of ZONES) {
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 3_600_000 * 5) {
        const reading = utcToZonedLocal(new Date(ms), zone);
        const back = zonedLocalToUtc(reading, zone);
        expect(utcToZonedLocal(back, zone), `${zone} ${reading}`).toBe(reading);
      }
    }
  });

  it('never keeps a refusal, and stays right past the memo bound', () => {
    expect(() => zonedLocalToUtc('2026-12-09 18:00', 'Europe/Paris')).toThrow(RangeError);
    expect(() => zonedLocalToUtc('2026-12-09 18:00', 'Europe/Paris')).toThrow(RangeError);
    expect(() => utcToZonedLocal(new Date(0), 'Not/AZone')).toThrow(RangeError);
    expect(() => utcToZonedLocal(new Date(0), 'Not/AZone')).toThrow(RangeError);
    // More distinct instants than the memo keeps: it starts again and still answers as Intl.
    for (let i = 0; i < 45_000; i += 1) {
      const instant = new Date(Date.UTC(2030, 0, 1) + i * 61_000);
      const reading = utcToZonedLocal(instant, 'Europe/Paris');
      if (i % 997 === 0) expect(reading).toBe(intlReading(instant, 'Europe/Paris'));
    }
    expect(zoneOffsetMinutes(new Date('2026-07-01T12:00:00Z'), 'Europe/Paris')).toBe(120);
    expect(offsetSuffix(new Date('2026-01-01T12:00:00Z'), 'Asia/Kolkata')).toBe('+05:30');
    expect(toLocalIsoWithOffset(new Date('2026-03-10T17:00:00Z'), 'Europe/Paris')).toBe('2026-03-10T18:00:00+01:00');
  });
});
