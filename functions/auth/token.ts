/**
 * POST /v1/oauth/token: the OAuth 2.0 client credentials grant. Order matters for what a caller can learn
 * and for who can be locked out: the request is read (400s); an address waiting out a backoff for its
 * wrong secrets is refused (429) before its secret is tried; the secret is checked; only a request that
 * proved it counts against the client's window of good requests (429). Wrong secrets are counted apart
 * (token-failure-limit.ts), per address, so a flood of them for a client_id never spends its holder's
 * window. An unknown client, a wrong secret and a disabled client give the same invalid_client, and an
 * unknown client still costs one scrypt verification, so neither the answer nor its timing tells an
 * attacker which client ids exist.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { httpHandler } from '../shared/http-handler.js';
import { logger } from '../shared/observability.js';
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken } from './access-token.js';
import { CLIENT_ID_PATTERN, findClientById, type ClientRecord } from './client-registry.js';
import { OAuthError } from './oauth-error.js';
import { selectScopes } from './scope-selection.js';
import { verifyAgainstDummy, verifySecret } from './secret-hash.js';
import { parseTokenRequest, type ClientCredentials } from './token-request.js';
import { countTokenRequest } from './token-rate-limit.js';
import { recordFailure, recordSuccess, refuseWhileBlocked } from './token-failure-limit.js';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

function rawBody(event: APIGatewayProxyEvent): string | null {
  if (event.body === null || event.body === undefined || event.body === '') return null;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/**
 * The client the credentials prove, or invalid_client. An address in backoff is refused before anything
 * is verified; a proven request is then counted against the client's window of good requests.
 */
async function authenticateClient(credentials: ClientCredentials, sourceIp: string): Promise<ClientRecord> {
  const client = CLIENT_ID_PATTERN.test(credentials.clientId) ? await findClientById(credentials.clientId) : null;
  const subject = { sourceIp, ...(client ? { client: { tenant: client.tenant, clientId: client.clientId } } : {}) };
  await refuseWhileBlocked(subject);
  if (!client) {
    await verifyAgainstDummy(credentials.clientSecret);
    await recordFailure(subject);
    throw refused('unknown client', credentials);
  }
  // After a rotation the previous secret still works until its grace period ends (client-registry.ts).
  const inGrace = client.previousSecretHash !== undefined && Date.parse(client.previousSecretExpiresAt!) > Date.now();
  const secretMatches =
    (await verifySecret(credentials.clientSecret, client.secretHash)) ||
    (inGrace && (await verifySecret(credentials.clientSecret, client.previousSecretHash!)));
  if (!secretMatches) {
    await recordFailure(subject);
    throw refused('wrong secret', credentials);
  }
  if (client.status !== 'active') throw refused('client disabled', credentials);
  await countTokenRequest(client.tenant, client.clientId);
  await recordSuccess({ sourceIp, client: { tenant: client.tenant, clientId: client.clientId } });
  return client;
}

function refused(reason: string, credentials: ClientCredentials): OAuthError {
  // The log says why; the caller only learns that authentication failed.
  logger.info('token request refused', { reason, clientId: credentials.clientId, method: credentials.method });
  return new OAuthError('invalid_client', 'Client authentication failed');
}

// bodyKind 'none': the body is read by parseTokenRequest, which answers in OAuth's error form (see there).
export const handler = httpHandler('issueToken', { bodyKind: 'none' }, async ({ headers, event }) => {
  const request = parseTokenRequest(headers, rawBody(event));
  // The address API Gateway saw (no header a caller could forge); an event without one counts as one address.
  const sourceIp = event.requestContext?.identity?.sourceIp || 'unknown';
  const client = await authenticateClient(request.credentials, sourceIp);
  const scopes = selectScopes(request.requestedScopes, client.scopes);
  const { claims, token } = await issueAccessToken({ clientId: client.clientId, tenant: client.tenant, scopes });
  logger.info('token issued', { tenant: client.tenant, clientId: client.clientId, scope: claims.scope, tokenId: claims.jti });
  const body: TokenResponse = { access_token: token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, scope: claims.scope };
  // RFC 6749 §5.1: a response carrying a token must not be cached anywhere.
  return { status: 200, body, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } };
});
