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
