/**
 * What API Gateway itself answers, before or instead of a handler: bad token, denied scope, throttling,
 * unknown route. The CDK stack installs these as gateway responses (problem+json templates) and the local
 * gateway answers the same, so a partner sees one error format whichever layer refused the call.
 */
import { PROBLEM_KINDS, problemType, type ProblemKind } from './problem.js';

export type GatewayResponseType =
  | 'UNAUTHORIZED'
  | 'ACCESS_DENIED'
  | 'MISSING_AUTHENTICATION_TOKEN'
  | 'THROTTLED'
  | 'QUOTA_EXCEEDED'
  | 'INVALID_API_KEY'
  | 'REQUEST_TOO_LARGE'
  | 'AUTHORIZER_FAILURE'
  | 'DEFAULT_4XX'
  | 'DEFAULT_5XX';

export interface GatewayResponseDefinition {
  readonly type: GatewayResponseType;
  readonly kind: ProblemKind;
  readonly status: number;
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

export const GATEWAY_RESPONSES: readonly GatewayResponseDefinition[] = [
  define('UNAUTHORIZED', 'unauthorized', 'Send a valid access token as Authorization: Bearer <token>', { 'WWW-Authenticate': 'Bearer' }),
  define('ACCESS_DENIED', 'insufficient-scope', 'The access token does not grant this operation', {
    'WWW-Authenticate': 'Bearer error="insufficient_scope"',
  }),
  // API Gateway answers an unknown path or method this way; for a partner it is simply not found.
  define('MISSING_AUTHENTICATION_TOKEN', 'not-found', 'No such operation; see /openapi.json'),
  define('THROTTLED', 'rate-limited', 'Rate limit exceeded; retry after the number of seconds in Retry-After', { 'Retry-After': '1' }),
  define('QUOTA_EXCEEDED', 'rate-limited', 'Quota exceeded; retry after the number of seconds in Retry-After', { 'Retry-After': '60' }),
  define('INVALID_API_KEY', 'insufficient-scope', 'This client is not enrolled in a usage plan; contact support'),
  define('REQUEST_TOO_LARGE', 'payload-too-large', 'The request body is too large'),
  // The authorizer could not check the token (its clients table unreachable): an outage, never a bad token.
  define(
    'AUTHORIZER_FAILURE',
    'service-unavailable',
    'Your credentials could not be checked just now; retry after the seconds in Retry-After',
    { 'Retry-After': '5' },
  ),
  define('DEFAULT_4XX', 'validation-error', 'The request was refused', {}, 400),
  define('DEFAULT_5XX', 'internal-error', 'An internal error occurred; quote the instance id to support', {}, 500),
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
    status: definition.status,
    detail: definition.detail,
    instance: requestId,
  });
}
