/**
 * A search circle as the GeoJSON polygon Rapid's `POST /properties/geography` takes (RFC 7946: one ring,
 * [longitude, latitude] pairs, first point repeated last). Turf draws it on the sphere, so a circle far
 * north stays a circle. 32 sides lose under 0.5 % of the area at the rim, well inside the slack of any
 * hotel's geocode, and stay far below Rapid's limit of 2,000 coordinates.
 */
import circle from '@turf/circle';
import type { GeoPoint } from '../port.js';

export interface GeoJsonPolygon {
  readonly type: 'Polygon';
  readonly coordinates: number[][][];
}

const SIDES = 32;

export function circlePolygon(centre: GeoPoint, radiusKm: number): GeoJsonPolygon {
  const { geometry } = circle([centre.lng, centre.lat], radiusKm, { steps: SIDES, units: 'kilometers' });
  return { type: 'Polygon', coordinates: geometry.coordinates };
}
