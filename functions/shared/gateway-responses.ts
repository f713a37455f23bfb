/**
 * What API Gateway itself answers, before or instead of a handler: bad token, denied scope, throttling,
 * unknown route, a timed-out or failed integration. The CDK stack installs these as gateway responses
 * (problem+json templates, `gatewayResponseSettings`) and the local gateway answers from the same settings
 * (in bundle mode read back from the synthesized template), so a partner sees one error format whichever
 * layer refused the call.
 */
import { LIMITS } from './limits.js';
import { PROBLEM_KINDS, problemType, type ProblemKind } from './problem.js';

/**
 * Every gateway response type API Gateway has and the status it answers with when nothing overrides it
 * (AWS "Gateway response types for API Gateway"). DEFAULT_4XX and DEFAULT_5XX have none of their own: they
 * are the fallbacks of every other 4XX and 5XX type that is not configured itself.
 */
export const AWS_GATEWAY_RESPONSE_STATUS = {
  ACCESS_DENIED: 403,
  API_CONFIGURATION_ERROR: 500,
  AUTHORIZER_CONFIGURATION_ERROR: 500,
  AUTHORIZER_FAILURE: 500,
  BAD_REQUEST_PARAMETERS: 400,
  BAD_REQUEST_BODY: 400,
  DEFAULT_4XX: null,
  DEFAULT_5XX: null,
  EXPIRED_TOKEN: 403,
  INTEGRATION_FAILURE: 504,
  INTEGRATION_TIMEOUT: 504,
  INVALID_API_KEY: 403,
  INVALID_SIGNATURE: 403,
  MISSING_AUTHENTICATION_TOKEN: 403,
  QUOTA_EXCEEDED: 429,
  REQUEST_TOO_LARGE: 413,
  RESOURCE_NOT_FOUND: 404,
  THROTTLED: 429,
  UNAUTHORIZED: 401,
  UNSUPPORTED_MEDIA_TYPE: 415,
  WAF_FILTERED: 403,
} as const satisfies Record<string, number | null>;

export type GatewayResponseType = keyof typeof AWS_GATEWAY_RESPONSE_STATUS;

export interface GatewayResponseDefinition {
  readonly type: GatewayResponseType;
  readonly kind: ProblemKind;
  /** The status the stack sets; absent on the fallbacks, whose answers keep the status of what fell back. */
  readonly status?: number;
  readonly detail: string;
  readonly headers: Readonly<Record<string, string>>;
}

const define = (
  type: GatewayResponseType,
  kind: ProblemKind,
  detail: string,
  headers: Record<string, string> = {},
  status: number = PROBLEM_KINDS[kind].status,
): GatewayResponseDefinition => ({ type, kind, status, detail, headers });

/**
 * Every response type is configured with its own status: a status on DEFAULT_4XX or DEFAULT_5XX would replace
 * the status of every type not configured itself, so a 29 s integration timeout (504) would reach a partner
 * as 500 and a firewall block (403) as 400. The fallbacks set none: what falls back on them (a function
 * error's 502, a refused invoke's 500) keeps its status.
 */
export const GATEWAY_RESPONSES: readonly GatewayResponseDefinition[] = [
  define('UNAUTHORIZED', 'unauthorized', 'Send a valid access token as Authorization: Bearer <token>', { 'WWW-Authenticate': 'Bearer' }),
  define('ACCESS_DENIED', 'insufficient-scope', 'The access token does not grant this operation', {
    'WWW-Authenticate': 'Bearer error="insufficient_scope"',
  }),
  // API Gateway answers an unknown path or method this way; for a partner it is simply not found.
  define('MISSING_AUTHENTICATION_TOKEN', 'not-found', 'No such operation; see /openapi.json'),
  define('RESOURCE_NOT_FOUND', 'not-found', 'No such operation; see /openapi.json'),
  define('THROTTLED', 'rate-limited', 'Rate limit exceeded; retry after the number of seconds in Retry-After', { 'Retry-After': '1' }),
  define('QUOTA_EXCEEDED', 'rate-limited', 'Quota exceeded; retry after the number of seconds in Retry-After', { 'Retry-After': '60' }),
  define('INVALID_API_KEY', 'insufficient-scope', 'This client is not enrolled in a usage plan; contact support'),
  define('REQUEST_TOO_LARGE', 'payload-too-large', 'The request body is too large'),
  define('BAD_REQUEST_PARAMETERS', 'validation-error', 'A path parameter is missing'),
  define('BAD_REQUEST_BODY', 'validation-error', 'The request body is not valid'),
  define('UNSUPPORTED_MEDIA_TYPE', 'unsupported-media-type', 'This Content-Type is not accepted'),
  // The firewall (lib/web-acl.ts) refused the request: its IP reputation list, a known exploit payload, or the
  // token endpoint's per-address rate.
  define('WAF_FILTERED', 'forbidden', 'The request was blocked by the firewall'),
  // AWS Signature Version 4 answers: no route of ours takes IAM authentication.
  define('EXPIRED_TOKEN', 'forbidden', 'The request was refused'),
  define('INVALID_SIGNATURE', 'forbidden', 'The request was refused'),
  // The authorizer could not check the token (its clients table unreachable, or it could not be reached): an
  // outage, never a bad token.
  define(
    'AUTHORIZER_FAILURE',
    'service-unavailable',
    'Your credentials could not be checked just now; retry after the seconds in Retry-After',
    { 'Retry-After': '5' },
  ),
  define(
    'AUTHORIZER_CONFIGURATION_ERROR',
    'service-unavailable',
    'Your credentials could not be checked just now; retry after the seconds in Retry-After',
    { 'Retry-After': '5' },
  ),
  // The handler did not answer within API Gateway's 29 s: what it was doing may have happened. A booking,
  // cancellation or modification retried with the same Idempotency-Key answers its outcome and never repeats it.
  define(
    'INTEGRATION_TIMEOUT',
    'gateway-timeout',
    'No answer within 29 s; the operation may have completed. Retry with the same Idempotency-Key to learn its outcome',
  ),
  define(
    'INTEGRATION_FAILURE',
    'gateway-timeout',
    'The operation could not be reached or did not answer; retry with the same Idempotency-Key to learn its outcome',
  ),
  define('API_CONFIGURATION_ERROR', 'internal-error', 'An internal error occurred; quote the instance id to support'),
  { type: 'DEFAULT_4XX', kind: 'request-refused', detail: 'The request was refused', headers: {} },
  { type: 'DEFAULT_5XX', kind: 'internal-error', detail: 'An internal error occurred; quote the instance id to support', headers: {} },
];

export function gatewayResponse(type: GatewayResponseType): GatewayResponseDefinition {
  const found = GATEWAY_RESPONSES.find((r) => r.type === type);
  if (!found) throw new Error(`no gateway response ${type}`);
  return found;
}

/** The problem body; `instance` is the request id, filled by API Gateway from $context.requestId. */
export function gatewayProblemBody(definition: GatewayResponseDefinition, requestId: string): string {
  return JSON.stringify({
    type: problemType(definition.kind),
    title: PROBLEM_KINDS[definition.kind].title,
    ...(definition.status !== undefined ? { status: definition.status } : {}),
    detail: definition.detail,
    instance: requestId,
  });
}

/** API Gateway substitutes its request id into a gateway response's template and header mappings. */
export const GATEWAY_REQUEST_ID = '$context.requestId';

/**
 * One gateway response as the stack installs it (AWS::ApiGateway::GatewayResponse): its status, its header
 * mappings (static values single-quoted, anything else an expression) and its body templates by content type.
 */
export interface GatewayResponseSetting {
  readonly type: GatewayResponseType;
  readonly statusCode?: string;
  readonly responseHeaders: Readonly<Record<string, string>>;
  readonly templates: Readonly<Record<string, string>>;
}

/** What the stack installs for each definition; the local gateway in source mode answers from the same. */
export function gatewayResponseSettings(): GatewayResponseSetting[] {
  return GATEWAY_RESPONSES.map((definition) => {
    const body = gatewayProblemBody(definition, GATEWAY_REQUEST_ID);
    const headers: Record<string, string> = { 'Content-Type': 'application/problem+json', ...definition.headers };
    return {
      type: definition.type,
      ...(definition.status !== undefined ? { statusCode: String(definition.status) } : {}),
      // X-Request-Id is a mapping expression (unquoted), so API Gateway's refusals carry it like every answer.
      responseHeaders: {
        ...Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, quoted(value)])),
        'X-Request-Id': 'context.requestId',
      },
      // The template is picked by the request's Accept header; both carry the same problem.
      templates: { 'application/json': body, 'application/problem+json': body },
    };
  });
}

function quoted(value: string): string {
  if (value.includes("'")) throw new Error(`gateway response header value ${value} cannot contain a single quote`);
  return `'${value}'`;
}

/**
 * The web ACL's answer to a body over the API's limit (lib/web-acl.ts), before API Gateway: 413 with the
 * payload-too-large problem. AWS WAF's custom responses are static and typed text, HTML or JSON, so this one
 * is application/json and carries no request id.
 */
export const FIREWALL_BODY_LIMIT = {
  maxBytes: LIMITS.maxRequestBodyBytes,
  status: PROBLEM_KINDS['payload-too-large'].status,
  body: JSON.stringify({
    type: problemType('payload-too-large'),
    title: PROBLEM_KINDS['payload-too-large'].title,
    status: PROBLEM_KINDS['payload-too-large'].status,
    detail: `The request body is larger than ${LIMITS.maxRequestBodyBytes} bytes, the most this API takes`,
  }),
} as const;
