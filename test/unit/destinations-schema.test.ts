/**
 * The four destination types a search accepts, and what a partner sees when one is wrong: a field path
 * under `destination` and a message that says what would be right.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  AIRPORT_RADIUS_KM,
  DESTINATION_LIMITS,
  destinationSchema,
  resolveDestination,
  airportDestinationSchema,
  cityDestinationSchema,
  geoDestinationSchema,
  propertiesDestinationSchema,
} from '../../functions/domain/destinations/index.js';
import { ID_CHARACTERS, ID_MAX_LENGTH } from '../../functions/domain/ids/opaque-id.js';
import { fieldErrors } from '../../functions/shared/validation.js';

const request = z.strictObject({ destination: destinationSchema });

function problems(destination: unknown): { path: string; message: string }[] {
  const result = request.safeParse({ destination });
  return result.success ? [] : fieldErrors(result.error);
}

const paths = (destination: unknown): string[] => problems(destination).map((problem) => problem.path);

describe('accepted destinations', () => {
  it.each([
    { type: 'city', code: 'LON' },
    { type: 'city', code: 'AMS' },
    { type: 'airport', code: 'LHR' },
    { type: 'geo', lat: 48.8584, lng: 2.2945, radiusKm: 2 },
    { type: 'geo', lat: -90, lng: -180, radiusKm: DESTINATION_LIMITS.radiusKm.min },
    { type: 'geo', lat: 90, lng: 180, radiusKm: DESTINATION_LIMITS.radiusKm.max },
    { type: 'properties', propertyIds: ['prop_3c9a1f0b7d2e4a6c8b10', 'prop_0000000000000000beef'] },
  ])('%j', (destination) => {
    expect(problems(destination)).toEqual([]);
  });

  it('accepts every example the OpenAPI document will show', () => {
    for (const schema of [cityDestinationSchema, airportDestinationSchema, geoDestinationSchema, propertiesDestinationSchema]) {
      const examples = (schema.meta()?.examples ?? []) as unknown[];
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) expect(problems(example), JSON.stringify(example)).toEqual([]);
    }
  });
});

describe('city and airport codes', () => {
  it('refuses an unknown city code on destination.code, saying it is not a known IATA city code', () => {
    expect(problems({ type: 'city', code: 'XXX' })).toEqual([{ path: 'destination.code', message: 'is not a known IATA city code' }]);
  });

  it('refuses an airport code that is no scheduled-service airport, and a metropolitan code as an airport', () => {
    expect(problems({ type: 'airport', code: 'XXX' })).toEqual([{ path: 'destination.code', message: 'is not a known IATA airport code' }]);
    expect(paths({ type: 'airport', code: 'LON' })).toEqual(['destination.code']);
  });

  it('says what a code looks like when it is not three capital letters, once', () => {
    expect(problems({ type: 'city', code: 'lon' })).toEqual([
      { path: 'destination.code', message: 'must be three capital letters, an IATA city code' },
    ]);
    expect(paths({ type: 'airport', code: 'EGLL' })).toEqual(['destination.code']);
    expect(paths({ type: 'city' })).toEqual(['destination.code']);
  });

  it('refuses an unknown type or none on destination.type, naming the four', () => {
    expect(problems({ type: 'region', code: 'LON' })).toEqual([
      { path: 'destination.type', message: 'must have a type of city, airport, geo, properties' },
    ]);
    expect(paths({ code: 'LON' })).toEqual(['destination.type']);
  });

  it('refuses fields a type does not have', () => {
    expect(paths({ type: 'city', code: 'LON', radiusKm: 5 })).toEqual(['destination']);
  });
});

describe('geo circles', () => {
  it.each([
    [{ lat: 90.01, lng: 0, radiusKm: 1 }, 'destination.lat', 'must be at most 90'],
    [{ lat: -90.01, lng: 0, radiusKm: 1 }, 'destination.lat', 'must be at least -90'],
    [{ lat: 0, lng: 180.01, radiusKm: 1 }, 'destination.lng', 'must be at most 180'],
    [{ lat: 0, lng: -180.01, radiusKm: 1 }, 'destination.lng', 'must be at least -180'],
    [{ lat: 0, lng: 0, radiusKm: 0.09 }, 'destination.radiusKm', 'must be at least 0.1 km'],
    [{ lat: 0, lng: 0, radiusKm: 50.1 }, 'destination.radiusKm', 'must be at most 50 km'],
    [{ lat: '48.8', lng: 0, radiusKm: 1 }, 'destination.lat', 'must be a number from -90 to 90'],
    [{ lat: 0, lng: 0 }, 'destination.radiusKm', 'must be a number from 0.1 to 50 km'],
  ])('%j is refused on %s', (circle, path, message) => {
    expect(problems({ type: 'geo', ...circle })).toEqual([{ path, message }]);
  });

  it('names every bad field at once', () => {
    expect(paths({ type: 'geo', lat: 100, lng: 200, radiusKm: 0 })).toEqual(['destination.lat', 'destination.lng', 'destination.radiusKm']);
  });
});

describe('property lists', () => {
  const ids = (count: number) => Array.from({ length: count }, (_, index) => `prop_${String(index).padStart(20, '0')}`);

  it(`takes ${DESTINATION_LIMITS.propertyIds.min} to ${DESTINATION_LIMITS.propertyIds.max} ids`, () => {
    expect(problems({ type: 'properties', propertyIds: ids(DESTINATION_LIMITS.propertyIds.max) })).toEqual([]);
    expect(problems({ type: 'properties', propertyIds: ids(DESTINATION_LIMITS.propertyIds.max + 1) })).toEqual([
      { path: 'destination.propertyIds', message: `must list at most ${DESTINATION_LIMITS.propertyIds.max} propertyIds` },
    ]);
    expect(problems({ type: 'properties', propertyIds: [] })).toEqual([
      { path: 'destination.propertyIds', message: 'must list at least 1 propertyId' },
    ]);
  });

  it('names the offending id by its index', () => {
    expect(paths({ type: 'properties', propertyIds: ['prop_a', 'prop b', '', 'x'.repeat(65)] })).toEqual([
      'destination.propertyIds[1]',
      'destination.propertyIds[2]',
      'destination.propertyIds[3]',
    ]);
    expect(problems({ type: 'properties', propertyIds: ['prop_a', 'prop_b', 'prop_a'] })).toEqual([
      { path: 'destination.propertyIds[2]', message: 'repeats prop_a; list each property once' },
    ]);
  });

  it('reads ids with the same rule as every id route (functions/domain/ids/opaque-id.ts)', () => {
    expect(problems({ type: 'properties', propertyIds: ['x'.repeat(ID_MAX_LENGTH + 1)] })).toEqual([
      { path: 'destination.propertyIds[0]', message: `is longer than ${ID_MAX_LENGTH} characters, the longest propertyId we issue` },
    ]);
    expect(ID_CHARACTERS.test('prop_3c9a1f0b7d2e4a6c8b10')).toBe(true);
  });
});

describe('what a destination resolves to', () => {
  it('a city is its centre, radius and zone', () => {
    expect(resolveDestination({ type: 'city', code: 'PAR' })).toEqual({
      kind: 'circle',
      centre: { lat: 48.8534, lng: 2.3488 },
      radiusKm: 9,
      timeZone: 'Europe/Paris',
      displayName: 'Paris',
      cityCode: 'PAR',
      countryCode: 'FR',
    });
  });

  it(`an airport is a ${AIRPORT_RADIUS_KM} km circle around it, in the city it serves`, () => {
    expect(resolveDestination({ type: 'airport', code: 'LHR' })).toMatchObject({
      kind: 'circle',
      radiusKm: AIRPORT_RADIUS_KM,
      timeZone: 'Europe/London',
      displayName: 'London Heathrow Airport',
      cityCode: 'LON',
    });
  });

  it('a geo circle is itself, in the zone of its centre', () => {
    expect(resolveDestination({ type: 'geo', lat: 35.6595, lng: 139.7005, radiusKm: 1.5 })).toEqual({
      kind: 'circle',
      centre: { lat: 35.6595, lng: 139.7005 },
      radiusKm: 1.5,
      timeZone: 'Asia/Tokyo',
      displayName: '1.5 km around 35.6595, 139.7005',
    });
  });

  it('a property list is the ids, for the caller to resolve', () => {
    expect(resolveDestination({ type: 'properties', propertyIds: ['prop_a'] })).toEqual({ kind: 'properties', propertyIds: ['prop_a'] });
  });

  it('an unknown code resolves to nothing rather than a guess', () => {
    expect(resolveDestination({ type: 'city', code: 'XXX' })).toBeUndefined();
    expect(resolveDestination({ type: 'airport', code: 'XXX' })).toBeUndefined();
  });
});
