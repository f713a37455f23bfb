/**
 * A unified property as the content routes show it (API-SPEC "Property content", "Finding places and
 * hotels"): what the caller's contracted suppliers provide of it, room-level content passed through per
 * supplier. Undefined when none of them carries it, which the routes answer like an unknown id.
 * GET /v1/hotels/properties/{propertyId} shows one, GET /v1/hotels/properties a page of them.
 *
 * Texts come in the language asked where a supplier gave them in it (localized-content.ts), otherwise in
 * English, as stored; each says which (`descriptionLanguage`, each room's `language`). Names of properties
 * are proper names and stay as the mapping job chose them. The guest rating is the first contracted
 * supplier's that has one, with that supplier named as its source.
 */
import { refKey } from '../domain/property/supplier-ref.js';
import type { UnifiedProperty } from '../domain/property/unified-property.js';
import type { SupplierPropertyContent } from '../suppliers/port.js';

export const STORED_LANGUAGE = 'en';

export interface ViewLanguage {
  /** The language asked for (BCP 47, canonical). */
  readonly language: string;
  /** The suppliers' texts in it, by refKey. */
  readonly localized: ReadonlyMap<string, SupplierPropertyContent>;
}

const ENGLISH: ViewLanguage = { language: STORED_LANGUAGE, localized: new Map() };

export function propertyView(property: UnifiedProperty, contracted: ReadonlySet<string>, asked: ViewLanguage = ENGLISH) {
  const visible = property.supplierRefs.filter((ref) => contracted.has(ref.supplierId));
  if (visible.length === 0) return undefined;
  const localizedOf = (supplierId: string, supplierPropertyId: string) => asked.localized.get(refKey({ supplierId, supplierPropertyId }));
  const translated = visible.map((ref) => localizedOf(ref.supplierId, ref.supplierPropertyId)).find((content) => content?.description);
  const description = translated?.description
    ? { text: translated.description, language: translated.language ?? asked.language }
    : property.description
      ? { text: property.description, language: STORED_LANGUAGE }
      : undefined;
  const rooms = property.roomTypes
    .filter((r) => contracted.has(r.supplierId))
    .map((block) => {
      const names = new Map(
        (localizedOf(block.supplierId, block.supplierPropertyId)?.roomTypes ?? []).map((room) => [room.code, room.name]),
      );
      const language = localizedOf(block.supplierId, block.supplierPropertyId)?.language ?? asked.language;
      return {
        ...block,
        rooms: block.rooms.map((room) => {
          const name = names.get(room.code);
          return { ...room, ...(name ? { name, language } : { language: STORED_LANGUAGE }) };
        }),
      };
    });
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
  const rating = property.guestRatings?.find((r) => contracted.has(r.supplierId));
  return {
    propertyId: property.propertyId,
    name: property.name,
    language: asked.language,
    ...(property.starRating !== undefined ? { starRating: property.starRating } : {}),
    ...(rating ? { guestRating: { score: rating.score, scale: rating.scale, count: rating.count, source: rating.supplierId } } : {}),
    ...(property.geo ? { geo: property.geo } : {}),
    ...(property.address ? { address: property.address } : {}),
    ...(property.timeZone ? { timeZone: property.timeZone } : {}),
    ...(description ? { description: description.text, descriptionLanguage: description.language } : {}),
    amenities: property.amenities,
    images,
    policies: property.policies,
    roomTypes: rooms,
    supplierRefs: visible,
    ...(property.contentChangedAt ? { contentChangedAt: property.contentChangedAt } : {}),
  };
}

export type PropertyView = NonNullable<ReturnType<typeof propertyView>>;
