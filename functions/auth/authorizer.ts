/**
 * The Lambda REQUEST authorizer in front of every protected route. It verifies the bearer token, checks
 * that its client still exists and is active, and answers with a policy allowing every route the token's
 * scopes open (route-policy.ts: the answer is cached per token), the caller context the handlers read
 * (functions/shared/caller.ts) and the client's usage key for the usage plan's per-client throttling.
 *
 * Failures to authenticate throw `Error('Unauthorized')`, which API Gateway turns into its UNAUTHORIZED
 * gateway response (401 with WWW-Authenticate: Bearer). Any other thrown error (the clients table is
 * unreachable) becomes AUTHORIZER_FAILURE, a 503 problem: an outage must not look like a bad token.
 */
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import type { AuthorizerContext } from '../shared/caller.js';
import { logger } from '../shared/observability.js';
import { InvalidTokenError, verifyAccessToken } from './access-token.js';
import { authorizerConfig } from './authorizer-config.js';
import { getClient } from './client-registry.js';
import { policyFor } from './route-policy.js';

// At the cold start: a variable missing or malformed fails the init, naming it.
authorizerConfig();

/** RFC 6750 §2.1: `Bearer` then a b64token. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

function unauthorized(reason: string, extra: Record<string, unknown> = {}): Error {
  logger.info('bearer token refused', { reason, ...extra });
  return new Error('Unauthorized');
}

/** Header names arrive as the client sent them (API Gateway keeps their case). */
function headerValue(headers: Record<string, string | undefined> | null, name: string): string | undefined {
  if (!headers) return undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

export async function handler(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  if (event.requestContext?.requestId) logger.setCorrelationId(event.requestContext.requestId);
  const match = BEARER.exec(headerValue(event.headers, 'authorization')?.trim() ?? '');
  if (!match) throw unauthorized('no bearer token');

  let claims;
  try {
    // The signing key (and so the verification key) is loaded once per container by loadSigningKey.
    claims = await verifyAccessToken(match[1]!);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw unauthorized(error.reason, { detail: error.message });
    throw error;
  }

  const client = await getClient(claims.tenant, claims.sub);
  if (!client) throw unauthorized('client unknown', { tenant: claims.tenant, clientId: claims.sub });
  if (client.status !== 'active') throw unauthorized('client disabled', { tenant: claims.tenant, clientId: claims.sub });

  // Scopes withdrawn from the client since the token was issued stop working now, not at expiry.
  const scopes = claims.scopes.filter((s) => client.scopes.includes(s));
  const context: AuthorizerContext = {
    tenant: client.tenant,
    clientId: client.clientId,
    scope: scopes.join(' '),
    tokenId: claims.jti,
  };
  return {
    principalId: client.clientId,
    policyDocument: policyFor(event.methodArn, scopes),
    context: { ...context },
    usageIdentifierKey: client.usageKey,
  };
}
