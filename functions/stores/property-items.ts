/**
 * The property map table's property items as the domain's types, parsed where they are read: the whole
 * unified content (dynamo-property-content.ts) and what on-the-fly matching compares a new supplier
 * property with (dynamo-property-map-store.ts). An item that is not what the mapping job wrote fails here,
 * naming the field. Storage attributes (keys, kind, the index cell) are left out; a field the schema does not
 * name yet (one a later mapping job writes) is carried as it is.
 */
import * as z from 'zod';
import type { PropertyMatchCandidate } from '../domain/property/property-map.js';
import type { UnifiedProperty } from '../domain/property/unified-property.js';

const geo = z.looseObject({ lat: z.number(), lng: z.number() });
const address = z.looseObject({ line: z.string(), postalCode: z.string().optional(), city: z.string(), countryCode: z.string() });
const supplierRef = z.looseObject({ supplierId: z.string(), supplierPropertyId: z.string() });
const member = z.looseObject({
  supplierId: z.string(),
  supplierPropertyId: z.string(),
  name: z.string(),
  stars: z.number().optional(),
  geo: geo.optional(),
  address: address.optional(),
  cityCode: z.string().optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
});

const candidateItem = z.looseObject({
  propertyId: z.string(),
  name: z.string(),
  supplierRefs: z.array(supplierRef),
  members: z.array(member),
  geo: geo.optional(),
});

const propertyItem = candidateItem.extend({
  starRating: z.number().optional(),
  address: address.optional(),
  cityCode: z.string().optional(),
  timeZone: z.string().optional(),
  description: z.string().optional(),
  amenities: z.array(z.string()),
  images: z.array(z.looseObject({ url: z.string(), supplierId: z.string() })),
  policies: z.looseObject({ checkIn: z.string().optional(), checkOut: z.string().optional() }),
  roomTypes: z.array(
    z.looseObject({
      supplierId: z.string(),
      supplierPropertyId: z.string(),
      rooms: z.array(
        z.looseObject({ code: z.string(), name: z.string(), maxOccupancy: z.number().optional(), images: z.array(z.string()).optional() }),
      ),
    }),
  ),
});

const STORAGE = new Set(['pk', 'sk', 'kind', 'indexCell']);
const withoutStorage = (item: Record<string, unknown>) => Object.fromEntries(Object.entries(item).filter(([name]) => !STORAGE.has(name)));

export function propertyFromItem(item: Record<string, unknown>): UnifiedProperty {
  return propertyItem.parse(withoutStorage(item));
}

export function matchCandidateFromItem(item: Record<string, unknown>): PropertyMatchCandidate {
  return candidateItem.parse(withoutStorage(item));
}
