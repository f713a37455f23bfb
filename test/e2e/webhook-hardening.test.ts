/**
 * Webhook hardening over HTTP against the local host (which runs the local URL policy): the URLs that
 * must never receive webhooks are refused with a 400 naming `url` (when registered and when changed); a
 * receiver that drips its answer a byte at a time is cut at the attempt's deadline; an attempt's error
 * names no address; a rotated secret signs for 24 hours beside the old one, and the `standardwebhooks`
 * library verifies each delivery under either secret.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_TIMEOUT_MS } from '../../functions/webhooks/webhook-delivery-config.js';
import type { LocalHost } from '../../local/host.js';
import { startTestHost, tokenFor } from '../support/local-host.js';

/** The attempt deadline here: shorter than production's 10 s so the test is quick; the rule is the same. */
const DEADLINE_MS = 2_000;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let host: LocalHost;
const tokens: Record<string, string> = {};
let server: Server;
let receiverUrl = '';
const received: Received[] = [];
const drips: { path: string; bytesSent: number; closedEarly: boolean; openedAt: number; closedAt?: number }[] = [];

function drip(response: ServerResponse, path: string, inHeaders: boolean): void {
  const record = { path, bytesSent: 0, closedEarly: false, openedAt: Date.now() } as (typeof drips)[number];
  drips.push(record);
  // Headers sent at once (or never: headers dripped), then one byte every 200 ms for a minute.
  if (!inHeaders) response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '300' });
  else response.socket?.write('HTTP/1.1 200 OK\r\n');
  const timer = setInterval(() => {
    if (record.bytesSent >= 300) return clearInterval(timer);
    record.bytesSent++;
    if (inHeaders) response.socket?.write('X');
    else response.write('x');
  }, 200);
  response.socket?.on('close', () => {
    clearInterval(timer);
    record.closedAt = Date.now();
    record.closedEarly = record.bytesSent < 300;
  });
}

beforeAll(async () => {
  process.env.WEBHOOK_TIMEOUT_MS = String(DEADLINE_MS);
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body });
      if (path.startsWith('/drip-body')) return drip(response, path, false);
      if (path.startsWith('/drip-headers')) return drip(response, path, true);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  host = await startTestHost();
  for (const tenant of ['demo', 'acme']) tokens[tenant] = await tokenFor(host, tenant);
}, 120_000);
afterAll(async () => {
  await host?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  delete process.env.WEBHOOK_TIMEOUT_MS;
});

function call(path: string, tenant: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${tokens[tenant]}`);
  headers.set('X-Service-Tenant', tenant);
  if (init.body) headers.set('Content-Type', 'application/json');
  return fetch(`${host.url}${path}`, { ...init, headers });
}

async function api(path: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const response = await call(path, 'demo', init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function register(path: string): Promise<{ endpointId: string; secret: string }> {
  // An event nothing in this file causes: only pings reach these endpoints.
  const created = await api('/v1/webhook-endpoints', {
    method: 'POST',
    body: JSON.stringify({ url: `${receiverUrl}${path}`, events: ['wallet.refunded'] }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

describe('webhook URL policy', () => {
  const refused = [
    'https://LOCALHOST./',
    'https://x.execute-api.eu-west-1.amazonaws.com./',
    'https://x.execute-api.eu-west-1.amazonaws.com/api/v1',
    'https://abc123.lambda-url.eu-west-1.on.aws/',
    'https://anything.on.aws/hooks',
    'https://partner.example.com:8443/hooks',
    'https://partner.example.com:80/hooks',
    'http://partner.example.com/hooks',
    'https://partner.example.com./hooks',
    'https://10.0.0.1/hooks',
    'https://169.254.169.254/latest/meta-data',
    'https://[fd00::1]/hooks',
    'https://db.internal/hooks',
    'ftp://partner.example.com/hooks',
  ];

  it.each(refused)('refuses %s with a 400 naming url, when registered and when changed', async (url) => {
    const created = await api('/v1/webhook-endpoints', { method: 'POST', body: JSON.stringify({ url, events: ['wallet.refunded'] }) });
    expect(created.status).toBe(400);
    expect(created.body.errors.map((e: { path: string }) => e.path)).toEqual(['url']);
  });

  it("refuses this API's own host, and every listed URL in a change too", async () => {
    const own = await api('/v1/webhook-endpoints', {
      method: 'POST',
      body: JSON.stringify({ url: `${host.url}/v1/oauth/token`, events: ['wallet.refunded'] }),
    });
    expect(own.status).toBe(400);
    expect(own.body.errors).toEqual([{ path: 'url', message: 'must not be this API' }]);

    const { endpointId } = await register('/policy-change');
    for (const url of refused) {
      const changed = await api(`/v1/webhook-endpoints/${endpointId}`, { method: 'PATCH', body: JSON.stringify({ url }) });
      expect(changed.status, url).toBe(400);
      expect(
        changed.body.errors.map((e: { path: string }) => e.path),
        url,
      ).toEqual(['url']);
    }
  });
});

describe('delivery attempts', () => {
  it.each(['/drip-body', '/drip-headers'])('are cut at the deadline when the receiver drips (%s)', async (path) => {
    const { endpointId } = await register(path);
    const started = Date.now();
    const ping = await api(`/v1/webhook-endpoints/${endpointId}/test`, { method: 'POST' });
    const elapsed = Date.now() - started;
    expect(ping.status).toBe(200);
    expect(ping.body).toMatchObject({ status: 'retrying', attempts: 1, lastError: `no complete answer within ${DEADLINE_MS} ms` });
    const dripped = drips.find((d) => d.path === path)!;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // We hung up while the receiver was still dripping (it would have gone on for a minute).
    expect(dripped.closedEarly).toBe(true);
    console.log(
      `[webhook deadline] ${path}: attempt ended after ${elapsed} ms (deadline ${DEADLINE_MS} ms, production ${ATTEMPT_TIMEOUT_MS} ms); receiver had dripped ${dripped.bytesSent} bytes`,
    );
  });

  it('name no address in lastError', async () => {
    // A port nobody listens on: node's own message would read "connect ECONNREFUSED 127.0.0.1:<port>".
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const created = await api('/v1/webhook-endpoints', {
      method: 'POST',
      body: JSON.stringify({ url: `http://localhost:${port}/gone`, events: ['wallet.refunded'] }),
    });
    const ping = await api(`/v1/webhook-endpoints/${created.body.endpointId}/test`, { method: 'POST' });
    expect(ping.body.lastError).toBe('the connection was refused');
    const deliveries = await api(`/v1/webhook-endpoints/${created.body.endpointId}/deliveries`);
    for (const text of [JSON.stringify(ping.body), JSON.stringify(deliveries.body)]) {
      expect(text).not.toMatch(/127\.0\.0\.1|::1|localhost|ECONNREFUSED/);
    }
  });
});

describe('POST /v1/webhook-endpoints/{id}/rotate-secret', () => {
  it('answers a new secret once; deliveries then carry both signatures, each verified by standardwebhooks', async () => {
    const { endpointId, secret: oldSecret } = await register('/rotated');
    const rotated = await api(`/v1/webhook-endpoints/${endpointId}/rotate-secret`, { method: 'POST' });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ id: endpointId, secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/) });
    const newSecret = rotated.body.secret as string;
    expect(newSecret).not.toBe(oldSecret);
    // Shown once: no read shows either secret.
    for (const read of [await api(`/v1/webhook-endpoints/${endpointId}`), await api('/v1/webhook-endpoints')])
      expect(JSON.stringify(read.body)).not.toContain('whsec_');

    const ping = await api(`/v1/webhook-endpoints/${endpointId}/test`, { method: 'POST' });
    expect(ping.body.status).toBe('delivered');
    const delivery = received.filter((r) => r.path === '/rotated').at(-1)!;
    const signatures = String(delivery.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    const headers = {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    };
    // A receiver holding either secret verifies the delivery, as a partner's library does.
    for (const secret of [oldSecret, newSecret])
      expect(new Webhook(secret).verify(delivery.body, headers)).toMatchObject({ type: 'webhook.ping' });
    // And each signature alone belongs to one secret: the new one first.
    expect(() => new Webhook(newSecret).verify(delivery.body, { ...headers, 'webhook-signature': signatures[0]! })).not.toThrow();
    expect(() => new Webhook(oldSecret).verify(delivery.body, { ...headers, 'webhook-signature': signatures[1]! })).not.toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(delivery.body, headers)).toThrow();
  });

  it('refuses another account (404) and an unknown endpoint (404)', async () => {
    const { endpointId } = await register('/rotated-other');
    const other = await call(`/v1/webhook-endpoints/${endpointId}/rotate-secret`, 'acme', { method: 'POST' });
    expect(other.status).toBe(404);
    expect((await api('/v1/webhook-endpoints/we_00000000000000000000/rotate-secret', { method: 'POST' })).status).toBe(404);
  });
});
