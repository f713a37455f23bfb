/** The type-ahead (API-SPEC "Finding places and hotels"): GET /v1/destinations. */
import * as z from 'zod';
import { propertyIdSchema } from '../domain/ids/id-schemas.js';
import { DESTINATION_SUGGESTIONS, destinationsQuery } from '../search/search-params.js';
import { geoSchema } from './common.js';
import { json, type OperationSpec } from './operation.js';

const iataCode = z.string().regex(/^[A-Z]{3}$/);

export const destinationSuggestionSchema = z
  .strictObject({
    type: z.enum(['city', 'airport', 'property']),
    code: iataCode.optional().meta({ description: 'IATA code of a city or airport' }),
    propertyId: propertyIdSchema.optional().meta({ description: 'Of a property' }),
    name: z.string(),
    countryCode: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    geo: geoSchema.optional(),
    cityCode: iataCode.optional().meta({ description: 'The IATA city an airport serves or a property lies in' }),
    destination: z
      .union([
        z.strictObject({ type: z.enum(['city', 'airport']), code: iataCode }),
        z.strictObject({ type: z.literal('properties'), propertyIds: z.array(propertyIdSchema).length(1) }),
      ])
      .meta({ description: 'The `destination` of POST /v1/hotels/search for this suggestion, ready to send as it is' }),
  })
  .meta({ id: 'DestinationSuggestion' });

export const destinationSuggestionsSchema = z
  .strictObject({ suggestions: z.array(destinationSuggestionSchema) })
  .meta({ id: 'DestinationSuggestions' });

export const destinationOperations: Record<string, OperationSpec> = {
  findDestinations: {
    tag: 'Search',
    description:
      "Type-ahead for a search box: the catalogue's IATA cities (by their names in many languages and scripts), airports (by name, code and the city they serve) and the properties your contracted suppliers carry (by name, with their city), best match first: a name or code equal to the text, then names starting with it, then every word starting a word of a name, then one typo forgiven in a word of five letters or more; equal matches bigger first (population; an airport by its size and city; properties after towns). " +
      'Case, accents and scripts do not matter: "munchen", "München" and "Muenchen" find Munich, "Москва" Moscow. ' +
      `Each suggestion's \`destination\` is ready for POST /v1/hotels/search. ${DESTINATION_SUGGESTIONS.default} suggestions unless \`limit\` says otherwise (at most ${DESTINATION_SUGGESTIONS.max}); a text that matches nothing answers an empty list.`,
    request: { query: destinationsQuery },
    responses: {
      200: {
        description: 'Suggestions, best first',
        content: json(destinationSuggestionsSchema, {
          suggestions: [
            {
              type: 'city',
              code: 'MUC',
              name: 'Munich',
              countryCode: 'DE',
              geo: { lat: 48.1374, lng: 11.5755 },
              destination: { type: 'city', code: 'MUC' },
            },
            {
              type: 'airport',
              code: 'MUC',
              name: 'Munich International Airport',
              countryCode: 'DE',
              geo: { lat: 48.353, lng: 11.7901 },
              cityCode: 'MUC',
              destination: { type: 'airport', code: 'MUC' },
            },
          ],
        }),
      },
    },
  },
};
