/**
 * Reads an OAuth 2.0 client credentials token request (RFC 6749 §4.4) from the raw form body and headers.
 * The body is parsed here rather than by the shared stack because RFC 6749 wants things the generic form
 * reader cannot tell: a repeated parameter is an error (§3.2), an empty one counts as absent (§3.1), and
 * a wrong content type is an OAuth `invalid_request`, not a 415 problem.
 */
import { OAuthError } from './oauth-error.js';

export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  method: ClientAuthMethod;
}

export interface TokenRequest {
  credentials: ClientCredentials;
  /** Scope names as sent (not yet checked); undefined when the request names none. */
  requestedScopes: string[] | undefined;
}

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** Parses `a=1&b=2`, refusing repeated parameters and dropping empty ones. */
export function parseFormStrict(raw: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const entry = new URLSearchParams(pair).entries().next().value;
    if (!entry) continue;
    const [name, value] = entry;
    if (value === '') continue;
    if (params.has(name)) throw new OAuthError('invalid_request', `The parameter '${name}' is repeated`);
    params.set(name, value);
  }
  return params;
}

function formDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * HTTP Basic client authentication as RFC 6749 §2.3.1 defines it: client id and secret are each
 * form-urlencoded, joined by a colon, then base64-encoded.
 */
export function parseBasicCredentials(authorization: string): { clientId: string; clientSecret: string } {
  const match = /^Basic[ ]+([A-Za-z0-9+/]+={0,2})[ ]*$/i.exec(authorization);
  if (!match) throw new OAuthError('invalid_client', 'The Authorization header must use the Basic scheme with base64 credentials');
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const clientId = colon < 0 ? null : formDecode(decoded.slice(0, colon));
  const clientSecret = colon < 0 ? null : formDecode(decoded.slice(colon + 1));
  if (!clientId || !clientSecret) throw new OAuthError('invalid_client', 'The Basic credentials must be client_id:client_secret');
  return { clientId, clientSecret };
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** @param headers header names lower-cased (the shared stack normalises them). */
export function parseTokenRequest(headers: Record<string, string | undefined>, rawBody: string | null): TokenRequest {
  if (rawBody && mediaType(headers['content-type']) !== FORM_CONTENT_TYPE) {
    throw new OAuthError('invalid_request', `Send the token request as ${FORM_CONTENT_TYPE}`);
  }
  const params = parseFormStrict(rawBody ?? '');

  const grantType = params.get('grant_type');
  if (!grantType) throw new OAuthError('invalid_request', "The parameter 'grant_type' is required");
  if (grantType !== 'client_credentials') {
    throw new OAuthError('unsupported_grant_type', "Only the 'client_credentials' grant is supported");
  }

  const scopeParam = params.get('scope');
  const requested = scopeParam?.split(' ').filter((s) => s !== '');
  return {
    credentials: readCredentials(headers.authorization?.trim(), params),
    requestedScopes: requested && requested.length > 0 ? requested : undefined,
  };
}

function readCredentials(authorization: string | undefined, params: Map<string, string>): ClientCredentials {
  const formId = params.get('client_id');
  const formSecret = params.get('client_secret');
  if (authorization) {
    const basic = parseBasicCredentials(authorization);
    // §2.3: one authentication method per request. A client_id beside Basic is no second method, but it
    // must then name the same client.
    if (formSecret !== undefined) {
      throw new OAuthError('invalid_request', 'Send the client credentials either with HTTP Basic or in the body, not both');
    }
    if (formId !== undefined && formId !== basic.clientId) {
      throw new OAuthError('invalid_request', "The body's client_id differs from the Basic credentials");
    }
    return { ...basic, method: 'client_secret_basic' };
  }
  if (formId === undefined || formSecret === undefined) {
    throw new OAuthError('invalid_client', 'Authenticate with client_id and client_secret, in the body or with HTTP Basic');
  }
  return { clientId: formId, clientSecret: formSecret, method: 'client_secret_post' };
}
