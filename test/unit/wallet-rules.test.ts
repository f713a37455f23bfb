/**
 * The agent wallet's rules (functions/domain/wallet/), without a store: what each change does to the
 * wallet and the statement line it writes, what each refuses, and, over any sequence of requests, that
 * available is always balance + credit limit - held, that the balance never goes below minus the credit
 * limit, and that a request repeated under the same reference changes nothing. The repeats are kept out
 * by the change's key, as a store keeps them out; the small ledger below plays the store.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setCreditLimit } from '../../functions/domain/wallet/credit-limit.js';
import { whatToGiveBack } from '../../functions/domain/wallet/give-back.js';
import { placeHold } from '../../functions/domain/wallet/hold.js';
import { openWallet } from '../../functions/domain/wallet/open-wallet.js';
import { refundAfterCancel, refundBooking } from '../../functions/domain/wallet/refund.js';
import { captureHold, releaseHold } from '../../functions/domain/wallet/settle-hold.js';
import { captureStayChange, refundStayChange, stayChangeKey } from '../../functions/domain/wallet/stay-change-payment.js';
import { topUp } from '../../functions/domain/wallet/top-up.js';
import { availableOf, type Wallet, type WalletMovement } from '../../functions/domain/wallet/wallet.js';
import {
  isRefusal,
  type MovementStamp,
  type WalletChange,
  type WalletRefusal,
  type WalletRule,
} from '../../functions/domain/wallet/wallet-change.js';
import { walletEvent } from '../../functions/domain/wallet/wallet-event.js';
import type { WalletHold } from '../../functions/domain/wallet/wallet-hold.js';

const OPENED = '2026-03-01T09:00:00.000Z';
const AT = '2026-03-02T10:00:00.000Z';
const stamp: MovementStamp = { movementId: 'mov_1', at: AT };

function wallet(figures: { balanceMinor?: number; creditLimitMinor?: number; heldMinor?: number } = {}): Wallet {
  const opened = openWallet({
    tenant: 'demo',
    walletId: 'wal_1',
    currency: 'EUR',
    creditLimitMinor: figures.creditLimitMinor ?? 0,
    at: OPENED,
  });
  const set = { balanceMinor: figures.balanceMinor ?? 0, creditLimitMinor: opened.creditLimitMinor, heldMinor: figures.heldMinor ?? 0 };
  return { ...opened, ...set, availableMinor: availableOf(set) };
}

function changed(rule: WalletRule<WalletRefusal>, on: Wallet): WalletChange {
  const decision = rule(on, stamp);
  if (isRefusal(decision)) throw new Error(`refused: ${decision.refused}`);
  return decision;
}

const held = (amountMinor: number, status: WalletHold['status'] = 'held', capturedMinor?: number): WalletHold => ({
  bookingId: 'BK1',
  amountMinor,
  status,
  heldAt: OPENED,
  ...(capturedMinor === undefined ? {} : { capturedMinor }),
});

describe('a new wallet', () => {
  it('has nothing paid in and nothing held: it can pay its credit limit', () => {
    expect(openWallet({ tenant: 'demo', walletId: 'wal_1', currency: 'EUR', creditLimitMinor: 5_00, at: OPENED })).toEqual({
      tenant: 'demo',
      walletId: 'wal_1',
      currency: 'EUR',
      balanceMinor: 0,
      creditLimitMinor: 5_00,
      heldMinor: 0,
      availableMinor: 5_00,
      createdAt: OPENED,
      updatedAt: OPENED,
    });
  });
});

describe('a top-up', () => {
  it('raises the balance, and its line carries the payment reference', () => {
    const change = changed(topUp(100_00, 'TRF-1'), wallet({ creditLimitMinor: 5_00 }));
    expect(change.wallet).toMatchObject({ balanceMinor: 100_00, heldMinor: 0, availableMinor: 105_00, updatedAt: AT });
    expect(change.movement).toEqual({
      movementId: 'mov_1',
      type: 'top-up',
      amountMinor: 100_00,
      currency: 'EUR',
      balanceAfterMinor: 100_00,
      availableAfterMinor: 105_00,
      reference: 'TRF-1',
      at: AT,
    });
    expect(change.onceKey).toBe('top-up#TRF-1');
    expect(change.hold).toBeUndefined();
  });

  it('is a positive whole number of minor units, or a RangeError before any wallet is read', () => {
    for (const amount of [0, -1, 1.5, Number.NaN, 2 ** 53]) expect(() => topUp(amount, 'TRF-1')).toThrow(RangeError);
  });
});

describe('a credit limit', () => {
  it('is set when what the wallet spent or holds stays within it; its line carries the new limit', () => {
    const change = changed(setCreditLimit(45_00, 'ops#1'), wallet({ creditLimitMinor: 50_00, heldMinor: 40_00 }));
    expect(change.wallet).toMatchObject({ creditLimitMinor: 45_00, availableMinor: 5_00 });
    expect(change.movement).toMatchObject({ type: 'credit-limit', amountMinor: 45_00, reference: 'ops#1', availableAfterMinor: 5_00 });
    expect(change.onceKey).toBe('credit-limit#ops#1');
  });

  it('is refused below what the wallet already spent or holds', () => {
    expect(setCreditLimit(30_00, 'ops#1')(wallet({ creditLimitMinor: 50_00, heldMinor: 40_00 }), stamp)).toEqual({
      refused: 'credit-limit-below-use',
    });
    expect(setCreditLimit(9_99, 'ops#1')(wallet({ balanceMinor: -10_00, creditLimitMinor: 20_00 }), stamp)).toEqual({
      refused: 'credit-limit-below-use',
    });
    expect(isRefusal(setCreditLimit(10_00, 'ops#1')(wallet({ balanceMinor: -10_00, creditLimitMinor: 20_00 }), stamp))).toBe(false);
  });

  it('is a whole number of minor units, 0 or more', () => {
    expect(() => setCreditLimit(-1, 'ops#1')).toThrow(RangeError);
    expect(() => setCreditLimit(0.5, 'ops#1')).toThrow(RangeError);
    expect(() => setCreditLimit(0, 'ops#1')).not.toThrow();
  });
});

describe('a hold', () => {
  it('reserves the amount: held rises, available falls, the balance stays; the hold is placed', () => {
    const change = changed(placeHold('BK1', 80_00, 'EUR'), wallet({ balanceMinor: 100_00, creditLimitMinor: 5_00 }));
    expect(change.wallet).toMatchObject({ balanceMinor: 100_00, heldMinor: 80_00, availableMinor: 25_00 });
    expect(change.movement).toMatchObject({
      type: 'hold',
      amountMinor: -80_00,
      reference: 'hold#BK1',
      bookingId: 'BK1',
      balanceAfterMinor: 100_00,
    });
    expect(change.hold).toEqual({ bookingId: 'BK1', amountMinor: 80_00, status: 'held', heldAt: AT });
    expect(change.onceKey).toBe('hold#BK1');
  });

  it('may take available to zero, never below it', () => {
    expect(changed(placeHold('BK1', 105_00, 'EUR'), wallet({ balanceMinor: 100_00, creditLimitMinor: 5_00 })).wallet.availableMinor).toBe(
      0,
    );
    expect(placeHold('BK1', 105_01, 'EUR')(wallet({ balanceMinor: 100_00, creditLimitMinor: 5_00 }), stamp)).toEqual({
      refused: 'insufficient-funds',
    });
  });

  it('is a positive whole number of minor units, or a RangeError before any wallet is read', () => {
    for (const amount of [0, -1, -80_00, 1.5, Number.NaN, 2 ** 53]) expect(() => placeHold('BK1', amount, 'EUR')).toThrow(RangeError);
    expect(() => placeHold('BK1', 1, 'EUR')).not.toThrow();
  });

  it('is refused in another currency than the wallet, before its funds are looked at', () => {
    expect(placeHold('BK1', 1, 'USD')(wallet({ balanceMinor: 100_00 }), stamp)).toEqual({ refused: 'currency-mismatch' });
    expect(placeHold('BK1', 1_000_00, 'USD')(wallet(), stamp)).toEqual({ refused: 'currency-mismatch' });
  });
});

describe('settling a hold', () => {
  const before = wallet({ balanceMinor: 100_00, heldMinor: 40_00 });

  it('captures the amount held when no confirmed total is given', () => {
    const change = changed(captureHold(held(40_00))!, before);
    expect(change.wallet).toMatchObject({ balanceMinor: 60_00, heldMinor: 0, availableMinor: 60_00 });
    expect(change.movement).toMatchObject({ type: 'capture', amountMinor: -40_00, reference: 'captured#BK1', bookingId: 'BK1' });
    expect(change.hold).toEqual({ ...held(40_00), status: 'captured', capturedMinor: 40_00, settledAt: AT });
    expect(change.onceKey).toBe('captured#BK1');
  });

  it('pays a confirmed total below the hold and frees the rest of it', () => {
    const change = changed(captureHold(held(40_00), 39_00)!, before);
    expect(change.wallet).toMatchObject({ balanceMinor: 61_00, heldMinor: 0, availableMinor: 61_00 });
    expect(change.movement).toMatchObject({ type: 'capture', amountMinor: -39_00, availableAfterMinor: 61_00 });
    expect(change.hold).toMatchObject({ status: 'captured', amountMinor: 40_00, capturedMinor: 39_00 });
    expect(changed(captureHold(held(40_00), 40_00)!, before).wallet).toMatchObject({ balanceMinor: 60_00, availableMinor: 60_00 });
  });

  it('refuses a confirmed total above the hold: the balance would pay what was never held', () => {
    expect(captureHold(held(40_00), 40_01)!(before, stamp)).toEqual({ refused: 'capture-above-hold' });
    expect(captureHold(held(40_00), 41_00)!(wallet({ balanceMinor: 0, creditLimitMinor: 40_00, heldMinor: 40_00 }), stamp)).toEqual({
      refused: 'capture-above-hold',
    });
  });

  it('releases the hold: held falls, the balance stays', () => {
    const change = changed(releaseHold(held(40_00))!, before);
    expect(change.wallet).toMatchObject({ balanceMinor: 100_00, heldMinor: 0, availableMinor: 100_00 });
    expect(change.movement).toMatchObject({ type: 'release', amountMinor: 40_00, reference: 'released#BK1', bookingId: 'BK1' });
    expect(change.hold).toEqual({ ...held(40_00), status: 'released', settledAt: AT });
    expect(change.onceKey).toBe('released#BK1');
  });

  it('has nothing to settle when nothing is held: never placed, captured or released before', () => {
    for (const hold of [undefined, held(40_00, 'captured', 40_00), held(40_00, 'released')]) {
      expect(captureHold(hold, 40_00)).toBeUndefined();
      expect(releaseHold(hold)).toBeUndefined();
    }
  });

  it('captures a whole number of minor units, 0 or more, checked only when something is held', () => {
    expect(() => captureHold(held(40_00), -1)).toThrow(RangeError);
    expect(() => captureHold(held(40_00), 1.5)).toThrow(RangeError);
    expect(captureHold(undefined, -1)).toBeUndefined();
  });
});

describe('a refund', () => {
  const captured = held(80_00, 'captured', 80_00);

  it('raises the balance by the amount asked, once per booking', () => {
    const change = changed(refundBooking('BK1', captured, 75_00), wallet({ balanceMinor: 20_00 }));
    expect(change.wallet).toMatchObject({ balanceMinor: 95_00, availableMinor: 95_00 });
    expect(change.movement).toMatchObject({ type: 'refund', amountMinor: 75_00, reference: 'refund#BK1', bookingId: 'BK1' });
    expect(change.onceKey).toBe('refund#BK1');
    expect(refundBooking('BK1', captured, 10_00)(wallet(), stamp)).toMatchObject({ onceKey: 'refund#BK1' });
  });

  it('gives back at most what the capture paid: more is refused', () => {
    expect(isRefusal(refundBooking('BK1', captured, 80_00)(wallet(), stamp))).toBe(false);
    expect(refundBooking('BK1', captured, 80_01)(wallet(), stamp)).toEqual({ refused: 'refund-above-capture' });
    // A capture below its hold paid less than was held: the capture, not the hold, is the cap.
    expect(refundBooking('BK1', held(80_00, 'captured', 70_00), 70_01)(wallet(), stamp)).toEqual({ refused: 'refund-above-capture' });
    // Nothing captured (held, released, never placed): nothing to give back.
    for (const hold of [held(80_00), held(80_00, 'released'), undefined]) {
      expect(refundBooking('BK1', hold, 1)(wallet(), stamp)).toEqual({ refused: 'refund-above-capture' });
      expect(isRefusal(refundBooking('BK1', hold, 0)(wallet(), stamp))).toBe(false);
    }
  });

  it('after a cancel, is the capture less the penalty applied, nothing when the penalty takes it all', () => {
    expect(changed(refundAfterCancel('BK1', held(80_00, 'captured', 70_00), 30_00), wallet()).movement.amountMinor).toBe(40_00);
    expect(changed(refundAfterCancel('BK1', captured, 90_00), wallet()).movement.amountMinor).toBe(0);
    expect(() => refundAfterCancel('BK1', captured, -1)).toThrow(RangeError);
  });

  it('is a whole number of minor units, 0 or more', () => {
    expect(() => refundBooking('BK1', captured, -1)).toThrow(RangeError);
    expect(() => refundBooking('BK1', captured, 0)).not.toThrow();
  });
});

describe('giving back what a booking took', () => {
  it('releases a hold, refunds what a capture paid, and gives back nothing otherwise', () => {
    expect(whatToGiveBack(held(40_00))).toEqual({ kind: 'release' });
    expect(whatToGiveBack(held(40_00, 'captured', 41_00))).toEqual({ kind: 'refund', amountMinor: 41_00 });
    expect(whatToGiveBack(held(40_00, 'captured'))).toEqual({ kind: 'refund', amountMinor: 40_00 });
    expect(whatToGiveBack(held(40_00, 'released'))).toEqual({ kind: 'nothing' });
    expect(whatToGiveBack(undefined)).toEqual({ kind: 'nothing' });
  });
});

describe("a movement's webhook event", () => {
  it('tells of money moving in decimal amounts, and of no credit limit change', () => {
    const hold = changed(placeHold('BK1', 80_00, 'EUR'), wallet({ balanceMinor: 100_00, creditLimitMinor: 5_00 }));
    expect(walletEvent('demo', 'wal_1', hold.movement, 'msg_1')).toEqual({
      id: 'msg_1',
      type: 'wallet.held',
      createdAt: AT,
      tenant: 'demo',
      data: {
        walletId: 'wal_1',
        currency: 'EUR',
        balance: 100,
        available: 25,
        transaction: { transactionId: 'mov_1', type: 'hold', amount: -80, bookingId: 'BK1', at: AT },
      },
    });
    const limit = changed(setCreditLimit(10_00, 'ops#1'), wallet());
    expect(walletEvent('demo', 'wal_1', limit.movement, 'msg_2')).toBeUndefined();
  });
});

// Any sequence of requests, applied as a store applies them: a change is made once per key.

type Request =
  | { readonly kind: 'top-up'; readonly amountMinor: number; readonly reference: string }
  | { readonly kind: 'credit-limit'; readonly creditLimitMinor: number; readonly reference: string }
  | { readonly kind: 'hold'; readonly bookingId: string; readonly amountMinor: number; readonly currency: string }
  /** The confirmed total as a share of the amount held, in permille; none pays the amount held. */
  | { readonly kind: 'capture'; readonly bookingId: string; readonly permille?: number }
  | { readonly kind: 'release'; readonly bookingId: string }
  | { readonly kind: 'refund'; readonly bookingId: string; readonly amountMinor: number }
  | { readonly kind: 'cancel-refund'; readonly bookingId: string; readonly penaltyMinor: number }
  | { readonly kind: 'give-back'; readonly bookingId: string };

interface Ledger {
  readonly wallet: Wallet;
  readonly holds: ReadonlyMap<string, WalletHold>;
  readonly applied: ReadonlySet<string>;
  readonly movements: readonly WalletMovement[];
}

function ruleFor(ledger: Ledger, request: Request): WalletRule<WalletRefusal> | undefined {
  const holdOf = (bookingId: string) => ledger.holds.get(bookingId);
  switch (request.kind) {
    case 'top-up':
      return topUp(request.amountMinor, request.reference);
    case 'credit-limit':
      return setCreditLimit(request.creditLimitMinor, request.reference);
    case 'hold':
      return placeHold(request.bookingId, request.amountMinor, request.currency);
    case 'capture': {
      const hold = holdOf(request.bookingId);
      const confirmed = hold && request.permille !== undefined ? Math.floor((hold.amountMinor * request.permille) / 1000) : undefined;
      return captureHold(hold, confirmed);
    }
    case 'release':
      return releaseHold(holdOf(request.bookingId));
    case 'refund':
      return refundBooking(request.bookingId, holdOf(request.bookingId), request.amountMinor);
    case 'cancel-refund':
      return refundAfterCancel(request.bookingId, holdOf(request.bookingId), request.penaltyMinor);
    case 'give-back': {
      const giveBack = whatToGiveBack(holdOf(request.bookingId));
      if (giveBack.kind === 'release') return releaseHold(holdOf(request.bookingId));
      if (giveBack.kind === 'refund') return refundBooking(request.bookingId, holdOf(request.bookingId), giveBack.amountMinor);
      return undefined;
    }
  }
}

/** The request applied as a store applies it: refused, nothing to do, or a key applied before leave the ledger as it was. */
function apply(ledger: Ledger, request: Request): Ledger {
  const rule = ruleFor(ledger, request);
  if (!rule) return ledger;
  const decision = rule(ledger.wallet, { movementId: `mov_${ledger.movements.length + 1}`, at: AT });
  if (isRefusal(decision) || ledger.applied.has(decision.onceKey)) return ledger;
  const holds = new Map(ledger.holds);
  if (decision.hold) holds.set(decision.hold.bookingId, decision.hold);
  return {
    wallet: decision.wallet,
    holds,
    applied: new Set([...ledger.applied, decision.onceKey]),
    movements: [...ledger.movements, decision.movement],
  };
}

const opened = (creditLimitMinor: number): Ledger => ({
  wallet: openWallet({ tenant: 'demo', walletId: 'wal_1', currency: 'EUR', creditLimitMinor, at: OPENED }),
  holds: new Map(),
  applied: new Set(),
  movements: [],
});

const amount = fc.integer({ min: 1, max: 50_000 });
const reference = fc.constantFrom('r1', 'r2', 'r3');
const bookingId = fc.constantFrom('BK1', 'BK2', 'BK3', 'BK4');

/** Requests whose captures ask to pay up to `maxPermille` of what was held (above 1000: more than was held). */
function requests(maxPermille: number): fc.Arbitrary<Request[]> {
  const request: fc.Arbitrary<Request> = fc.oneof(
    fc.record({ kind: fc.constant('top-up' as const), amountMinor: amount, reference }),
    fc.record({ kind: fc.constant('credit-limit' as const), creditLimitMinor: fc.integer({ min: 0, max: 100_000 }), reference }),
    fc.record({
      kind: fc.constant('hold' as const),
      bookingId,
      amountMinor: amount,
      currency: fc.constantFrom('EUR', 'EUR', 'EUR', 'USD'),
    }),
    fc.record(
      { kind: fc.constant('capture' as const), bookingId, permille: fc.integer({ min: 0, max: maxPermille }) },
      { requiredKeys: ['kind', 'bookingId'] },
    ),
    fc.record({ kind: fc.constant('release' as const), bookingId }),
    fc.record({ kind: fc.constant('refund' as const), bookingId, amountMinor: fc.integer({ min: 0, max: 50_000 }) }),
    fc.record({ kind: fc.constant('cancel-refund' as const), bookingId, penaltyMinor: fc.integer({ min: 0, max: 50_000 }) }),
    fc.record({ kind: fc.constant('give-back' as const), bookingId }),
  );
  return fc.array(request, { maxLength: 40 });
}

const creditLimit = fc.integer({ min: 0, max: 100_000 });

/** The wallet and its statement lines, without what only says when and under which id. */
const figuresOf = (ledger: Ledger) => ({
  wallet: ledger.wallet,
  holds: [...ledger.holds.values()],
  lines: ledger.movements.map(({ movementId: _id, ...line }) => line),
});

describe('any sequence of requests', () => {
  it('keeps available = balance + credit limit - held, and every line at the figures it left', () => {
    fc.assert(
      fc.property(creditLimit, requests(1200), (limit, sequence) => {
        let ledger = opened(limit);
        for (const request of sequence) {
          ledger = apply(ledger, request);
          const { wallet } = ledger;
          expect(wallet.availableMinor).toBe(wallet.balanceMinor + wallet.creditLimitMinor - wallet.heldMinor);
          const last = ledger.movements.at(-1);
          if (last) expect([last.balanceAfterMinor, last.availableAfterMinor]).toEqual([wallet.balanceMinor, wallet.availableMinor]);
        }
        // The balance is what the statement's balance lines add up to; held, what holds still held add up to.
        const balanceLines = ledger.movements.filter((m) => ['top-up', 'capture', 'refund'].includes(m.type));
        expect(balanceLines.reduce((sum, m) => sum + m.amountMinor, 0)).toBe(ledger.wallet.balanceMinor);
        const stillHeld = [...ledger.holds.values()].filter((h) => h.status === 'held');
        expect(stillHeld.reduce((sum, h) => sum + h.amountMinor, 0)).toBe(ledger.wallet.heldMinor);
      }),
      { numRuns: 300 },
    );
  });

  it('never takes the balance below minus the credit limit, nor available below zero, even when captures ask for more than was held', () => {
    fc.assert(
      fc.property(creditLimit, requests(1200), (limit, sequence) => {
        let ledger = opened(limit);
        for (const request of sequence) {
          ledger = apply(ledger, request);
          expect(ledger.wallet.availableMinor).toBeGreaterThanOrEqual(0);
          expect(ledger.wallet.balanceMinor).toBeGreaterThanOrEqual(-ledger.wallet.creditLimitMinor);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('changes nothing for a request repeated under the same reference, at once or at the end', () => {
    fc.assert(
      fc.property(creditLimit, requests(1200), (limit, sequence) => {
        const once = sequence.reduce(apply, opened(limit));
        const twice = sequence.flatMap((request) => [request, request]).reduce(apply, opened(limit));
        expect(figuresOf(twice)).toEqual(figuresOf(once));
        // Each request that changed the wallet, asked again after all the others: nothing more moves.
        let ledger = opened(limit);
        const changers: Request[] = [];
        for (const request of sequence) {
          const next = apply(ledger, request);
          if (next !== ledger) changers.push(request);
          ledger = next;
        }
        expect(figuresOf(changers.reduce(apply, ledger))).toEqual(figuresOf(ledger));
      }),
      { numRuns: 300 },
    );
  });
});

describe('the refunds of a booking', () => {
  it('never add up to more than its capture paid, whatever is asked and however often', () => {
    fc.assert(
      fc.property(creditLimit, requests(1200), (limit, sequence) => {
        const ledger = sequence.reduce(apply, opened(limit));
        for (const id of ['BK1', 'BK2', 'BK3', 'BK4']) {
          const lines = ledger.movements.filter((m) => m.bookingId === id);
          const refunded = lines.filter((m) => m.type === 'refund').reduce((sum, m) => sum + m.amountMinor, 0);
          const paid = -lines.filter((m) => m.type === 'capture').reduce((sum, m) => sum + m.amountMinor, 0);
          expect(refunded).toBeLessThanOrEqual(paid);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('a capture above its hold', () => {
  it('is refused, and the wallet keeps its hold: the balance cannot go below minus the credit limit', () => {
    let ledger = opened(0);
    for (const request of [
      { kind: 'top-up', amountMinor: 100_00, reference: 'r1' },
      { kind: 'hold', bookingId: 'BK1', amountMinor: 100_00, currency: 'EUR' },
      { kind: 'capture', bookingId: 'BK1', permille: 1010 },
    ] as const)
      ledger = apply(ledger, request);
    expect(ledger.wallet).toMatchObject({ balanceMinor: 100_00, heldMinor: 100_00, availableMinor: 0 });
    expect(ledger.holds.get('BK1')?.status).toBe('held');
  });
});

describe("a stay change's payment", () => {
  const booking = held(100_00, 'captured', 90_00);
  const change = (amountMinor: number, status: WalletHold['status'] = 'held'): WalletHold => ({
    bookingId: stayChangeKey('BK1', 'chg_1'),
    amountMinor,
    status,
    heldAt: AT,
  });

  it('captures a rise from its own hold, frees the rest of it, and counts it in what the booking paid', () => {
    const before = wallet({ balanceMinor: 500_00, heldMinor: 30_00 });
    const done = changed(captureStayChange(booking, change(30_00), 25_00)!, before);
    expect(done.wallet).toMatchObject({ balanceMinor: 475_00, heldMinor: 0, availableMinor: 475_00 });
    expect(done.movement).toMatchObject({ type: 'capture', amountMinor: -25_00, bookingId: 'BK1', reference: 'captured#BK1~chg_1' });
    expect(done.hold).toMatchObject({ bookingId: 'BK1~chg_1', status: 'captured', capturedMinor: 25_00 });
    expect(done.paid).toEqual({ hold: { ...booking, capturedMinor: 115_00 }, previousCapturedMinor: 90_00 });
  });

  it('never captures more than the change held, and has nothing to capture once settled or without the booking’s capture', () => {
    expect(captureStayChange(booking, change(30_00), 31_00)!(wallet({ balanceMinor: 500_00, heldMinor: 30_00 }), stamp)).toEqual({
      refused: 'capture-above-hold',
    });
    expect(captureStayChange(booking, change(30_00, 'captured'), 10_00)).toBeUndefined();
    expect(captureStayChange(booking, undefined, 10_00)).toBeUndefined();
    expect(captureStayChange(held(100_00), change(30_00), 10_00)).toBeUndefined();
  });

  it('refunds a fall, never more than the booking paid, and lowers what it paid; a later cancel refunds what is left', () => {
    const done = changed(refundStayChange(booking, stayChangeKey('BK1', 'chg_2'), 15_00)!, wallet({ balanceMinor: 10_00 }));
    expect(done.wallet).toMatchObject({ balanceMinor: 25_00 });
    expect(done.movement).toMatchObject({ type: 'refund', amountMinor: 15_00, bookingId: 'BK1', reference: 'refund#BK1~chg_2' });
    expect(done.paid?.hold.capturedMinor).toBe(75_00);
    expect(refundStayChange(booking, 'BK1~chg_3', 90_01)!(wallet(), stamp)).toEqual({ refused: 'refund-above-capture' });
    // The cancel after the fall refunds the 75.00 the booking paid in all, less its penalty.
    const cancel = changed(refundAfterCancel('BK1', done.paid!.hold, 5_00), done.wallet);
    expect(cancel.movement.amountMinor).toBe(70_00);
  });
});
