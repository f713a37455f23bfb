/**
 * RFC 9457 problem details. Every kind of failure has a stable type URI, so partners can branch on
 * `type` rather than on prose; `instance` is the request id, which support can look up in the logs.
 */

import type { FieldError } from '../domain/errors/field-error.js';

export const PROBLEM_BASE = 'https://hotel-api.dev/problems/';

export const PROBLEM_KINDS = {
  'validation-error': { status: 400, title: 'The request is not valid' },
  /** API Gateway's fallback for a refusal it has no type of its own for; its status is the refusal's. */
  'request-refused': { status: 400, title: 'The request was refused' },
  'malformed-body': { status: 400, title: 'The request body could not be read' },
  'missing-tenant': { status: 400, title: 'The X-Service-Tenant header is required' },
  'missing-idempotency-key': { status: 400, title: 'The Idempotency-Key header is required' },
  unauthorized: { status: 401, title: 'A valid bearer token is required' },
  'insufficient-funds': { status: 402, title: 'The wallet cannot cover this booking' },
  'tenant-mismatch': { status: 403, title: 'The token does not belong to this tenant' },
  forbidden: { status: 403, title: 'The request was refused before it reached the API' },
  'insufficient-scope': { status: 403, title: 'The token lacks the scope this operation needs' },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed on this path' },
  'not-acceptable': { status: 406, title: 'No acceptable representation' },
  conflict: { status: 409, title: 'The request conflicts with the current state' },
  'idempotency-in-progress': { status: 409, title: 'A request with this Idempotency-Key is still in flight' },
  'price-changed': { status: 409, title: 'The price changed beyond the accepted tolerance' },
  gone: { status: 410, title: 'The resource has expired' },
  'payload-too-large': { status: 413, title: 'The request body is too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported content type' },
  'idempotency-key-reused': { status: 422, title: 'This Idempotency-Key was used with a different request' },
  'modification-unsupported': { status: 422, title: 'The supplier does not support this modification' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  'internal-error': { status: 500, title: 'Internal error' },
  // Not 500: its outcome is known (the body says whether the supplier's booking was undone), and a 500 on a
  // booking leaves a partner not knowing whether it holds a room (API-SPEC, Errors).
  'booking-not-completed': { status: 502, title: 'The booking could not be completed and was undone' },
  'not-implemented': { status: 501, title: 'Not implemented yet' },
  'supplier-error': { status: 502, title: 'The supplier failed' },
  'service-unavailable': { status: 503, title: 'A service this API depends on is briefly unavailable' },
  overloaded: { status: 503, title: 'Too busy to take this request now; nothing was sent to a supplier' },
  // 502, not 504: a 504 is what API Gateway answers when we did not answer in time, which says nothing of
  // the booking; this says the supplier did not answer before anything was booked or changed (API-SPEC, Errors).
  'supplier-timeout': { status: 502, title: 'The supplier did not answer in time' },
  'gateway-timeout': { status: 504, title: 'The API did not answer in time; the operation may have completed' },
  'fx-unavailable': { status: 503, title: 'No current exchange rate for a currency pair this quote needs' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemKind = keyof typeof PROBLEM_KINDS;

export type { FieldError };

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  errors?: readonly FieldError[];
  [extension: string]: unknown;
}

/**
 * Thrown by the HTTP layer itself (the caller checks, the body, the schemas, a refusal of the idempotency
 * library); below it, domain errors are thrown and domain-error-problems.ts makes them problems.
 */
export class HttpProblem extends Error {
  readonly kind: ProblemKind;
  readonly status: number;
  readonly extensions: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    kind: ProblemKind,
    detail: string,
    options: { extensions?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpProblem';
    this.kind = kind;
    this.status = PROBLEM_KINDS[kind].status;
    this.extensions = options.extensions ?? {};
    this.headers = options.headers ?? {};
  }

  body(instance: string | undefined): ProblemBody {
    return problemBody(this.kind, this.message, instance, this.extensions);
  }
}

export function problemType(kind: ProblemKind): string {
  return PROBLEM_BASE + kind;
}

export function problemBody(
  kind: ProblemKind,
  detail: string,
  instance: string | undefined,
  extensions: Record<string, unknown> = {},
): ProblemBody {
  const { status, title } = PROBLEM_KINDS[kind];
  return {
    ...extensions,
    type: problemType(kind),
    title,
    status,
    detail,
    ...(instance === undefined ? {} : { instance }),
  };
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
