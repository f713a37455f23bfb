/**
 * The booking's lifecycle without I/O (functions/domain/booking/): every command asked of a booking in every
 * status it can be in (and of none) is accepted or refused as the table below says, and an accepted one
 * raises its events, makes its changes and sends its webhook. The history entries derived from the events
 * are worded exactly as each path wrote them before the lifecycle owned them (partners read them in GET,
 * finance's ledger and the voucher's issue read them), the wallet movements follow the events, and a refusal
 * reaches the partner as the 409 it always was. Last, a change made through record/change-booking.ts with a
 * store and wallets in memory: the money moves before or after the write as the events say, never on a refusal.
 */
import { describe, expect, it } from 'vitest';
import { paymentsDue } from '../../functions/domain/booking/booking-payment.js';
import { decide, eventsOf, refusalOf, requestedMove, type LifecycleBooking } from '../../functions/domain/booking/booking-lifecycle.js';
import { historyOf } from '../../functions/domain/booking/history-entry.js';
import {
  LIFECYCLE_COMMAND_KINDS,
  type LifecycleCommand,
  type LifecycleCommandKind,
} from '../../functions/domain/booking/lifecycle-command.js';
import type { LifecycleRefusalReason } from '../../functions/domain/booking/lifecycle-refusal.js';
import { webhookTypeOf } from '../../functions/domain/booking/webhook-type.js';
import type { BookingRecord } from '../../functions/booking/record/booking-record.js';
import { BookingStateConflict, type BookingMove, type BookingStore } from '../../functions/booking/record/booking-store.js';
import { changeBooking, type BookingCommand } from '../../functions/booking/record/change-booking.js';
import { refusalError } from '../../functions/booking/record/refusal-error.js';
import type { WalletPayments } from '../../functions/booking/wallet/wallet-payment.js';
import type { BookingEventType } from '../../functions/domain/webhooks/webhook-event.js';
import { problemOf } from '../../functions/shared/domain-error-problems.js';

const at = (n: number) => `2026-11-23T12:20:${String(n).padStart(2, '0')}.000Z`;

const requestedEntry = { at: at(0), event: 'requested', detail: 'booking requested with hotelbeds (request req-1)' };
const confirmedEntry = { at: at(1), event: 'confirmed', detail: 'confirmed by hotelbeds as HB-1' };
const voucherEntry = { at: at(2), event: 'voucher-issued', detail: 'voucher PDF, 5120 bytes' };
const undoBegunEntry = {
  at: at(3),
  event: 'undo-begun',
  detail: 'hotelbeds confirmed HB-1; cancelling it there because the booking could not be saved (InternalFailure)',
};

/** A booking in each state the lifecycle tells apart; `absent` is no booking at all. */
const STATES: Readonly<Record<string, LifecycleBooking | undefined>> = {
  absent: undefined,
  pending: { status: 'pending', history: [requestedEntry] },
  'pending, being undone': { status: 'pending', undoBegunAt: at(3), history: [requestedEntry, undoBegunEntry] },
  confirmed: { status: 'confirmed', history: [requestedEntry, confirmedEntry] },
  cancelled: { status: 'cancelled', cancelledAt: at(5), history: [requestedEntry, confirmedEntry] },
  failed: { status: 'failed', history: [requestedEntry] },
  'confirmed, voucher issued': { status: 'confirmed', history: [requestedEntry, confirmedEntry, voucherEntry] },
  'confirmed, personal data erased': { status: 'confirmed', personalDataErasedAt: at(7), history: [requestedEntry, confirmedEntry] },
  'confirmed, changing the stay': {
    status: 'confirmed',
    stayChange: { changeId: 'CHG-1' },
    history: [requestedEntry, confirmedEntry, { at: at(6), event: 'stay-change-requested', detail: 'stay change CHG-1' }],
  },
  'confirmed, hotel confirmation noted': {
    status: 'confirmed',
    hotelConfirmationNumber: 'HTL-1',
    history: [
      requestedEntry,
      confirmedEntry,
      { at: at(6), event: 'hotel-confirmed', detail: 'the hotel confirmed it as HTL-1 (given by hotelbeds)' },
    ],
  },
  'cancelled, personal data erased': {
    status: 'cancelled',
    cancelledAt: at(5),
    personalDataErasedAt: at(7),
    history: [requestedEntry, confirmedEntry],
  },
  'failed, personal data erased': { status: 'failed', personalDataErasedAt: at(7), history: [requestedEntry] },
  'confirmed, cancel in flight': { status: 'confirmed', cancelRequestedAt: at(4), history: [requestedEntry, confirmedEntry] },
};

/** One command of each kind, as the use cases make them. */
type Terms = { total: string; currency: string };
const COMMANDS: { readonly [K in LifecycleCommandKind]: Extract<LifecycleCommand<Terms>, { kind: K }> } = {
  request: { kind: 'request', at: at(10), supplierId: 'hotelbeds', requestId: 'req-1' },
  'keep-pending': { kind: 'keep-pending', at: at(10) },
  confirm: {
    kind: 'confirm',
    at: at(10),
    supplierId: 'hotelbeds',
    supplierReference: 'HB-1',
    via: 'answer',
    terms: { total: '120.00', currency: 'EUR' },
  },
  fail: {
    kind: 'fail',
    at: at(10),
    cause: { kind: 'not-booked', problem: 'The supplier no longer offers this rate; nothing was booked. Search again.' },
  },
  'begin-undo': {
    kind: 'begin-undo',
    at: at(10),
    supplierId: 'hotelbeds',
    supplierReference: 'HB-1',
    because: { kind: 'above-tolerance', total: '130.00', currency: 'EUR' },
  },
  compensate: {
    kind: 'compensate',
    at: at(10),
    supplierId: 'hotelbeds',
    supplierReference: 'HB-1',
    because: { kind: 'above-tolerance', total: '130.00', currency: 'EUR' },
    undo: { kind: 'cancelled', at: at(11), penalty: { amount: '0.00', currency: 'EUR' } },
  },
  modify: { kind: 'modify', at: at(10), supplierId: 'hotelbeds', holderFields: ['email', 'phone'], guestNames: true },
  'request-stay-change': {
    kind: 'request-stay-change',
    at: at(10),
    supplierId: 'hotelbeds',
    changeId: 'CHG-1',
    to: { checkIn: '2027-03-02', checkOut: '2027-03-05' },
    terms: { total: '130.00', currency: 'EUR' },
  },
  'change-stay': {
    kind: 'change-stay',
    at: at(10),
    supplierId: 'hotelbeds',
    changeId: 'CHG-1',
    from: { checkIn: '2027-03-01', checkOut: '2027-03-04' },
    to: { checkIn: '2027-03-02', checkOut: '2027-03-05' },
    previousTotal: { amount: '120.00', currency: 'EUR' },
    total: { amount: '130.00', currency: 'EUR' },
    lookedUp: false,
    terms: { total: '130.00', currency: 'EUR' },
  },
  'drop-stay-change': { kind: 'drop-stay-change', at: at(10), supplierId: 'hotelbeds', changeId: 'CHG-1', why: 'the supplier repriced it' },
  cancel: {
    kind: 'cancel',
    at: at(10),
    supplierId: 'hotelbeds',
    cancelledAt: at(9),
    cancellationReference: 'CX-1',
    penalty: { amount: '30.00', currency: 'EUR' },
    quotedPenaltyAmount: '30.00',
    supplierPenalty: { amount: '27.00', currency: 'GBP' },
    lookedUp: false,
    reasonGiven: false,
  },
  'note-hotel-confirmation': {
    kind: 'note-hotel-confirmation',
    at: at(10),
    supplierId: 'hotelbeds',
    hotelConfirmationNumber: 'HTL_Conf_444322',
  },
  'issue-voucher': { kind: 'issue-voucher', at: at(10), bytes: 5120 },
  'erase-personal-data': { kind: 'erase-personal-data', at: at(10), by: { kind: 'partner', requestReference: 'DSR-1' } },
  'request-cancel': { kind: 'request-cancel', at: at(10), supplierId: 'hotelbeds', quotedPenaltyAmount: '30.00', reasonGiven: false },
  'cancel-refused': { kind: 'cancel-refused', at: at(10), supplierId: 'hotelbeds', why: 'the booking cannot be cancelled any more' },
};

const OK = 'accepted';
type Expected = typeof OK | LifecycleRefusalReason;

/** The whole lifecycle: what each command gets in each state (columns in LIFECYCLE_COMMAND_KINDS' order). */
const TABLE: Readonly<Record<string, Readonly<Record<LifecycleCommandKind, Expected>>>> = {
  absent: row(
    OK,
    'missing',
    'missing',
    'missing',
    'missing',
    'missing',
    'missing',
    'missing',
    'missing',
    'missing',
    'missing',
    'missing',
    'missing',
    'missing',
    'missing',
    'missing',
  ),
  pending: row(
    'still-pending',
    OK,
    OK,
    OK,
    OK,
    OK,
    'still-pending',
    'still-pending',
    'still-pending',
    'still-pending',
    'still-pending',
    'still-pending',
    'still-pending',
    'still-pending',
    'still-pending',
    'still-pending',
  ),
  // Only the compensation that records the cancel at its supplier moves it: nothing confirms what is being cancelled.
  'pending, being undone': row(
    'still-pending',
    'being-undone',
    'being-undone',
    'being-undone',
    'being-undone',
    OK,
    'still-pending',
    'still-pending',
    'still-pending',
    'still-pending',
    'still-pending',
    'still-pending',
    'still-pending',
    'still-pending',
    'still-pending',
    'still-pending',
  ),
  confirmed: row(
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    OK,
    OK,
    'no-stay-change-requested',
    'no-stay-change-requested',
    OK,
    OK,
    OK,
    OK,
    OK,
    'no-cancel-in-flight',
  ),
  cancelled: row(
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    OK,
    'already-cancelled',
    'already-cancelled',
  ),
  failed: row(
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    OK,
    'never-booked',
    'never-booked',
  ),
  'confirmed, voucher issued': row(
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    OK,
    OK,
    'no-stay-change-requested',
    'no-stay-change-requested',
    OK,
    OK,
    'voucher-already-issued',
    OK,
    OK,
    'no-cancel-in-flight',
  ),
  'confirmed, personal data erased': row(
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'personal-data-erased',
    OK,
    'no-stay-change-requested',
    'no-stay-change-requested',
    OK,
    OK,
    OK,
    'personal-data-erased',
    OK,
    'no-cancel-in-flight',
  ),
  'confirmed, hotel confirmation noted': row(
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    OK,
    OK,
    'no-stay-change-requested',
    'no-stay-change-requested',
    OK,
    'hotel-confirmation-known',
    OK,
    OK,
    OK,
    'no-cancel-in-flight',
  ),
  'confirmed, changing the stay': row(
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'stay-change-in-progress',
    'stay-change-in-progress',
    OK,
    OK,
    'stay-change-in-progress',
    OK,
    OK,
    OK,
    'stay-change-in-progress',
    'no-cancel-in-flight',
  ),
  'cancelled, personal data erased': row(
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'already-cancelled',
    'personal-data-erased',
    'already-cancelled',
    'already-cancelled',
  ),
  // A cancel sent whose outcome is not known: only the supplier's word (cancel, cancel-refused) moves it on.
  'confirmed, cancel in flight': row(
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'already-confirmed',
    'cancel-in-flight',
    'cancel-in-flight',
    'no-stay-change-requested',
    'no-stay-change-requested',
    OK,
    OK,
    OK,
    'cancel-in-flight',
    'cancel-in-flight',
    OK,
  ),
  'failed, personal data erased': row(
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'never-booked',
    'personal-data-erased',
    'never-booked',
    'never-booked',
  ),
};

function row(...cells: Expected[]): Record<LifecycleCommandKind, Expected> {
  return Object.fromEntries(LIFECYCLE_COMMAND_KINDS.map((kind, i) => [kind, cells[i]!])) as Record<LifecycleCommandKind, Expected>;
}

/** What an accepted command does, whatever the state it was accepted in. */
const ACCEPTED: Readonly<
  Record<
    LifecycleCommandKind,
    {
      from: readonly string[];
      events: readonly string[];
      changes: Record<string, unknown>;
      webhook: BookingEventType | undefined;
    }
  >
> = {
  request: { from: [], events: ['requested'], changes: { status: 'pending', supplierReference: null }, webhook: undefined },
  'keep-pending': { from: ['pending'], events: ['outcome-unknown'], changes: {}, webhook: 'booking.pending' },
  confirm: {
    from: ['pending'],
    events: ['confirmed'],
    changes: { total: '120.00', currency: 'EUR', status: 'confirmed', supplierReference: 'HB-1' },
    webhook: 'booking.confirmed',
  },
  fail: { from: ['pending'], events: ['failed'], changes: { status: 'failed' }, webhook: 'booking.failed' },
  'begin-undo': {
    from: ['pending'],
    events: ['undo-begun'],
    changes: {
      undoBegunAt: at(10),
      undoReason: { kind: 'above-tolerance', total: '130.00', currency: 'EUR' },
      supplierReference: 'HB-1',
    },
    webhook: undefined,
  },
  compensate: {
    from: ['pending'],
    events: ['compensated', 'cancelled-at-supplier'],
    changes: { status: 'failed', supplierReference: 'HB-1' },
    webhook: 'booking.compensated',
  },
  modify: { from: ['confirmed'], events: ['modified'], changes: {}, webhook: 'booking.modified' },
  'request-stay-change': {
    from: ['confirmed'],
    events: ['stay-change-requested'],
    changes: { total: '130.00', currency: 'EUR' },
    webhook: undefined,
  },
  'change-stay': {
    from: ['confirmed'],
    events: ['stay-changed'],
    changes: { total: '130.00', currency: 'EUR', stayChange: null },
    webhook: 'booking.modified',
  },
  'drop-stay-change': { from: ['confirmed'], events: ['stay-change-dropped'], changes: { stayChange: null }, webhook: undefined },
  cancel: {
    from: ['confirmed'],
    events: ['cancelled'],
    changes: {
      status: 'cancelled',
      cancelledAt: at(9),
      penaltyAmount: '30.00',
      penaltyCurrency: 'EUR',
      quotedPenaltyAmount: '30.00',
      supplierPenaltyAmount: '27.00',
      supplierPenaltyCurrency: 'GBP',
    },
    webhook: 'booking.cancelled',
  },
  'note-hotel-confirmation': {
    from: ['confirmed'],
    events: ['hotel-confirmed'],
    changes: { hotelConfirmationNumber: 'HTL_Conf_444322' },
    webhook: 'booking.modified',
  },
  'issue-voucher': { from: ['confirmed'], events: ['voucher-issued'], changes: {}, webhook: undefined },
  'erase-personal-data': {
    from: ['confirmed', 'cancelled', 'failed'],
    events: ['personal-data-erased'],
    changes: { personalDataErasedAt: at(10) },
    webhook: undefined,
  },
  'request-cancel': {
    from: ['confirmed'],
    events: ['cancel-requested'],
    changes: { cancelRequestedAt: at(10), quotedPenaltyAmount: '30.00' },
    webhook: undefined,
  },
  'cancel-refused': { from: ['confirmed'], events: ['cancel-refused'], changes: { cancelRefusedAt: at(10) }, webhook: undefined },
};

describe('the booking lifecycle, every command in every state', () => {
  const pairs = Object.keys(STATES).flatMap((state) => LIFECYCLE_COMMAND_KINDS.map((kind) => [state, kind] as const));

  it('covers every state and every command', () => {
    expect(pairs).toHaveLength(Object.keys(STATES).length * LIFECYCLE_COMMAND_KINDS.length);
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(STATES).sort());
    expect(Object.keys(COMMANDS).sort()).toEqual([...LIFECYCLE_COMMAND_KINDS].sort());
  });

  it.each(pairs)('%s, %s', (state, kind) => {
    const booking = STATES[state];
    const command = COMMANDS[kind];
    const expected = TABLE[state]![kind];
    const decision = decide(booking, command);
    // What a use case asks before its work (a supplier call, a render) is what decide answers after it.
    expect(refusalOf(booking, kind)?.reason ?? OK).toBe(expected);
    if (expected !== OK) {
      expect(decision).toEqual({ accepted: false, refusal: expect.objectContaining({ reason: expected }) });
      if (booking) expect(decision).toMatchObject({ refusal: { status: booking.status } });
      return;
    }
    const accepted = ACCEPTED[kind];
    if (!decision.accepted) throw new Error(`refused: ${decision.refusal.reason}`);
    expect(decision.from).toEqual(accepted.from);
    expect(decision.events.map((e) => e.type)).toEqual(accepted.events);
    expect(decision.changes).toEqual(accepted.changes);
    expect(webhookTypeOf(decision.events)).toBe(accepted.webhook);
    // The statuses it moves from are where it is accepted (erasure and the voucher refuse some of them again).
    if (booking) expect(decision.from).toContain(booking.status);
  });

  it('names the status and the moment in a refusal, for the answer the partner gets', () => {
    expect(decide(STATES.cancelled, COMMANDS.cancel)).toEqual({
      accepted: false,
      refusal: { reason: 'already-cancelled', status: 'cancelled', cancelledAt: at(5) },
    });
    expect(decide(STATES['confirmed, personal data erased'], COMMANDS.modify)).toEqual({
      accepted: false,
      refusal: { reason: 'personal-data-erased', status: 'confirmed', erasedAt: at(7) },
    });
    expect(decide(undefined, COMMANDS.cancel)).toEqual({ accepted: false, refusal: { reason: 'missing' } });
  });

  it("writes a booking's first move as a pending record with no supplier reference", () => {
    const move = requestedMove({ kind: 'request', at: at(0), supplierId: 'hotelbeds', requestId: 'req-1' });
    expect(move).toEqual({
      from: [],
      events: [{ type: 'requested', at: at(0), supplierId: 'hotelbeds', requestId: 'req-1' }],
      changes: { status: 'pending', supplierReference: null },
    });
    expect(historyOf(move.events)).toEqual([requestedEntry]);
  });

  it('sends at most one webhook per move, booking.compensated whether the cancel at the supplier worked or not', () => {
    const undone = { ...COMMANDS.compensate, undo: { kind: 'cancel-failed', at: at(11), why: 'timeout' } } as const;
    expect(eventsOf(undone).map((e) => e.type)).toEqual(['compensated', 'cancel-at-supplier-failed']);
    expect(webhookTypeOf(eventsOf(undone))).toBe('booking.compensated');
    expect(webhookTypeOf(eventsOf(COMMANDS.compensate))).toBe('booking.compensated');
  });

  it('lets a confirmation set neither its own status nor its own reference through its terms', () => {
    const sneaky = { ...COMMANDS.confirm, terms: { status: 'cancelled', supplierReference: 'OTHER', total: '1.00', currency: 'EUR' } };
    const decision = decide(STATES.pending, sneaky as LifecycleCommand<object>);
    expect(decision).toMatchObject({ accepted: true, changes: { status: 'confirmed', supplierReference: 'HB-1', total: '1.00' } });
  });
});

/** The history entries a command writes, as one path makes it. */
const entriesOf = (command: LifecycleCommand) => historyOf(eventsOf(command));

describe("a booking's history, worded as each path wrote it", () => {
  it('the write-ahead record (BookWithSupplier)', () => {
    expect(entriesOf(COMMANDS.request)).toEqual([
      { at: at(10), event: 'requested', detail: 'booking requested with hotelbeds (request req-1)' },
    ]);
  });

  it('an unknown outcome (KeepPending)', () => {
    expect(entriesOf(COMMANDS['keep-pending'])).toEqual([
      {
        at: at(10),
        event: 'outcome-unknown',
        detail: 'the supplier did not confirm in time and no booking under our reference was found yet; it will be asked again',
      },
    ]);
  });

  it('a confirmation: answered (SaveBooking), found after a timeout (SaveBooking after ReconcileBooking), settled later (reconciler, GET)', () => {
    const confirm = (via: 'answer' | 'lookup-after-timeout' | 'settled-later') => entriesOf({ ...COMMANDS.confirm, via })[0];
    expect(confirm('answer')).toEqual({ at: at(10), event: 'confirmed', detail: 'confirmed by hotelbeds as HB-1' });
    expect(confirm('lookup-after-timeout')).toEqual({
      at: at(10),
      event: 'confirmed',
      detail: 'confirmed by hotelbeds as HB-1 (found by our reference after a timeout)',
    });
    expect(confirm('settled-later')).toEqual({ at: at(10), event: 'confirmed', detail: 'found at hotelbeds under our reference as HB-1' });
  });

  it('a failure: the flow (RecordFailure) and the reconciler giving up', () => {
    expect(entriesOf(COMMANDS.fail)).toEqual([
      { at: at(10), event: 'failed', detail: 'The supplier no longer offers this rate; nothing was booked. Search again.' },
    ]);
    expect(entriesOf({ kind: 'fail', at: at(10), cause: { kind: 'absent-at-supplier', supplierId: 'expedia', afterMinutes: 15 } })).toEqual(
      [
        {
          at: at(10),
          event: 'failed',
          detail: 'expedia holds no booking under our reference 15 minutes after the attempt: nothing was booked',
        },
      ],
    );
  });

  it('an undo taking the booking before it cancels at the supplier (UndoBooking)', () => {
    expect(entriesOf(COMMANDS['begin-undo'])).toEqual([
      {
        at: at(10),
        event: 'undo-begun',
        detail: 'hotelbeds confirmed HB-1; cancelling it there because the supplier confirmed 130.00 EUR, above the priceTolerance',
      },
    ]);
  });

  it('a compensation (UndoBooking): above the tolerance and cancelled, or not saved and the cancel failed', () => {
    expect(entriesOf(COMMANDS.compensate)).toEqual([
      {
        at: at(10),
        event: 'confirmed-by-supplier',
        detail: 'hotelbeds confirmed HB-1; undone because the supplier confirmed 130.00 EUR, above the priceTolerance',
      },
      { at: at(11), event: 'cancelled-at-supplier', detail: 'cancelled HB-1 at hotelbeds, penalty 0.00 EUR' },
    ]);
    expect(
      entriesOf({
        ...COMMANDS.compensate,
        because: { kind: 'not-saved', error: 'InternalFailure' },
        undo: { kind: 'cancel-failed', at: at(12), why: 'timeout from hotelbeds, on cancel' },
      } as LifecycleCommand),
    ).toEqual([
      {
        at: at(10),
        event: 'confirmed-by-supplier',
        detail: 'hotelbeds confirmed HB-1; undone because the booking could not be saved (InternalFailure)',
      },
      { at: at(12), event: 'cancel-at-supplier-failed', detail: 'could not cancel HB-1 at hotelbeds: timeout from hotelbeds, on cancel' },
    ]);
    expect(entriesOf({ ...COMMANDS.compensate, because: { kind: 'above-hold', total: '131.00', currency: 'EUR' } })[0]).toEqual({
      at: at(10),
      event: 'confirmed-by-supplier',
      detail: 'hotelbeds confirmed HB-1; undone because the supplier confirmed 131.00 EUR, more than the wallet held for it',
    });
  });

  it('a modification: the holder, the guest names, or both', () => {
    const modified = (holderFields: readonly string[] | undefined, guestNames: boolean) =>
      entriesOf({ kind: 'modify', at: at(10), supplierId: 'hotelbeds', ...(holderFields ? { holderFields } : {}), guestNames })[0]!.detail;
    expect(modified(['email', 'phone'], false)).toBe('holder email, phone changed at hotelbeds');
    expect(modified(undefined, true)).toBe('guest names changed at hotelbeds');
    expect(modified(['firstName'], true)).toBe('holder firstName and guest names changed at hotelbeds');
    // A holder sent with no field: named as it always was.
    expect(modified([], false)).toBe('holder  changed at hotelbeds');
  });

  it("a cancel: with the supplier's reference, and looked up after a lost answer with a reason given", () => {
    expect(entriesOf(COMMANDS.cancel)).toEqual([
      { at: at(10), event: 'cancelled', detail: 'cancelled at hotelbeds (CX-1); penalty applied 30.00 EUR, quoted 30.00' },
    ]);
    const { cancellationReference: _none, ...withoutReference } = COMMANDS.cancel;
    expect(
      entriesOf({
        ...withoutReference,
        penalty: { amount: '0.00', currency: 'EUR' },
        quotedPenaltyAmount: '0.00',
        lookedUp: true,
        reasonGiven: true,
      }),
    ).toEqual([
      {
        at: at(10),
        event: 'cancelled',
        detail:
          "cancelled at hotelbeds; penalty applied 0.00 EUR, quoted 0.00 (its answer could not be read; its booking shows cancelled, the penalty is its policy's); a reason was given",
      },
    ]);
  });

  it("the voucher's issue", () => {
    expect(entriesOf(COMMANDS['issue-voucher'])).toEqual([voucherEntry].map((e) => ({ ...e, at: at(10) })));
  });

  it('an erasure: by the partner (with or without its reference), an operator, the retention job', () => {
    const erased = (by: Extract<LifecycleCommand, { kind: 'erase-personal-data' }>['by']) =>
      entriesOf({ kind: 'erase-personal-data', at: at(10), by })[0];
    expect(erased({ kind: 'partner', requestReference: 'DSR-1' })).toEqual({
      at: at(10),
      event: 'personal-data-erased',
      detail: "personal data erased at the partner's request (DSR-1)",
    });
    expect(erased({ kind: 'partner' })?.detail).toBe("personal data erased at the partner's request");
    expect(erased({ kind: 'operator', actor: 'ops@example.org' })?.detail).toBe('personal data erased by operator ops@example.org');
    expect(erased({ kind: 'retention', days: 30 })?.detail).toBe('personal data erased 30 days after check-out (retention)');
  });
});

describe("a wallet-paid booking's money, from its events", () => {
  const wallet = { method: 'agent_wallet', walletId: 'wal_1' };
  const due = (kind: LifecycleCommandKind, paidWith: { method: string } = wallet) => paymentsDue(eventsOf(COMMANDS[kind]), paidWith);
  const unpaid = (kind: LifecycleCommandKind) => paymentsDue(eventsOf(COMMANDS[kind]), undefined);

  it('is captured before a confirmation is recorded, refunded less the penalty before a cancel is, given back once a failure is', () => {
    expect(due('confirm')).toEqual([{ payment: { move: 'capture' }, due: 'before-recording' }]);
    expect(due('cancel')).toEqual([{ payment: { move: 'refund', penaltyAmount: '30.00' }, due: 'before-recording' }]);
    expect(due('fail')).toEqual([{ payment: { move: 'give-back' }, due: 'once-recorded' }]);
    expect(due('compensate')).toEqual([{ payment: { move: 'give-back' }, due: 'once-recorded' }]);
  });

  it('does not move for the other moves, nor for a booking paid otherwise', () => {
    for (const kind of ['request', 'keep-pending', 'begin-undo', 'modify', 'issue-voucher', 'erase-personal-data'] as const)
      expect(due(kind)).toEqual([]);
    for (const kind of LIFECYCLE_COMMAND_KINDS) {
      expect(unpaid(kind)).toEqual([]);
      expect(due(kind, { method: 'card' })).toEqual([]);
    }
  });
});

describe('a refusal, as the partner gets it (one 409 per operation)', () => {
  const problem = (operation: Parameters<typeof refusalError>[0], state: string, kind: LifecycleCommandKind) => {
    const refusal = refusalOf(STATES[state], kind)!;
    const { status, message, extensions } = problemOf(refusalError(operation, 'BK1', refusal));
    return { status, detail: message, extensions };
  };

  it('cancel', () => {
    expect(problem('cancel', 'cancelled', 'cancel')).toEqual({
      status: 409,
      detail: `Booking BK1 was already cancelled at ${at(5)}`,
      extensions: { bookingId: 'BK1', status: 'cancelled' },
    });
    expect(problem('cancel', 'pending', 'cancel')).toEqual({
      status: 409,
      detail: 'Booking BK1 has no confirmed outcome yet; retry once GET shows it confirmed',
      extensions: { bookingId: 'BK1', status: 'pending' },
    });
    expect(problem('cancel', 'failed', 'cancel')).toEqual({
      status: 409,
      detail: 'Booking BK1 was never booked',
      extensions: { bookingId: 'BK1', status: 'failed' },
    });
  });

  it('modify', () => {
    expect(problem('modify', 'pending', 'modify')).toEqual({
      status: 409,
      detail: 'Booking BK1 is pending; only a confirmed booking can be modified',
      extensions: { bookingId: 'BK1', status: 'pending' },
    });
    expect(problem('modify', 'confirmed, personal data erased', 'modify')).toEqual({
      status: 409,
      detail: `Booking BK1 holds no personal data to change (erased ${at(7)})`,
      extensions: { bookingId: 'BK1', status: 'confirmed' },
    });
    expect(refusalError('modify', 'BK1', { reason: 'personal-data-erased', status: 'confirmed' }).message).toBe(
      'Booking BK1 holds no personal data to change (erased or never stored)',
    );
  });

  it('erase personal data, and a retried booking request', () => {
    expect(problem('erase-personal-data', 'pending', 'erase-personal-data')).toEqual({
      status: 409,
      detail: 'Booking BK1 is pending: its supplier may still confirm it under these names; erase it once GET shows it confirmed or failed',
      extensions: { bookingId: 'BK1', status: 'pending' },
    });
    expect(problem('request', 'failed', 'request')).toEqual({
      status: 409,
      detail: 'Booking BK1 failed earlier; use a new Idempotency-Key to try again',
      extensions: { bookingId: 'BK1' },
    });
  });
});

describe('a change made through the lifecycle (record/change-booking.ts, with a store and wallets in memory)', () => {
  const paidBooking = (status: 'pending' | 'confirmed') =>
    ({
      tenant: 'demo',
      bookingId: 'BK1',
      status,
      supplierId: 'hotelbeds',
      supplierReference: status === 'confirmed' ? 'HB-1' : null,
      total: '100.00',
      currency: 'EUR',
      paymentMethod: { method: 'agent_wallet', walletId: 'wal_1' },
      history: [requestedEntry],
    }) as unknown as BookingRecord;

  /** The calls made, in order: the store's writes and the wallet's movements. */
  function world(booking: BookingRecord, write?: (move: BookingMove) => BookingRecord) {
    const calls: string[] = [];
    const bookings = {
      get: async () => booking,
      transition: async (_tenant: string, _id: string, move: BookingMove) => {
        calls.push(`write ${move.events.map((e) => e.type).join(', ')}`);
        return write ? write(move) : ({ ...booking, ...move.changes } as BookingRecord);
      },
    } as unknown as BookingStore;
    const wallets = {
      capture: async (_t: string, _w: string, _b: string, _now: Date, amountMinor?: number) => void calls.push(`capture ${amountMinor}`),
      refundCancelled: async (_t: string, _w: string, _b: string, penaltyMinor: number) => void calls.push(`refund less ${penaltyMinor}`),
      reverse: async () => void calls.push('give back'),
    } as unknown as WalletPayments;
    return { calls, deps: { bookings, wallets, now: () => new Date(at(20)) } };
  }

  it('captures the confirmed total before the confirmation is written', async () => {
    const { calls, deps } = world(paidBooking('pending'));
    await changeBooking(deps, 'demo', 'BK1', COMMANDS.confirm as BookingCommand);
    expect(calls).toEqual(['capture 12000', 'write confirmed']);
  });

  it('refunds the capture less the penalty before the cancel is written', async () => {
    const { calls, deps } = world(paidBooking('confirmed'));
    await changeBooking(deps, 'demo', 'BK1', COMMANDS.cancel);
    expect(calls).toEqual(['refund less 3000', 'write cancelled']);
  });

  it('gives back once a failure, or a compensation, is written', async () => {
    for (const command of [COMMANDS.fail, COMMANDS.compensate]) {
      const { calls, deps } = world(paidBooking('pending'));
      await changeBooking(deps, 'demo', 'BK1', command);
      expect(calls).toEqual([
        `write ${eventsOf(command)
          .map((e) => e.type)
          .join(', ')}`,
        'give back',
      ]);
    }
  });

  it('moves nothing and writes nothing when the lifecycle refuses', async () => {
    const { calls, deps } = world(paidBooking('pending'));
    const refused = changeBooking(deps, 'demo', 'BK1', COMMANDS.cancel);
    await expect(refused).rejects.toBeInstanceOf(BookingStateConflict);
    await expect(refused).rejects.toMatchObject({ status: 'pending', refusal: { reason: 'still-pending', status: 'pending' } });
    expect(calls).toEqual([]);
  });

  it("names the lifecycle's refusal when the booking moved on before the write", async () => {
    const cancelled = { ...paidBooking('confirmed'), status: 'cancelled', cancelledAt: at(9) } as BookingRecord;
    const { deps } = world(paidBooking('confirmed'), () => {
      throw new BookingStateConflict(cancelled);
    });
    await expect(changeBooking(deps, 'demo', 'BK1', COMMANDS.modify)).rejects.toMatchObject({
      refusal: { reason: 'already-cancelled', status: 'cancelled', cancelledAt: at(9) },
    });
  });

  it('needs no wallets for a booking paid otherwise, nor for a move that moves no money', async () => {
    const { paymentMethod: _wallet, ...atHotel } = paidBooking('pending');
    const { calls, deps } = world(atHotel as BookingRecord);
    const { wallets: _none, ...noWallets } = deps;
    await changeBooking(noWallets, 'demo', 'BK1', COMMANDS.fail);
    expect(calls).toEqual(['write failed']);
    const voucher = world(paidBooking('confirmed'));
    const { wallets: _unwired, ...voucherDeps } = voucher.deps;
    await changeBooking(voucherDeps, 'demo', 'BK1', COMMANDS['issue-voucher']);
    expect(voucher.calls).toEqual(['write voucher-issued']);
  });
});
