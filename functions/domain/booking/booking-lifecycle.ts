/**
 * The booking's lifecycle: which command may move a booking from which status, what it raises, and what
 * it changes on the record. Pure: `decide` is given the booking as read and answers either the move (the
 * statuses it stands on, the events, the changes) or a refusal naming why. The bookings store writes a
 * move conditionally on the booking still being as it was read; the history entries, the webhook event and
 * the wallet movements are derived from the move's events.
 *
 *   (none) --request--> pending --keep-pending--> pending
 *                       pending --confirm--> confirmed --modify, note-hotel-confirmation, issue-voucher--> confirmed
 *                                              confirmed --request-stay-change--> confirmed, changing
 *                                              confirmed, changing --change-stay, drop-stay-change--> confirmed
 *                       pending --fail, compensate--> failed      confirmed --cancel--> cancelled
 *   confirmed --request-cancel--> confirmed, cancel in flight --cancel--> cancelled
 *                                 confirmed, cancel in flight --cancel-refused--> confirmed
 *                       pending --begin-undo--> pending, being undone --compensate--> failed
 *   confirmed, cancelled, failed --erase-personal-data--> the same status
 */
import type { BookingStatus } from './booking-status.js';
import { HISTORY_EVENT_NAME, type BookingHistoryEntry } from './history-entry.js';
import type { LifecycleCommand, LifecycleCommandKind, RequestCommand } from './lifecycle-command.js';
import type { LifecycleEvent, UndoReason } from './lifecycle-event.js';
import type { LifecycleRefusal } from './lifecycle-refusal.js';

/** What the lifecycle reads of a booking (a stored booking record is one). */
export interface LifecycleBooking {
  readonly status: BookingStatus;
  readonly cancelledAt?: string;
  readonly personalDataErasedAt?: string;
  /** Set when an undo took the pending booking: its supplier's booking is being cancelled. */
  readonly undoBegunAt?: string;
  /** Set when a cancel was sent and its outcome was not known (request-cancel). */
  readonly cancelRequestedAt?: string;
  /** Set when the supplier refused that cancel (cancel-refused): a later one ends the cancel in flight. */
  readonly cancelRefusedAt?: string;
  /** The hotel's own confirmation number, once noted. */
  readonly hotelConfirmationNumber?: string;
  /** A stay change asked of the supplier and not settled yet (null or absent: none). */
  readonly stayChange?: { readonly changeId: string } | null;
  readonly history: readonly BookingHistoryEntry[];
}

/** The record's fields the lifecycle itself sets; a confirmation adds the supplier's terms. */
export interface LifecycleChanges {
  readonly status?: BookingStatus;
  readonly supplierReference?: string | null;
  readonly cancelledAt?: string;
  readonly penaltyAmount?: string;
  readonly penaltyCurrency?: string;
  readonly quotedPenaltyAmount?: string;
  readonly supplierPenaltyAmount?: string;
  readonly supplierPenaltyCurrency?: string;
  readonly personalDataErasedAt?: string;
  readonly undoBegunAt?: string;
  /** Why the undo was begun: what its compensation says, whoever records it. */
  readonly undoReason?: UndoReason;
  readonly cancelRequestedAt?: string;
  readonly cancelRefusedAt?: string;
  readonly hotelConfirmationNumber?: string;
  /** Cleared once the stay change waiting for its supplier's outcome is made or dropped (the request's terms set it). */
  readonly stayChange?: null;
}

/** What a move changes on the record: the lifecycle's fields, and a confirmation's terms with them. */
export type MoveChanges<Terms extends object = object> = LifecycleChanges | (Terms & LifecycleChanges);

export interface LifecycleMove<Terms extends object = object> {
  /** The statuses the booking must still have where the move is written; none for a booking not yet written. */
  readonly from: readonly BookingStatus[];
  readonly events: readonly LifecycleEvent[];
  readonly changes: MoveChanges<Terms>;
}

export type LifecycleDecision<Terms extends object = object> =
  | ({ readonly accepted: true } & LifecycleMove<Terms>)
  | { readonly accepted: false; readonly refusal: LifecycleRefusal };

/** The statuses each command moves a booking from. */
const MOVES_FROM: Readonly<Record<LifecycleCommandKind, readonly BookingStatus[]>> = {
  request: [],
  'keep-pending': ['pending'],
  confirm: ['pending'],
  fail: ['pending'],
  'begin-undo': ['pending'],
  compensate: ['pending'],
  modify: ['confirmed'],
  'request-cancel': ['confirmed'],
  'cancel-refused': ['confirmed'],
  'request-stay-change': ['confirmed'],
  'change-stay': ['confirmed'],
  'drop-stay-change': ['confirmed'],
  cancel: ['confirmed'],
  'note-hotel-confirmation': ['confirmed'],
  'issue-voucher': ['confirmed'],
  // Not pending: its supplier may still confirm it under the names we sent, and it must then be recognisable.
  'erase-personal-data': ['confirmed', 'cancelled', 'failed'],
};

/** A command refused because of where the booking stands. */
function refusedAt(booking: LifecycleBooking): LifecycleRefusal {
  switch (booking.status) {
    case 'pending':
      return { reason: 'still-pending', status: 'pending' };
    case 'confirmed':
      return { reason: 'already-confirmed', status: 'confirmed' };
    case 'cancelled':
      return { reason: 'already-cancelled', status: 'cancelled', ...(booking.cancelledAt ? { cancelledAt: booking.cancelledAt } : {}) };
    case 'failed':
      return { reason: 'never-booked', status: 'failed' };
  }
}

function erased(booking: LifecycleBooking): LifecycleRefusal {
  return {
    reason: 'personal-data-erased',
    status: booking.status,
    ...(booking.personalDataErasedAt ? { erasedAt: booking.personalDataErasedAt } : {}),
  };
}

/** Whether the booking's voucher was issued for the stay it now has: a stay change calls for a new one. */
function voucherIssued(booking: LifecycleBooking): boolean {
  let issued = -1;
  let changed = -1;
  booking.history.forEach((entry, i) => {
    if (entry.event === HISTORY_EVENT_NAME['voucher-issued']) issued = i;
    if (entry.event === HISTORY_EVENT_NAME['stay-changed']) changed = i;
  });
  return issued > changed;
}

/**
 * Why a command of this kind cannot be made on the booking now, or undefined when it can: asked before
 * the work a command records is done (a supplier call, a render), and again by `decide`.
 */
export function refusalOf(booking: LifecycleBooking | undefined, kind: LifecycleCommandKind): LifecycleRefusal | undefined {
  if (!booking) return kind === 'request' ? undefined : { reason: 'missing' };
  // Erasing twice is done already, whatever the status (the first erasure's time is the answer).
  if (kind === 'erase-personal-data' && booking.personalDataErasedAt) return erased(booking);
  if (!MOVES_FROM[kind].includes(booking.status)) return refusedAt(booking);
  // Taken by an undo: its supplier's booking is being cancelled, so nothing may confirm it (nor take it
  // twice); only the compensation that records the cancel moves it on.
  if (booking.undoBegunAt && kind !== 'compensate') return { reason: 'being-undone', status: 'pending', undoBegunAt: booking.undoBegunAt };
  if (kind === 'modify' && booking.personalDataErasedAt) return erased(booking);
  const inFlight = cancelInFlight(booking);
  // A cancel whose outcome is unknown: the booking is the supplier's to say, and it may still need the names.
  if (inFlight && (kind === 'modify' || kind === 'erase-personal-data' || kind === 'request-cancel' || kind === 'request-stay-change'))
    return { reason: 'cancel-in-flight', status: 'confirmed', cancelRequestedAt: inFlight };
  if (kind === 'cancel-refused' && !inFlight) return { reason: 'no-cancel-in-flight', status: 'confirmed' };
  const changing = booking.stayChange ?? undefined;
  // While the supplier is asked to change the stay, nothing else changes it: the change is made or dropped first.
  if (changing && (kind === 'modify' || kind === 'cancel' || kind === 'request-cancel' || kind === 'request-stay-change'))
    return { reason: 'stay-change-in-progress', status: 'confirmed', changeId: changing.changeId };
  if (!changing && (kind === 'change-stay' || kind === 'drop-stay-change'))
    return { reason: 'no-stay-change-requested', status: booking.status };
  if (kind === 'issue-voucher' && voucherIssued(booking)) return { reason: 'voucher-already-issued', status: 'confirmed' };
  if (kind === 'note-hotel-confirmation' && booking.hotelConfirmationNumber)
    return { reason: 'hotel-confirmation-known', status: 'confirmed' };
  return undefined;
}

/**
 * When the booking's cancel in flight was sent, if one is: requested, and not refused since. The settle path
 * (functions/booking/reconcile/) finishes it.
 */
export function cancelInFlight(booking: Pick<LifecycleBooking, 'status' | 'cancelRequestedAt' | 'cancelRefusedAt'>): string | undefined {
  const { cancelRequestedAt, cancelRefusedAt } = booking;
  if (booking.status !== 'confirmed' || !cancelRequestedAt) return undefined;
  return cancelRefusedAt && cancelRefusedAt >= cancelRequestedAt ? undefined : cancelRequestedAt;
}

/** The events a command raises once accepted: a function of the command alone. */
export function eventsOf(command: LifecycleCommand): LifecycleEvent[] {
  const { at } = command;
  switch (command.kind) {
    case 'request':
      return [{ type: 'requested', at, supplierId: command.supplierId, requestId: command.requestId }];
    case 'keep-pending':
      return [{ type: 'outcome-unknown', at }];
    case 'confirm':
      return [{ type: 'confirmed', at, supplierId: command.supplierId, supplierReference: command.supplierReference, via: command.via }];
    case 'fail':
      return [{ type: 'failed', at, cause: command.cause }];
    case 'begin-undo':
      return [
        { type: 'undo-begun', at, supplierId: command.supplierId, supplierReference: command.supplierReference, because: command.because },
      ];
    case 'compensate': {
      const { supplierId, supplierReference, undo } = command;
      return [
        { type: 'compensated', at, supplierId, supplierReference, because: command.because },
        undo.kind === 'cancelled'
          ? { type: 'cancelled-at-supplier', at: undo.at, supplierId, supplierReference, penalty: undo.penalty }
          : { type: 'cancel-at-supplier-failed', at: undo.at, supplierId, supplierReference, why: undo.why },
      ];
    }
    case 'modify':
      return [
        {
          type: 'modified',
          at,
          supplierId: command.supplierId,
          ...(command.holderFields ? { holderFields: command.holderFields } : {}),
          guestNames: command.guestNames,
        },
      ];
    case 'request-cancel':
      return [
        {
          type: 'cancel-requested',
          at,
          supplierId: command.supplierId,
          quotedPenaltyAmount: command.quotedPenaltyAmount,
          reasonGiven: command.reasonGiven,
        },
      ];
    case 'cancel-refused':
      return [{ type: 'cancel-refused', at, supplierId: command.supplierId, why: command.why }];
    case 'cancel':
      return [
        {
          type: 'cancelled',
          at,
          supplierId: command.supplierId,
          ...(command.cancellationReference ? { cancellationReference: command.cancellationReference } : {}),
          penalty: command.penalty,
          quotedPenaltyAmount: command.quotedPenaltyAmount,
          lookedUp: command.lookedUp,
          reasonGiven: command.reasonGiven,
        },
      ];
    case 'request-stay-change':
      return [{ type: 'stay-change-requested', at, supplierId: command.supplierId, changeId: command.changeId, ...command.to }];
    case 'change-stay':
      return [
        {
          type: 'stay-changed',
          at,
          supplierId: command.supplierId,
          changeId: command.changeId,
          from: command.from,
          to: command.to,
          previousTotal: command.previousTotal,
          total: command.total,
          lookedUp: command.lookedUp,
        },
      ];
    case 'drop-stay-change':
      return [{ type: 'stay-change-dropped', at, supplierId: command.supplierId, changeId: command.changeId, why: command.why }];
    case 'note-hotel-confirmation':
      return [{ type: 'hotel-confirmed', at, supplierId: command.supplierId, hotelConfirmationNumber: command.hotelConfirmationNumber }];
    case 'issue-voucher':
      return [{ type: 'voucher-issued', at, bytes: command.bytes }];
    case 'erase-personal-data':
      return [{ type: 'personal-data-erased', at, by: command.by }];
  }
}

function changesOf<Terms extends object>(command: LifecycleCommand<Terms>): MoveChanges<Terms> {
  switch (command.kind) {
    case 'request':
      return requestedMove(command).changes;
    case 'confirm':
      // The terms first: the status and the reference are the lifecycle's to set.
      return { ...command.terms, status: 'confirmed', supplierReference: command.supplierReference };
    case 'fail':
      return { status: 'failed' };
    case 'begin-undo':
      // Still pending (its outcome is not known until the supplier answers the cancel); the reference says what is undone.
      return { undoBegunAt: command.at, undoReason: command.because, supplierReference: command.supplierReference };
    case 'compensate':
      // The supplier's reference stays on the failed booking: what was undone, and where, is never forgotten.
      return { status: 'failed', supplierReference: command.supplierReference };
    case 'cancel':
      return {
        status: 'cancelled',
        cancelledAt: command.cancelledAt,
        penaltyAmount: command.penalty.amount,
        penaltyCurrency: command.penalty.currency,
        quotedPenaltyAmount: command.quotedPenaltyAmount,
        supplierPenaltyAmount: command.supplierPenalty.amount,
        supplierPenaltyCurrency: command.supplierPenalty.currency,
      };
    case 'erase-personal-data':
      return { personalDataErasedAt: command.at };
    case 'request-cancel':
      return { cancelRequestedAt: command.at, quotedPenaltyAmount: command.quotedPenaltyAmount };
    case 'cancel-refused':
      return { cancelRefusedAt: command.at };
    case 'note-hotel-confirmation':
      return { hotelConfirmationNumber: command.hotelConfirmationNumber };
    case 'request-stay-change':
      return { ...command.terms };
    case 'change-stay':
      // The terms first: the pending change is the lifecycle's to clear.
      return { ...command.terms, stayChange: null };
    case 'drop-stay-change':
      return { stayChange: null };
    case 'keep-pending':
    case 'modify':
    case 'issue-voucher':
      return {};
  }
}

/** A booking's first move: its write-ahead record, pending with no supplier reference yet. */
export interface RequestedMove extends LifecycleMove {
  readonly changes: { readonly status: 'pending'; readonly supplierReference: null };
}

/** A booking's first move, always accepted, for there is no booking yet (a retry finds it: `decide` refuses). */
export function requestedMove(command: RequestCommand): RequestedMove {
  return { from: MOVES_FROM.request, events: eventsOf(command), changes: { status: 'pending', supplierReference: null } };
}

export function decide<Terms extends object = object>(
  booking: LifecycleBooking | undefined,
  command: LifecycleCommand<Terms>,
): LifecycleDecision<Terms> {
  const refusal = refusalOf(booking, command.kind);
  if (refusal) return { accepted: false, refusal };
  // A change settles only the change it asked: another one's outcome is that one's to record.
  if ((command.kind === 'change-stay' || command.kind === 'drop-stay-change') && booking?.stayChange?.changeId !== command.changeId)
    return { accepted: false, refusal: { reason: 'no-stay-change-requested', status: booking!.status } };
  return { accepted: true, from: MOVES_FROM[command.kind], events: eventsOf(command), changes: changesOf(command) };
}
