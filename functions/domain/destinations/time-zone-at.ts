/**
 * The IANA time zone of any point, for `geo` destinations (a city or airport carries its own). Computed
 * in process by @photostructure/tz-lookup (73 KB, CC0, zones from timezone-boundary-builder): exact
 * polygons (geo-tz) would be 70 MB of data beside the function, and the coarse lookup agrees with them
 * on 98% of the world's towns and on the UTC offset of 99.4% (`npm run bench:destinations` measures
 * it); the misses are near a zone border, where the zone sets only what "today" is for the check-in.
 *
 * Over the open ocean it answers the nautical zone (30 N 40 W is Etc/GMT+3). Near the date line it
 * answers the island state's own zone across its waters: 0 N 150 W is Pacific/Kiritimati (UTC+14), a
 * calendar day ahead of the nautical Etc/GMT+10 there, because Kiribati's Line Islands keep that date.
 * Longitude -180 and 180 are one meridian, on which the lookup would answer zones a day apart (Etc/GMT+12
 * and Pacific/Tarawa at the equator): we read -180 as 180, so one point has one answer.
 */
import tzLookup from '@photostructure/tz-lookup';
import type { GeoPoint } from './geo-point.js';

/** Throws a RangeError for a latitude outside -90..90 or a longitude outside -180..180 (validate first). */
export function timeZoneAt({ lat, lng }: GeoPoint): string {
  if (!(lat >= -90 && lat <= 90) || !(lng >= -180 && lng <= 180)) {
    throw new RangeError(`not a point on the Earth: ${lat}, ${lng}`);
  }
  return tzLookup(lat, lng === -180 ? 180 : lng);
}
