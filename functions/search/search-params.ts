/**
 * Path and query parameters of the search routes, validated by the handlers and described in the OpenAPI
 * document (functions/contract/) from these same schemas.
 */
import { z } from 'zod';

export const searchIdSchema = z
  .string()
  .regex(/^srch_[0-9a-f]{32}$/, 'is not a searchId')
  .meta({ description: 'From the search response; the search and its rates live 30 minutes', examples: ['srch_0f8e6a1d2c3b4a5968778695a4b3c2d1'] });

export const propertyIdSchema = z
  .string()
  .regex(/^prop_[0-9a-f]{20}$/, 'is not a propertyId')
  .meta({ description: 'Unified property id, stable across searches', examples: ['prop_3c9a1f0b7d2e4a6c8b10'] });

export const searchPageParams = z.object({ searchId: searchIdSchema });
export const searchPageQuery = z.object({ cursor: z.string().min(1).max(2048).optional().meta({ description: 'The `next` of the previous page; absent for the first page' }) });
export const propertyRatesParams = z.object({ searchId: searchIdSchema, propertyId: z.string().min(1).max(64).meta({ description: 'A propertyId of this search' }) });
export const propertyParams = z.object({ propertyId: propertyIdSchema });
