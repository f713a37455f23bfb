/**
 * Agent wallets against DynamoDB Local (functions/stores/dynamo-wallets.ts): holds never overdraw, even
 * fifty at once; every movement is in the statement; each change happens once however often it is retried.
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
    // Confirmed a little above the binding total held (within the partner's tolerance): the confirmed total is paid.
    expect(await store.hold('demo', wallet.walletId, 'BK-A', 40_00, 'EUR', now())).toBe('held');
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
      ['hold', -40_00, 'BK-A'],
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
