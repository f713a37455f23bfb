/**
 * Great-circle distance on a spherical Earth (haversine). Ranking by distance from a centre and finding the
 * cities around a point need ordering, not survey precision; the sphere's < 0.5 % error cannot reorder
 * hotels in one city in any way a guest would notice, and the formula is a few lines, so no geodesy
 * library is pulled in for it.
 */
import type { GeoPoint } from '../property/geo-point.js';

const EARTH_RADIUS_METRES = 6_371_008.8;

export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}
