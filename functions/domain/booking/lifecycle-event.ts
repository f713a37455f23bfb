/**
 * What happened to a booking, as the lifecycle raises it (booking-lifecycle.ts). The booking's history
 * entries (history-entry.ts), its webhook event (webhook-type.ts) and its wallet movements
 * (booking-payment.ts) are all derived from these, so one change is told the same way everywhere.
 *
 * No personal data: names, e-mails and phones never travel in an event, and a cancel reason is only said
 * to have been given.
 */
import type { ErasedBy } from './erased-by.js';

/** An amount in a currency, as decimal text in the currency's exponent. */
export interface Amount {
  readonly amount: string;
  readonly currency: string;
}

/** How the supplier's confirmation became known. */
export type ConfirmedVia =
  /** it answered the booking */
  | 'answer'
  /** it did not answer in time, and the flow found the booking under our reference */
  | 'lookup-after-timeout'
  /** a pending booking, found under our reference later (the reconciler, or a GET settling it) */
  | 'settled-later';

/** Why nothing was booked. */
export type FailureCause =
  /** the supplier refused, or the flow failed before asking it: the problem the partner gets */
  | { readonly kind: 'not-booked'; readonly problem: string }
  /** the supplier still holds nothing under our reference long after the attempt */
  | { readonly kind: 'absent-at-supplier'; readonly supplierId: string; readonly afterMinutes: number };

/** Why a booking the supplier confirmed is undone. */
export type UndoReason =
  | { readonly kind: 'above-tolerance'; readonly total: string; readonly currency: string }
  /** A wallet-paid booking confirmed later (settled) at more than its wallet held: it cannot be paid. */
  | { readonly kind: 'above-hold'; readonly total: string; readonly currency: string }
  | { readonly kind: 'not-saved'; readonly error: string };

interface Supplied {
  readonly supplierId: string;
  readonly supplierReference: string;
}

export type LifecycleEvent =
  | { readonly type: 'requested'; readonly at: string; readonly supplierId: string; readonly requestId: string }
  | { readonly type: 'outcome-unknown'; readonly at: string }
  | ({ readonly type: 'confirmed'; readonly at: string; readonly via: ConfirmedVia } & Supplied)
  | { readonly type: 'failed'; readonly at: string; readonly cause: FailureCause }
  | ({ readonly type: 'undo-begun'; readonly at: string; readonly because: UndoReason } & Supplied)
  | ({ readonly type: 'compensated'; readonly at: string; readonly because: UndoReason } & Supplied)
  | ({ readonly type: 'cancelled-at-supplier'; readonly at: string; readonly penalty: Amount } & Supplied)
  | ({ readonly type: 'cancel-at-supplier-failed'; readonly at: string; readonly why: string } & Supplied)
  | {
      readonly type: 'modified';
      readonly at: string;
      readonly supplierId: string;
      /** The holder's fields the partner changed (their names, never their values); absent when it sent no holder. */
      readonly holderFields?: readonly string[];
      readonly guestNames: boolean;
    }
  | {
      readonly type: 'cancel-requested';
      readonly at: string;
      readonly supplierId: string;
      readonly quotedPenaltyAmount: string;
      readonly reasonGiven: boolean;
    }
  | { readonly type: 'cancel-refused'; readonly at: string; readonly supplierId: string; readonly why: string }
  | {
      readonly type: 'cancelled';
      readonly at: string;
      readonly supplierId: string;
      readonly cancellationReference?: string;
      /** What the supplier applied, in the booking's currency. */
      readonly penalty: Amount;
      /** What our stored policy said at the request, in the booking's currency. */
      readonly quotedPenaltyAmount: string;
      /** The supplier's answer was lost and its booking was looked up: the penalty is its policy's. */
      readonly lookedUp: boolean;
      readonly reasonGiven: boolean;
    }
  | {
      readonly type: 'stay-change-requested';
      readonly at: string;
      readonly supplierId: string;
      readonly changeId: string;
      readonly checkIn: string;
      readonly checkOut: string;
    }
  | {
      readonly type: 'stay-changed';
      readonly at: string;
      readonly supplierId: string;
      readonly changeId: string;
      readonly from: { readonly checkIn: string; readonly checkOut: string };
      readonly to: { readonly checkIn: string; readonly checkOut: string };
      /** The booking's total before and after, in its currency: a rise is paid, a fall refunded. */
      readonly previousTotal: Amount;
      readonly total: Amount;
      readonly lookedUp: boolean;
    }
  | {
      readonly type: 'stay-change-dropped';
      readonly at: string;
      readonly supplierId: string;
      readonly changeId: string;
      readonly why: string;
    }
  /** The hotel's own confirmation number arrived after the booking (not personal data: a desk reference). */
  | { readonly type: 'hotel-confirmed'; readonly at: string; readonly supplierId: string; readonly hotelConfirmationNumber: string }
  | { readonly type: 'voucher-issued'; readonly at: string; readonly bytes: number }
  | { readonly type: 'personal-data-erased'; readonly at: string; readonly by: ErasedBy };

export type LifecycleEventType = LifecycleEvent['type'];
