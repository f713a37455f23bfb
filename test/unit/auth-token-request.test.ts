import { describe, expect, it } from 'vitest';
import { OAuthError } from '../../functions/auth/oauth-error.js';
import { selectScopes } from '../../functions/auth/scope-selection.js';
import { parseTokenRequest } from '../../functions/auth/token-request.js';
import { tokenRequestSchema } from '../../functions/contract/auth.js';
import { basicAuthorization } from '../support/auth-events.js';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

function oauthError(fn: () => unknown): { code: string; status: number; description: string } {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(OAuthError);
    const e = error as OAuthError;
    return { code: e.code, status: e.status, description: e.message };
  }
  throw new Error('no error');
}

describe('token request parsing', () => {
  it('reads client credentials from the form body', () => {
    const request = parseTokenRequest(form, 'grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret');
    expect(request).toEqual({
      credentials: { clientId: 'demo-client', clientSecret: 'demo-secret', method: 'client_secret_post' },
      requestedScopes: undefined,
    });
  });

  it('reads HTTP Basic credentials form-urlencoded before base64 (RFC 6749 2.3.1)', () => {
    const secret = 'p@ss:w rd+/%';
    const headers = { ...form, authorization: basicAuthorization('demo-client', secret) };
    const request = parseTokenRequest(headers, 'grant_type=client_credentials');
    expect(request.credentials).toEqual({ clientId: 'demo-client', clientSecret: secret, method: 'client_secret_basic' });
    // A client_id beside Basic naming the same client is not a second method.
    expect(parseTokenRequest(headers, 'grant_type=client_credentials&client_id=demo-client').credentials.method).toBe(
      'client_secret_basic',
    );
  });

  it('ignores parameters it does not know (RFC 6749 3.2), and the contract documents the form that way', () => {
    const body = 'grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret&__proto__=x&audience=y';
    expect(parseTokenRequest(form, body).credentials.clientId).toBe('demo-client');
    expect(tokenRequestSchema.safeParse(Object.fromEntries(new URLSearchParams(body))).success).toBe(true);
  });

  it('accepts a charset parameter on the content type', () => {
    const request = parseTokenRequest(
      { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      'grant_type=client_credentials&client_id=a&client_secret=b',
    );
    expect(request.credentials.clientId).toBe('a');
  });

  it('splits the scope parameter on spaces', () => {
    const request = parseTokenRequest(form, 'grant_type=client_credentials&client_id=a&client_secret=b&scope=hotels.search+hotels.book');
    expect(request.requestedScopes).toEqual(['hotels.search', 'hotels.book']);
  });

  it('refuses two authentication methods at once, and a body client_id naming another client', () => {
    const headers = { ...form, authorization: basicAuthorization('demo-client', 'demo-secret') };
    expect(
      oauthError(() => parseTokenRequest(headers, 'grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret')),
    ).toMatchObject({
      code: 'invalid_request',
      status: 400,
    });
    expect(oauthError(() => parseTokenRequest(headers, 'grant_type=client_credentials&client_id=acme-client')).code).toBe(
      'invalid_request',
    );
  });

  it('refuses a repeated parameter, naming it', () => {
    const error = oauthError(() => parseTokenRequest(form, 'grant_type=client_credentials&client_id=a&client_id=b&client_secret=c'));
    expect(error).toMatchObject({ code: 'invalid_request', status: 400 });
    expect(error.description).toContain('client_id');
  });

  it('treats empty parameters as absent (RFC 6749 3.1)', () => {
    expect(oauthError(() => parseTokenRequest(form, 'grant_type=&client_id=a&client_secret=b')).code).toBe('invalid_request');
    expect(parseTokenRequest(form, 'grant_type=client_credentials&client_id=a&client_secret=b&scope=').requestedScopes).toBeUndefined();
  });

  it('answers a missing grant_type with invalid_request and another grant with unsupported_grant_type', () => {
    expect(oauthError(() => parseTokenRequest(form, 'client_id=a&client_secret=b')).code).toBe('invalid_request');
    expect(oauthError(() => parseTokenRequest(form, null)).code).toBe('invalid_request');
    expect(
      oauthError(() => parseTokenRequest(form, 'grant_type=password&username=u&password=p&client_id=a&client_secret=b')),
    ).toMatchObject({
      code: 'unsupported_grant_type',
      status: 400,
    });
  });

  it('answers a body that is not a form with invalid_request', () => {
    const json = JSON.stringify({ grant_type: 'client_credentials', client_id: 'a', client_secret: 'b' });
    expect(oauthError(() => parseTokenRequest({ 'content-type': 'application/json' }, json)).code).toBe('invalid_request');
    expect(oauthError(() => parseTokenRequest({}, 'grant_type=client_credentials')).code).toBe('invalid_request');
  });

  it('answers missing or unreadable client credentials with invalid_client (401)', () => {
    expect(oauthError(() => parseTokenRequest(form, 'grant_type=client_credentials'))).toMatchObject({
      code: 'invalid_client',
      status: 401,
    });
    expect(oauthError(() => parseTokenRequest(form, 'grant_type=client_credentials&client_id=a')).code).toBe('invalid_client');
    for (const authorization of [
      'Bearer abc',
      'Basic !!!',
      `Basic ${Buffer.from('no-colon').toString('base64')}`,
      `Basic ${Buffer.from(':secret').toString('base64')}`,
    ]) {
      expect(oauthError(() => parseTokenRequest({ ...form, authorization }, 'grant_type=client_credentials')).code, authorization).toBe(
        'invalid_client',
      );
    }
  });
});

describe('scope selection', () => {
  const held = ['hotels.search', 'hotels.book'] as const;

  it('grants every scope the client holds when none is asked for', () => {
    expect(selectScopes(undefined, held)).toEqual(['hotels.search', 'hotels.book']);
  });

  it('grants exactly the scopes asked for, in a stable order', () => {
    expect(selectScopes(['hotels.book'], held)).toEqual(['hotels.book']);
    expect(selectScopes(['hotels.book', 'hotels.search', 'hotels.book'], held)).toEqual(['hotels.search', 'hotels.book']);
  });

  it('refuses a scope the client does not hold, or an unknown scope name, with invalid_scope', () => {
    expect(oauthError(() => selectScopes(['hotels.search', 'cars.book'], held))).toMatchObject({ code: 'invalid_scope', status: 400 });
    expect(oauthError(() => selectScopes(['admin'], held)).description).toContain('admin');
  });
});

describe('OAuth error responses', () => {
  it('are RFC 6749 5.2 JSON, never cached, with a Basic challenge on 401', () => {
    const res = new OAuthError('invalid_client', 'Client authentication failed').toResponse('req-1');
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body)).toEqual({ error: 'invalid_client', error_description: 'Client authentication failed' });
    expect(res.headers).toMatchObject({ 'Cache-Control': 'no-store', Pragma: 'no-cache', 'WWW-Authenticate': 'Basic realm="hotel-api"' });
    expect(res.headers['Content-Type']).toMatch(/^application\/json/);
    const bad = new OAuthError('invalid_scope', 'Unknown scope: "x\\y" é').toResponse('req-2');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers).not.toHaveProperty('WWW-Authenticate');
    // error_description is limited to printable ASCII without quote or backslash.
    expect(JSON.parse(bad.body).error_description).toMatch(/^[\x20\x21\x23-\x5b\x5d-\x7e]*$/);
  });
});
