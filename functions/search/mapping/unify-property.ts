/**
 * A property's unified content (functions/domain/property/unified-property.ts), built by the mapping job
 * from its cluster of supplier properties.
 *
 * Choices, each because suppliers disagree: the name is the one closest to the others among the
 * Latin-script, not shouting (upper-case) names; stars are the median (one supplier off by one does not
 * move it); coordinates are the per-axis median, so one supplier's wrong geocode is outvoted by two; the
 * address is the most complete one. Amenities are the union; images keep their supplier; room types are
 * passed through per supplier unchanged (room mapping is not property mapping).
 */
import { cityByCode, timeZoneAt } from '../../domain/destinations/index.js';
import type { GeoPoint } from '../../domain/property/geo-point.js';
import type { PropertyAddress } from '../../domain/property/property-address.js';
import { compareRefs } from '../../domain/property/supplier-ref.js';
import type { MemberSummary, UnifiedImage, UnifiedProperty } from '../../domain/property/unified-property.js';
import type { SupplierPropertyContent } from '../../suppliers/port.js';
import type { MatchInput } from './match-profile.js';
import { normaliseName } from './name-normalisation.js';
import { nameSimilarity } from './name-similarity.js';

export function unifyProperty(propertyId: string, cluster: readonly SupplierPropertyContent[]): UnifiedProperty {
  if (cluster.length === 0) throw new RangeError('a property needs at least one supplier property');
  const members = [...cluster].sort(compareRefs);
  const cityCode = mostCommon(members.flatMap((m) => (m.cityCode ? [m.cityCode] : [])));
  const stars = median(members.flatMap((m) => (m.stars !== undefined ? [m.stars] : [])));
  const geo = medianPoint(members.flatMap((m) => (m.geo ? [m.geo] : [])));
  // The catalogue's zone of the hotel's city is exact (polygons at build time); a hotel in no city we know
  // takes the zone at its position (tz-lookup, 99.4 % the same offsets).
  const timeZone = (cityCode ? cityByCode(cityCode)?.timeZone : undefined) ?? (geo ? timeZoneAt(geo) : undefined);
  const address = [...members]
    .filter((m) => m.address)
    .sort((x, y) => addressCompleteness(y.address!) - addressCompleteness(x.address!))[0]?.address;
  const description = members.find((m) => m.description)?.description;
  const checkIn = mostCommon(members.flatMap((m) => (m.checkInTime ? [m.checkInTime] : [])));
  const checkOut = mostCommon(members.flatMap((m) => (m.checkOutTime ? [m.checkOutTime] : [])));
  const guestRatings = members.flatMap((m) => (m.guestRating ? [{ supplierId: m.supplierId, ...m.guestRating }] : []));
  const seenImages = new Set<string>();
  const images: UnifiedImage[] = [];
  for (const member of members) {
    for (const url of member.images) {
      if (seenImages.has(url)) continue;
      seenImages.add(url);
      images.push({ url, supplierId: member.supplierId });
    }
  }
  return {
    propertyId,
    name: representativeName(members),
    ...(stars !== undefined ? { starRating: Math.round(stars) } : {}),
    ...(geo ? { geo } : {}),
    ...(address ? { address } : {}),
    ...(cityCode ? { cityCode } : {}),
    ...(timeZone ? { timeZone } : {}),
    ...(description ? { description } : {}),
    amenities: [...new Set(members.flatMap((m) => m.amenities.map(amenityCode)))].sort(),
    images,
    policies: { ...(checkIn ? { checkIn } : {}), ...(checkOut ? { checkOut } : {}) },
    roomTypes: members.map((m) => ({ supplierId: m.supplierId, supplierPropertyId: m.supplierPropertyId, rooms: m.roomTypes })),
    supplierRefs: members.map((m) => ({ supplierId: m.supplierId, supplierPropertyId: m.supplierPropertyId })),
    members: members.map(memberSummary),
    ...(guestRatings.length > 0 ? { guestRatings } : {}),
  };
}

export function memberSummary(content: MatchInput): MemberSummary {
  return {
    supplierId: content.supplierId,
    supplierPropertyId: content.supplierPropertyId,
    name: content.name,
    ...(content.stars !== undefined ? { stars: content.stars } : {}),
    ...(content.geo ? { geo: content.geo } : {}),
    ...(content.address ? { address: content.address } : {}),
    ...(content.cityCode ? { cityCode: content.cityCode } : {}),
    ...(content.phone ? { phone: content.phone } : {}),
    ...(content.email ? { email: content.email } : {}),
  };
}

/** "air conditioning" and "air_conditioning" are one amenity. */
function amenityCode(amenity: string): string {
  return amenity
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

function representativeName(members: readonly SupplierPropertyContent[]): string {
  const tokens = members.map((m) => normaliseName(m.name, m.address?.city));
  let best = members[0]!.name;
  let bestScore = -Infinity;
  members.forEach((member, index) => {
    let score = 0;
    tokens.forEach((other, otherIndex) => {
      if (otherIndex !== index) score += nameSimilarity(tokens[index]!.tokens, other.tokens)?.dice ?? 0;
    });
    if (tokens[index]!.nonLatinScript) score -= 10;
    if (member.name === member.name.toUpperCase() && /[A-Z]/.test(member.name)) score -= 5;
    if (score > bestScore) {
      bestScore = score;
      best = member.name;
    }
  });
  return best;
}

function addressCompleteness(address: PropertyAddress): number {
  const shouting = address.city === address.city.toUpperCase() ? 0 : 1;
  return (address.postalCode ? 2 : 0) + shouting + (address.line ? 4 : 0);
}

function mostCommon(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0]?.[0];
}

function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianPoint(points: readonly GeoPoint[]): GeoPoint | undefined {
  if (points.length === 0) return undefined;
  const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
  return { lat: round6(median(points.map((p) => p.lat))!), lng: round6(median(points.map((p) => p.lng))!) };
}
