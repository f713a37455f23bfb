/** Unified property content (API-SPEC "Property content"); room-level content is each supplier's, unchanged. */
import * as z from 'zod';
import { propertyIdSchema } from '../domain/ids/id-schemas.js';
import { geoSchema, supplierRefSchema } from './common.js';
import { json, type OperationSpec } from './operation.js';

export const propertyContentSchema = z
  .strictObject({
    propertyId: propertyIdSchema,
    name: z.string(),
    starRating: z.number().int().min(1).max(5).optional(),
    geo: geoSchema.optional(),
    address: z
      .strictObject({ line: z.string(), postalCode: z.string().optional(), city: z.string(), countryCode: z.string().regex(/^[A-Z]{2}$/) })
      .optional(),
    timeZone: z
      .string()
      .optional()
      .meta({ description: 'IANA time zone of the property', examples: ['Europe/Paris'] }),
    description: z.string().optional(),
    amenities: z
      .array(z.string())
      .meta({ description: 'Amenity codes, the union of what the suppliers list', examples: [['air_conditioning', 'wifi']] }),
    images: z.array(
      z.strictObject({
        url: z.url(),
        caption: z.string(),
        supplierId: z.string().meta({ description: 'Whose image this is' }),
        roomTypeId: z.string().optional().meta({ description: "The supplier's room type code, for an image of a room" }),
      }),
    ),
    policies: z.strictObject({
      checkIn: z
        .string()
        .optional()
        .meta({ description: 'Local check-in time', examples: ['15:00'] }),
      checkOut: z
        .string()
        .optional()
        .meta({ examples: ['11:00'] }),
    }),
    roomTypes: z
      .array(
        z.strictObject({
          supplierId: z.string(),
          supplierPropertyId: z.string(),
          rooms: z.array(
            z.strictObject({
              code: z.string(),
              name: z.string(),
              maxOccupancy: z.number().int().min(1).optional(),
              images: z.array(z.url()).optional(),
            }),
          ),
        }),
      )
      .meta({ description: "Each supplier's room types as it describes them (room types are not mapped across suppliers)" }),
    supplierRefs: z.array(supplierRefSchema),
  })
  .meta({ id: 'PropertyContent' });

export const propertyOperations: Record<string, OperationSpec> = {
  getProperty: {
    tag: 'Properties',
    description:
      "The unified content of one property, limited to what the caller's contracted suppliers provide. A property none of them carries is 404 like an unknown one.",
    request: { params: z.object({ propertyId: propertyIdSchema }) },
    responses: {
      200: {
        description: 'The property',
        content: json(propertyContentSchema, {
          propertyId: 'prop_3c9a1f0b7d2e4a6c8b10',
          name: 'Hôtel des Arts Montmartre',
          starRating: 3,
          geo: { lat: 48.884, lng: 2.3376 },
          address: { line: '5 rue Tholozé', postalCode: '75018', city: 'Paris', countryCode: 'FR' },
          timeZone: 'Europe/Paris',
          description: 'A small hotel at the foot of Montmartre.',
          amenities: ['air_conditioning', 'wifi'],
          images: [
            { url: 'https://images.example.com/118822/front.jpg', caption: 'Hôtel des Arts Montmartre', supplierId: 'hotelbeds' },
            { url: 'https://images.example.com/118822/dbl.jpg', caption: 'Double Standard', supplierId: 'hotelbeds', roomTypeId: 'DBL.ST' },
          ],
          policies: { checkIn: '15:00', checkOut: '11:00' },
          roomTypes: [
            {
              supplierId: 'hotelbeds',
              supplierPropertyId: '118822',
              rooms: [{ code: 'DBL.ST', name: 'Double Standard', maxOccupancy: 2, images: ['https://images.example.com/118822/dbl.jpg'] }],
            },
          ],
          supplierRefs: [{ supplierId: 'hotelbeds', supplierPropertyId: '118822' }],
        }),
      },
    },
    problems: [404],
  },
};
