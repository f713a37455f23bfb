/**
 * The token endpoint, invoked as API Gateway invokes it, against DynamoDB Local. Each test registers its
 * own client (the token window is per client), so tests do not depend on one another's requests.
 */
import type { APIGatewayProxyResult } from 'aws-lambda';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyAccessToken } from '../../functions/auth/access-token.js';
import { registerClient, setClientStatus } from '../../functions/auth/client-registry.js';
import { ensureSigningKey, forgetCachedKeys } from '../../functions/auth/signing-key.js';
import { handler } from '../../functions/auth/token.js';
import { tokenWindowAt } from '../../functions/auth/token-rate-limit.js';
import { backoffSeconds } from '../../functions/auth/token-failure-limit.js';
import { tableName } from '../../functions/shared/config.js';
import { dynamoClient } from '../../functions/shared/dynamodb.js';
import { keys } from '../../functions/shared/keys.js';
import { LIMITS } from '../../functions/shared/limits.js';
import { PROBLEM_BASE } from '../../functions/shared/problem.js';
import type { Scope } from '../../functions/shared/routes.js';
import { freshTables } from '../support/dynamo.js';
import { stubFunctionEnvironment } from '../support/function-environment.js';
import { lambdaContext, tokenRequestEvent } from '../support/auth-events.js';

await freshTables();
// The auth function's entry reads its environment as it loads.
stubFunctionEnvironment();
const { handler: authEntry } = await import('../../functions/auth/index.js');

beforeAll(async () => {
  forgetCachedKeys();
  await ensureSigningKey();
});

afterEach(() => {
  vi.useRealTimers();
});

const ALL_SCOPES: Scope[] = ['hotels.search', 'hotels.book', 'cars.search', 'cars.book'];

async function newClient(options: { tenant?: string; scopes?: Scope[] } = {}) {
  const clientId = `client-${randomUUID().slice(0, 8)}`;
  const secret = `secret-${randomUUID()}`;
  const tenant = options.tenant ?? 'demo';
  await registerClient({ tenant, clientId, secret, scopes: options.scopes ?? ALL_SCOPES });
  return { tenant, clientId, secret };
}

function credentials(client: { clientId: string; secret: string }) {
  return { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.secret };
}

async function call(event: ReturnType<typeof tokenRequestEvent>): Promise<APIGatewayProxyResult & { json: Record<string, unknown> }> {
  const res = await handler(event, lambdaContext());
  return { ...res, json: res.body ? (JSON.parse(res.body) as Record<string, unknown>) : {} };
}

function expectOAuthError(res: Awaited<ReturnType<typeof call>>, status: number, error: string): void {
  expect(res.statusCode).toBe(status);
  expect(res.json.error).toBe(error);
  expect(typeof res.json.error_description).toBe('string');
  expect(res.headers?.['Content-Type']).toMatch(/^application\/json/);
  expect(res.headers?.['Cache-Control']).toBe('no-store');
  expect(res.headers?.['X-Request-Id']).toBeTruthy();
}

/** A 429 problem, byte for byte: its headers exactly, and its body as the bytes a client parses. */
function expectRateLimited(res: Awaited<ReturnType<typeof call>>, requestId: string, retryAfter: number, detail: string): void {
  expect(res.statusCode).toBe(429);
  expect(res.headers).toEqual({ 'Content-Type': 'application/problem+json', 'X-Request-Id': requestId, 'Retry-After': String(retryAfter) });
  expect(res.body).toBe(
    JSON.stringify({
      retryAfterSeconds: retryAfter,
      type: `${PROBLEM_BASE}rate-limited`,
      title: 'Too many requests',
      status: 429,
      detail,
      instance: requestId,
    }),
  );
}

describe('POST /v1/oauth/token', () => {
  it('issues a 15-minute bearer token for client credentials in the form body', async () => {
    const client = await newClient();
    const res = await call(tokenRequestEvent(credentials(client), { requestId: 'req-token-1' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'Cache-Control': 'no-store',
      Pragma: 'no-cache',
      'X-Request-Id': 'req-token-1',
      'Content-Type': 'application/json',
    });
    expect(res.json).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 900,
      scope: 'hotels.search hotels.book cars.search cars.book',
    });
    const claims = await verifyAccessToken(res.json.access_token as string);
    expect(claims).toMatchObject({ sub: client.clientId, tenant: 'demo', scope: 'hotels.search hotels.book cars.search cars.book' });
  });

  it('accepts HTTP Basic credentials, and a base64-encoded event body', async () => {
    const client = await newClient({ tenant: 'acme' });
    const basic = await call(
      tokenRequestEvent({ grant_type: 'client_credentials' }, { basic: { clientId: client.clientId, clientSecret: client.secret } }),
    );
    expect(basic.statusCode).toBe(200);
    expect((await verifyAccessToken(basic.json.access_token as string)).tenant).toBe('acme');

    // API Gateway hands every body base64-encoded (binaryMediaTypes */*), as the event built here is.
    const encoded = tokenRequestEvent(credentials(client));
    expect(encoded.isBase64Encoded).toBe(true);
    expect(Buffer.from(encoded.body!, 'base64').toString()).toContain('grant_type=client_credentials');
    expect((await call(encoded)).statusCode).toBe(200);
  });

  it('grants the requested scopes, and refuses a scope the client does not hold or an unknown one', async () => {
    const client = await newClient({ scopes: ['hotels.search'] });
    const narrowed = await call(tokenRequestEvent({ ...credentials(client), scope: 'hotels.search' }));
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.json.scope).toBe('hotels.search');

    expectOAuthError(await call(tokenRequestEvent({ ...credentials(client), scope: 'hotels.search hotels.book' })), 400, 'invalid_scope');
    expectOAuthError(await call(tokenRequestEvent({ ...credentials(client), scope: 'admin' })), 400, 'invalid_scope');
  });

  it('answers a wrong secret and an unknown client identically with invalid_client (401)', async () => {
    const client = await newClient();
    const wrong = await call(tokenRequestEvent({ ...credentials(client), client_secret: 'guess' }));
    const unknown = await call(tokenRequestEvent({ ...credentials(client), client_id: 'nobody-here' }));
    const malformedId = await call(tokenRequestEvent({ ...credentials(client), client_id: 'no#such/client' }));
    for (const res of [wrong, unknown, malformedId]) {
      expectOAuthError(res, 401, 'invalid_client');
      expect(res.headers?.['WWW-Authenticate']).toBe('Basic realm="hotel-api"');
    }
    expect(unknown.body).toBe(wrong.body);
    expect(malformedId.body).toBe(wrong.body);
  });

  it('challenges a failed HTTP Basic authentication with WWW-Authenticate: Basic', async () => {
    const client = await newClient();
    const res = await call(
      tokenRequestEvent({ grant_type: 'client_credentials' }, { basic: { clientId: client.clientId, clientSecret: 'wrong' } }),
    );
    expectOAuthError(res, 401, 'invalid_client');
    expect(res.headers?.['WWW-Authenticate']).toBe('Basic realm="hotel-api"');
  });

  it('refuses a disabled client with invalid_client, even with the right secret', async () => {
    const client = await newClient();
    await setClientStatus(client.tenant, client.clientId, 'disabled');
    expectOAuthError(await call(tokenRequestEvent(credentials(client))), 401, 'invalid_client');
    await setClientStatus(client.tenant, client.clientId, 'active');
    expect((await call(tokenRequestEvent(credentials(client)))).statusCode).toBe(200);
  });

  it('answers malformed requests with invalid_request or unsupported_grant_type (400)', async () => {
    const client = await newClient();
    const basic = { clientId: client.clientId, clientSecret: client.secret };
    // Both authentication methods at once.
    expectOAuthError(await call(tokenRequestEvent(credentials(client), { basic })), 400, 'invalid_request');
    // A repeated parameter.
    const repeated = `${new URLSearchParams(credentials(client)).toString()}&grant_type=client_credentials`;
    expectOAuthError(await call(tokenRequestEvent(repeated)), 400, 'invalid_request');
    // No grant_type, and a grant we do not offer.
    expectOAuthError(await call(tokenRequestEvent({ client_id: client.clientId, client_secret: client.secret })), 400, 'invalid_request');
    expectOAuthError(await call(tokenRequestEvent({ ...credentials(client), grant_type: 'password' })), 400, 'unsupported_grant_type');
    // No body at all.
    expectOAuthError(await call(tokenRequestEvent(null)), 400, 'invalid_request');
  });

  it('answers a body that is not a form with invalid_request, not a 415 problem', async () => {
    const client = await newClient();
    const json = tokenRequestEvent(JSON.stringify(credentials(client)), { headers: { 'Content-Type': 'application/json' } });
    expectOAuthError(await call(json), 400, 'invalid_request');
    const noType = tokenRequestEvent(credentials(client));
    delete noType.headers['Content-Type'];
    expectOAuthError(await call(noType), 400, 'invalid_request');
  });

  it('is what the auth Lambda entry dispatches POST /v1/oauth/token to', async () => {
    const client = await newClient();
    const res = await authEntry(tokenRequestEvent(credentials(client)), lambdaContext());
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
  });

  it('answers a request without client credentials with invalid_client', async () => {
    expectOAuthError(await call(tokenRequestEvent({ grant_type: 'client_credentials' })), 401, 'invalid_client');
  });
});

describe('token request rate limit', () => {
  /** Pins the clock a few seconds into a window, so the test's requests cannot straddle two windows. */
  function pinClockIntoWindow(secondsIn: number): number {
    const { windowStart } = tokenWindowAt(new Date());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((windowStart + secondsIn) * 1000);
    return windowStart;
  }

  it(`allows ${LIMITS.tokenRequests.perWindow} requests per client per window, then 429 with Retry-After to the window's end`, async () => {
    const limited = await newClient();
    const neighbour = await newClient();
    const windowStart = pinClockIntoWindow(15);

    for (let i = 0; i < LIMITS.tokenRequests.perWindow; i++) {
      expect((await call(tokenRequestEvent(credentials(limited)))).statusCode, `request ${i + 1}`).toBe(200);
    }
    const refused = await call(tokenRequestEvent(credentials(limited), { requestId: 'req-429' }));
    const secondsLeft = LIMITS.tokenRequests.windowSeconds - 15;
    expectRateLimited(
      refused,
      'req-429',
      secondsLeft,
      `At most ${LIMITS.tokenRequests.perWindow} token requests per ${LIMITS.tokenRequests.windowSeconds} seconds per client; retry after ${secondsLeft} seconds`,
    );

    // Another client of the same tenant is not affected.
    expect((await call(tokenRequestEvent(credentials(neighbour)))).statusCode).toBe(200);

    // The counter stays at the limit however often the client retries, and expires after its window.
    await call(tokenRequestEvent(credentials(limited)));
    const { Item } = await dynamoClient().send(
      new GetCommand({ TableName: tableName('rateLimits'), Key: keys.tokenWindow(limited.tenant, limited.clientId, windowStart) }),
    );
    expect(Item?.count).toBe(LIMITS.tokenRequests.perWindow);
    expect(Item?.expiresAt).toBeGreaterThan(windowStart + LIMITS.tokenRequests.windowSeconds);

    // The next window starts afresh.
    vi.setSystemTime((windowStart + LIMITS.tokenRequests.windowSeconds + 1) * 1000);
    expect((await call(tokenRequestEvent(credentials(limited)))).statusCode).toBe(200);
  });

  it('counts only granted requests: wrong secrets never spend the window of good ones', async () => {
    const client = await newClient();
    pinClockIntoWindow(5);
    for (let i = 0; i < LIMITS.tokenRequests.perWindow; i++) {
      const res = await call(
        fromAddress(tokenRequestEvent({ ...credentials(client), client_secret: `guess-${i}` }), `198.51.100.${i + 1}`),
      );
      expect(res.statusCode).toBe(401);
    }
    for (let i = 0; i < LIMITS.tokenRequests.perWindow; i++) {
      expect((await call(tokenRequestEvent(credentials(client)))).statusCode, `good request ${i + 1}`).toBe(200);
    }
  });
});

/** The same event as if sent from another address (API Gateway's requestContext.identity.sourceIp). */
function fromAddress(event: ReturnType<typeof tokenRequestEvent>, sourceIp: string): ReturnType<typeof tokenRequestEvent> {
  event.requestContext.identity.sourceIp = sourceIp;
  return event;
}

describe('wrong secrets', () => {
  const policy = LIMITS.tokenFailures;

  it(`blocks an address after ${policy.perClientAddress} wrong secrets for a client, with a wait that doubles, before trying its secret`, async () => {
    const client = await newClient();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const guess = (n: number) =>
      call(fromAddress(tokenRequestEvent({ ...credentials(client), client_secret: `guess-${n}` }), '192.0.2.10'));
    for (let i = 0; i < policy.perClientAddress; i++) expectOAuthError(await guess(i), 401, 'invalid_client');
    const blocked = await call(
      fromAddress(tokenRequestEvent({ ...credentials(client), client_secret: 'guess-99' }, { requestId: 'req-blocked' }), '192.0.2.10'),
    );
    expectRateLimited(
      blocked,
      'req-blocked',
      backoffSeconds(1),
      `Too many failed token requests from this address; retry after ${backoffSeconds(1)} seconds`,
    );
    // The right secret from the blocked address waits too: the address cannot tell which guess is right.
    expect((await call(fromAddress(tokenRequestEvent(credentials(client)), '192.0.2.10'))).statusCode).toBe(429);
    // After the wait one more guess is tried, and the next wait is twice as long.
    vi.setSystemTime(start + backoffSeconds(1) * 1000 + 1000);
    expectOAuthError(await guess(100), 401, 'invalid_client');
    expect((await guess(101)).headers?.['Retry-After']).toBe(String(backoffSeconds(2)));
    // Meanwhile the holder, from its own address, is never held up.
    expect((await call(tokenRequestEvent(credentials(client)))).statusCode).toBe(200);
  });

  it(`blocks an address guessing at many client ids after ${policy.perAddress} failures, unknown ids included, but not for a client it proved`, async () => {
    const address = '192.0.2.20';
    // A client whose holder sits behind the same address (a shared NAT) and got a token from it before.
    const neighbour = await newClient();
    expect((await call(fromAddress(tokenRequestEvent(credentials(neighbour)), address))).statusCode).toBe(200);
    for (let i = 0; i < policy.perAddress; i++) {
      const target = i % 2 === 0 ? await newClient() : { clientId: `nobody-${i}`, secret: 'x' };
      expectOAuthError(
        await call(fromAddress(tokenRequestEvent({ ...credentials(target), client_secret: 'guess' }), address)),
        401,
        'invalid_client',
      );
    }
    const fresh = await newClient();
    expect((await call(fromAddress(tokenRequestEvent({ ...credentials(fresh), client_secret: 'guess' }), address))).statusCode).toBe(429);
    expect(
      (
        await call(
          fromAddress(tokenRequestEvent({ grant_type: 'client_credentials', client_id: 'nobody-else', client_secret: 'x' }), address),
        )
      ).statusCode,
    ).toBe(429);
    // The neighbour proved its secret from there, so the address's count across clients does not hold it.
    expect((await call(fromAddress(tokenRequestEvent(credentials(neighbour)), address))).statusCode).toBe(200);
  });

  it('a flood of wrong secrets from many addresses never stops the holder, and is itself refused', async () => {
    const client = await newClient();
    const addresses = Array.from({ length: 40 }, (_, i) => `10.${Math.floor(i / 200)}.${i % 200}.1`);
    const perAddress = 12;
    // Round after round over every address, as a distributed attacker spreads its guesses.
    const flood = Array.from({ length: perAddress }, (_, n) => addresses.map((address) => ({ address, n }))).flat();
    let floodRefused = 0;
    let floodTried = 0;
    let floodGranted = 0;
    const real = { ok: 0, calls: 0 };

    // Eight attackers at once, each walking the flood; the holder asks for a token every 100 ms meanwhile.
    let next = 0;
    const attackers = Array.from({ length: 8 }, async () => {
      while (next < flood.length) {
        const { address, n } = flood[next++]!;
        const res = await call(fromAddress(tokenRequestEvent({ ...credentials(client), client_secret: `guess-${address}-${n}` }), address));
        if (res.statusCode === 429) floodRefused++;
        else if (res.statusCode === 401) floodTried++;
        else floodGranted++;
      }
    });
    const holder = (async () => {
      for (let i = 0; i < LIMITS.tokenRequests.perWindow; i++) {
        const res = await call(fromAddress(tokenRequestEvent(credentials(client)), '203.0.113.200'));
        real.calls++;
        if (res.statusCode === 200) real.ok++;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    await Promise.all([...attackers, holder]);

    const successRate = (100 * real.ok) / real.calls;
    const refusedShare = (100 * floodRefused) / flood.length;
    console.log(
      `[token lockout] holder: ${real.ok}/${real.calls} tokens (${successRate.toFixed(1)}%); flood: ${flood.length} wrong secrets from ${addresses.length} addresses, ` +
        `${floodRefused} refused before the secret was tried (${refusedShare.toFixed(1)}%), ${floodTried} tried and answered 401, ${floodGranted} granted`,
    );
    expect(real.ok).toBe(real.calls);
    expect(floodGranted).toBe(0);
    // Once the client is flooded each address gets one guess, then waits (a wait longer than this test,
    // after its second); so most of the flood is refused untried.
    expect(floodRefused).toBe(flood.length - floodTried);
    expect(floodRefused).toBeGreaterThan(flood.length / 2);
  });
});

describe('backoffSeconds', () => {
  it('doubles from the base up to the cap', () => {
    const { baseBackoffSeconds, maxBackoffSeconds } = LIMITS.tokenFailures;
    expect([0, 1, 2, 3].map((n) => backoffSeconds(n))).toEqual([0, baseBackoffSeconds, 2 * baseBackoffSeconds, 4 * baseBackoffSeconds]);
    expect(backoffSeconds(1000)).toBe(maxBackoffSeconds);
  });
});
