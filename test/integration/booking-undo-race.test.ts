/**
 * The flow's undo (UndoBooking) against the settle path (the pending reconciler, or a GET settling a pending
 * booking), both on DynamoDB Local with a wallet-paid booking, and a supplier in memory that holds the booking
 * under our reference until it is cancelled. Whichever moves first, the other cannot undo what it did: the
 * booking the supplier holds is the booking we hold confirmed (and paid), or it is cancelled there and failed
 * here (and its hold given back). Never a confirmed booking the supplier cancelled. And the settle path's own
 * undo: a wallet-paid booking its supplier confirmed above what the wallet held.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseMinor } from '../../functions/domain/money/money.js';
import { checkedFlowState, SAMPLE_PRICE, SAMPLE_RATE } from '../support/flow-state.js';
import { requestedMove } from '../../functions/domain/booking/booking-lifecycle.js';
import type { FlowDeps } from '../../functions/booking/flow/flow-deps.js';
import type { FlowState } from '../../functions/booking/flow/flow-state.js';
import type { BookingRecord } from '../../functions/booking/record/booking-record.js';
import type { CancellationResult, SupplierBooking, SupplierPort } from '../../functions/suppliers/port.js';
import { freshTables } from '../support/dynamo.js';

const rate = SAMPLE_RATE;
const price = SAMPLE_PRICE;

/** A supplier that holds each booking under our reference, confirmed until cancelled; hooks run inside its calls. */
class SupplierInMemory {
  readonly status = new Map<string, 'confirmed' | 'cancelled'>();
  cancels = 0;
  /** Runs once the supplier has answered a lookup, before the caller gets the answer. */
  afterLookup: (() => Promise<void>) | undefined;
  /** Runs when a cancel is asked, before the supplier cancels. */
  beforeCancel: (() => Promise<void>) | undefined;

  booking(clientReference: string): SupplierBooking {
    return {
      supplierId: 'hotelbeds',
      supplierReference: `HB-${clientReference}`,
      clientReference,
      status: this.status.get(clientReference) ?? 'confirmed',
      supplierPropertyId: 'H1',
      propertyName: 'Hotel One',
      checkIn: '2036-03-01',
      checkOut: '2036-03-06',
      holder: { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com' },
      rooms: [{ roomTypeCode: 'DBL', guests: [] }],
      price: rate.price,
      cancellationPolicy: [],
    };
  }

  readonly adapter = {
    supplierId: 'hotelbeds',
    findBookingByClientReference: async ({ clientReference }: { clientReference: string }) => {
      const found = this.status.has(clientReference) ? this.booking(clientReference) : undefined;
      const hook = this.afterLookup;
      this.afterLookup = undefined;
      await hook?.();
      return found;
    },
    cancel: async ({ supplierReference }: { supplierReference: string }): Promise<CancellationResult> => {
      const hook = this.beforeCancel;
      this.beforeCancel = undefined;
      await hook?.();
      this.cancels++;
      this.status.set(supplierReference.replace(/^HB-/, ''), 'cancelled');
      return {
        supplierReference,
        status: 'cancelled',
        penalty: { amount: '0.00', currency: 'EUR' },
        cancelledAt: new Date().toISOString(),
      };
    },
  } as unknown as SupplierPort;
}

let deps: FlowDeps;
let supplier: SupplierInMemory;
let undoBookingStep: typeof import('../../functions/booking/flow/undo-booking-step.js').undoBookingStep;
let settlePending: typeof import('../../functions/booking/reconcile/settle-pending.js').settlePending;
let pendingRecord: typeof import('../../functions/booking/flow/booking-draft.js').pendingRecord;
let guestDetailsOf: typeof import('../../functions/booking/flow/booking-draft.js').guestDetailsOf;
let changeBooking: typeof import('../../functions/booking/record/change-booking.js').changeBooking;

beforeAll(async () => {
  await freshTables();
  const { DynamoBookingStore } = await import('../../functions/booking/record/booking-store.js');
  const { DynamoGuestDetailsStore } = await import('../../functions/booking/personal-data/guest-details-store.js');
  const { DynamoWalletStore } = await import('../../functions/stores/dynamo-wallets.js');
  const { storedPricingSources } = await import('../../functions/stores/dynamo-pricing-rules.js');
  const { embeddedFxRates } = await import('../../functions/domain/fx/reference-fx-rates.js');
  ({ undoBookingStep } = await import('../../functions/booking/flow/undo-booking-step.js'));
  ({ settlePending } = await import('../../functions/booking/reconcile/settle-pending.js'));
  ({ pendingRecord, guestDetailsOf } = await import('../../functions/booking/flow/booking-draft.js'));
  ({ changeBooking } = await import('../../functions/booking/record/change-booking.js'));
  supplier = new SupplierInMemory();
  deps = {
    // The rules as stored; the figures of the embedded snapshot (this file is about races, not FX).
    ...storedPricingSources(embeddedFxRates),
    contracts: async () => [{ supplierId: 'hotelbeds' }],
    adapterFor: async () => supplier.adapter,
    now: () => new Date(),
    bookings: new DynamoBookingStore(),
    guests: new DynamoGuestDetailsStore(),
    wallets: new DynamoWalletStore(),
    bookTimeoutMs: 2_000,
    supplierCallTimeoutMs: 2_000,
  } as unknown as FlowDeps;
});

const EUR = (minor: number) => minor;
const totalMinor = parseMinor(price.total, 'EUR');

/**
 * A wallet-paid booking the supplier confirmed and whose save failed, as UndoBooking is given it: its pending
 * record (as the settle path lists it), its hold placed, and the flow's state.
 */
async function bookedButNotSaved(
  bookingId: string,
  heldMinor = totalMinor,
): Promise<{ state: FlowState; listed: BookingRecord; walletId: string }> {
  const wallets = deps.wallets as import('../../functions/stores/dynamo-wallets.js').DynamoWalletStore;
  const wallet = await wallets.create({ tenant: 'demo', currency: 'EUR', now: new Date() });
  await wallets.topUp('demo', wallet.walletId, EUR(1_000_00), `pay-${bookingId}`, new Date());
  const state = checkedFlowState({
    bookingId,
    requestId: `req-${bookingId}`,
    requestedAt: new Date().toISOString(),
    request: { clientReference: `REF-${bookingId}`, payment: { method: 'agent_wallet', walletId: wallet.walletId } },
  });
  await deps.guests.create('demo', bookingId, guestDetailsOf(state.request), state.stay.checkOut);
  const request = { kind: 'request' as const, at: new Date().toISOString(), supplierId: 'hotelbeds', requestId: state.requestId };
  const { record: listed } = await deps.bookings.create(pendingRecord(state, state.checked!, undefined, requestedMove(request)));
  expect(await wallets.hold('demo', wallet.walletId, bookingId, heldMinor, 'EUR', new Date())).toBe('held');
  // The supplier confirmed; SaveBooking then failed, and the state machine hands the flow to UndoBooking.
  supplier.status.set(bookingId, 'confirmed');
  const supplierBooking = supplier.booking(bookingId);
  return {
    state: { ...state, supplierBooking, locked: price, priceAccepted: true, failure: { Error: 'InternalFailure' } },
    listed,
    walletId: wallet.walletId,
  };
}

const walletOf = (walletId: string) => deps.wallets.get('demo', walletId);

/** How UndoBooking ends once it cancelled at the supplier: the flow's problem, booking-not-completed. */
const notCompleted = { name: 'BookingProblem', message: expect.stringContaining('"booking-not-completed"') };

describe('undoing a booking against settling it', () => {
  it('keeps a booking the settle path confirmed first: the undo leaves it confirmed, paid, and held at the supplier', async () => {
    const { state, listed, walletId } = await bookedButNotSaved('bk_race_settle_first');
    expect(await settlePending(listed, deps)).toMatchObject({ status: 'confirmed', supplierReference: 'HB-bk_race_settle_first' });

    const undone = await undoBookingStep(state, deps);
    expect(undone.response).toMatchObject({ bookingId: 'bk_race_settle_first', status: 'confirmed' });
    expect(supplier.status.get('bk_race_settle_first')).toBe('confirmed');
    expect(await deps.bookings.get('demo', 'bk_race_settle_first')).toMatchObject({ status: 'confirmed' });
    expect(await walletOf(walletId)).toMatchObject({ balanceMinor: 1_000_00 - totalMinor, heldMinor: 0 });
  });

  it('lets the settle path confirm nothing once the undo took the booking, even while the supplier still shows it confirmed', async () => {
    const { state, listed, walletId } = await bookedButNotSaved('bk_race_undo_first');
    let settled: BookingRecord | undefined;
    // The supplier still holds the booking confirmed when the settle path asks: the undo is about to cancel it.
    supplier.beforeCancel = async () => {
      settled = await settlePending(listed, deps);
    };
    await expect(undoBookingStep(state, deps)).rejects.toMatchObject(notCompleted);
    expect(settled?.status).not.toBe('confirmed');
    expect(supplier.status.get('bk_race_undo_first')).toBe('cancelled');
    const record = await deps.bookings.get('demo', 'bk_race_undo_first');
    expect(record).toMatchObject({ status: 'failed', supplierReference: 'HB-bk_race_undo_first' });
    expect(record!.history.map((e) => e.event)).toEqual(['requested', 'undo-begun', 'confirmed-by-supplier', 'cancelled-at-supplier']);
    expect(await walletOf(walletId)).toMatchObject({ balanceMinor: 1_000_00, heldMinor: 0, availableMinor: 1_000_00 });
  });

  it('refuses the confirmation of a settle path that heard the supplier before the undo took the booking and writes after', async () => {
    const { state, listed, walletId } = await bookedButNotSaved('bk_race_settle_late');
    let undoing: Promise<unknown> | undefined;
    // The supplier answers the lookup "confirmed"; before the settle path writes, the whole undo runs.
    supplier.afterLookup = async () => {
      undoing = undoBookingStep(state, deps).catch((error: unknown) => error);
      await undoing;
    };
    const settled = await settlePending(listed, deps);
    expect(await undoing).toMatchObject(notCompleted);
    expect(settled.status).toBe('failed');
    expect(supplier.status.get('bk_race_settle_late')).toBe('cancelled');
    expect(await deps.bookings.get('demo', 'bk_race_settle_late')).toMatchObject({ status: 'failed' });
    // The settle path's capture, made before its refused write, finds the hold released: nothing is paid.
    expect(await walletOf(walletId)).toMatchObject({ balanceMinor: 1_000_00, heldMinor: 0, availableMinor: 1_000_00 });
  });

  it('undoes, through the settle path, a wallet-paid booking its supplier confirmed above what the wallet held', async () => {
    // Held a cent less than the supplier's confirmed total (locked as the check priced it): the capture cannot pay it.
    const { listed, walletId } = await bookedButNotSaved('bk_settle_above_hold', totalMinor - 1);
    const settled = await settlePending(listed, deps);
    expect(settled).toMatchObject({ status: 'failed', supplierReference: 'HB-bk_settle_above_hold' });
    expect(settled.history.map((e) => e.event)).toEqual(['requested', 'undo-begun', 'confirmed-by-supplier', 'cancelled-at-supplier']);
    expect(settled.history[2]!.detail).toContain('more than the wallet held for it');
    expect(supplier.status.get('bk_settle_above_hold')).toBe('cancelled');
    expect(await walletOf(walletId)).toMatchObject({ balanceMinor: 1_000_00, heldMinor: 0, availableMinor: 1_000_00 });
  });

  it('finishes, through the settle path, an undo cut short after it took the booking, and only once it is long past', async () => {
    const { listed, walletId } = await bookedButNotSaved('bk_undo_cut_short');
    const begun = new Date(Date.now() - 16 * 60_000).toISOString();
    const because = { kind: 'not-saved', error: 'InternalFailure' } as const;
    const target = { supplierId: 'hotelbeds', supplierReference: 'HB-bk_undo_cut_short' };
    // The flow's undo took the booking, then its Lambda ended before it cancelled anything.
    const taken = await changeBooking(deps, 'demo', 'bk_undo_cut_short', { kind: 'begin-undo', at: begun, ...target, because }, listed);
    // Just begun (the flow may still be cancelling): left alone, nothing asked of the supplier.
    const early = { ...deps, now: () => new Date(Date.parse(begun) + 60_000) };
    expect(await settlePending(taken, early)).toMatchObject({ status: 'pending', undoBegunAt: begun });
    expect(supplier.status.get('bk_undo_cut_short')).toBe('confirmed');
    // A partner's GET never finishes it, however late: only the reconciler cancels at the supplier.
    expect(await settlePending(taken, deps, { onRead: true })).toMatchObject({ status: 'pending', undoBegunAt: begun });
    expect(supplier.status.get('bk_undo_cut_short')).toBe('confirmed');

    const finished = await settlePending(taken, deps);
    expect(finished).toMatchObject({ status: 'failed', supplierReference: 'HB-bk_undo_cut_short' });
    expect(finished.history.map((e) => e.event)).toEqual(['requested', 'undo-begun', 'confirmed-by-supplier', 'cancelled-at-supplier']);
    expect(finished.history[2]!.detail).toContain('the booking could not be saved (InternalFailure)');
    expect(supplier.status.get('bk_undo_cut_short')).toBe('cancelled');
    expect(await walletOf(walletId)).toMatchObject({ balanceMinor: 1_000_00, heldMinor: 0, availableMinor: 1_000_00 });
  });
});
