/** Unified property content (API-SPEC "Property content"); room-level content is each supplier's, unchanged. */
import * as z from 'zod';
import { propertyIdSchema } from '../domain/ids/id-schemas.js';
import { CATALOGUE_LIMITS, PAGE_BYTES } from '../search/catalogue/catalogue-page.js';
import { catalogueQuery, propertyQuery } from '../search/search-params.js';
import { geoSchema, supplierRefSchema } from './common.js';
import { json, type OperationSpec } from './operation.js';

const languageTag = z.string().meta({ description: 'BCP 47 language tag', examples: ['de'] });

export const propertyContentSchema = z
  .strictObject({
    propertyId: propertyIdSchema,
    name: z.string().meta({ description: 'A proper name: the same in every language' }),
    language: languageTag.meta({ description: 'The language asked for (`language`, canonical BCP 47), English when none was' }),
    starRating: z.number().int().min(1).max(5).optional(),
    guestRating: z
      .strictObject({
        score: z.number().meta({ description: 'The average of the guests’ reviews on the scale', examples: [4.3] }),
        scale: z.number().meta({ description: 'The best score possible', examples: [5] }),
        count: z.number().int().min(0).meta({ description: 'How many reviews the score averages' }),
        source: z.string().meta({ description: 'Whose reviews these are: the supplier that gives the rating', examples: ['expedia'] }),
      })
      .optional()
      .meta({ description: "Guests' rating, where a contracted supplier gives one (Rapid `ratings.guest`)" }),
    geo: geoSchema.optional(),
    address: z
      .strictObject({ line: z.string(), postalCode: z.string().optional(), city: z.string(), countryCode: z.string().regex(/^[A-Z]{2}$/) })
      .optional(),
    timeZone: z
      .string()
      .optional()
      .meta({ description: 'IANA time zone of the property', examples: ['Europe/Paris'] }),
    description: z.string().optional(),
    descriptionLanguage: languageTag
      .optional()
      .meta({ description: 'The language `description` is in: the one asked for where a supplier has it, else `en`' }),
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
              language: languageTag.meta({ description: 'The language `name` is in' }),
              maxOccupancy: z.number().int().min(1).optional(),
              images: z.array(z.url()).optional(),
            }),
          ),
        }),
      )
      .meta({ description: "Each supplier's room types as it describes them (room types are not mapped across suppliers)" }),
    supplierRefs: z.array(supplierRefSchema),
    contentChangedAt: z.iso
      .datetime()
      .optional()
      .meta({ description: 'When this content last changed (UTC): what `updatedSince` on GET /v1/hotels/properties compares' }),
  })
  .meta({ id: 'PropertyContent' });

export const cataloguePageSchema = z
  .strictObject({
    destination: z.string().regex(/^[A-Z]{3}$/),
    asOf: z.iso.datetime().meta({ description: 'When this sync began (the first page): send it as `updatedSince` next time' }),
    totalProperties: z.number().int().min(0).meta({ description: 'Properties in the whole sync, all pages' }),
    properties: z.array(propertyContentSchema),
    next: z.string().optional().meta({ description: 'The cursor of the next page; absent on the last' }),
  })
  .meta({ id: 'CataloguePage' });

/** One property's content in English, as both content routes show it. */
const PROPERTY_EXAMPLE = {
  propertyId: 'prop_3c9a1f0b7d2e4a6c8b10',
  name: 'Hôtel des Arts Montmartre',
  language: 'en',
  starRating: 3,
  geo: { lat: 48.884, lng: 2.3376 },
  address: { line: '5 rue Tholozé', postalCode: '75018', city: 'Paris', countryCode: 'FR' },
  timeZone: 'Europe/Paris',
  description: 'A small hotel at the foot of Montmartre.',
  descriptionLanguage: 'en',
  amenities: ['air_conditioning', 'wifi'],
  images: [{ url: 'https://images.example.com/118822/front.jpg', caption: 'Hôtel des Arts Montmartre', supplierId: 'hotelbeds' }],
  policies: { checkIn: '15:00', checkOut: '11:00' },
  roomTypes: [
    {
      supplierId: 'hotelbeds',
      supplierPropertyId: '118822',
      rooms: [{ code: 'DBL.ST', name: 'Double Standard', language: 'en', maxOccupancy: 2 }],
    },
  ],
  supplierRefs: [{ supplierId: 'hotelbeds', supplierPropertyId: '118822' }],
  contentChangedAt: '2026-11-26T03:12:44.000Z',
};

export const propertyOperations: Record<string, OperationSpec> = {
  listProperties: {
    tag: 'Properties',
    description:
      'Your own catalogue: the content (as GET /v1/hotels/properties/{propertyId}) of every mapped property in a city that your contracted suppliers carry, in propertyId order, page by page. ' +
      `Pages hold \`limit\` properties (default ${CATALOGUE_LIMITS.default}, at most ${CATALOGUE_LIMITS.max}), fewer when their content passes ${PAGE_BYTES / 1024 / 1024} MiB; follow \`next\` with the same query until it is absent. ` +
      'Cursors are stable: a property added or removed while you page moves no other property across a page. ' +
      "To sync, keep the first page's `asOf` and send it as `updatedSince` next time: only properties whose content changed since come back. " +
      'A cursor of another destination or updatedSince is a 400 naming `cursor`.',
    request: { query: catalogueQuery },
    responses: {
      200: {
        description: 'One page of the catalogue',
        content: json(cataloguePageSchema, {
          destination: 'PAR',
          asOf: '2026-11-27T18:00:00.000Z',
          totalProperties: 1,
          properties: [PROPERTY_EXAMPLE],
        }),
      },
    },
  },
  getProperty: {
    tag: 'Properties',
    description:
      "The unified content of one property, limited to what the caller's contracted suppliers provide. A property none of them carries is 404 like an unknown one. " +
      "With `language`, each contracted supplier that carries the property is asked for its texts in that language; a text none has in it stays in English. Every text says its language (`descriptionLanguage`, each room's `language`). `guestRating` names its source.",
    request: { params: z.object({ propertyId: propertyIdSchema }), query: propertyQuery },
    responses: {
      200: {
        description: 'The property',
        content: json(propertyContentSchema, {
          ...PROPERTY_EXAMPLE,
          language: 'de',
          guestRating: { score: 4.4, scale: 5, count: 1287, source: 'expedia' },
          description: 'Ein kleines Hotel am Fuß des Montmartre.',
          descriptionLanguage: 'de',
          images: [
            ...PROPERTY_EXAMPLE.images,
            {
              url: 'https://images.example.com/118822/dbl.jpg',
              caption: 'Doppelzimmer Standard',
              supplierId: 'hotelbeds',
              roomTypeId: 'DBL.ST',
            },
          ],
          roomTypes: [
            {
              supplierId: 'hotelbeds',
              supplierPropertyId: '118822',
              rooms: [
                {
                  code: 'DBL.ST',
                  name: 'Doppelzimmer Standard',
                  language: 'de',
                  maxOccupancy: 2,
                  images: ['https://images.example.com/118822/dbl.jpg'],
                },
              ],
            },
          ],
        }),
      },
    },
    problems: [404],
  },
};
