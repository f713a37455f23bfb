/**
 * GET /v1/hotels/properties/{propertyId}: the unified content of one property (API-SPEC "Property
 * content"), limited to what the caller's contracted suppliers provide; a property none of them carries
 * is a 404 like an unknown one. Room-level content is passed through per supplier unchanged. An id the
 * mapping job retired (a split or merge) answers with the property that replaced it.
 */
import { DomainError } from '../domain/errors/domain-error.js';
import { httpHandler } from '../shared/http-handler.js';
import { listContracts } from '../suppliers/contracts.js';
import { propertyMapStore } from './search-deps.js';
import { propertyParams } from './search-params.js';

export const handler = httpHandler('getProperty', { params: propertyParams }, async (request) => {
  const { propertyId } = request.params;
  const [property, contracts] = await Promise.all([propertyMapStore().getProperty(propertyId), listContracts(request.caller!.tenant)]);
  const contracted = new Set(contracts.map((c) => c.supplierId));
  const visible = property?.supplierRefs.filter((ref) => contracted.has(ref.supplierId)) ?? [];
  if (!property || visible.length === 0) throw new DomainError('not-found', `No property ${propertyId}`);

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
    status: 200,
    body: {
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
    },
  };
});
