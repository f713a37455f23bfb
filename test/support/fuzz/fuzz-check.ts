/**
 * The properties every hostile request must keep, checked on the answer over real HTTP:
 *   - never a 5xx: 2xx, or a 4xx;
 *   - a 4xx is `application/problem+json` with its status, and a 400 for input the schema refuses names
 *     exactly the fields the schema names (the token endpoint: an RFC 6749 error body instead);
 *   - a 2xx only for a request the route's schema accepts, as the server received it;
 *   - no error body shows a stack frame, a file path, a library, a table or an error class name.
 * The verdict on what was sent comes from the route's own zod schema, applied to the bytes as the
 * gateway hands them on (UTF-8 decoded, the query's last value of a name).
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { fieldErrors } from '../../../functions/shared/validation.js';
import { LIMITS } from '../../../functions/shared/limits.js';
import type { FieldError } from '../../../functions/shared/problem.js';
import type { FuzzCase } from './mutations.js';
import type { FuzzTarget } from './fuzz-targets.js';

export interface Verdict {
  readonly accepted: boolean;
  /** Why the request cannot be served, when it cannot. */
  readonly refusal?: 'content-type' | 'json' | 'schema';
  /** The fields the schema names, as a validation problem writes them. */
  readonly errors?: readonly FieldError[];
}

export interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly requestId: string | null;
  readonly text: string;
  readonly ms: number;
}

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function judge(schema: z.ZodType, value: unknown, prefix: string): Verdict {
  const result = schema.safeParse(value);
  return result.success ? { accepted: true } : { accepted: false, refusal: 'schema', errors: fieldErrors(result.error, prefix) };
}

/** What the route's schema says of the request, read the way the gateway and the handler read it. */
export function verdictOn(target: FuzzTarget, c: FuzzCase): Verdict {
  if (target.kind === 'query') {
    const params = Object.fromEntries(new URL(`http://localhost/${c.query}`).searchParams);
    return judge(target.schema, params, 'query.');
  }
  const text = c.body === null || c.body.length === 0 ? null : c.body.toString('utf8');
  const type = mediaType(c.contentType);
  if (target.kind === 'form') {
    if (text !== null && type !== 'application/x-www-form-urlencoded') return { accepted: false, refusal: 'content-type' };
    return judge(target.schema, Object.fromEntries(new URLSearchParams(text ?? '')), '');
  }
  if (text === null) return judge(target.schema, undefined, '');
  if (type !== 'application/json' && !type.endsWith('+json')) return { accepted: false, refusal: 'content-type' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { accepted: false, refusal: 'json' };
  }
  return judge(target.schema, value, '');
}

/** Sends a case with `credentials` (bearer token and tenant) under the case's own headers. */
export async function send(
  baseUrl: string,
  target: FuzzTarget,
  c: FuzzCase,
  credentials: Readonly<Record<string, string>>,
): Promise<Answer> {
  const headers = new Headers({ ...credentials, ...c.headers });
  if (c.contentType !== null) headers.set('Content-Type', c.contentType);
  if (target.route.idempotencyKey) headers.set('Idempotency-Key', randomUUID());
  const started = performance.now();
  const response = await fetch(`${baseUrl}${target.path}${c.query}`, {
    method: target.route.method,
    headers,
    ...(c.body === null ? {} : { body: new Uint8Array(c.body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    requestId: response.headers.get('x-request-id'),
    text,
    ms: performance.now() - started,
  };
}

/** What an error body must never show. Markers the request itself contained are not counted: an echo is no leak. */
export const LEAK_MARKERS = [
  '    at ',
  '/work/',
  'node_modules',
  '.ts:',
  '.js:',
  '.mjs',
  'zod',
  'middy',
  'powertools',
  'aws-sdk',
  '@aws',
  'dynamodb',
  'ValidationException',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'ReferenceError',
  'Error:',
  '[object Object]',
];

function leaks(answer: Answer, c: FuzzCase, extraMarkers: readonly string[]): string[] {
  const sent = `${c.query} ${c.body?.toString('utf8') ?? ''} ${Object.values(c.headers).join(' ')}`.toLowerCase();
  const body = answer.text.toLowerCase();
  return [...LEAK_MARKERS, ...extraMarkers].filter((m) => body.includes(m.toLowerCase()) && !sent.includes(m.toLowerCase()));
}

const sameFields = (a: readonly FieldError[], b: readonly FieldError[]) =>
  JSON.stringify([...new Set(a.map((e) => e.path))].sort()) === JSON.stringify([...new Set(b.map((e) => e.path))].sort());

/** The properties the answer breaks; empty when it keeps them all. */
export function violations(
  target: FuzzTarget,
  c: FuzzCase,
  verdict: Verdict,
  answer: Answer,
  extraLeakMarkers: readonly string[] = [],
): string[] {
  const found: string[] = [];
  const { status } = answer;
  const shown = answer.text.length > 600 ? `${answer.text.slice(0, 600)}…` : answer.text;
  // A planned surface answers a valid request 501 `not-implemented`, its documented answer; nothing else may be a 5xx.
  const planned = target.planned && status === 501 && verdict.accepted && answer.text.includes('/problems/not-implemented');
  if ((status >= 500 && !planned) || status < 200 || (status >= 300 && status < 400)) found.push(`answered ${status}`);
  // The web ACL's refusal of a body over the API's limit, in front of API Gateway (lib/web-acl.ts): a WAF custom
  // response, application/json (WAF offers no problem+json) and without a request id, since no stage saw it.
  const refusedByWebAcl =
    status === 413 && (c.body?.length ?? 0) > LIMITS.maxRequestBodyBytes && answer.text.includes('/problems/payload-too-large');
  if (!answer.requestId && !refusedByWebAcl) found.push('no X-Request-Id');
  if (status >= 200 && status < 300 && !verdict.accepted)
    found.push(`answered ${status} to a request the schema refuses (${verdict.refusal})`);
  if (status >= 400 && !planned) {
    const leaked = leaks(answer, c, extraLeakMarkers);
    if (leaked.length > 0) found.push(`the error body shows ${leaked.map((m) => JSON.stringify(m)).join(', ')}`);
    let body: Record<string, unknown> | undefined;
    try {
      body = JSON.parse(answer.text) as Record<string, unknown>;
    } catch {
      found.push('the error body is not JSON');
    }
    const oauth = target.kind === 'form' && status !== 429 && status !== 413;
    if (body && refusedByWebAcl) {
      if (mediaType(answer.contentType) !== 'application/json') found.push(`the web ACL's 413 as ${answer.contentType}`);
    } else if (body && oauth) {
      if (mediaType(answer.contentType) !== 'application/json') found.push(`an OAuth error as ${answer.contentType}`);
      if (typeof body.error !== 'string' || !/^[a-z_]+$/.test(body.error)) found.push('no RFC 6749 error code');
      if (
        body.error_description !== undefined &&
        (typeof body.error_description !== 'string' || /[^\x20-\x21\x23-\x5b\x5d-\x7e]/.test(body.error_description))
      ) {
        found.push('an error_description outside the characters RFC 6749 allows');
      }
    } else if (body) {
      if (mediaType(answer.contentType) !== 'application/problem+json')
        found.push(`a ${status} as ${answer.contentType}, not problem+json`);
      if (body.status !== status || typeof body.type !== 'string' || typeof body.title !== 'string' || typeof body.detail !== 'string')
        found.push('not a problem (type, title, status, detail)');
      if (body.instance !== answer.requestId) found.push('instance is not the request id');
      if (!verdict.accepted && verdict.refusal === 'schema' && target.kind !== 'form') {
        const errors = body.errors as FieldError[] | undefined;
        if (status !== 400 || !String(body.type).endsWith('/validation-error'))
          found.push(`a request the schema refuses answered ${status} ${String(body.type)}, not 400 validation-error`);
        else if (!Array.isArray(errors) || errors.length === 0) found.push('a validation problem naming no field');
        else if (errors.some((e) => typeof e.path !== 'string' || e.path === '' || typeof e.message !== 'string' || e.message === ''))
          found.push('a validation error without a path or a message');
        else if (!sameFields(errors, verdict.errors ?? [])) {
          found.push(
            `names ${JSON.stringify(errors.map((e) => e.path))}, the schema ${JSON.stringify((verdict.errors ?? []).map((e) => e.path))}`,
          );
        }
      }
      if (!verdict.accepted && verdict.refusal === 'json' && status !== 400) found.push(`unreadable JSON answered ${status}`);
      if (!verdict.accepted && verdict.refusal === 'content-type' && target.kind === 'json' && status !== 415)
        found.push(`a wrong Content-Type answered ${status}`);
    }
  }
  return found.map((v) => `${target.route.id}: ${v}; the answer: ${status} ${shown}`);
}
