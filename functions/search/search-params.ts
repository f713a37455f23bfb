/**
 * Path and query parameters of the search routes, validated by the handlers and described in the OpenAPI
 * document (functions/contract/) from these same schemas.
 */
import { z } from 'zod';
import { opaqueId, RATE_ID_CHARACTERS, RATE_ID_MAX_LENGTH } from '../domain/ids/opaque-id.js';

export const searchIdSchema = opaqueId('searchId', 'From the search response; the search and its rates live 30 minutes', 'srch_0f8e6a1d2c3b4a5968778695a4b3c2d1');

export const propertyIdSchema = opaqueId('propertyId', 'Unified property id, stable across searches', 'prop_3c9a1f0b7d2e4a6c8b10');

export const rateIdSchema = opaqueId('rateId', 'A rateId from a search or a rate check (URL-encoded in paths)', 'r1.eyJzZWFyY2hJZCI6InNyY2hfLi4uIn0.Q2hlY2tzdW0', {
  maxLength: RATE_ID_MAX_LENGTH,
  characters: RATE_ID_CHARACTERS,
  allowed: "letters, digits, '_', '-' and '.'",
});

export const searchPageParams = z.object({ searchId: searchIdSchema });
export const searchPageQuery = z.object({ cursor: z.string().min(1).max(2048).optional().meta({ description: 'The `next` of the previous page; absent for the first page' }) });
export const propertyRatesParams = z.object({ searchId: searchIdSchema, propertyId: propertyIdSchema });
export const propertyParams = z.object({ propertyId: propertyIdSchema });
