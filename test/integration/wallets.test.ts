/**
 * Agent wallets against DynamoDB Local (functions/stores/dynamo-wallets.ts): holds never overdraw, even
 * fifty at once; a capture never pays more than its hold, nor a refund more than the capture; every movement
 * is in the statement; each change happens once however often it is retried.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshTables } from '../support/dynamo.js';
import type { DynamoWalletStore as Store } from '../../functions/stores/dynamo-wallets.js';

let store: Store;
const now = () => new Date();
beforeAll(async () => {
  await freshTables();
  const { DynamoWalletStore } = await import('../../functions/stores/dynamo-wallets.js');
  store = new DynamoWalletStore();
});

describe('agent wallets', () => {
  it('captures the confirmed total, and gives back whatever a booking that did not stand took', async () => {
    const wallet = await store.create({ tenant: 'demo', currency: 'EUR', now: now() });
    await store.topUp('demo', wallet.walletId, 100_00, 'pay-give-back', now());
    // Held at the most the partner agreed to pay, confirmed a little below it: the confirmed total is paid, the rest freed.
    expect(await store.hold('demo', wallet.walletId, 'BK-A', 42_00, 'EUR', now())).toBe('held');
    await store.capture('demo', wallet.walletId, 'BK-A', now(), 41_00);
    expect(await store.get('demo', wallet.walletId)).toMatchObject({ balanceMinor: 59_00, heldMinor: 0, availableMinor: 59_00 });
    // Undone after the capture: refunded in full, once.
    await store.reverse('demo', wallet.walletId, 'BK-A', now());
    await store.reverse('demo', wallet.walletId, 'BK-A', now());
    // Undone while held: released, once.
    expect(await store.hold('demo', wallet.walletId, 'BK-B', 30_00, 'EUR', now())).toBe('held');
    await store.reverse('demo', wallet.walletId, 'BK-B', now());
    await store.reverse('demo', wallet.walletId, 'BK-B', now());
    // Nothing taken: nothing moves.
    await store.reverse('demo', wallet.walletId, 'BK-C', now());
    expect(await store.get('demo', wallet.walletId)).toMatchObject({ balanceMinor: 100_00, heldMinor: 0, availableMinor: 100_00 });
    const { movements } = await store.movements('demo', wallet.walletId, { limit: 20 });
    expect(movements.map((m) => [m.type, m.amountMinor, m.bookingId])).toEqual([
      ['top-up', 100_00, undefined],
      ['hold', -42_00, 'BK-A'],
      ['capture', -41_00, 'BK-A'],
      ['refund', 41_00, 'BK-A'],
      ['hold', -30_00, 'BK-B'],
      ['release', 30_00, 'BK-B'],
    ]);
  });

  it('tops up once per reference, holds, captures, releases and refunds, with every movement in the statement', async () => {
    const wallet = await store.create({ tenant: 'demo', currency: 'EUR', creditLimitMinor: 5_00, now: now() });
    expect(wallet).toMatchObject({ walletId: expect.stringMatching(/^wal_[0-9a-f]{20}$/), balanceMinor: 0, availableMinor: 5_00 });
    await store.topUp('demo', wallet.walletId, 100_00, 'pay-1', now());
    await store.topUp('demo', wallet.walletId, 100_00, 'pay-1', now()); // the same payment again: nothing changes
    expect(await store.get('demo', wallet.walletId)).toMatchObject({ balanceMinor: 100_00, availableMinor: 105_00 });

    expect(await store.hold('demo', wallet.walletId, 'BK1', 80_00, 'EUR', now())).toBe('held');
    expect(await store.hold('demo', wallet.walletId, 'BK1', 80_00, 'EUR', now())).toBe('held'); // a retried step
    expect(await store.hold('demo', wallet.walletId, 'BK2', 30_00, 'EUR', now())).toBe('insufficient-funds');
    expect(await store.hold('demo', wallet.walletId, 'BK2', 30_00, 'USD', now())).toBe('currency-mismatch');
    expect(await store.hold('demo', 'wal_00000000000000000000', 'BK2', 1, 'EUR', now())).toBe('not-found');
    expect(await store.get('demo', wallet.walletId)).toMatchObject({ balanceMinor: 100_00, heldMinor: 80_00, availableMinor: 25_00 });

    await store.capture('demo', wallet.walletId, 'BK1', now());
    await store.capture('demo', wallet.walletId, 'BK1', now());
    await store.release('demo', wallet.walletId, 'BK1', now()); // captured: nothing to release
    expect(await store.get('demo', wallet.walletId)).toMatchObject({ balanceMinor: 20_00, heldMinor: 0, availableMinor: 25_00 });

    expect(await store.hold('demo', wallet.walletId, 'BK3', 20_00, 'EUR', now())).toBe('held');
    await store.release('demo', wallet.walletId, 'BK3', now());
    await store.release('demo', wallet.walletId, 'BK3', now());
    await store.refund('demo', wallet.walletId, 'BK1', 75_00, now()); // cancelled, 5.00 penalty kept
    await store.refund('demo', wallet.walletId, 'BK1', 75_00, now());
    expect(await store.get('demo', wallet.walletId)).toMatchObject({ balanceMinor: 95_00, heldMinor: 0, availableMinor: 100_00 });

    const { movements } = await store.movements('demo', wallet.walletId, { limit: 50 });
    expect(movements.map((m) => [m.type, m.amountMinor, m.balanceAfterMinor])).toEqual([
      ['top-up', 100_00, 100_00],
      ['hold', -80_00, 100_00],
      ['capture', -80_00, 20_00],
      ['hold', -20_00, 20_00],
      ['release', 20_00, 20_00],
      ['refund', 75_00, 95_00],
    ]);
    // Another tenant's wallet id is not found.
    expect(await store.get('acme', wallet.walletId)).toBeUndefined();
  });

  it('refuses a capture above its hold and a refund above the capture, moving nothing', async () => {
    const wallet = await store.create({ tenant: 'demo', currency: 'EUR', creditLimitMinor: 10_00, now: now() });
    await store.topUp('demo', wallet.walletId, 50_00, 'pay-caps', now());
    expect(await store.hold('demo', wallet.walletId, 'BK-CAP', 60_00, 'EUR', now())).toBe('held');
    await expect(store.capture('demo', wallet.walletId, 'BK-CAP', now(), 60_01)).rejects.toMatchObject({
      kind: 'conflict',
      details: { walletId: wallet.walletId, bookingId: 'BK-CAP' },
    });
    expect(await store.get('demo', wallet.walletId)).toMatchObject({ balanceMinor: 50_00, heldMinor: 60_00, availableMinor: 0 });
    await store.capture('demo', wallet.walletId, 'BK-CAP', now(), 60_00);
    // Nothing was refunded yet: more than the capture is refused, the capture itself is not.
    await expect(store.refund('demo', wallet.walletId, 'BK-CAP', 60_01, now())).rejects.toMatchObject({ kind: 'conflict' });
    await expect(store.refund('demo', wallet.walletId, 'BK-NONE', 1, now())).rejects.toMatchObject({ kind: 'conflict' });
    expect(await store.get('demo', wallet.walletId)).toMatchObject({ balanceMinor: -10_00, heldMinor: 0, availableMinor: 0 });
    // A cancel with a 15.00 penalty: the capture less the penalty, once.
    await store.refundCancelled('demo', wallet.walletId, 'BK-CAP', 15_00, now());
    await store.refundCancelled('demo', wallet.walletId, 'BK-CAP', 0, now());
    expect(await store.get('demo', wallet.walletId)).toMatchObject({ balanceMinor: 35_00, availableMinor: 45_00 });
    const { movements } = await store.movements('demo', wallet.walletId, { limit: 20 });
    expect(movements.map((m) => [m.type, m.amountMinor])).toEqual([
      ['top-up', 50_00],
      ['hold', -60_00],
      ['capture', -60_00],
      ['refund', 45_00],
    ]);
  });

  it('refunds a capture that landed between the give-back reading the hold and releasing it', async () => {
    const wallet = await store.create({ tenant: 'demo', currency: 'EUR', now: now() });
    await store.topUp('demo', wallet.walletId, 100_00, 'pay-race', now());
    expect(await store.hold('demo', wallet.walletId, 'BK-RACE', 40_00, 'EUR', now())).toBe('held');
    // The settle path's capture lands right after the give-back has read the hold as held.
    const racing = store as unknown as { holdOf: (tenant: string, walletId: string, bookingId: string) => Promise<unknown> };
    const readHold = racing.holdOf.bind(store);
    let captured = false;
    racing.holdOf = async (...args) => {
      const hold = await readHold(...args);
      if (!captured) {
        captured = true;
        await store.capture('demo', wallet.walletId, 'BK-RACE', now(), 40_00);
      }
      return hold;
    };
    try {
      await store.reverse('demo', wallet.walletId, 'BK-RACE', now());
    } finally {
      racing.holdOf = readHold;
    }
    expect(await store.get('demo', wallet.walletId)).toMatchObject({ balanceMinor: 100_00, heldMinor: 0, availableMinor: 100_00 });
    // Movements made in the same millisecond are listed in the order of their ids: compared as a set.
    const { movements } = await store.movements('demo', wallet.walletId, { limit: 20 });
    expect(movements.map((m) => `${m.type} ${m.amountMinor}`).sort()).toEqual([
      'capture -4000',
      'hold -4000',
      'refund 4000',
      'top-up 10000',
    ]);
  });

  it('refuses a hold of nothing or less', async () => {
    const wallet = await store.create({ tenant: 'demo', currency: 'EUR', now: now() });
    await store.topUp('demo', wallet.walletId, 10_00, 'pay-zero', now());
    for (const amount of [0, -5_00])
      await expect(store.hold('demo', wallet.walletId, 'BK-ZERO', amount, 'EUR', now())).rejects.toThrow(RangeError);
    expect((await store.movements('demo', wallet.walletId, { limit: 10 })).movements.map((m) => m.type)).toEqual(['top-up']);
  });

  it('refuses a credit limit below what is already spent or held', async () => {
    const wallet = await store.create({ tenant: 'demo', currency: 'EUR', creditLimitMinor: 50_00, now: now() });
    expect(await store.hold('demo', wallet.walletId, 'BK9', 40_00, 'EUR', now())).toBe('held');
    expect(await store.setCreditLimit('demo', wallet.walletId, 30_00, 'limit-1', now())).toBe(false);
    expect(await store.setCreditLimit('demo', wallet.walletId, 45_00, 'limit-2', now())).toMatchObject({
      creditLimitMinor: 45_00,
      availableMinor: 5_00,
    });
  });

  it('lets exactly ten of fifty concurrent holds through when the wallet covers ten, never below zero', async () => {
    const wallet = await store.create({ tenant: 'demo', currency: 'EUR', now: now() });
    await store.topUp('demo', wallet.walletId, 10 * 123_45, `pay-${randomUUID()}`, now());
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => store.hold('demo', wallet.walletId, `BKC${i}`, 123_45, 'EUR', now())),
    );
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(10);
    expect(outcomes.filter((o) => o === 'insufficient-funds')).toHaveLength(40);
    expect(await store.get('demo', wallet.walletId)).toMatchObject({
      balanceMinor: 10 * 123_45,
      heldMinor: 10 * 123_45,
      availableMinor: 0,
    });
    const { movements } = await store.movements('demo', wallet.walletId, { limit: 100 });
    expect(movements.filter((m) => m.type === 'hold')).toHaveLength(10);
    expect(movements.every((m) => m.availableAfterMinor >= 0)).toBe(true);
  }, 60_000);
});

describe("a wallet-paid booking's stay changes", () => {
  it('holds and captures a rise once, refunds a fall once, and a cancel then refunds what the booking paid in all', async () => {
    const wallet = await store.create({ tenant: 'demo', currency: 'EUR', now: now() });
    await store.topUp('demo', wallet.walletId, 500_00, `stay-change-${randomUUID()}`, now());
    expect(await store.hold('demo', wallet.walletId, 'BK-S', 100_00, 'EUR', now())).toBe('held');
    await store.capture('demo', wallet.walletId, 'BK-S', now(), 100_00);
    // A rise of 30.00, held under the change's own key, then captured twice (a retry): paid once.
    expect(await store.hold('demo', wallet.walletId, 'BK-S~chg_up', 30_00, 'EUR', now())).toBe('held');
    await store.captureStayChange('demo', wallet.walletId, 'BK-S', 'chg_up', 30_00, now());
    await store.captureStayChange('demo', wallet.walletId, 'BK-S', 'chg_up', 30_00, now());
    expect(await store.get('demo', wallet.walletId)).toMatchObject({ balanceMinor: 370_00, heldMinor: 0 });
    expect((await store.holdOf('demo', wallet.walletId, 'BK-S'))?.capturedMinor).toBe(130_00);
    // A fall of 20.00, refunded twice (a retry): once. More than the booking paid is refused.
    await store.refundStayChange('demo', wallet.walletId, 'BK-S', 'chg_down', 20_00, now());
    await store.refundStayChange('demo', wallet.walletId, 'BK-S', 'chg_down', 20_00, now());
    expect((await store.holdOf('demo', wallet.walletId, 'BK-S'))?.capturedMinor).toBe(110_00);
    await expect(store.refundStayChange('demo', wallet.walletId, 'BK-S', 'chg_big', 110_01, now())).rejects.toMatchObject({
      kind: 'conflict',
    });
    // Cancelled with a 10.00 penalty: the 110.00 paid in all less it comes back.
    await store.refundCancelled('demo', wallet.walletId, 'BK-S', 10_00, now());
    expect(await store.get('demo', wallet.walletId)).toMatchObject({ balanceMinor: 490_00, heldMinor: 0, availableMinor: 490_00 });
    const { movements } = await store.movements('demo', wallet.walletId, { limit: 20 });
    expect(movements.filter((m) => m.bookingId?.startsWith('BK-S')).map((m) => [m.type, m.amountMinor, m.reference])).toEqual([
      ['hold', -100_00, 'hold#BK-S'],
      ['capture', -100_00, 'captured#BK-S'],
      ['hold', -30_00, 'hold#BK-S~chg_up'],
      ['capture', -30_00, 'captured#BK-S~chg_up'],
      ['refund', 20_00, 'refund#BK-S~chg_down'],
      ['refund', 100_00, 'refund#BK-S'],
    ]);
  });

  it('pays two changes of one booking at once without either losing the other (the booking hold is read again)', async () => {
    const wallet = await store.create({ tenant: 'demo', currency: 'EUR', now: now() });
    await store.topUp('demo', wallet.walletId, 500_00, `stay-change-${randomUUID()}`, now());
    await store.hold('demo', wallet.walletId, 'BK-T', 100_00, 'EUR', now());
    await store.capture('demo', wallet.walletId, 'BK-T', now(), 100_00);
    await store.hold('demo', wallet.walletId, 'BK-T~a', 10_00, 'EUR', now());
    await store.hold('demo', wallet.walletId, 'BK-T~b', 20_00, 'EUR', now());
    await Promise.all([
      store.captureStayChange('demo', wallet.walletId, 'BK-T', 'a', 10_00, now()),
      store.captureStayChange('demo', wallet.walletId, 'BK-T', 'b', 20_00, now()),
    ]);
    expect((await store.holdOf('demo', wallet.walletId, 'BK-T'))?.capturedMinor).toBe(130_00);
    expect(await store.get('demo', wallet.walletId)).toMatchObject({ balanceMinor: 370_00, heldMinor: 0 });
  });
});
