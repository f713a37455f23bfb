/**
 * Path and query parameters of the search routes, validated by the handlers and described in the OpenAPI
 * document (functions/contract/) from these same schemas.
 */
import * as z from 'zod';
import { propertyIdSchema, searchIdSchema } from '../domain/ids/id-schemas.js';

export const searchPageParams = z.object({ searchId: searchIdSchema });
export const searchPageQuery = z.object({
  cursor: z.string().min(1).max(2048).optional().meta({ description: 'The `next` of the previous page; absent for the first page' }),
});
export const propertyRatesParams = z.object({ searchId: searchIdSchema, propertyId: propertyIdSchema });
export const propertyParams = z.object({ propertyId: propertyIdSchema });

/** Type-ahead (GET /v1/destinations). */
export const DESTINATION_SUGGESTIONS = { default: 10, max: 50, maxText: 100 } as const;
export const destinationsQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1)
    .max(DESTINATION_SUGGESTIONS.maxText)
    .meta({
      description: 'What the person typed: a city, an airport or its IATA code, or a hotel name, in any script',
      examples: ['munchen'],
    }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(DESTINATION_SUGGESTIONS.max)
    .default(DESTINATION_SUGGESTIONS.default)
    .meta({ description: `How many suggestions, 1 to ${DESTINATION_SUGGESTIONS.max}` }),
});
