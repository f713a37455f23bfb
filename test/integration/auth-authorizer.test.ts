/**
 * The authorizer end to end: a registered client gets a token from the token endpoint, the authorizer
 * turns it into a policy and context, and that context drives the per-request checks of a protected
 * route handler (tenant header, scope, Idempotency-Key), exactly as API Gateway chains them.
 */
import type { APIGatewayAuthorizerResult, APIGatewayProxyResult } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../../functions/auth/access-token.js';
import { registerClient, setClientStatus } from '../../functions/auth/client-registry.js';
import { ensureSigningKey, forgetCachedKeys } from '../../functions/auth/signing-key.js';
import { handler as issueToken } from '../../functions/auth/token.js';
import { handler as createBooking } from '../../functions/booking/create/create-booking-handler.js';
import { handler as searchHotels } from '../../functions/search/search.js';
import type { AuthorizerContext } from '../../functions/shared/caller.js';
import { PROBLEM_BASE } from '../../functions/shared/problem.js';
import type { Scope } from '../../functions/shared/routes.js';
import { freshTables } from '../support/dynamo.js';
import { stubFunctionEnvironment } from '../support/function-environment.js';
import { authorizerEvent, lambdaContext, METHOD_ARN_PREFIX, proxyEvent, tokenRequestEvent } from '../support/auth-events.js';

await freshTables();
// The authorizer is a function's entry: it reads its environment as it loads.
stubFunctionEnvironment();
const { handler: authorize } = await import('../../functions/auth/authorizer.js');

const USAGE_KEY = 'demoUsageKey0123456789abcdefghij';

beforeAll(async () => {
  forgetCachedKeys();
  await ensureSigningKey();
  await registerClient({
    tenant: 'demo',
    clientId: 'demo-client',
    secret: 'demo-secret',
    scopes: ['hotels.search', 'hotels.book', 'cars.search', 'cars.book'],
    usageKey: USAGE_KEY,
  });
  await registerClient({
    tenant: 'acme',
    clientId: 'acme-client',
    secret: 'acme-secret',
    scopes: ['hotels.search', 'hotels.book', 'cars.search', 'cars.book'],
  });
});

async function tokenFor(clientId: string, secret: string, scope?: string): Promise<string> {
  const form: Record<string, string> = { grant_type: 'client_credentials', client_id: clientId, client_secret: secret };
  if (scope) form.scope = scope;
  const res = await issueToken(tokenRequestEvent(form), lambdaContext());
  expect(res.statusCode).toBe(200);
  return (JSON.parse(res.body) as { access_token: string }).access_token;
}

async function authorizeBearer(token: string, routeId = 'searchHotels', headerName = 'Authorization'): Promise<APIGatewayAuthorizerResult> {
  return authorize(authorizerEvent({ routeId, headers: { [headerName]: `Bearer ${token}` } }));
}

function allowed(result: APIGatewayAuthorizerResult): string[] {
  const [statement] = result.policyDocument.Statement;
  expect(statement?.Effect).toBe('Allow');
  return (statement as { Resource: string[] }).Resource.map((arn) => arn.slice(METHOD_ARN_PREFIX.length)).sort();
}

describe('authorizer', () => {
  it('turns a valid token into the client principal, a policy of its routes, the caller context and the usage key', async () => {
    const token = await tokenFor('demo-client', 'demo-secret', 'hotels.search');
    const result = await authorizeBearer(token);
    expect(result.principalId).toBe('demo-client');
    expect(result.usageIdentifierKey).toBe(USAGE_KEY);
    expect(result.context).toEqual({ tenant: 'demo', clientId: 'demo-client', scope: 'hotels.search', tokenId: expect.any(String) });
    expect(allowed(result)).toEqual(
      [
        'GET/v1/destinations',
        'GET/v1/hotels/properties',
        'GET/v1/hotels/properties/*',
        'GET/v1/hotels/searches/*',
        'GET/v1/hotels/searches/*/properties/*/rates',
        'POST/v1/hotels/rates/*/check',
        'POST/v1/hotels/search',
      ].sort(),
    );
  });

  it('answers the same policy whichever route was called (API Gateway caches it per token)', async () => {
    const token = await tokenFor('acme-client', 'acme-secret');
    const onSearch = await authorizeBearer(token, 'searchHotels');
    const onVoucher = await authorize(
      authorizerEvent({ routeId: 'getVoucher', path: '/v1/hotels/bookings/BK123/voucher', headers: { Authorization: `Bearer ${token}` } }),
    );
    expect(onVoucher.policyDocument).toEqual(onSearch.policyDocument);
    expect(allowed(onSearch)).toHaveLength(30);
    expect(onSearch.context?.tenant).toBe('acme');
  });

  it('reads the Authorization header whatever its case', async () => {
    const token = await tokenFor('demo-client', 'demo-secret');
    for (const name of ['authorization', 'AUTHORIZATION', 'Authorization']) {
      expect((await authorizeBearer(token, 'searchHotels', name)).principalId).toBe('demo-client');
    }
  });

  it('refuses a missing, malformed, foreign or expired token with Unauthorized', async () => {
    const token = await tokenFor('demo-client', 'demo-secret');
    const expired = await issueAccessToken(
      { clientId: 'demo-client', tenant: 'demo', scopes: ['hotels.search'] },
      { now: new Date(Date.now() - 3_600_000) },
    );
    const headerSets: Record<string, string>[] = [
      {},
      { Authorization: '' },
      { Authorization: token },
      { Authorization: `Basic ${token}` },
      { Authorization: 'Bearer ' },
      { Authorization: 'Bearer not.a.jwt' },
      { Authorization: `Bearer ${token}x` },
      { Authorization: `Bearer ${expired.token}` },
    ];
    for (const headers of headerSets) {
      await expect(authorize(authorizerEvent({ routeId: 'searchHotels', headers })), JSON.stringify(headers)).rejects.toThrow(
        /^Unauthorized$/,
      );
    }
  });

  it('refuses the live tokens of a client once it is disabled, and accepts them again when re-enabled', async () => {
    await registerClient({ tenant: 'demo', clientId: 'soon-disabled', secret: 's3cret', scopes: ['hotels.search'] });
    const token = await tokenFor('soon-disabled', 's3cret');
    await setClientStatus('demo', 'soon-disabled', 'disabled');
    await expect(authorizeBearer(token)).rejects.toThrow(/^Unauthorized$/);
    await setClientStatus('demo', 'soon-disabled', 'active');
    expect((await authorizeBearer(token)).principalId).toBe('soon-disabled');
  });

  it('refuses a token whose client does not exist under the token tenant', async () => {
    const stray = await issueAccessToken({ clientId: 'demo-client', tenant: 'acme', scopes: ['hotels.search'] });
    await expect(authorizeBearer(stray.token)).rejects.toThrow(/^Unauthorized$/);
    const ghost = await issueAccessToken({ clientId: 'ghost', tenant: 'demo', scopes: ['hotels.search'] });
    await expect(authorizeBearer(ghost.token)).rejects.toThrow(/^Unauthorized$/);
  });

  it('stops honouring a scope withdrawn from the client before its tokens expire', async () => {
    await registerClient({ tenant: 'demo', clientId: 'narrowing', secret: 'pw-narrowing', scopes: ['hotels.search', 'hotels.book'] });
    const token = await tokenFor('narrowing', 'pw-narrowing');
    await registerClient({ tenant: 'demo', clientId: 'narrowing', secret: 'pw-narrowing', scopes: ['hotels.search'] });
    const result = await authorizeBearer(token);
    expect(result.context?.scope).toBe('hotels.search');
    expect(allowed(result).some((r) => r.includes('bookings'))).toBe(false);
  });
});

describe('protected route checks with the authorizer context', () => {
  async function contextFor(clientId: string, secret: string, scope?: string): Promise<AuthorizerContext> {
    const result = await authorizeBearer(await tokenFor(clientId, secret, scope));
    return result.context as unknown as AuthorizerContext;
  }

  function expectProblem(res: APIGatewayProxyResult, status: number, kind: string, requestId: string): Record<string, unknown> {
    expect(res.statusCode).toBe(status);
    expect(res.headers?.['Content-Type']).toBe('application/problem+json');
    expect(res.headers?.['X-Request-Id']).toBe(requestId);
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(body).toMatchObject({ type: `${PROBLEM_BASE}${kind}`, status, instance: requestId });
    return body;
  }

  const searchBody = JSON.stringify({ destination: { type: 'city', code: 'PAR' } });

  it('answers a missing X-Service-Tenant with 400 and another tenant with 403', async () => {
    const authorizer = await contextFor('demo-client', 'demo-secret');
    const missing = await searchHotels(
      proxyEvent({
        routeId: 'searchHotels',
        authorizer,
        requestId: 'r-400',
        headers: { 'Content-Type': 'application/json' },
        body: searchBody,
      }),
      lambdaContext(),
    );
    expectProblem(missing, 400, 'missing-tenant', 'r-400');
    const other = await searchHotels(
      proxyEvent({
        routeId: 'searchHotels',
        authorizer,
        requestId: 'r-403',
        headers: { 'Content-Type': 'application/json', 'X-Service-Tenant': 'acme' },
        body: searchBody,
      }),
      lambdaContext(),
    );
    expectProblem(other, 403, 'tenant-mismatch', 'r-403');
  });

  it('answers a token without the route scope with 403 naming the scope', async () => {
    const authorizer = await contextFor('demo-client', 'demo-secret', 'hotels.book');
    const res = await searchHotels(
      proxyEvent({
        routeId: 'searchHotels',
        authorizer,
        requestId: 'r-scope',
        headers: { 'Content-Type': 'application/json', 'X-Service-Tenant': 'demo' },
        body: searchBody,
      }),
      lambdaContext(),
    );
    expect(expectProblem(res, 403, 'insufficient-scope', 'r-scope').requiredScope).toBe('hotels.search');
  });

  it('answers a booking without Idempotency-Key with 400, and passes the checks with one', async () => {
    const authorizer = await contextFor('acme-client', 'acme-secret', 'hotels.book' satisfies Scope);
    const headers = { 'Content-Type': 'application/json', 'X-Service-Tenant': 'acme' };
    const without = await createBooking(
      proxyEvent({ routeId: 'createBooking', authorizer, requestId: 'r-idem', headers, body: '{}' }),
      lambdaContext(),
    );
    expectProblem(without, 400, 'missing-idempotency-key', 'r-idem');
    // With the key every check passes and the body is what is refused, field by field.
    const withKey = await createBooking(
      proxyEvent({
        routeId: 'createBooking',
        authorizer,
        requestId: 'r-body',
        headers: { ...headers, 'Idempotency-Key': 'k-1' },
        body: '{}',
      }),
      lambdaContext(),
    );
    expect(expectProblem(withKey, 400, 'validation-error', 'r-body').errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'rateId' })]),
    );
  });
});
