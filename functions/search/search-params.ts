/**
 * Path and query parameters of the search routes, validated by the handlers and described in the OpenAPI
 * document (functions/contract/) from these same schemas.
 */
import * as z from 'zod';
import { cityByCode } from '../domain/destinations/index.js';
import { propertyIdSchema, searchIdSchema } from '../domain/ids/id-schemas.js';
import { CATALOGUE_LIMITS } from './catalogue/catalogue-page.js';

export const searchPageParams = z.object({ searchId: searchIdSchema });
export const searchPageQuery = z.object({
  cursor: z.string().min(1).max(2048).optional().meta({ description: 'The `next` of the previous page; absent for the first page' }),
});
export const propertyRatesParams = z.object({ searchId: searchIdSchema, propertyId: propertyIdSchema });
export const propertyParams = z.object({ propertyId: propertyIdSchema });

/** The language of a content route's texts: a BCP 47 tag, English when absent. */
export const languageParam = z
  .string()
  .max(35)
  .refine((tag) => canonicalLanguage(tag) !== undefined, 'is not a BCP 47 language tag')
  .optional()
  .meta({
    description:
      'BCP 47 language of the texts (description, room names): each text is in it where a supplier has it, else in English, and says which',
    examples: ['de'],
  });
export const propertyQuery = z.object({ language: languageParam });

/** The tag in its canonical form ("DE-de" is "de-DE"), or undefined when it is not one. */
export function canonicalLanguage(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

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

/** A partner's own catalogue (GET /v1/hotels/properties). */
export const catalogueQuery = z.object({
  destination: z
    .string()
    .refine((code) => cityByCode(code) !== undefined, 'is not a known IATA city code')
    .meta({ description: 'IATA city code (metropolitan codes included): the city whose properties to list', examples: ['PAR'] }),
  updatedSince: z.iso
    .datetime({ offset: true })
    .optional()
    .meta({
      description: "Only properties whose content changed at or after this time (ISO 8601): the previous sync's `asOf`",
      examples: ['2026-11-20T00:00:00Z'],
    }),
  cursor: z.string().min(1).max(2048).optional().meta({ description: 'The `next` of the previous page; absent for the first page' }),
  language: languageParam,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CATALOGUE_LIMITS.max)
    .default(CATALOGUE_LIMITS.default)
    .meta({ description: `Properties a page, 1 to ${CATALOGUE_LIMITS.max}` }),
});
