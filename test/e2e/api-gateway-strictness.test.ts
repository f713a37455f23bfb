/**
 * The local gateway and function runner are as strict as API Gateway (REST, Lambda proxy) and Lambda, with
 * the settings the stack deploys (the synthesized template's in bundle mode): what would fail on AWS fails
 * here first. Each case names the AWS document that states the behaviour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { HANDLER_GROUPS, type HandlerGroup } from '../../functions/shared/routes.js';
import type { ApiHandler } from '../../functions/shared/http-handler.js';
import { LIMITS } from '../../functions/shared/limits.js';
import { apiModelFromSources } from '../../local/api-gateway-model.js';
import { startLocalGateway, type LocalGateway } from '../../local/gateway.js';
import type { LocalHost } from '../../local/host.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { startTestHost } from '../support/local-host.js';

/** Every handler group served by one handler, for a gateway under test. */
const allGroups = (handler: ApiHandler) =>
  Object.fromEntries(HANDLER_GROUPS.map((group) => [group, handler])) as Record<HandlerGroup, ApiHandler>;

let host: LocalHost;
let journey: Journey;
beforeAll(async () => {
  host = await startTestHost();
  journey = await startJourney(host);
}, 120_000);
afterAll(() => host?.stop());

describe('binary answers (AWS "Binary media types for REST APIs in API Gateway")', () => {
  it('serve the voucher as PDF bytes to a client that sends Accept: */* (curl, HTTP libraries) or a browser list', async () => {
    const { body: booked } = await journey.book(journey.rateOf('hotelbeds'));
    for (const accept of ['*/*', 'text/html;q=0.5,application/xhtml+xml;q=0.4,*/*;q=0.1,application/pdf']) {
      const voucher = await journey.call(`/v1/hotels/bookings/${booked.bookingId}/voucher`, 'demo', { headers: { Accept: accept } });
      expect(voucher.status, accept).toBe(200);
      const bytes = Buffer.from(await voucher.arrayBuffer());
      expect(bytes.subarray(0, 5).toString(), accept).toBe('%PDF-');
    }
  });
});

describe('headers API Gateway remaps (AWS "Amazon API Gateway important notes", REST APIs)', () => {
  it("passes a function's WWW-Authenticate on as x-amzn-Remapped-WWW-Authenticate, as API Gateway does", async () => {
    const response = await fetch(`${host.url}/v1/oauth/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('demo-client:wrong').toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBeNull();
    expect(response.headers.get('x-amzn-remapped-www-authenticate')).toBe('Basic realm="hotel-api"');
  });

  it("keeps the challenge of API Gateway's own 401 (a gateway response header) as WWW-Authenticate", async () => {
    const response = await fetch(`${host.url}/v1/hotels/bookings`, { headers: { 'X-Service-Tenant': 'demo' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });
});

describe('request bodies (AWS "Amazon API Gateway quotas", Lambda "Invoke", AWS WAF body inspection)', () => {
  const jsonOfSize = (size: number) => {
    const bytes = Buffer.alloc(size, 'a');
    bytes.write('{"a":"', 0);
    bytes.write('"}', size - 2);
    return new Uint8Array(bytes);
  };
  const post = (size: number) =>
    fetch(`${host.url}/v1/oauth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: jsonOfSize(size) });

  it('refuses a body over the API limit with 413 before any function runs, where Lambda would refuse a 6 MB event as 500', async () => {
    for (const size of [LIMITS.maxRequestBodyBytes + 1, 7 * 1024 * 1024]) {
      const response = await post(size);
      expect(response.status, String(size)).toBe(413);
      expect(((await response.json()) as { type: string }).type).toMatch(/payload-too-large$/);
    }
  });

  it('reads a body at the limit', async () => {
    const response = await post(LIMITS.maxRequestBodyBytes);
    expect(response.status).toBe(400);
  });

  it("answers a body over API Gateway's own 10 MB with its REQUEST_TOO_LARGE problem where no web ACL stands in front", async () => {
    const { firewallBodyLimit: _none, ...withoutFirewall } = apiModelFromSources();
    const gateway = await startLocalGateway({
      groups: allGroups(async () => ({ statusCode: 200, body: '' })),
      authorizer: async () => {
        throw new Error('Unauthorized');
      },
      model: withoutFirewall,
    });
    try {
      const response = await fetch(`${gateway.url}/v1/oauth/token`, { method: 'POST', body: jsonOfSize(LIMITS.maxPayloadBytes + 1) });
      expect(response.status).toBe(413);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(await response.json()).toMatchObject({ status: 413, instance: response.headers.get('x-request-id') });
    } finally {
      await gateway.close();
    }
  });
});

describe('timeouts (AWS "Amazon API Gateway quotas": 29 s integration timeout; Lambda "Configure function timeout")', () => {
  let gateway: LocalGateway;
  const slow: ApiHandler = (_event, context) =>
    new Promise<APIGatewayProxyResult>((resolve) =>
      setTimeout(() => resolve({ statusCode: 200, body: '{}' }), context.getRemainingTimeInMillis() + 1_000),
    );
  beforeAll(async () => {
    // The gateway of the host under test, with one slow function and the integration timeout shortened.
    gateway = await startLocalGateway({
      groups: allGroups(slow),
      authorizer: async () => {
        throw new Error('Unauthorized');
      },
      integrationTimeoutMs: 300,
      functionTimeoutMs: { auth: 150 },
    });
  });
  afterAll(() => gateway?.close());

  it('answers an integration past its timeout with 504 gateway-timeout, never 500', async () => {
    const response = await fetch(`${gateway.url}/openapi.json`);
    expect(response.status).toBe(504);
    const body = (await response.json()) as { type: string; instance: string };
    expect(body.type).toMatch(/gateway-timeout$/);
    expect(body.instance).toBe(response.headers.get('x-request-id'));
  });

  it("answers a function stopped at its own timeout as a function error, 502 (AWS 'Handling Lambda errors with an API Gateway API')", async () => {
    const response = await fetch(`${gateway.url}/.well-known/jwks.json`);
    expect(response.status).toBe(502);
  });
});
