import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

/**
 * Validates JSON messages against an OpenAPI 3.0 document's schemas with ajv. OpenAPI 3.0 schemas are
 * not quite JSON Schema: `nullable` becomes a null type, `xml`/`example` annotations are dropped, and
 * component refs are re-rooted. Documented spec defects are corrected through `patches` (each with its
 * reason) rather than by loosening validation.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface SpecPatch {
  readonly schema: string;
  readonly apply: (schema: JsonObject) => void;
  readonly why: string;
}

export interface Exchange {
  readonly method: string;
  readonly url: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody?: string;
  readonly status: number;
  readonly responseBody: string;
}

export interface ContractReport {
  readonly operation: string;
  readonly problems: string[];
}

// ajv-formats is CommonJS with a default export; under NodeNext its default may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => void;

export class OpenApiContract {
  private readonly document: JsonObject;
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(
    specPath: string,
    private readonly basePath: string,
    patches: readonly SpecPatch[] = [],
  ) {
    this.document = parse(readFileSync(specPath, 'utf8')) as JsonObject;
    const schemas = ((this.document.components as JsonObject | undefined)?.schemas ?? {}) as JsonObject;
    const definitions: JsonObject = {};
    for (const [name, schema] of Object.entries(schemas)) definitions[name] = toJsonSchema(schema);
    for (const patch of patches) {
      const target = definitions[patch.schema];
      if (!target || typeof target !== 'object' || Array.isArray(target)) throw new Error(`patch target ${patch.schema} missing`);
      patch.apply(target);
    }
    this.ajv = new Ajv({ strict: false, allErrors: true, logger: false });
    addFormats(this.ajv);
    // Formats the spec invents (a card expiry "mmyy", a rateKey sample) carry no checkable rule.
    this.ajv.addFormat('mmyy', /^\d{4}$/);
    this.ajv.addSchema({ $id: 'spec', definitions }, 'spec');
  }

  /** Validates one HTTP exchange: request headers, query, body, and the response body. */
  check(exchange: Exchange): ContractReport {
    const url = new URL(exchange.url);
    const path = url.pathname.startsWith(this.basePath) ? url.pathname.slice(this.basePath.length) || '/' : undefined;
    const found = path === undefined ? undefined : this.findOperation(exchange.method.toLowerCase(), path);
    if (!found) return { operation: `${exchange.method} ${url.pathname}`, problems: ['not an operation of the spec'] };
    const { operation, name } = found;
    const problems: string[] = [];
    for (const parameter of (operation.parameters ?? []) as JsonObject[]) {
      const resolved = this.resolve(parameter);
      const where = resolved.in as string;
      const key = resolved.name as string;
      const value =
        where === 'header'
          ? headerValue(exchange.requestHeaders, key)
          : where === 'query'
            ? (url.searchParams.get(key) ?? undefined)
            : 'path';
      if (value === undefined) {
        if (resolved.required === true) problems.push(`request ${where} ${key} is required`);
        continue;
      }
      const schema = resolved.schema as JsonObject | undefined;
      if (schema?.enum && Array.isArray(schema.enum) && !schema.enum.includes(value))
        problems.push(`request ${where} ${key}=${value} not in ${JSON.stringify(schema.enum)}`);
      if (schema?.type === 'integer' && !/^-?\d+$/.test(value)) problems.push(`request ${where} ${key}=${value} is not an integer`);
    }
    const requestSchema = (
      ((operation.requestBody as JsonObject | undefined)?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined
    )?.schema as JsonObject | undefined;
    if (requestSchema) {
      if (exchange.requestBody === undefined) problems.push('request body missing');
      else problems.push(...this.validate(requestSchema, exchange.requestBody).map((p) => `request ${p}`));
    }
    const responses = (operation.responses ?? {}) as JsonObject;
    const response = responses[String(exchange.status)] as JsonObject | undefined;
    const responseSchema =
      (((response?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)?.schema as JsonObject | undefined) ??
      // Error answers ($ref'd component responses) carry examples only; Hotelbeds wraps errors in the
      // operation's own RS envelope (auditData + error), so they are validated against the 200 schema.
      ((((responses['200'] as JsonObject | undefined)?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)
        ?.schema as JsonObject | undefined);
    if (exchange.status === 401) {
      const body = safeParse(exchange.responseBody);
      if (!body || typeof body !== 'object' || typeof (body as JsonObject).error !== 'string')
        problems.push('401 body must be {error: string} as the spec example');
    } else if (responseSchema) {
      problems.push(...this.validate(responseSchema, exchange.responseBody).map((p) => `response ${p}`));
      if (exchange.status >= 400) {
        const body = safeParse(exchange.responseBody) as JsonObject | undefined;
        if (!body?.error) problems.push('error response without error object');
      }
    } else {
      // An answer the spec gives by example only (Hotelbeds' reconfirmations): every field we send or read
      // must be one the example has, with the example's type, at the same place.
      const example = ((response?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)?.example;
      if (example !== undefined) {
        const body = safeParse(exchange.responseBody) as Json | undefined;
        if (body === undefined) problems.push('response body is not JSON');
        else problems.push(...shapeProblems(body, example, '').map((p) => `response ${p} (against the spec's example)`));
      }
    }
    return { operation: name, problems };
  }

  private validate(schemaRef: JsonObject, text: string): string[] {
    const body = safeParse(text);
    if (body === undefined) return ['body is not JSON'];
    const ref = String(schemaRef.$ref ?? '');
    const name = ref.replace('#/components/schemas/', '');
    let validate = this.compiled.get(name);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `spec#/definitions/${name}` });
      this.compiled.set(name, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []).map(formatError);
  }

  private findOperation(method: string, path: string): { operation: JsonObject; name: string } | undefined {
    const paths = (this.document.paths ?? {}) as JsonObject;
    // A concrete path wins over a templated one that also matches it (OpenAPI 3.0, "Path Templating Matching"):
    // /bookings/reconfirmations is not /bookings/{bookingId}.
    const exact = (paths[path] as JsonObject | undefined)?.[method] as JsonObject | undefined;
    if (exact) return { operation: exact, name: String(exact.operationId ?? `${method} ${path}`) };
    for (const [template, item] of Object.entries(paths)) {
      const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      if (!pattern.test(path)) continue;
      const operation = (item as JsonObject)[method] as JsonObject | undefined;
      if (operation) return { operation, name: String(operation.operationId ?? `${method} ${template}`) };
    }
    return undefined;
  }

  private resolve(node: JsonObject): JsonObject {
    const ref = node.$ref;
    if (typeof ref !== 'string') return node;
    let target: Json = this.document;
    for (const part of ref.replace(/^#\//, '').split('/')) target = (target as JsonObject)[part] ?? null;
    return target as JsonObject;
  }
}

/** Where `value` leaves the shape of `example`: a field the example does not have, or another JSON type than the example's. */
function shapeProblems(value: Json, example: Json, at: string): string[] {
  const kind = (v: Json) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (example === null) return [];
  if (kind(value) !== kind(example)) return [`${at || '/'} is ${kind(value)}, the example has ${kind(example)}`];
  if (Array.isArray(value)) {
    const first = (example as Json[])[0];
    return first === undefined ? [] : value.flatMap((item, i) => shapeProblems(item, first, `${at}/${i}`));
  }
  if (value && typeof value === 'object') {
    const shape = example as JsonObject;
    return Object.entries(value).flatMap(([key, item]) =>
      key in shape ? shapeProblems(item, shape[key]!, `${at}/${key}`) : [`${at}/${key} is not in the example`],
    );
  }
  return [];
}

/** OpenAPI 3.0 schema object → JSON Schema (draft-07 as ajv reads it). */
export function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'xml' || key === 'example' || key === 'examples' || key === 'nullable' || key === 'deprecated') continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = value.replace('#/components/schemas/', '#/definitions/');
    else if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, toJsonSchema(schema)]));
    } else if (key === 'enum' && Array.isArray(value)) {
      // JSON Schema wants unique enum items; OpenAPI documents sometimes repeat one (Hotelbeds: EURO6000).
      // Deduplicating changes nothing about which values are valid.
      out.enum = value.filter((item, index) => value.findIndex((other) => JSON.stringify(other) === JSON.stringify(item)) === index);
    } else out[key] = toJsonSchema(value);
  }
  if (node.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (out.$ref || out.allOf || out.oneOf || out.anyOf) return { anyOf: [out, { type: 'null' }] };
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  }
  return out;
}

function formatError(error: ErrorObject): string {
  return `${error.instancePath || '/'} ${error.message ?? 'invalid'}${error.params && 'missingProperty' in error.params ? '' : ` ${JSON.stringify(error.params)}`}`;
}

function headerValue(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
