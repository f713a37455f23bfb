/**
 * Where a search looks: the interface document shows `{type: "city", code}` and leaves other types to us
 * (API-SPEC.md). Four types, discriminated on `type`; every bound is a named constant so the handler, the
 * OpenAPI document and the tests read the same numbers. Codes are checked against the catalogue here,
 * so an unknown code is refused as a validation problem on `destination.code`, never a 5xx or an empty
 * answer that looks like "no hotels".
 */
import * as z from 'zod';
import { airportByCode, cityByCode } from './catalogue.js';
import { propertyIdSchema } from '../ids/id-schemas.js';

export const DESTINATION_TYPES = ['city', 'airport', 'geo', 'properties'] as const;

export const DESTINATION_LIMITS = {
  /**
   * 0.1 km is one city block: a smaller circle finds the building you already know, which is a
   * `properties` search. 50 km holds the largest city circle of the catalogue (30 km) with room, covers
   * a metro area and its airports, and keeps one search to what suppliers answer in a time budget
   * (Hotelbeds accepts up to 200 km; a region that large is thousands of hotels no one pages through).
   */
  radiusKm: { min: 0.1, max: 50 },
  lat: { min: -90, max: 90 },
  lng: { min: -180, max: 180 },
  /** A shortlist a partner shows one traveller; each id is a line of every supplier's request. */
  propertyIds: { min: 1, max: 100 },
} as const;

/** Hotels around an airport: most airport hotels sit within a few kilometres of the terminals. */
export const AIRPORT_RADIUS_KM = 10;

const iataCode = (kind: 'city' | 'airport', known: (code: string) => unknown) =>
  z
    .string()
    .regex(/^[A-Z]{3}$/, { message: `must be three capital letters, an IATA ${kind} code`, abort: true })
    .refine((code) => known(code) !== undefined, `is not a known IATA ${kind} code`);

const bounded = (name: string, { min, max }: { readonly min: number; readonly max: number }, unit = '') =>
  z
    .number({ error: `must be a number from ${min} to ${max}${unit}` })
    .min(min, `must be at least ${min}${unit}`)
    .max(max, `must be at most ${max}${unit}`)
    .meta({ description: `${name}, ${min} to ${max}${unit}` });

/** `city` and `airport` are one shape: a type and a code the catalogue must know. */
const codeDestination = <Type extends 'city' | 'airport'>(
  type: Type,
  known: (code: string) => unknown,
  codeDescription: string,
  description: string,
  example: string,
) =>
  z
    .strictObject({
      type: z.literal(type),
      code: iataCode(type, known).meta({ description: codeDescription, examples: [example] }),
    })
    .meta({ description, examples: [{ type, code: example }] });

export const cityDestinationSchema = codeDestination(
  'city',
  cityByCode,
  'IATA city code; metropolitan codes (LON, NYC, TYO, PAR, MIL...) search all of the city, not one airport',
  "Hotels of a city, within a radius of its centre that grows with the city's size (3 to 30 km)",
  'LON',
);

export const airportDestinationSchema = codeDestination(
  'airport',
  airportByCode,
  'IATA code of an airport with scheduled passenger service',
  `Hotels within ${AIRPORT_RADIUS_KM} km of an airport`,
  'LHR',
);

export const geoDestinationSchema = z
  .strictObject({
    type: z.literal('geo'),
    lat: bounded('Latitude of the centre in decimal degrees (WGS 84)', DESTINATION_LIMITS.lat),
    lng: bounded('Longitude of the centre in decimal degrees (WGS 84)', DESTINATION_LIMITS.lng),
    radiusKm: bounded('Radius of the circle', DESTINATION_LIMITS.radiusKm, ' km'),
  })
  .meta({
    description: `Hotels within a circle; the radius is ${DESTINATION_LIMITS.radiusKm.min} to ${DESTINATION_LIMITS.radiusKm.max} km`,
    examples: [{ type: 'geo', lat: 48.8584, lng: 2.2945, radiusKm: 2 }],
  });

const { min: minIds, max: maxIds } = DESTINATION_LIMITS.propertyIds;

export const propertiesDestinationSchema = z
  .strictObject({
    type: z.literal('properties'),
    propertyIds: z
      // The same opaque-id rule as on every id route: an id none of ours could be is refused, naming it.
      .array(propertyIdSchema)
      .min(minIds, `must list at least ${minIds} propertyId`)
      .max(maxIds, `must list at most ${maxIds} propertyIds`)
      .superRefine((ids, ctx) => {
        const seen = new Set<string>();
        ids.forEach((id, index) => {
          if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [index], message: `repeats ${id}; list each property once` });
          seen.add(id);
        });
      })
      .meta({ description: `${minIds} to ${maxIds} unified propertyIds (from an earlier search or the property content), in any cities` }),
  })
  .meta({
    description: `Rates for up to ${maxIds} properties we already know, wherever they are`,
    examples: [{ type: 'properties', propertyIds: ['prop_3c9a1f0b7d2e4a6c8b10'] }],
  });

export const destinationSchema = z.discriminatedUnion(
  'type',
  [cityDestinationSchema, airportDestinationSchema, geoDestinationSchema, propertiesDestinationSchema],
  { error: `must have a type of ${DESTINATION_TYPES.join(', ')}` },
);

export type Destination = z.infer<typeof destinationSchema>;
export type CityDestination = z.infer<typeof cityDestinationSchema>;
export type AirportDestination = z.infer<typeof airportDestinationSchema>;
export type GeoDestination = z.infer<typeof geoDestinationSchema>;
export type PropertiesDestination = z.infer<typeof propertiesDestinationSchema>;
