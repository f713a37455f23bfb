/**
 * A booking's history as partners read it in GET (`history[]`), and as finance's ledger (confirmed,
 * modified, cancelled), the voucher's issue (voucher-issued) and operators read it: one entry per event the
 * lifecycle raised, worded as it always was. The words are a contract: change them and a partner's parser,
 * the ledger's SQL or an operator's search breaks.
 */
import type { ErasedBy } from './erased-by.js';
import type { FailureCause, LifecycleEvent, LifecycleEventType, UndoReason } from './lifecycle-event.js';

export interface BookingHistoryEntry {
  /** UTC ISO instant. */
  readonly at: string;
  readonly event: string;
  readonly detail?: string;
}

/** The name each event has in the history; a compensation is told as what the supplier did first. */
export const HISTORY_EVENT_NAME: Readonly<Record<LifecycleEventType, string>> = {
  requested: 'requested',
  'outcome-unknown': 'outcome-unknown',
  confirmed: 'confirmed',
  failed: 'failed',
  'undo-begun': 'undo-begun',
  compensated: 'confirmed-by-supplier',
  'cancelled-at-supplier': 'cancelled-at-supplier',
  'cancel-at-supplier-failed': 'cancel-at-supplier-failed',
  modified: 'modified',
  'cancel-requested': 'cancel-requested',
  'cancel-refused': 'cancel-refused',
  'stay-change-requested': 'stay-change-requested',
  'stay-changed': 'stay-changed',
  'stay-change-dropped': 'stay-change-dropped',
  cancelled: 'cancelled',
  'hotel-confirmed': 'hotel-confirmed',
  'voucher-issued': 'voucher-issued',
  'personal-data-erased': 'personal-data-erased',
};

function failureDetail(cause: FailureCause): string {
  switch (cause.kind) {
    case 'not-booked':
      return cause.problem;
    case 'absent-at-supplier':
      return `${cause.supplierId} holds no booking under our reference ${cause.afterMinutes} minutes after the attempt: nothing was booked`;
  }
}

function undoReason(because: UndoReason): string {
  switch (because.kind) {
    case 'above-tolerance':
      return `the supplier confirmed ${because.total} ${because.currency}, above the priceTolerance`;
    case 'above-hold':
      return `the supplier confirmed ${because.total} ${because.currency}, more than the wallet held for it`;
    case 'not-saved':
      return `the booking could not be saved (${because.error})`;
  }
}

function erasureDetail(by: ErasedBy): string {
  switch (by.kind) {
    case 'partner':
      return `personal data erased at the partner's request${by.requestReference ? ` (${by.requestReference})` : ''}`;
    case 'operator':
      return `personal data erased by operator ${by.actor}`;
    case 'retention':
      return `personal data erased ${by.days} days after check-out (retention)`;
  }
}

function detailOf(event: LifecycleEvent): string {
  switch (event.type) {
    case 'requested':
      return `booking requested with ${event.supplierId} (request ${event.requestId})`;
    case 'outcome-unknown':
      return 'the supplier did not confirm in time and no booking under our reference was found yet; it will be asked again';
    case 'confirmed':
      return event.via === 'settled-later'
        ? `found at ${event.supplierId} under our reference as ${event.supplierReference}`
        : `confirmed by ${event.supplierId} as ${event.supplierReference}${event.via === 'lookup-after-timeout' ? ' (found by our reference after a timeout)' : ''}`;
    case 'failed':
      return failureDetail(event.cause);
    case 'undo-begun':
      return `${event.supplierId} confirmed ${event.supplierReference}; cancelling it there because ${undoReason(event.because)}`;
    case 'compensated':
      return `${event.supplierId} confirmed ${event.supplierReference}; undone because ${undoReason(event.because)}`;
    case 'cancelled-at-supplier':
      return `cancelled ${event.supplierReference} at ${event.supplierId}, penalty ${event.penalty.amount} ${event.penalty.currency}`;
    case 'cancel-at-supplier-failed':
      return `could not cancel ${event.supplierReference} at ${event.supplierId}: ${event.why}`;
    case 'modified': {
      const changed = [event.holderFields ? `holder ${event.holderFields.join(', ')}` : '', event.guestNames ? 'guest names' : '']
        .filter(Boolean)
        .join(' and ');
      return `${changed} changed at ${event.supplierId}`;
    }
    case 'cancel-requested':
      return `cancellation sent to ${event.supplierId}, which did not confirm it in time; it will be asked again until it says (quoted penalty ${event.quotedPenaltyAmount})${event.reasonGiven ? '; a reason was given' : ''}`;
    case 'cancel-refused':
      return `${event.supplierId} refused the cancellation: ${event.why}; the booking stands confirmed`;
    case 'cancelled':
      return `cancelled at ${event.supplierId}${event.cancellationReference ? ` (${event.cancellationReference})` : ''}; penalty applied ${event.penalty.amount} ${event.penalty.currency}, quoted ${event.quotedPenaltyAmount}${event.lookedUp ? " (its answer could not be read; its booking shows cancelled, the penalty is its policy's)" : ''}${event.reasonGiven ? '; a reason was given' : ''}`;
    case 'stay-change-requested':
      return `stay change ${event.changeId} to ${event.checkIn}..${event.checkOut} asked of ${event.supplierId}`;
    case 'stay-changed':
      return `stay changed at ${event.supplierId} (${event.changeId}): ${event.from.checkIn}..${event.from.checkOut} to ${event.to.checkIn}..${event.to.checkOut}, total ${event.previousTotal.amount} to ${event.total.amount} ${event.total.currency}${event.lookedUp ? ' (its answer could not be read; its booking shows the new stay)' : ''}`;
    case 'stay-change-dropped':
      return `stay change ${event.changeId} not made at ${event.supplierId}: ${event.why}`;
    case 'hotel-confirmed':
      return `the hotel confirmed it as ${event.hotelConfirmationNumber} (given by ${event.supplierId})`;
    case 'voucher-issued':
      return `voucher PDF, ${event.bytes} bytes`;
    case 'personal-data-erased':
      return erasureDetail(event.by);
  }
}

function historyEntryOf(event: LifecycleEvent): BookingHistoryEntry {
  return { at: event.at, event: HISTORY_EVENT_NAME[event.type], detail: detailOf(event) };
}

export function historyOf(events: readonly LifecycleEvent[]): BookingHistoryEntry[] {
  return events.map(historyEntryOf);
}
