/**
 * A unified property as the content routes show it (API-SPEC "Property content"): what the caller's
 * contracted suppliers provide of it, room-level content passed through per supplier. Undefined when none of
 * them carries it, which the routes answer like an unknown id. GET /v1/hotels/properties/{propertyId} shows
 * one, GET /v1/hotels/properties a page of them.
 */
import type { UnifiedProperty } from '../domain/property/unified-property.js';

export function propertyView(property: UnifiedProperty, contracted: ReadonlySet<string>) {
  const visible = property.supplierRefs.filter((ref) => contracted.has(ref.supplierId));
  if (visible.length === 0) return undefined;
  const rooms = property.roomTypes.filter((r) => contracted.has(r.supplierId));
  const images = [
    ...property.images
      .filter((i) => contracted.has(i.supplierId))
      .map((i) => ({ url: i.url, caption: property.name, supplierId: i.supplierId })),
    ...rooms.flatMap((r) =>
      r.rooms.flatMap((room) =>
        (room.images ?? []).map((url) => ({ url, caption: room.name, supplierId: r.supplierId, roomTypeId: room.code })),
      ),
    ),
  ];
  return {
    propertyId: property.propertyId,
    name: property.name,
    ...(property.starRating !== undefined ? { starRating: property.starRating } : {}),
    ...(property.geo ? { geo: property.geo } : {}),
    ...(property.address ? { address: property.address } : {}),
    ...(property.timeZone ? { timeZone: property.timeZone } : {}),
    ...(property.description ? { description: property.description } : {}),
    amenities: property.amenities,
    images,
    policies: property.policies,
    roomTypes: rooms,
    supplierRefs: visible,
    ...(property.contentChangedAt ? { contentChangedAt: property.contentChangedAt } : {}),
  };
}

export type PropertyView = NonNullable<ReturnType<typeof propertyView>>;
