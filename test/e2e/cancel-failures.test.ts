/**
 * A cancel whose supplier misbehaves, end to end: a fault proxy (test/support/fault-proxy.ts) in the demo
 * tenant's Hotelbeds contract answers the cancel with the supplier's own refusal, an error, nothing at all,
 * an unreadable body, or its answer after the budget; and the supplier's deadline passes during a cancel, so
 * the penalty it applies is not the one quoted. For each, what the partner is answered, and the three things
 * the cancel moves: our booking record (status, history, penalties), the agent wallet that paid for it (a
 * refund only once the supplier has cancelled, less what it applied), and the partner's webhook event
 * (booking.cancelled once, or none). A cancel whose outcome stays unknown is 202 `pending`, and the
 * reconciler finishes it by asking the supplier, cancelling again while it still holds the booking.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMinor } from '../../functions/domain/money/money.js';
import { dynamoClient } from '../../functions/shared/dynamodb.js';
import { tableName } from '../../functions/shared/config.js';
import { DynamoWalletStore } from '../../functions/stores/dynamo-wallets.js';
import { putContract } from '../../functions/suppliers/contracts.js';
import type { LocalHost } from '../../local/host.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { startFaultProxy, type FaultMode, type FaultProxy } from '../support/fault-proxy.js';
import { startTestHost } from '../support/local-host.js';

const CALL_BUDGET_MS = 1_500;

let host: LocalHost;
let journey: Journey;
let proxy: FaultProxy;
let wallets: DynamoWalletStore;

beforeAll(async () => {
  process.env.SUPPLIER_CALL_TIMEOUT_MS = String(CALL_BUDGET_MS);
  host = await startTestHost();
  const hotelbeds = host.suppliers.find((s) => s.supplierId === 'hotelbeds')!;
  proxy = await startFaultProxy(hotelbeds.endpoint);
  await putContract({
    tenant: 'demo',
    supplierId: 'hotelbeds',
    adapter: hotelbeds.adapter,
    endpoint: proxy.url,
    sandbox: true,
    credentials: { ...hotelbeds.credentials },
    active: true,
  });
  journey = await startJourney(host);
  wallets = new DynamoWalletStore();
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  await host?.stop();
});

const minor = (amount: number) => parseMinor(amount.toFixed(2), 'EUR');
const isCancel = (method: string, path: string) => method === 'DELETE' && path.startsWith('/hotel-api/1.0/bookings/');

interface Booked {
  readonly bookingId: string;
  readonly walletId: string;
  readonly totalMinor: number;
}

/** A refundable Hotelbeds rate booked and paid from a wallet of its own (so its statement is this booking's alone). */
async function bookedFromWallet(): Promise<Booked> {
  const wallet = await wallets.create({ tenant: 'demo', currency: 'EUR', now: new Date() });
  await wallets.topUp('demo', wallet.walletId, 500_000, `e2e-${randomUUID()}`, new Date());
  // Refundable with a free-cancellation deadline still ahead: quoted penalty nothing, so any penalty is the supplier's.
  const rate = journey.rateOf('hotelbeds', (r) => r.refundable && r.cancellationDeadline !== undefined);
  const { response, body } = await journey.book(rate, {
    body: journey.bookingBody(rate, { payment: { method: 'agent_wallet', walletId: wallet.walletId } }),
  });
  expect(response.status, JSON.stringify(body)).toBe(201);
  await journey.untilVoucherIssued(String(body.bookingId));
  return {
    bookingId: String(body.bookingId),
    walletId: wallet.walletId,
    totalMinor: minor((body.priceLocked as { total: number }).total),
  };
}

async function cancel(
  bookingId: string,
  options: { fault?: FaultMode; scenario?: string } = {},
): Promise<{ status: number; body: Record<string, any> }> {
  if (options.fault) proxy.setFault({ matches: isCancel, mode: options.fault });
  try {
    const response = await journey.call(`/v1/hotels/bookings/${bookingId}/cancel`, 'demo', {
      method: 'POST',
      idempotencyKey: randomUUID(),
      ...(options.scenario ? { scenario: options.scenario } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  } finally {
    proxy.setFault(undefined);
  }
}

async function record(bookingId: string): Promise<Record<string, any>> {
  return (await (await journey.call(`/v1/hotels/bookings/${bookingId}`, 'demo')).json()) as Record<string, any>;
}

/** The wallet's movements, oldest first, as [type, minor units]. */
async function movements(walletId: string): Promise<[string, number][]> {
  const page = (await (await journey.call(`/v1/wallets/${walletId}/transactions?limit=100`, 'demo')).json()) as {
    transactions: { type: string; amount: number }[];
  };
  return page.transactions.map((t) => [t.type, minor(t.amount)]);
}

/** The booking's webhook events in the outbox, oldest first, with their data. */
async function webhookEvents(bookingId: string): Promise<{ type: string; data: Record<string, any> }[]> {
  const { Items = [] } = await dynamoClient().send(
    new QueryCommand({
      TableName: tableName('webhooks'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `demo#events#booking#${bookingId}` },
    }),
  );
  return Items.map((item) => item.event as { type: string; data: Record<string, any> });
}

/** What the supplier itself holds, asked directly (not through the proxy). */
async function atSupplier(bookingId: string): Promise<string | undefined> {
  const { adapterFor } = await import('../../functions/suppliers/adapter-registry.js');
  const hotelbeds = host.suppliers.find((s) => s.supplierId === 'hotelbeds')!;
  const adapter = await adapterFor({
    tenant: 'demo',
    supplierId: 'hotelbeds',
    adapter: hotelbeds.adapter,
    endpoint: hotelbeds.endpoint,
    sandbox: true,
    credentials: { ...hotelbeds.credentials },
    active: true,
    sellsPackages: false,
  });
  return (await adapter.findBookingByClientReference({ clientReference: bookingId, scenarios: [] }))?.status;
}

const uncancelled = (booked: Booked): [string, number][] => [
  ['top-up', 500_000],
  ['hold', -booked.totalMinor],
  ['capture', -booked.totalMinor],
];

describe('a cancel whose supplier fails', () => {
  it('refuses: 502 supplier-error; the booking stays confirmed, the wallet unrefunded, no webhook', async () => {
    const booked = await bookedFromWallet();
    const refusal = {
      kind: 'echoing-refusal',
      status: 400,
      body: () => JSON.stringify({ error: { code: 'INVALID_DATA', message: 'Booking cannot be cancelled' } }),
    } as const;
    const { status, body } = await cancel(booked.bookingId, { fault: refusal });
    expect(status, JSON.stringify(body)).toBe(502);
    expect(body).toMatchObject({ type: 'https://hotel-api.dev/problems/supplier-error', bookingId: booked.bookingId });

    const after = await record(booked.bookingId);
    expect(after.status).toBe('confirmed');
    expect(after.history.map((e: { event: string }) => e.event)).toEqual(['requested', 'confirmed', 'voucher-issued']);
    expect(await movements(booked.walletId)).toEqual(uncancelled(booked));
    expect((await webhookEvents(booked.bookingId)).map((e) => e.type)).toEqual(['booking.confirmed']);
    expect(await atSupplier(booked.bookingId)).toBe('confirmed');
  });

  it('fails with a server error and still holds the booking: 502, nothing changed anywhere', async () => {
    const booked = await bookedFromWallet();
    const { status, body } = await cancel(booked.bookingId, { fault: { kind: 'status-500' } });
    expect(status, JSON.stringify(body)).toBe(502);
    expect(body.detail).toContain('still confirmed');

    expect((await record(booked.bookingId)).status).toBe('confirmed');
    expect(await movements(booked.walletId)).toEqual(uncancelled(booked));
    expect((await webhookEvents(booked.bookingId)).map((e) => e.type)).toEqual(['booking.confirmed']);
    expect(await atSupplier(booked.bookingId)).toBe('confirmed');
  });
});

describe('a cancel whose supplier does not answer', () => {
  it('times out without cancelling: 202 pending, the cancel in flight; the reconciler cancels it, refunds and tells the partner once', async () => {
    const booked = await bookedFromWallet();
    const { status, body } = await cancel(booked.bookingId, { fault: { kind: 'hang' } });
    expect(status, JSON.stringify(body)).toBe(202);
    expect(body).toMatchObject({ bookingId: booked.bookingId, status: 'pending', quotedPenalty: { amount: 0, currency: 'EUR' } });

    // In flight: still confirmed here and there, nothing refunded, nothing told yet; a GET only looks.
    const inFlight = await record(booked.bookingId);
    expect(inFlight.status).toBe('confirmed');
    expect(inFlight.history.at(-1).event).toBe('cancel-requested');
    expect(await movements(booked.walletId)).toEqual(uncancelled(booked));
    expect((await webhookEvents(booked.bookingId)).map((e) => e.type)).toEqual(['booking.confirmed']);
    expect(await atSupplier(booked.bookingId)).toBe('confirmed');
    // Anything but the cancel waits for its outcome.
    const modify = await journey.call(`/v1/hotels/bookings/${booked.bookingId}`, 'demo', {
      method: 'PATCH',
      idempotencyKey: randomUUID(),
      body: JSON.stringify({ holder: { phone: '+44 20 7946 0001' } }),
    });
    expect(modify.status).toBe(409);

    // The reconciler's pass, as the stack runs it every five minutes: the supplier (healthy again) still holds
    // the booking, so it is cancelled again, and recorded with what the supplier applied.
    const { settleAllPending } = await import('../../functions/booking/reconcile/settle-pending.js');
    const { flowDeps } = await import('../../functions/booking/flow/flow-deps.js');
    await settleAllPending('demo', flowDeps());
    const settled = await record(booked.bookingId);
    expect(settled.status).toBe('cancelled');
    expect(settled.history.map((e: { event: string }) => e.event).slice(-2)).toEqual(['cancel-requested', 'cancelled']);
    expect(settled.cancellation).toMatchObject({ penalty: { amount: 0 }, quotedPenalty: { amount: 0 } });
    expect(await movements(booked.walletId)).toEqual([...uncancelled(booked), ['refund', booked.totalMinor]]);
    expect((await webhookEvents(booked.bookingId)).map((e) => e.type)).toEqual(['booking.confirmed', 'booking.cancelled']);
    expect(await atSupplier(booked.bookingId)).toBe('cancelled');
    // Another pass finds nothing left to do.
    await settleAllPending('demo', flowDeps());
    expect(await movements(booked.walletId)).toHaveLength(4);
  });

  it('cancels, then answers after the budget: found cancelled by a lookup, 200 with its policy penalty, refunded once', async () => {
    const booked = await bookedFromWallet();
    const { status, body } = await cancel(booked.bookingId, { fault: { kind: 'late-answer', delayMs: CALL_BUDGET_MS + 1_500 } });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ bookingId: booked.bookingId, status: 'cancelled', penalty: { amount: 0 }, quotedPenalty: { amount: 0 } });

    const after = await record(booked.bookingId);
    expect(after.status).toBe('cancelled');
    expect(after.history.at(-1).detail).toContain('its answer could not be read');
    expect(await movements(booked.walletId)).toEqual([...uncancelled(booked), ['refund', booked.totalMinor]]);
    const events = await webhookEvents(booked.bookingId);
    expect(events.map((e) => e.type)).toEqual(['booking.confirmed', 'booking.cancelled']);
    expect(await atSupplier(booked.bookingId)).toBe('cancelled');
  });

  it('cancels, then answers what no parser can read: found cancelled by a lookup, 200, refunded once', async () => {
    const booked = await bookedFromWallet();
    const { status, body } = await cancel(booked.bookingId, { fault: { kind: 'unreadable-answer', body: '{"booking": {"reference": ' } });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ status: 'cancelled', penalty: { amount: 0 } });

    const after = await record(booked.bookingId);
    expect(after.status).toBe('cancelled');
    expect(after.history.at(-1).detail).toContain('its answer could not be read');
    expect(await movements(booked.walletId)).toEqual([...uncancelled(booked), ['refund', booked.totalMinor]]);
    expect((await webhookEvents(booked.bookingId)).map((e) => e.type)).toEqual(['booking.confirmed', 'booking.cancelled']);
    expect(await atSupplier(booked.bookingId)).toBe('cancelled');
  });
});

describe('a cancel whose supplier applies another penalty than the one quoted', () => {
  it('records both, refunds the total less what the supplier applied, and tells the partner that penalty', async () => {
    const booked = await bookedFromWallet();
    // The free-cancellation deadline passes during the cancel (the sandbox moves its own clock past it).
    const { status, body } = await cancel(booked.bookingId, { scenario: 'late-cancel' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.quotedPenalty.amount).toBe(0);
    expect(body.penalty.amount).toBeGreaterThan(0);
    const penalty = minor(body.penalty.amount);

    const after = await record(booked.bookingId);
    expect(after.status).toBe('cancelled');
    expect(after.cancellation).toMatchObject({ penalty: body.penalty, quotedPenalty: body.quotedPenalty });
    expect(await movements(booked.walletId)).toEqual([...uncancelled(booked), ['refund', booked.totalMinor - penalty]]);
    const events = await webhookEvents(booked.bookingId);
    expect(events.map((e) => e.type)).toEqual(['booking.confirmed', 'booking.cancelled']);
    expect(JSON.stringify(events[1]!.data)).toContain(String(body.penalty.amount));
  });
});
