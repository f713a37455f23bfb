/**
 * Who makes a webhook attempt, against DynamoDB Local and a real receiver: a delivery is born held by the
 * sender that made it, so the retry sweep running at that very moment leaves it alone (it used to take it,
 * and the partner's ping was answered `pending`); a sweep still takes a delivery whose sender died; a
 * partner's retry of an open delivery a sweep holds does not send it twice.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '../../functions/domain/webhooks/webhook-endpoint.js';
import type { WebhookEvent } from '../../functions/domain/webhooks/webhook-event.js';
import type { DynamoWebhookStore } from '../../functions/stores/dynamo-webhooks.js';
import type { WebhookDeps } from '../../functions/webhooks/webhook-deps.js';
import { freshTables } from '../support/dynamo.js';

type Dispatch = typeof import('../../functions/webhooks/dispatch-event.js');

let dispatch: Dispatch;
let deliverDue: typeof import('../../functions/webhooks/deliver-due.js').deliverDue;
let store: DynamoWebhookStore;
let server: Server;
let url = '';
const received: string[] = [];

beforeAll(async () => {
  await freshTables();
  dispatch = await import('../../functions/webhooks/dispatch-event.js');
  ({ deliverDue } = await import('../../functions/webhooks/deliver-due.js'));
  const { DynamoWebhookStore } = await import('../../functions/stores/dynamo-webhooks.js');
  store = new DynamoWebhookStore();
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push(JSON.parse(body).id);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

/** Real store and real signed POST; `store` may be wrapped to run a sweep at a chosen moment. */
async function depsWith(overrides: Partial<WebhookDeps> = {}): Promise<WebhookDeps> {
  const { postSigned } = await import('../../functions/webhooks/signed-post.js');
  return {
    store,
    post: (to, headers, body) => postSigned(to, headers, body, { timeoutMs: 5_000, policy: 'local' }),
    now: () => new Date(),
    retryScheduleMs: [60_000],
    disableAfterMs: 3_600_000,
    urlPolicy: 'local',
    ...overrides,
  };
}

async function newEndpoint(tenant: string): Promise<WebhookEndpoint> {
  const at = new Date().toISOString();
  const endpoint: WebhookEndpoint = {
    tenant,
    endpointId: `we_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
    url,
    events: ['booking.confirmed'],
    enabled: true,
    secret: `whsec_${Buffer.from(randomUUID()).toString('base64')}`,
    createdAt: at,
    updatedAt: at,
  };
  await store.createEndpoint(endpoint);
  return endpoint;
}

function eventFor(tenant: string): WebhookEvent {
  const createdAt = new Date().toISOString();
  return { id: `msg_${randomUUID()}`, type: 'booking.confirmed', createdAt, tenant, data: { bookingId: `BK-${randomUUID().slice(0, 8)}` } };
}

const sentCount = (eventId: string) => received.filter((id) => id === eventId).length;

describe('webhook delivery claims', () => {
  it('a new delivery is its sender’s: a sweep at the moment it is written does not take the attempt', async () => {
    const tenant = `t-${randomUUID().slice(0, 8)}`;
    const endpoint = await newEndpoint(tenant);
    const event = eventFor(tenant);
    let swept: { attempted: number } | undefined;
    const plain = await depsWith();
    // The sweep runs right after the delivery is written and before its sender goes on, as the local host's
    // 50 ms sweep sometimes did.
    const racing: WebhookDeps = {
      ...plain,
      store: Object.assign(Object.create(store) as DynamoWebhookStore, {
        createDelivery: async (delivery: WebhookDelivery) => {
          const created = await store.createDelivery(delivery);
          swept = await deliverDue(tenant, plain);
          return created;
        },
      }),
    };
    const made = await dispatch.createAndAttempt(dispatch.newDelivery(event, 'BK-1', endpoint, new Date()), racing);
    expect(swept).toEqual({ attempted: 0 });
    expect(made).toMatchObject({ status: 'delivered', attempts: 1, lastResponseCode: 200 });
    expect(sentCount(event.id)).toBe(1);
    // Written twice (a stream record handed over again): no second delivery, no second send.
    expect(await dispatch.createAndAttempt(dispatch.newDelivery(event, 'BK-1', endpoint, new Date()), plain)).toBeUndefined();
    expect(sentCount(event.id)).toBe(1);
  });

  it('a delivery whose sender died is taken by the sweep once its hold has passed', async () => {
    const tenant = `t-${randomUUID().slice(0, 8)}`;
    const endpoint = await newEndpoint(tenant);
    const event = eventFor(tenant);
    // The sender wrote it held and died before it posted.
    const dying = await depsWith({
      post: async () => {
        throw new Error('the sender died');
      },
    });
    await expect(dispatch.createAndAttempt(dispatch.newDelivery(event, 'BK-2', endpoint, new Date()), dying)).rejects.toThrow('died');
    expect(await deliverDue(tenant, await depsWith())).toEqual({ attempted: 0 });
    const later = await depsWith({ now: () => new Date(Date.now() + 61_000) });
    expect(await deliverDue(tenant, later)).toEqual({ attempted: 1 });
    expect(sentCount(event.id)).toBe(1);
  });

  it('a partner’s retry of an open delivery that a sweep holds makes no second attempt', async () => {
    const tenant = `t-${randomUUID().slice(0, 8)}`;
    const endpoint = await newEndpoint(tenant);
    const event = eventFor(tenant);
    const delivery = dispatch.newDelivery(event, 'BK-3', endpoint, new Date());
    await store.createDelivery(delivery);
    // The partner read it due; a sweep claimed it in between.
    expect(await store.claim(delivery, new Date(Date.now() + 60_000).toISOString())).toBe(true);
    expect(await dispatch.attemptNow(delivery, await depsWith())).toBeUndefined();
    expect(sentCount(event.id)).toBe(0);
  });

  it('a partner’s retry of a dead delivery makes one attempt, held against the sweep', async () => {
    const tenant = `t-${randomUUID().slice(0, 8)}`;
    const endpoint = await newEndpoint(tenant);
    const event = eventFor(tenant);
    const { nextAttemptAt: _due, ...open } = dispatch.newDelivery(event, 'BK-4', endpoint, new Date());
    const dead = await store.saveDelivery({ ...open, status: 'dead', attempts: 2, lastError: 'HTTP 500' });
    const plain = await depsWith();
    let swept: { attempted: number } | undefined;
    const racing: WebhookDeps = {
      ...plain,
      post: async (to, headers, body) => {
        swept = await deliverDue(tenant, plain);
        return plain.post(to, headers, body);
      },
    };
    expect(await dispatch.attemptNow(dead, racing)).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(swept).toEqual({ attempted: 0 });
    expect(sentCount(event.id)).toBe(1);
  });
});
