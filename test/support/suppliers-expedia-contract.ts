import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { specPath } from './spec-paths.js';
import { parse } from 'yaml';
import type { FetchLike } from '../../functions/suppliers/http-client.js';
import { OpenApiContract, type ContractReport, type Exchange, type SpecPatch } from './suppliers-openapi.js';

/** The Expedia Rapid v3 spec from specs/ (server https://test.ean.com/v3; paths carry no /v3). */
export const EXPEDIA_SPEC = specPath('expedia-rapid/specs.yaml');

/**
 * The published file is not valid YAML 1.2 as strict parsers read it: 159 double-quoted scalars continue on
 * lines indented no deeper than their key ("…reservation\⏎    \ for the…"). Each such break is an escaped
 * line break followed by an escaped space, so joining the lines ("reservation\ for") yields the same string.
 * The repaired text is written to a temporary file because OpenApiContract reads a path.
 */
export function repairedSpecText(): string {
  return readFileSync(EXPEDIA_SPEC, 'utf8').replace(/\\\n[ \t]*(?=\\ )/g, '');
}

const PATCHES: readonly SpecPatch[] = [
  {
    schema: 'Property',
    why:
      'the availability answer is a list of `Property` whose `discriminator` (status → PropertyAvailability) JSON Schema ' +
      "does not evaluate, so rooms and rates would go unchecked; the available shape's fields are added to the base",
    apply: (schema) => {
      const properties = schema.properties as Record<string, unknown>;
      properties.rooms = { type: 'array', items: { $ref: '#/definitions/RoomAvailability' } };
      properties.links = { $ref: '#/definitions/PropertyAvailabilityLinks' };
    },
  },
  {
    schema: 'CancelRefund',
    why:
      "the schema types `amount` as a string, but the spec's own itinerary examples send it as a JSON number " +
      "(`amount: -65.98`); both forms are accepted, as the adapter reads both (the sandbox sends the example's form on a share of rooms)",
    apply: (schema) => {
      const properties = schema.properties as Record<string, Record<string, unknown>>;
      properties.amount = { ...properties.amount, type: ['string', 'number'] };
    },
  },
];

/** Query parameters the sandbox adds beside the spec's, with the reason (see functions/suppliers/expedia/README.md). */
const UNDECLARED_QUERY: Readonly<Record<string, readonly string[]>> = {
  // The content `Link: rel="next"` URL carries a `token` the spec's parameter list omits.
  getPropertyContent: ['token'],
};

type Json = Record<string, unknown>;

/**
 * The shared OpenApiContract plus what Rapid needs on top: its error body is `{type, message}` (the shared
 * helper's `error` object and 401 `{error: string}` rules are Hotelbeds'), 401 answers use the same `Error`
 * schema as the operation's other errors, and every query parameter sent must be one the operation declares.
 */
export class ExpediaContract {
  private readonly base: OpenApiContract;
  private readonly document: Json;

  constructor() {
    this.document = hoistInlineSchemas(parse(repairedSpecText()) as Json);
    // JSON is YAML, so the shared helper reads the prepared document as it reads any spec file.
    const path = join(mkdtempSync(join(tmpdir(), 'expedia-spec-')), 'specs.json');
    writeFileSync(path, JSON.stringify(this.document));
    this.base = new OpenApiContract(path, '/v3', PATCHES);
  }

  check(exchange: Exchange): ContractReport {
    // Every operation types 400 and 401 with the same `Error` schema; validating a 401 as its 400 applies it.
    const report = this.base.check(exchange.status === 401 ? { ...exchange, status: 400 } : exchange);
    const problems = report.problems.filter((problem) => problem !== 'error response without error object');
    if (exchange.status >= 400) {
      const body = safeParse(exchange.responseBody) as Json | undefined;
      if (typeof body?.type !== 'string' || typeof body.message !== 'string') problems.push('Rapid error body must carry type and message');
    }
    problems.push(...this.undeclaredQuery(exchange, report.operation));
    return { operation: report.operation, problems };
  }

  private undeclaredQuery(exchange: Exchange, operationId: string): string[] {
    const url = new URL(exchange.url);
    const path = url.pathname.replace(/^\/v3/, '');
    const paths = this.document.paths as Record<string, Json>;
    for (const [template, item] of Object.entries(paths)) {
      if (!new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path)) continue;
      const operation = item[exchange.method.toLowerCase()] as Json | undefined;
      if (!operation) continue;
      const declared = new Set(
        ((operation.parameters as Json[]) ?? [])
          .map((p) => this.resolve(p))
          .filter((p) => p.in === 'query')
          .map((p) => String(p.name)),
      );
      for (const extra of UNDECLARED_QUERY[operationId] ?? []) declared.add(extra);
      return [...new Set(url.searchParams.keys())]
        .filter((name) => !declared.has(name))
        .map((name) => `request query ${name} is not declared by ${operationId}`);
    }
    return [];
  }

  private resolve(node: Json): Json {
    if (typeof node.$ref !== 'string') return node;
    let target: unknown = this.document;
    for (const part of node.$ref.replace(/^#\//, '').split('/')) target = (target as Json)[part];
    return target as Json;
  }
}

/**
 * The shared helper validates bodies through a component `$ref`; Rapid declares several bodies inline
 * (availability: an array of `Property`; content: a map of `PropertyContent`). Each inline body schema is
 * moved unchanged into components as `<operationId>_<status>` and referenced from where it was.
 */
function hoistInlineSchemas(document: Json): Json {
  const components = (document.components ??= {}) as Json;
  const schemas = (components.schemas ??= {}) as Json;
  for (const item of Object.values(document.paths as Record<string, Json>)) {
    for (const operation of Object.values(item) as Json[]) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      const bodies: [string, Json | undefined][] = [
        ['request', operation.requestBody as Json | undefined],
        ...Object.entries(operation.responses as Record<string, Json>),
      ];
      for (const [name, holder] of bodies) {
        const media = (holder?.content as Json | undefined)?.['application/json'] as Json | undefined;
        const schema = media?.schema as Json | undefined;
        if (!media || !schema || typeof schema.$ref === 'string') continue;
        const id = `${String(operation.operationId)}_${name}`;
        schemas[id] = schema;
        media.schema = { $ref: `#/components/schemas/${id}` };
      }
    }
  }
  return document;
}

/** A fetch that records every exchange (including bodiless 204s) so a test can validate all of them. */
export function recordingFetch(): { fetch: FetchLike; exchanges: Exchange[] } {
  const exchanges: Exchange[] = [];
  const recording: FetchLike = async (input, init) => {
    const response = await fetch(input, init);
    const text = await response.text();
    exchanges.push({
      method: String(init.method ?? 'GET'),
      url: input,
      requestHeaders: { ...(init.headers as Record<string, string>) },
      ...(typeof init.body === 'string' ? { requestBody: init.body } : {}),
      status: response.status,
      responseBody: text,
    });
    const bodiless = response.status === 204 || response.status === 205 || response.status === 304;
    return new Response(bodiless ? null : text, { status: response.status, headers: response.headers });
  };
  return { fetch: recording, exchanges };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
