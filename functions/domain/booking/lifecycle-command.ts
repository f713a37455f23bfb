/**
 * What may be asked of a booking: every move the booking's use cases make. Each carries what its events
 * and the record's changes are made of (times included), so deciding is a plain function of the booking
 * and the command (booking-lifecycle.ts).
 */
import type { ErasedBy } from './erased-by.js';
import type { Amount, ConfirmedVia, FailureCause, UndoReason } from './lifecycle-event.js';

/** The write-ahead record, made before the supplier is asked. */
export interface RequestCommand {
  readonly kind: 'request';
  readonly at: string;
  readonly supplierId: string;
  readonly requestId: string;
}

/** The supplier's outcome is unknown: the booking stays pending and is asked again later. */
export interface KeepPendingCommand {
  readonly kind: 'keep-pending';
  readonly at: string;
}

/**
 * The supplier holds the booking. `terms` is what it confirmed as the record keeps it (rooms, the price as
 * locked, its policy...): the lifecycle passes it through to the record's changes without reading it.
 */
export interface ConfirmCommand<Terms extends object = object> {
  readonly kind: 'confirm';
  readonly at: string;
  readonly supplierId: string;
  readonly supplierReference: string;
  readonly via: ConfirmedVia;
  readonly terms: Terms;
}

/** Nothing was booked. */
export interface FailCommand {
  readonly kind: 'fail';
  readonly at: string;
  readonly cause: FailureCause;
}

/**
 * The supplier confirmed a booking that cannot stand, and it is about to be cancelled there: the undo takes
 * the pending booking first, so nothing (the reconciler, a GET settling it) confirms what is being cancelled.
 */
export interface BeginUndoCommand {
  readonly kind: 'begin-undo';
  readonly at: string;
  readonly supplierId: string;
  readonly supplierReference: string;
  readonly because: UndoReason;
}

/** How undoing a confirmed booking at its supplier went, and when it was known. */
export type UndoAtSupplier =
  | { readonly kind: 'cancelled'; readonly at: string; readonly penalty: Amount }
  | { readonly kind: 'cancel-failed'; readonly at: string; readonly why: string };

/** The supplier confirmed, but the booking cannot stand: it was cancelled there (or that failed), and it fails here. */
export interface CompensateCommand {
  readonly kind: 'compensate';
  readonly at: string;
  readonly supplierId: string;
  readonly supplierReference: string;
  readonly because: UndoReason;
  readonly undo: UndoAtSupplier;
}

/** The holder's contact or the guests' names changed at the supplier. */
export interface ModifyCommand {
  readonly kind: 'modify';
  readonly at: string;
  readonly supplierId: string;
  readonly holderFields?: readonly string[];
  readonly guestNames: boolean;
}

/**
 * A cancel was sent to the supplier and its outcome is not known (no answer in time, one we could not read,
 * and no lookup that settled it): the booking stays confirmed, with its cancellation in flight, until the
 * settle path learns what the supplier holds (and cancels again if it still holds the booking).
 */
export interface RequestCancelCommand {
  readonly kind: 'request-cancel';
  readonly at: string;
  readonly supplierId: string;
  /** What our stored policy said at the request, in the booking's currency: the quote the cancel is recorded with. */
  readonly quotedPenaltyAmount: string;
  readonly reasonGiven: boolean;
}

/** The supplier refused a cancel that was in flight: the booking stands confirmed, its cancellation ended. */
export interface CancelRefusedCommand {
  readonly kind: 'cancel-refused';
  readonly at: string;
  readonly supplierId: string;
  readonly why: string;
}

/** The supplier cancelled a confirmed booking. Penalties in the booking's currency, and the supplier's own. */
export interface CancelCommand {
  readonly kind: 'cancel';
  readonly at: string;
  readonly supplierId: string;
  /** As the supplier says (its own clock). */
  readonly cancelledAt: string;
  readonly cancellationReference?: string;
  readonly penalty: Amount;
  readonly quotedPenaltyAmount: string;
  readonly supplierPenalty: Amount;
  readonly lookedUp: boolean;
  readonly reasonGiven: boolean;
}

/** A stay's dates, as a stay change tells them. */
export interface StayDates {
  readonly checkIn: string;
  readonly checkOut: string;
}

/**
 * A stay change about to be asked of the supplier (its write-ahead): `terms` is what the record keeps of it
 * until it is made or dropped (the pending change), so a change the supplier may have made is never without a
 * trace here. The lifecycle passes it through without reading it.
 */
export interface RequestStayChangeCommand<Terms extends object = object> {
  readonly kind: 'request-stay-change';
  readonly at: string;
  readonly supplierId: string;
  readonly changeId: string;
  readonly to: StayDates;
  readonly terms: Terms;
}

/** The supplier changed the stay: `terms` is the record as the change leaves it (dates, price, policy...). */
export interface ChangeStayCommand<Terms extends object = object> {
  readonly kind: 'change-stay';
  readonly at: string;
  readonly supplierId: string;
  readonly changeId: string;
  readonly from: StayDates;
  readonly to: StayDates;
  readonly previousTotal: Amount;
  readonly total: Amount;
  /** The supplier's answer was lost and its booking was looked up: it shows the new stay. */
  readonly lookedUp: boolean;
  readonly terms: Terms;
}

/** The stay change asked was not made (refused, repriced, or never seen at the supplier): the booking is as it was. */
export interface DropStayChangeCommand {
  readonly kind: 'drop-stay-change';
  readonly at: string;
  readonly supplierId: string;
  readonly changeId: string;
  readonly why: string;
}

/** The hotel's own confirmation number, given by the supplier after the booking was confirmed (the reconciler asks). */
export interface NoteHotelConfirmationCommand {
  readonly kind: 'note-hotel-confirmation';
  readonly at: string;
  readonly supplierId: string;
  readonly hotelConfirmationNumber: string;
}

/** The confirmed booking's voucher was rendered once, so it is known to render. */
export interface IssueVoucherCommand {
  readonly kind: 'issue-voucher';
  readonly at: string;
  readonly bytes: number;
}

/** The booking's personal data was erased (at `at`, the time the guests store answers). */
export interface ErasePersonalDataCommand {
  readonly kind: 'erase-personal-data';
  readonly at: string;
  readonly by: ErasedBy;
}

export type LifecycleCommand<Terms extends object = object> =
  | RequestCommand
  | KeepPendingCommand
  | ConfirmCommand<Terms>
  | FailCommand
  | BeginUndoCommand
  | CompensateCommand
  | ModifyCommand
  | RequestCancelCommand
  | CancelRefusedCommand
  | RequestStayChangeCommand<Terms>
  | ChangeStayCommand<Terms>
  | DropStayChangeCommand
  | CancelCommand
  | NoteHotelConfirmationCommand
  | IssueVoucherCommand
  | ErasePersonalDataCommand;

export type LifecycleCommandKind = LifecycleCommand['kind'];

export const LIFECYCLE_COMMAND_KINDS = [
  'request',
  'keep-pending',
  'confirm',
  'fail',
  'begin-undo',
  'compensate',
  'modify',
  'request-stay-change',
  'change-stay',
  'drop-stay-change',
  'cancel',
  'note-hotel-confirmation',
  'issue-voucher',
  'erase-personal-data',
  'request-cancel',
  'cancel-refused',
] as const satisfies readonly LifecycleCommandKind[];
