/**
 * What each resource file says about its routes. Method, path, operationId, security and the headers
 * come from the route table (functions/shared/routes.ts); a resource file adds what only it knows:
 * request and success shapes, which problems the operation can answer beyond the ones every route shares.
 */
import type { ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';

export interface OperationSpec {
  readonly tag: string;
  readonly description: string;
  readonly request?: RouteConfig['request'];
  /** Success (and operation-specific non-problem) responses by status. */
  readonly responses: Record<number, ResponseConfig>;
  /** Problem statuses this operation can answer besides the shared ones (401, 403, 429, 500 and, with input, 400). */
  readonly problems?: readonly number[];
  /** A planned surface: the document carries the intended contract, the API answers 501. */
  readonly planned?: boolean;
  /**
   * A booking call (create, cancel, modify): every failure is answered with what is known (202 pending, 502,
   * 503 overloaded), never 500 (API-SPEC, Errors), so the document lists none.
   */
  readonly neverInternalError?: boolean;
  /** Whether the operation uses X-Sandbox-Scenario (hotel calls that reach a supplier). */
  readonly sandbox?: boolean;
}

/** `application/json` content with the schema and one example. */
export function json(schema: z.ZodType, example?: unknown): ResponseConfig['content'] {
  return { 'application/json': { schema, ...(example === undefined ? {} : { example }) } };
}

export function jsonBody(schema: z.ZodType, example: unknown, description: string): NonNullable<RouteConfig['request']>['body'] {
  return { description, required: true, content: { 'application/json': { schema, example } } };
}

/** A request body with several named examples (OpenAPI `examples`), for a body that takes several forms. */
export function jsonBodyExamples(
  schema: z.ZodType,
  examples: Record<string, { summary: string; value: unknown }>,
  description: string,
): NonNullable<RouteConfig['request']>['body'] {
  return { description, required: true, content: { 'application/json': { schema, examples } } };
}

export const PLANNED_NOTE =
  '**Planned, not implemented.** This operation authenticates and validates its input, then answers 501 `not-implemented` ' +
  'whose `contract` member points here. The shapes below are the intended contract, published so integrations can be designed ' +
  'against it; they may still change before release.';
