/**
 * Bookings paid from an agent wallet, through the API, the real ASL file, DynamoDB Local and the sandbox
 * suppliers: the hold before the supplier books, the capture at the confirmed total, the give-back on a
 * refusal, on a compensation and for a pending booking that is settled, the refund less the applied
 * penalty on cancel, the problems (402 before any supplier call, 404, 400), and 50 concurrent bookings
 * against a wallet that covers 10.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowInvocation } from '../../functions/booking/flow/flow-handler.js';
import { parseMinor } from '../../functions/domain/money/money.js';
import { DynamoWalletStore } from '../../functions/stores/dynamo-wallets.js';
import { SupplierError } from '../../functions/suppliers/supplier-error.js';
import type { LocalHost } from '../../local/host.js';
import { DEMO_WALLET_ID } from '../../local/seed.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { startTestHost } from '../support/local-host.js';

const SAVE_FAILS = 'WSAVE-FAILS';
const LOOKUP_FAILS = 'WLOOKUP-FAILS';
const CONCURRENT = 50;

/** clientReferences for which a flow step ran: a booking refused before the flow has none. */
const stepsRun = new Map<string, string[]>();

let host: LocalHost;
let journey: Journey;
let wallets: DynamoWalletStore;

beforeAll(async () => {
  process.env.SUPPLIER_BOOK_TIMEOUT_MS = '1500';
  host = await startTestHost({
    throttling: { stage: { ratePerSecond: 1e6, burst: 1e6 }, perClient: { ratePerSecond: 1e6, burst: 1e6 } },
    interceptFlowStep: async (invocation: FlowInvocation, run) => {
      const reference = invocation.input?.request?.clientReference ?? '';
      stepsRun.set(reference, [...(stepsRun.get(reference) ?? []), invocation.step]);
      if (invocation.step === 'SaveBooking' && reference.startsWith(SAVE_FAILS)) {
        throw Object.assign(new Error('The conditional request failed: table unavailable'), { name: 'InternalFailure' });
      }
      if (invocation.step === 'ReconcileBooking' && reference.startsWith(LOOKUP_FAILS)) {
        throw new SupplierError('unavailable', 'hotelbeds', 'connection refused');
      }
      return run();
    },
  });
  journey = await startJourney(host);
  wallets = new DynamoWalletStore();
}, 120_000);
afterAll(() => host?.stop());

const minor = (amount: number) => parseMinor(amount.toFixed(2), 'EUR');

/** A new EUR wallet of the demo account with `amount` paid in, as the operator tool makes one. */
async function fundedWallet(amountMinor: number, currency = 'EUR'): Promise<string> {
  const wallet = await wallets.create({ tenant: 'demo', currency, now: new Date() });
  if (amountMinor > 0) await wallets.topUp('demo', wallet.walletId, amountMinor, `e2e-${randomUUID()}`, new Date());
  return wallet.walletId;
}

interface WalletView {
  balance: number;
  held: number;
  available: number;
  creditLimit: number;
}
interface Transaction {
  type: string;
  amount: number;
  balanceAfter: number;
  availableAfter: number;
  bookingId?: string;
}

async function walletView(walletId: string): Promise<WalletView> {
  return (await (await journey.call(`/v1/wallets/${walletId}`, 'demo')).json()) as WalletView;
}

async function statement(walletId: string): Promise<Transaction[]> {
  const all: Transaction[] = [];
  let cursor: string | undefined;
  do {
    const page = (await (
      await journey.call(`/v1/wallets/${walletId}/transactions?limit=100${cursor ? `&cursor=${cursor}` : ''}`, 'demo')
    ).json()) as { transactions: Transaction[]; next?: string };
    all.push(...page.transactions);
    cursor = page.next;
  } while (cursor);
  return all;
}

const paidFrom = (walletId: string, overrides: Record<string, unknown> = {}) => ({
  payment: { method: 'agent_wallet', walletId },
  clientReference: `WALLET-${randomUUID().slice(0, 8)}`,
  ...overrides,
});
const supplier = (id: string) => host.suppliers.find((s) => s.supplierId === id)!;

describe('a booking paid from the wallet', () => {
  it('holds the binding total before the supplier books, then captures the confirmed total', async () => {
    const walletId = await fundedWallet(500_000);
    const rate = journey.rateOf('hotelbeds');
    const { response, body } = await journey.book(rate, { body: journey.bookingBody(rate, paidFrom(walletId)) });
    expect(response.status, JSON.stringify(body)).toBe(201);
    const total = minor((body.priceLocked as { total: number }).total);

    expect(await walletView(walletId)).toMatchObject({ balance: (500_000 - total) / 100, held: 0, available: (500_000 - total) / 100 });
    const lines = await statement(walletId);
    expect(lines.map((t) => [t.type, minor(t.amount), t.bookingId])).toEqual([
      ['top-up', 500_000, undefined],
      ['hold', -total, body.bookingId],
      ['capture', -total, body.bookingId],
    ]);
    // The hold takes from `available`, the capture from `balance`.
    expect(lines.map((t) => [minor(t.balanceAfter), minor(t.availableAfter)])).toEqual([
      [500_000, 500_000],
      [500_000, 500_000 - total],
      [500_000 - total, 500_000 - total],
    ]);
  });

  it('holds the most a priceTolerance lets it cost, captures the repriced total, and frees the rest of the hold', async () => {
    const walletId = await fundedWallet(500_000);
    const rate = journey.rateOf('hotelbeds');
    const { response, body } = await journey.book(rate, {
      scenario: 'reprice',
      body: journey.bookingBody(rate, paidFrom(walletId, { priceTolerance: { maxIncreasePercent: 10 } })),
    });
    expect(response.status, JSON.stringify(body)).toBe(201);
    const total = minor((body.priceLocked as { total: number }).total);
    // The searched total raised by 10 %, down to the cent: the most the partner agreed to pay.
    const agreed = Math.floor((minor(rate.price.total) * 110) / 100);
    expect(total).toBeGreaterThan(minor(rate.price.total));
    expect(total).toBeLessThanOrEqual(agreed);
    const lines = await statement(walletId);
    expect(lines.map((t) => [t.type, minor(t.amount)])).toEqual([
      ['top-up', 500_000],
      ['hold', -agreed],
      ['capture', -total],
    ]);
    expect(lines.map((t) => minor(t.availableAfter))).toEqual([500_000, 500_000 - agreed, 500_000 - total]);
    expect(await walletView(walletId)).toMatchObject({ balance: (500_000 - total) / 100, held: 0, available: (500_000 - total) / 100 });
  });

  it('a replay of the booking moves nothing more', async () => {
    const walletId = await fundedWallet(500_000);
    const rate = journey.rateOf('expedia');
    const body = journey.bookingBody(rate, paidFrom(walletId));
    const first = await journey.book(rate, { body });
    expect(first.response.status).toBe(201);
    const replay = await journey.book(rate, { body, key: first.key });
    expect(replay.response.status).toBe(201);
    expect((await statement(walletId)).map((t) => t.type)).toEqual(['top-up', 'hold', 'capture']);
  });

  it('refunds a cancel less the penalty the supplier applied', async () => {
    const walletId = await fundedWallet(500_000);
    const rate = journey.rateOf('opentravel', (r) => r.refundable && r.cancellationDeadline !== undefined);
    const { body: booked } = await journey.book(rate, { body: journey.bookingBody(rate, paidFrom(walletId)) });
    const total = minor((booked.priceLocked as { total: number }).total);
    const cancelled = await journey.call(`/v1/hotels/bookings/${String(booked.bookingId)}/cancel`, 'demo', {
      method: 'POST',
      idempotencyKey: randomUUID(),
      scenario: 'late-cancel',
    });
    const cancel = (await cancelled.json()) as { penalty: { amount: number } };
    expect(cancelled.status, JSON.stringify(cancel)).toBe(200);
    const penalty = minor(cancel.penalty.amount);
    expect(penalty).toBeGreaterThan(0);

    const lines = await statement(walletId);
    expect(lines.map((t) => [t.type, minor(t.amount)])).toEqual([
      ['top-up', 500_000],
      ['hold', -total],
      ['capture', -total],
      ['refund', total - penalty],
    ]);
    expect(await walletView(walletId)).toMatchObject({ balance: (500_000 - penalty) / 100, held: 0 });
  });

  it('gives the hold back when the supplier refuses the booking', async () => {
    const walletId = await fundedWallet(500_000);
    const rate = journey.rateOf('hotelbeds');
    const { response, body } = await journey.book(rate, { scenario: 'book-fail', body: journey.bookingBody(rate, paidFrom(walletId)) });
    expect(response.status).toBe(502);
    expect((await statement(walletId)).map((t) => [t.type, t.bookingId])).toEqual([
      ['top-up', undefined],
      ['hold', body.bookingId],
      ['release', body.bookingId],
    ]);
    expect(await walletView(walletId)).toMatchObject({ balance: 5000, held: 0, available: 5000 });
  });

  it('gives the hold back when the confirmed booking is undone (compensation)', async () => {
    const walletId = await fundedWallet(500_000);
    const rate = journey.rateOf('hotelbeds', (r) => r.refundable);
    const { response, body } = await journey.book(rate, {
      body: journey.bookingBody(rate, paidFrom(walletId, { clientReference: `${SAVE_FAILS}-${randomUUID().slice(0, 6)}` })),
    });
    expect(response.status).toBe(502);
    expect(body).toMatchObject({ type: 'https://hotel-api.dev/problems/booking-not-completed', undone: true });
    expect((await statement(walletId)).map((t) => t.type)).toEqual(['top-up', 'hold', 'release']);
    expect(await walletView(walletId)).toMatchObject({ balance: 5000, held: 0 });
  });

  it('keeps the hold while the booking is pending, and captures it when the booking is settled', async () => {
    const walletId = await fundedWallet(500_000);
    const rate = journey.rateOf('hotelbeds');
    const { response, body } = await journey.book(rate, {
      scenario: 'book-timeout',
      body: journey.bookingBody(rate, paidFrom(walletId, { clientReference: `${LOOKUP_FAILS}-${randomUUID().slice(0, 6)}` })),
    });
    expect(response.status, JSON.stringify(body)).toBe(202);
    const total = minor((body.priceLocked as { total: number }).total);
    expect(await walletView(walletId)).toMatchObject({ balance: 5000, held: total / 100 });

    const settled = (await (await journey.call(`/v1/hotels/bookings/${String(body.bookingId)}`, 'demo')).json()) as {
      status: string;
      price: { total: number };
    };
    expect(settled.status).toBe('confirmed');
    expect((await statement(walletId)).map((t) => t.type)).toEqual(['top-up', 'hold', 'capture']);
    expect(await walletView(walletId)).toMatchObject({ balance: (500_000 - minor(settled.price.total)) / 100, held: 0 });
  });

  it("pays from the demo account's documented wallet", async () => {
    const before = await walletView(DEMO_WALLET_ID);
    const rate = journey.rateOf('expedia');
    const { response, body } = await journey.book(rate, { body: journey.bookingBody(rate, paidFrom(DEMO_WALLET_ID)) });
    expect(response.status, JSON.stringify(body)).toBe(201);
    const after = await walletView(DEMO_WALLET_ID);
    expect(minor(before.balance) - minor(after.balance)).toBe(minor((body.priceLocked as { total: number }).total));
  });
});

describe('a wallet that cannot pay', () => {
  it('is 402 insufficient-funds before any supplier call', async () => {
    const walletId = await fundedWallet(100);
    const rate = journey.rateOf('hotelbeds');
    const clientReference = `SHORT-${randomUUID().slice(0, 8)}`;
    const { response, body } = await journey.book(rate, { body: journey.bookingBody(rate, paidFrom(walletId, { clientReference })) });
    expect(response.status).toBe(402);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(body).toMatchObject({
      type: 'https://hotel-api.dev/problems/insufficient-funds',
      walletId,
      currency: 'EUR',
      required: rate.price.total,
    });
    // No step of the flow ran: the supplier was not asked to check the rate, nor to book.
    expect(stepsRun.get(clientReference)).toBeUndefined();
    expect((await statement(walletId)).map((t) => t.type)).toEqual(['top-up']);
  });

  it('is 402 insufficient-funds before any supplier call when it covers the searched total but not its priceTolerance', async () => {
    const rate = journey.rateOf('hotelbeds');
    const walletId = await fundedWallet(minor(rate.price.total));
    const clientReference = `SHORT-TOL-${randomUUID().slice(0, 8)}`;
    const { response, body } = await journey.book(rate, {
      body: journey.bookingBody(rate, paidFrom(walletId, { clientReference, priceTolerance: { maxIncreasePercent: 10 } })),
    });
    expect(response.status, JSON.stringify(body)).toBe(402);
    expect(body).toMatchObject({
      type: 'https://hotel-api.dev/problems/insufficient-funds',
      walletId,
      currency: 'EUR',
      required: Math.floor((minor(rate.price.total) * 110) / 100) / 100,
    });
    expect(stepsRun.get(clientReference)).toBeUndefined();
    expect((await statement(walletId)).map((t) => t.type)).toEqual(['top-up']);
  });

  it("is 404 for an unknown wallet and for another account's wallet", async () => {
    const rate = journey.rateOf('hotelbeds');
    const unknown = await journey.book(rate, { body: journey.bookingBody(rate, paidFrom('wal_00000000000000000000')) });
    expect(unknown.response.status).toBe(404);
    expect(unknown.body.detail).toContain('wal_00000000000000000000');

    const acmeWallet = await wallets.create({ tenant: 'acme', currency: 'EUR', now: new Date() });
    await wallets.topUp('acme', acmeWallet.walletId, 500_000, `e2e-${randomUUID()}`, new Date());
    const foreign = await journey.book(rate, { body: journey.bookingBody(rate, paidFrom(acmeWallet.walletId)) });
    expect(foreign.response.status).toBe(404);
    expect((await wallets.movements('acme', acmeWallet.walletId, { limit: 10 })).movements.map((m) => m.type)).toEqual(['top-up']);
  });

  it('is 400 naming payment.walletId for a wallet in another currency, or an id no wallet can have', async () => {
    const walletId = await fundedWallet(500_000, 'USD');
    const rate = journey.rateOf('hotelbeds');
    const { response, body } = await journey.book(rate, { body: journey.bookingBody(rate, paidFrom(walletId)) });
    expect(response.status).toBe(400);
    expect(body.errors).toEqual([expect.objectContaining({ path: 'payment.walletId', message: expect.stringContaining('USD') })]);
    const malformed = await journey.book(rate, { body: journey.bookingBody(rate, paidFrom('wal 1; drop')) });
    expect(malformed.response.status).toBe(400);
    expect(JSON.stringify(malformed.body.errors)).toContain('payment.walletId');
  });
});

describe(`${CONCURRENT} concurrent bookings against a wallet that covers 10`, () => {
  it('books exactly 10, never takes the wallet below zero, and states every movement', async () => {
    const rate = journey.rateOf('hotelbeds');
    // The binding total of this rate, as one booking of it locks it.
    const probe = await journey.book(rate, { body: journey.bookingBody(rate, paidFrom(await fundedWallet(500_000))) });
    const total = minor((probe.body.priceLocked as { total: number }).total);
    const walletId = await fundedWallet(10 * total);

    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        journey.book(rate, {
          body: journey.bookingBody(rate, paidFrom(walletId, { clientReference: `RACE-${i}-${randomUUID().slice(0, 6)}` })),
        }),
      ),
    );
    const statuses = answers.map((a) => a.response.status);
    // A supplier slow under this load may leave a booking pending (202): settled by our reference when read.
    for (const pending of answers.filter((a) => a.response.status === 202)) {
      const settled = (await (await journey.call(`/v1/hotels/bookings/${String(pending.body.bookingId)}`, 'demo')).json()) as {
        status: string;
      };
      expect(settled.status).toBe('confirmed');
    }
    const booked = answers.filter((a) => a.response.status === 201 || a.response.status === 202);
    expect(booked, statuses.join(',')).toHaveLength(10);
    expect(
      answers.filter((a) => a.response.status === 402),
      statuses.join(','),
    ).toHaveLength(CONCURRENT - 10);
    // The ones refused at the hold had their write-ahead record: the supplier was never asked to book them.
    for (const refused of answers.filter((a) => a.response.status === 402 && a.body.bookingId))
      expect(supplier('hotelbeds').bookingsUnder(String(refused.body.bookingId))).toBe(0);
    for (const ok of booked) expect(supplier('hotelbeds').bookingsUnder(String(ok.body.bookingId))).toBe(1);

    expect(await walletView(walletId)).toMatchObject({ balance: 0, held: 0, available: 0 });
    const lines = await statement(walletId);
    expect(lines.every((t) => t.balanceAfter >= 0 && t.availableAfter >= 0)).toBe(true);
    const bookedIds = new Set(booked.map((a) => String(a.body.bookingId)));
    expect(new Set(lines.filter((t) => t.type === 'capture').map((t) => t.bookingId))).toEqual(bookedIds);
    expect(new Set(lines.filter((t) => t.type === 'hold').map((t) => t.bookingId))).toEqual(bookedIds);
    expect(lines.filter((t) => t.type === 'release')).toEqual([]);
  }, 180_000);
});
