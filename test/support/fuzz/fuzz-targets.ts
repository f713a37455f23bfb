/**
 * Which routes the hostile-input tests attack, derived from the route table so a new route is not
 * forgotten: every route whose handler validates a body or a query (its httpHandler spec), and every route
 * whose contract takes a form (the token endpoint, which reads its form itself to answer RFC 6749 errors).
 * Each target carries the schema that decides validity and the valid requests to mutate: values generated
 * from that schema, completed with the live values only the server knows (ids it issued, dates ahead).
 */
import fc from 'fast-check';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import { repositoryPath } from '../../../lib/project-paths.js';
import { OPERATIONS } from '../../../functions/contract/document.js';
import { handlerSpecOf } from '../../../functions/shared/http-handler.js';
import { ROUTES, type Route } from '../../../functions/shared/routes.js';
import { arbitraryOf, inputJsonSchema, preferAccepted, type JsonSchema } from './json-schema-arbitrary.js';
import { formCases, jsonCases, queryCases, type FuzzCase, type InputKind } from './mutations.js';

export interface FuzzTarget {
  /** The route id, with `:query` when a route takes both a body and a query. */
  readonly id: string;
  readonly route: Route;
  readonly kind: InputKind;
  /** Decides validity: the schema the handler (or, for a form, the contract) validates with. */
  readonly schema: z.ZodType;
  readonly jsonSchema: JsonSchema;
  /** The request path, its parameters filled with live ids. */
  readonly path: string;
  /** A planned surface: a valid request is answered 501 `not-implemented` (functions/contract/operation.ts). */
  readonly planned: boolean;
}

/** What only a running server knows, per route id: path parameters, and values completing a valid request. */
export interface LiveValues {
  readonly pathParameters?: Readonly<Record<string, string>>;
  readonly values?: fc.Arbitrary<Record<string, unknown>>;
}

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** The routes with a body, a query or a form, with their schemas. Loads every route's handler module. */
export async function fuzzedRoutes(): Promise<{ route: Route; kind: InputKind; schema: z.ZodType }[]> {
  const found: { route: Route; kind: InputKind; schema: z.ZodType }[] = [];
  for (const route of ROUTES) {
    await import(pathToFileURL(repositoryPath(route.module)).href);
    const spec = handlerSpecOf(route.id);
    if (spec?.body) found.push({ route, kind: 'json', schema: spec.body });
    if (spec?.query) found.push({ route, kind: 'query', schema: spec.query });
    const form = OPERATIONS[route.id]?.request?.body?.content?.[FORM_CONTENT_TYPE];
    if (form && 'schema' in form && form.schema) found.push({ route, kind: 'form', schema: form.schema as z.ZodType });
  }
  return found;
}

export async function fuzzTargets(live: Readonly<Record<string, LiveValues>>): Promise<FuzzTarget[]> {
  const routes = await fuzzedRoutes();
  return routes.map(({ route, kind, schema }) => {
    const parameters = live[route.id]?.pathParameters ?? {};
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(parameters[name] ?? 'unknown'));
    const twice = routes.filter((r) => r.route.id === route.id).length > 1;
    return {
      id: twice && kind === 'query' ? `${route.id}:query` : route.id,
      route,
      kind,
      schema,
      jsonSchema: inputJsonSchema(schema),
      path,
      planned: OPERATIONS[route.id]?.planned === true,
    };
  });
}

/** Live values win over generated ones, object by object; anything else they replace. */
export function completeWith(generated: unknown, live: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isObject(generated) || !isObject(live)) return live === undefined ? generated : live;
  const merged: Record<string, unknown> = { ...generated };
  for (const [key, value] of Object.entries(live)) merged[key] = completeWith(generated[key], value);
  return merged;
}

/** Valid-shaped requests of a target: generated from its schema, completed with the live values. */
export function validValues(target: FuzzTarget, live: LiveValues | undefined): fc.Arbitrary<Record<string, unknown>> {
  const generated = arbitraryOf(target.jsonSchema);
  const completed = fc
    .tuple(generated, live?.values ?? fc.constant({}))
    .map(([g, l]) => completeWith(g, l))
    .map((v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}));
  // A query or a form carries text: judge the values as they will travel.
  const asSent = (v: Record<string, unknown>) =>
    target.kind === 'json' ? v : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]));
  return preferAccepted(completed, (v) => target.schema.safeParse(asSent(v)).success);
}

/** The hostile requests of a target (credentials are added when one is sent). */
export function casesOf(target: FuzzTarget, live: LiveValues | undefined): fc.Arbitrary<FuzzCase> {
  const valid = validValues(target, live);
  if (target.kind === 'query') return queryCases(valid, target.jsonSchema);
  if (target.kind === 'form') return formCases(valid, target.jsonSchema);
  return jsonCases(valid, target.jsonSchema);
}
