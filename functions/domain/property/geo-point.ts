/** A position in WGS 84 degrees. */
export interface GeoPoint {
  readonly lat: number;
  readonly lng: number;
}
