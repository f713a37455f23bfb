/**
 * Webhooks end to end: endpoints registered through the API, a booking whose supplier times out (and whose
 * lookup by our reference fails, so it stays pending), its events carried from the outbox by DynamoDB
 * Local's stream to a real HTTP receiver on this machine, each signature verified with the
 * `standardwebhooks` library as a partner would; a failing receiver seen through the retries to the dead
 * letter, the endpoint disabled, then enabled and the delivery retried by the partner.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HotelApiClient } from '../../client/hotel-api-client.js';
import type { FlowInvocation } from '../../functions/booking/flow/flow-handler.js';
import { SupplierError } from '../../functions/suppliers/supplier-error.js';
import type { LocalHost } from '../../local/host.js';
import { DEMO_WALLET_ID } from '../../local/seed.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { startTestHost } from '../support/local-host.js';

const LOOKUP_FAILS = 'HOOK-LOOKUP-FAILS';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A partner's receiver: records every request, answers each path with the status set for it (200 by default). */
class Receiver {
  readonly received: Received[] = [];
  readonly statusOf = new Map<string, number>();
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        this.received.push({ path: request.url ?? '', headers: request.headers, body });
        response.writeHead(this.statusOf.get(request.url ?? '') ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async until(predicate: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50)))
      if (predicate()) return;
    throw new Error(
      `waited ${timeoutMs} ms for ${what}; received ${JSON.stringify(this.received.map((r) => [r.path, JSON.parse(r.body || '{}').type]))}`,
    );
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let host: LocalHost;
let journey: Journey;
const receiver = new Receiver();

beforeAll(async () => {
  process.env.SUPPLIER_BOOK_TIMEOUT_MS = '1500';
  process.env.WEBHOOK_RETRY_SCHEDULE_MS = '300,600';
  // Failing for longer than this disables an endpoint: after the third attempt (at 900 ms), never after the second (300 ms).
  process.env.WEBHOOK_DISABLE_AFTER_MS = '800';
  await receiver.start();
  host = await startTestHost({
    webhookSweepIntervalMs: 50,
    interceptFlowStep: async (invocation: FlowInvocation, run) => {
      if (invocation.step === 'ReconcileBooking' && (invocation.input?.request?.clientReference ?? '').startsWith(LOOKUP_FAILS)) {
        throw new SupplierError('unavailable', 'hotelbeds', 'connection refused');
      }
      return run();
    },
  });
  journey = await startJourney(host);
}, 120_000);
afterAll(async () => {
  await host?.stop();
  await receiver.stop();
});

async function api(path: string, init: RequestInit & { tenant?: string } = {}): Promise<{ status: number; body: any }> {
  const response = await journey.call(path, init.tenant ?? 'demo', init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function register(path: string, events: string[]): Promise<{ endpointId: string; secret: string }> {
  const created = await api('/v1/webhook-endpoints', {
    method: 'POST',
    body: JSON.stringify({ url: `${receiver.url}${path}`, events, description: `e2e ${path}` }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const eventsAt = (path: string) =>
  receiver
    .at(path)
    .map((r) => JSON.parse(r.body) as { id: string; type: string; tenant: string; createdAt: string; data: Record<string, any> });

describe('webhook endpoints', () => {
  it('are created with a secret shown once, listed, read, changed and deleted; another account sees none', async () => {
    const created = await register(`/crud-${randomUUID().slice(0, 6)}`, ['booking.confirmed']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const read = await api(`/v1/webhook-endpoints/${created.endpointId}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ endpointId: created.endpointId, events: ['booking.confirmed'], enabled: true });
    expect(JSON.stringify(read.body)).not.toContain('whsec_');
    expect((await api('/v1/webhook-endpoints')).body.endpoints.map((e: { endpointId: string }) => e.endpointId)).toContain(
      created.endpointId,
    );

    const patched = await api(`/v1/webhook-endpoints/${created.endpointId}`, {
      method: 'PATCH',
      body: JSON.stringify({ events: ['booking.confirmed', 'booking.cancelled'], enabled: false }),
    });
    expect(patched.body).toMatchObject({
      events: ['booking.confirmed', 'booking.cancelled'],
      enabled: false,
      disabledReason: 'disabled by the partner',
    });

    expect((await api(`/v1/webhook-endpoints/${created.endpointId}`, { tenant: 'acme' })).status).toBe(404);
    expect((await api(`/v1/webhook-endpoints/${created.endpointId}`, { tenant: 'acme', method: 'DELETE' })).status).toBe(404);
    expect((await api(`/v1/webhook-endpoints/${created.endpointId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/v1/webhook-endpoints/${created.endpointId}`)).status).toBe(404);
  });

  it('refuses what cannot be an endpoint, naming the field', async () => {
    const bad = async (body: unknown) =>
      (await api('/v1/webhook-endpoints', { method: 'POST', body: JSON.stringify(body) })).body.errors?.[0]?.path;
    expect(await bad({ url: 'ftp://example.com/x', events: ['booking.confirmed'] })).toBe('url');
    expect(await bad({ url: `${receiver.url}/x`, events: ['booking.exploded'] })).toBe('events[0]');
    expect(await bad({ url: `${receiver.url}/x`, events: [] })).toBe('events');
    expect(await bad({ url: `${receiver.url}/x`, events: ['booking.confirmed', 'booking.confirmed'] })).toBe('events');
  });

  it('sends a signed ping on request', async () => {
    const path = `/ping-${randomUUID().slice(0, 6)}`;
    const { endpointId, secret } = await register(path, ['booking.confirmed']);
    const ping = await api(`/v1/webhook-endpoints/${endpointId}/test`, { method: 'POST' });
    expect(ping.status).toBe(200);
    expect(ping.body).toMatchObject({ eventType: 'webhook.ping', status: 'delivered', attempts: 1, lastResponseCode: 200 });
    const [request] = receiver.at(path);
    expect(new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>)).toMatchObject({
      type: 'webhook.ping',
      tenant: 'demo',
      data: { endpointId },
    });
  });
  it('are managed through the typed client, which iterates the deliveries page by page', async () => {
    const client = new HotelApiClient({ baseUrl: host.url, clientId: 'demo-client', clientSecret: 'demo-secret', tenant: 'demo' });
    const path = `/client-${randomUUID().slice(0, 6)}`;
    const created = await client.createWebhookEndpoint({ url: `${receiver.url}${path}`, events: ['booking.cancelled'] });
    for (let i = 0; i < 3; i++) expect((await client.testWebhookEndpoint(created.endpointId)).status).toBe('delivered');
    const deliveries = [];
    for await (const delivery of client.allWebhookDeliveries(created.endpointId, { limit: 2 })) deliveries.push(delivery);
    expect(deliveries).toHaveLength(3);
    expect(deliveries.map((d) => d.createdAt)).toEqual([...deliveries.map((d) => d.createdAt)].sort().reverse());
    expect((await client.updateWebhookEndpoint(created.endpointId, { description: 'renamed' })).description).toBe('renamed');
    await client.deleteWebhookEndpoint(created.endpointId);
    expect((await client.listWebhookEndpoints()).map((e) => e.endpointId)).not.toContain(created.endpointId);
  });
});

describe('booking events', () => {
  it('delivers booking.pending and then booking.confirmed for a booking settled later, each signed', async () => {
    const path = `/bookings-${randomUUID().slice(0, 6)}`;
    const { secret } = await register(path, ['booking.pending', 'booking.confirmed', 'booking.cancelled']);
    const rate = journey.rateOf('hotelbeds', (r) => r.refundable);
    const { response, body } = await journey.book(rate, {
      scenario: 'book-timeout',
      body: journey.bookingBody(rate, { clientReference: `${LOOKUP_FAILS}-${randomUUID().slice(0, 6)}` }),
    });
    expect(response.status, JSON.stringify(body)).toBe(202);
    const bookingId = String(body.bookingId);
    await receiver.until(
      () => eventsAt(path).some((e) => e.type === 'booking.pending' && e.data.bookingId === bookingId),
      'booking.pending',
    );

    // The partner's GET settles it with the supplier: the same booking.confirmed as a direct confirmation.
    const settled = await api(`/v1/hotels/bookings/${bookingId}`);
    expect(settled.body.status).toBe('confirmed');
    await receiver.until(
      () => eventsAt(path).some((e) => e.type === 'booking.confirmed' && e.data.bookingId === bookingId),
      'booking.confirmed',
    );

    const cancelled = await api(`/v1/hotels/bookings/${bookingId}/cancel`, {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(cancelled.status).toBe(200);
    await receiver.until(
      () => eventsAt(path).some((e) => e.type === 'booking.cancelled' && e.data.bookingId === bookingId),
      'booking.cancelled',
    );

    // This booking's events (the endpoint also hears of other tests' bookings), in the order they happened.
    const requests = receiver.at(path).filter((r) => JSON.parse(r.body).data.bookingId === bookingId);
    const ofThisBooking = eventsAt(path).filter((e) => e.data.bookingId === bookingId);
    expect(ofThisBooking.map((e) => e.type)).toEqual(['booking.pending', 'booking.confirmed', 'booking.cancelled']);
    for (const request of requests) {
      // What a partner does: verify with the secret and the three headers, or reject.
      const verified = new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { id: string };
      expect(request.headers['webhook-id']).toBe(verified.id);
      expect(() =>
        new Webhook(secret).verify(request.body.replace('booking', 'bookinG'), request.headers as Record<string, string>),
      ).toThrow();
    }
    const [pending, confirmed, cancel] = ofThisBooking;
    expect(pending).toMatchObject({ tenant: 'demo', data: { bookingId, status: 'pending', supplierReference: null } });
    expect(confirmed).toMatchObject({
      data: { bookingId, status: 'confirmed', supplierReference: settled.body.supplierReference, priceLocked: settled.body.priceLocked },
    });
    expect(cancel).toMatchObject({ data: { bookingId, status: 'cancelled', cancellation: { penalty: cancelled.body.penalty } } });
    // The summary only: no guest or holder contact data leaves in a webhook.
    for (const event of [pending, confirmed, cancel]) expect(JSON.stringify(event)).not.toMatch(/zoe@example\.com|Ødegård|\+47/);
  }, 60_000);

  it("sends a wallet's movements for a wallet-paid booking, in order: held, then captured", async () => {
    const path = `/wallet-${randomUUID().slice(0, 6)}`;
    const { secret } = await register(path, ['wallet.held', 'wallet.captured']);
    const rate = journey.rateOf('hotelbeds');
    const { response, body } = await journey.book(rate, {
      body: journey.bookingBody(rate, { payment: { method: 'agent_wallet', walletId: DEMO_WALLET_ID } }),
    });
    expect(response.status, JSON.stringify(body)).toBe(201);
    const ofBooking = () => eventsAt(path).filter((e) => e.data.transaction?.bookingId === body.bookingId);
    await receiver.until(() => ofBooking().length === 2, 'wallet.held and wallet.captured');
    expect(ofBooking().map((e) => [e.type, e.data.transaction.type])).toEqual([
      ['wallet.held', 'hold'],
      ['wallet.captured', 'capture'],
    ]);
    expect(ofBooking()[1]!.data).toMatchObject({
      walletId: DEMO_WALLET_ID,
      currency: 'EUR',
      transaction: { amount: -(body.priceLocked as { total: number }).total },
    });
    for (const request of receiver.at(path))
      expect(() => new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
  }, 60_000);

  it('retries a failing receiver, dead-letters the delivery, disables the endpoint, and delivers when the partner retries', async () => {
    const path = `/failing-${randomUUID().slice(0, 6)}`;
    receiver.statusOf.set(path, 500);
    // booking.modified, which no other test here makes: this endpoint hears of this booking alone.
    const { endpointId } = await register(path, ['booking.modified']);
    const rate = journey.rateOf('hotelbeds');
    const { response, body } = await journey.book(rate);
    expect(response.status).toBe(201);
    const modified = await api(`/v1/hotels/bookings/${String(body.bookingId)}`, {
      method: 'PATCH',
      headers: { 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ holder: { email: 'new.address@example.com' } }),
    });
    expect(modified.status, JSON.stringify(modified.body)).toBe(200);

    // Attempts at once, after 300 ms and after 600 ms more, all answered 500. The endpoint has failed for
    // longer than 800 ms by the third (or, on a loaded machine, already by a late second): it is disabled,
    // and the delivery is dead either way, its schedule spent or its endpoint disabled.
    const list = async () => (await api(`/v1/webhook-endpoints/${endpointId}/deliveries`)).body.deliveries as Record<string, any>[];
    for (const deadline = Date.now() + 15_000; Date.now() < deadline && (await list())[0]?.status !== 'dead'; )
      await new Promise((r) => setTimeout(r, 50));
    const [delivery] = await list();
    expect(delivery).toMatchObject({ eventType: 'booking.modified', status: 'dead', lastResponseCode: 500 });
    expect(delivery!.attempts).toBeGreaterThanOrEqual(2);
    expect(delivery!.nextAttemptAt).toBeUndefined();
    expect(receiver.at(path)).toHaveLength(delivery!.attempts);
    const ids = new Set(receiver.at(path).map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1); // the same event each time: a receiver drops repeats by webhook-id
    const endpoint = (await api(`/v1/webhook-endpoints/${endpointId}`)).body;
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('every delivery failed since') });
    expect(JSON.parse(receiver.at(path)[0]!.body).data.bookingId).toBe(body.bookingId);

    // The receiver is fixed; the partner enables the endpoint and retries the dead delivery.
    receiver.statusOf.set(path, 204);
    expect(
      (await api(`/v1/webhook-endpoints/${endpointId}`, { method: 'PATCH', body: JSON.stringify({ enabled: true }) })).body,
    ).toMatchObject({ enabled: true });
    const retried = await api(`/v1/webhook-endpoints/${endpointId}/deliveries/${delivery!.deliveryId}/retry`, { method: 'POST' });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'delivered', attempts: delivery!.attempts + 1, lastResponseCode: 204 });
    expect((await api(`/v1/webhook-endpoints/${endpointId}/deliveries/${delivery!.deliveryId}/retry`, { method: 'POST' })).status).toBe(
      409,
    );
  }, 60_000);
});
