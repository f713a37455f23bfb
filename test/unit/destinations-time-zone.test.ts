/**
 * A `geo` destination's calendar: the zone at any point decides what "today" is for its check-in.
 */
import { describe, expect, it } from 'vitest';
import { timeZoneAt } from '../../functions/domain/destinations/time-zone-at.js';

describe('time zone at a point', () => {
  it.each([
    ['the Eiffel Tower', 48.8584, 2.2945, 'Europe/Paris'],
    ['Times Square', 40.758, -73.9855, 'America/New_York'],
    ['Shibuya', 35.6595, 139.7005, 'Asia/Tokyo'],
    ['Mumbai', 19.076, 72.8777, 'Asia/Kolkata'],
    ['Adelaide', -34.9285, 138.6007, 'Australia/Adelaide'],
    ['Phoenix, which keeps no summer time', 33.4484, -112.074, 'America/Phoenix'],
    ['Suva, Fiji, west of the date line', -18.1248, 178.4501, 'Pacific/Fiji'],
    ['Apia, Samoa, which moved across the date line in 2011', -13.8333, -171.7667, 'Pacific/Apia'],
  ])('%s is in its zone', (_place, lat, lng, zone) => {
    expect(timeZoneAt({ lat, lng })).toBe(zone);
  });

  it('answers the nautical zone over the open Atlantic', () => {
    expect(timeZoneAt({ lat: 30, lng: -40 })).toBe('Etc/GMT+3');
  });

  it("answers Kiribati's zone across the Line Islands' waters, a calendar day ahead of the nautical one", () => {
    expect(timeZoneAt({ lat: 0, lng: -150 })).toBe('Pacific/Kiritimati');
    const calendarDay = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date('2027-03-01T12:00:00Z'));
    expect(calendarDay('Pacific/Kiritimati')).toBe('2027-03-02');
    expect(calendarDay('Etc/GMT+10')).toBe('2027-03-01');
  });

  it('gives one answer on the 180th meridian, whichever sign it is written with', () => {
    expect(timeZoneAt({ lat: 0, lng: -180 })).toBe(timeZoneAt({ lat: 0, lng: 180 }));
    expect(timeZoneAt({ lat: 0, lng: 180 })).toBe('Pacific/Tarawa');
  });

  it('answers at the poles', () => {
    expect(timeZoneAt({ lat: 90, lng: 0 })).toBe('Etc/GMT');
    expect(() => timeZoneAt({ lat: -90, lng: 0 })).not.toThrow();
  });

  it.each([
    [91, 0],
    [-91, 0],
    [0, 180.5],
    [0, -181],
    [Number.NaN, 0],
  ])('refuses %s, %s, which is not on the Earth', (lat, lng) => {
    expect(() => timeZoneAt({ lat, lng })).toThrow(RangeError);
  });
});
