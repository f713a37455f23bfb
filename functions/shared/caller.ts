/**
 * Who is calling, as the authorizer established it. API Gateway caches the authorizer's answer per
 * token, so the per-request checks that depend on other headers (X-Service-Tenant, Idempotency-Key)
 * happen here, in every protected handler, from the authorizer's context: no I/O, same answer locally
 * and on AWS.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { HttpProblem } from './problem.js';
import { SCOPES, type Route, type Scope } from './routes.js';

/** The keys the authorizer puts into its context (values are strings, as API Gateway requires). */
export interface AuthorizerContext {
  tenant: string;
  clientId: string;
  /** Space-separated scopes, as in the token. */
  scope: string;
  tokenId: string;
}

export interface Caller {
  tenant: string;
  clientId: string;
  scopes: Scope[];
  tokenId: string;
}

export const TENANT_HEADER = 'x-service-tenant';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Opaque keys per the IETF draft: printable, bounded, so they can sit inside a DynamoDB key. */
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export function callerFromEvent(event: APIGatewayProxyEvent): Caller | null {
  const ctx = event.requestContext?.authorizer as Partial<AuthorizerContext> | null | undefined;
  if (!ctx || typeof ctx.tenant !== 'string' || typeof ctx.clientId !== 'string') return null;
  const scopes = String(ctx.scope ?? '')
    .split(' ')
    .filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));
  return { tenant: ctx.tenant, clientId: ctx.clientId, scopes, tokenId: String(ctx.tokenId ?? '') };
}

/**
 * The checks of API-SPEC.md in their order: token (the authorizer, 401), tenant header present (400),
 * tenant is the token's (403), scope (403; the authorizer's policy already enforces it, checked again so a
 * misconfigured policy cannot open a route), Idempotency-Key where the route requires one (400).
 */
export function authorizeCall(
  route: Route,
  event: APIGatewayProxyEvent,
  headers: Record<string, string | undefined>,
): {
  caller: Caller | null;
  idempotencyKey: string | undefined;
} {
  if (route.scope === null) return { caller: null, idempotencyKey: undefined };
  const caller = callerFromEvent(event);
  if (!caller) throw new HttpProblem('unauthorized', 'No valid bearer token', { headers: { 'WWW-Authenticate': 'Bearer' } });
  const tenant = headers[TENANT_HEADER]?.trim();
  if (!tenant) throw new HttpProblem('missing-tenant', 'Send the X-Service-Tenant header naming your tenant');
  if (tenant !== caller.tenant) {
    throw new HttpProblem('tenant-mismatch', `The token was not issued for tenant '${tenant}'`);
  }
  if (!caller.scopes.includes(route.scope)) {
    throw new HttpProblem('insufficient-scope', `This operation needs the scope ${route.scope}`, {
      extensions: { requiredScope: route.scope },
      headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${route.scope}"` },
    });
  }
  let idempotencyKey: string | undefined;
  if (route.idempotencyKey) {
    idempotencyKey = headers[IDEMPOTENCY_HEADER]?.trim();
    if (!idempotencyKey) {
      throw new HttpProblem('missing-idempotency-key', 'This operation requires an Idempotency-Key header');
    }
    if (!IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      throw new HttpProblem('validation-error', 'Idempotency-Key must be 1 to 255 printable ASCII characters', {
        extensions: { errors: [{ path: 'headers.idempotency-key', message: 'must be 1 to 255 printable ASCII characters' }] },
      });
    }
  }
  return { caller, idempotencyKey };
}
