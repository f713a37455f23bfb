/**
 * The destination catalogue answers for the world's IATA cities and airports, metropolitan codes
 * included, with centres and zones a traveller would recognise; and it agrees with the forty cities the
 * sandbox world was built on, so searches there keep their circles and calendars when search moves to it.
 */
import { greatCircleDistance, UNITS } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { airportByCode, allAirports, allCities, cityByCode } from '../../functions/domain/destinations/catalogue.js';
import type { GeoPoint } from '../../functions/domain/destinations/geo-point.js';
import { HAND_MADE_CITIES } from '../fixtures/hand-made-cities.js';

const km = (a: GeoPoint, b: GeoPoint): number => greatCircleDistance([a.lat, a.lng], [b.lat, b.lng], UNITS.km);

describe('metropolitan city codes', () => {
  // Centres as the cities' own (city hall or the conventional centre point), zones from the IANA database.
  const metros: [code: string, centre: GeoPoint, zone: string, airports: string[]][] = [
    ['LON', { lat: 51.5074, lng: -0.1278 }, 'Europe/London', ['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN']],
    ['NYC', { lat: 40.7128, lng: -74.006 }, 'America/New_York', ['JFK', 'LGA', 'EWR']],
    ['TYO', { lat: 35.6812, lng: 139.7671 }, 'Asia/Tokyo', ['HND', 'NRT']],
    ['PAR', { lat: 48.8566, lng: 2.3522 }, 'Europe/Paris', ['CDG', 'ORY']],
    ['MIL', { lat: 45.4642, lng: 9.19 }, 'Europe/Rome', ['MXP', 'LIN', 'BGY']],
    ['MOW', { lat: 55.7558, lng: 37.6173 }, 'Europe/Moscow', ['SVO', 'DME', 'VKO']],
    ['CHI', { lat: 41.8781, lng: -87.6298 }, 'America/Chicago', ['ORD', 'MDW']],
    ['YTO', { lat: 43.6532, lng: -79.3832 }, 'America/Toronto', ['YYZ', 'YTZ']],
    ['SEL', { lat: 37.5665, lng: 126.978 }, 'Asia/Seoul', ['ICN', 'GMP']],
    ['OSA', { lat: 34.6937, lng: 135.5023 }, 'Asia/Tokyo', ['KIX', 'ITM']],
  ];

  it.each(metros)('%s is a metropolitan city around its centre, in its zone, with its airports', (code, centre, zone, airports) => {
    const city = cityByCode(code);
    expect(city, code).toBeDefined();
    expect(city!.metropolitan).toBe(true);
    expect(km(city!.centre, centre)).toBeLessThan(30);
    expect(city!.timeZone).toBe(zone);
    expect(city!.airportCodes).toEqual(expect.arrayContaining(airports));
    for (const airport of airports) expect(airportByCode(airport)?.cityCode, airport).toBe(code);
  });

  it("does not pull a neighbouring country's airport into a metro (Copenhagen is not Malmö, Windsor is not Detroit)", () => {
    expect(airportByCode('CPH')?.cityCode).toBe('CPH');
    expect(cityByCode('MMA')?.airportCodes).not.toContain('CPH');
    expect(cityByCode('DTT')?.airportCodes ?? []).not.toContain('YQG');
  });
});

describe('cities with one airport take its code', () => {
  it.each([
    ['AMS', 'Amsterdam', 'NL', 'Europe/Amsterdam', { lat: 52.3676, lng: 4.9041 }],
    ['PRG', 'Prague', 'CZ', 'Europe/Prague', { lat: 50.0755, lng: 14.4378 }],
    ['LIS', 'Lisbon', 'PT', 'Europe/Lisbon', { lat: 38.7223, lng: -9.1393 }],
  ] as const)('%s is %s', (code, name, country, zone, centre) => {
    const city = cityByCode(code)!;
    expect(city).toMatchObject({ code, name, countryCode: country, timeZone: zone, metropolitan: false, airportCodes: [code] });
    expect(km(city.centre, centre)).toBeLessThan(10);
    expect(airportByCode(code)?.cityCode).toBe(code);
  });
});

describe('forty cities written down by hand', () => {
  it.each(HAND_MADE_CITIES)(
    '%s (%s) resolves with the same zone and a centre within 25 km',
    (code, _name, countryCode, timeZone, lat, lng) => {
      const city = cityByCode(code);
      expect(city, `${code} missing`).toBeDefined();
      expect(city!.timeZone).toBe(timeZone);
      expect(city!.countryCode).toBe(countryCode);
      expect(km(city!.centre, { lat, lng })).toBeLessThan(25);
    },
  );
});

describe('airports', () => {
  it.each([
    ['LHR', 'LON', 'Europe/London', { lat: 51.47, lng: -0.4543 }],
    ['JFK', 'NYC', 'America/New_York', { lat: 40.6413, lng: -73.7781 }],
    ['NRT', 'TYO', 'Asia/Tokyo', { lat: 35.772, lng: 140.3929 }],
    ['CDG', 'PAR', 'Europe/Paris', { lat: 49.0097, lng: 2.5479 }],
  ] as const)('%s serves %s', (code, cityCode, zone, location) => {
    const airport = airportByCode(code)!;
    expect(airport).toMatchObject({ code, cityCode, timeZone: zone });
    expect(km(airport.location, location)).toBeLessThan(3);
    expect(cityByCode(cityCode)?.airportCodes).toContain(code);
  });

  it('leaves out railway stations and heliports that carry IATA codes (London Waterloo, Heliport de Paris)', () => {
    expect(airportByCode('QQW')).toBeUndefined();
    expect(airportByCode('JDP')).toBeUndefined();
    expect(cityByCode('PAR')?.airportCodes).toEqual(['CDG', 'ORY']);
  });
});

describe('unknown codes', () => {
  it.each(['XXX', 'ZZZ', 'lon', 'LONDON', '', 'LO'])('%j is no city and no airport', (code) => {
    expect(cityByCode(code)).toBeUndefined();
    expect(airportByCode(code)).toBeUndefined();
  });

  it('a metropolitan code is a city, not an airport', () => {
    expect(cityByCode('LON')).toBeDefined();
    expect(airportByCode('LON')).toBeUndefined();
  });
});

describe('the whole catalogue', () => {
  const cities = allCities();
  const airports = allAirports();

  it('covers the world, not forty cities', () => {
    expect(cities.length).toBeGreaterThan(4_000);
    expect(airports.length).toBeGreaterThan(4_000);
    expect(new Set(cities.map((city) => city.countryCode)).size).toBeGreaterThan(200);
  });

  it('has one entry per code, valid IATA codes, and every airport serves a city that lists it', () => {
    expect(new Set(cities.map((city) => city.code)).size).toBe(cities.length);
    for (const airport of airports) {
      expect(airport.code).toMatch(/^[A-Z]{3}$/);
      expect(cityByCode(airport.cityCode)?.airportCodes, airport.code).toContain(airport.code);
    }
  });

  it('gives every city a zone the runtime knows, a country code and a radius from 3 to 30 km', () => {
    for (const zone of new Set([...cities, ...airports].map((entry) => entry.timeZone))) {
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone }), zone).not.toThrow();
    }
    for (const city of cities) {
      expect(city.countryCode).toMatch(/^[A-Z]{2}$/);
      expect(city.radiusKm).toBeGreaterThanOrEqual(3);
      expect(city.radiusKm).toBeLessThanOrEqual(30);
    }
  });
});
