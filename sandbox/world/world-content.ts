/**
 * The sandbox world's supplier catalogues as `SupplierPropertyContent`, the way each adapter's
 * `staticContent` presents them (address line order, city casing, which contact fields the wire carries).
 * The matching benchmark and the unit tests run on these without starting the sandbox servers; the
 * formats follow the sandboxes' content endpoints, so what the matcher sees here is what the job sees.
 */
import type { SupplierPropertyContent } from '../../functions/suppliers/port.js';
import { guestRating } from './guest-ratings.js';
import { getSupplierView, type SupplierId, type SupplierProperty } from './supplier-views.js';

export interface WorldContentOptions {
  readonly seed?: number;
  /** Drop phone and email, to measure how the matcher does on names, addresses and coordinates alone. */
  readonly withoutContacts?: boolean;
}

export function worldSupplierContent(supplierId: SupplierId, options: WorldContentOptions = {}): SupplierPropertyContent[] {
  return getSupplierView(supplierId, options.seed).properties.map((property) => {
    const content = asContent(property);
    if (!options.withoutContacts) return content;
    const { phone: _phone, email: _email, ...rest } = content;
    return rest;
  });
}

/** Ground truth for the benchmark: `${supplierId}|${supplierPropertyId}` → world hotel id. */
export function worldGroundTruth(supplierIds: readonly SupplierId[], seed?: number): Map<string, string> {
  const truth = new Map<string, string>();
  for (const supplierId of supplierIds) {
    for (const [propertyId, hotelId] of getSupplierView(supplierId, seed).groundTruth) truth.set(`${supplierId}|${propertyId}`, hotelId);
  }
  return truth;
}

function asContent(property: SupplierProperty): SupplierPropertyContent {
  const hotel = property.hotel;
  const { postalCode, city, countryCode } = property.address;
  const line = property.addressLine;
  const common = {
    supplierId: property.supplierId,
    supplierPropertyId: property.supplierPropertyId,
    name: property.name,
    stars: property.stars,
    geo: property.geo,
    cityCode: property.cityCode,
    description: hotel.description,
    images: hotel.images,
    checkInTime: hotel.checkInTime,
    checkOutTime: hotel.checkOutTime,
    ...(property.phone ? { phone: property.phone } : {}),
  };
  const rooms = property.roomTypes.map((room) => ({ code: room.code, name: room.name, maxOccupancy: room.maxOccupancy }));
  const postal = postalCode ? { postalCode } : {};
  switch (property.supplierId) {
    case 'hotelbeds': // Content API: "street, number", city upper-cased, facility codes, email.
      return {
        ...common,
        address: { line, ...postal, city: city.toUpperCase(), countryCode },
        amenities: hotel.amenities,
        roomTypes: rooms,
        email: hotel.email,
      };
    case 'expedia': {
      // Rapid content: "number street", amenity names, no email; guest ratings.
      const guest = guestRating(property);
      return {
        ...common,
        ...(guest ? { guestRating: { score: Number(guest.overall), scale: 5, count: guest.count! } } : {}),
        address: { line, ...postal, city, countryCode },
        amenities: hotel.amenities.map((amenity) => amenity.replace(/_/g, ' ')),
        roomTypes: rooms,
      };
    }
    case 'opentravel': // Catalogue: "street number", amenity codes, email.
      return {
        ...common,
        address: { line, ...postal, city, countryCode },
        amenities: hotel.amenities,
        roomTypes: rooms,
        email: hotel.email,
      };
  }
}
