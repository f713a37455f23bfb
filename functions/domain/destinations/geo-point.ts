/** A point on the Earth in decimal degrees (WGS 84): latitude -90..90, longitude -180..180. */
export interface GeoPoint {
  readonly lat: number;
  readonly lng: number;
}
