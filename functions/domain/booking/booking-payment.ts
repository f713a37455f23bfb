/**
 * What a wallet-paid booking's money does for the events its lifecycle raised, and when: the one place the
 * movements are chosen (booking/wallet/lifecycle-payments.ts makes them). A booking paid otherwise (at the
 * hotel, by the partner's own means) moves nothing in a wallet.
 *
 * - confirmed: the hold is captured for the total the booking is confirmed at, before the record says
 *   confirmed, so a confirmed booking is never unpaid;
 * - cancelled: the total less the penalty applied is refunded, before the record says cancelled, so a cut
 *   after it leaves a booking the retry cancels, never a cancelled booking that was not refunded;
 * - failed or compensated: whatever was taken goes back, only once the record says so, so a booking
 *   confirmed meanwhile (by the reconciler) keeps its payment;
 * - stay changed: the rise, held before the supplier was asked, is captured, or the fall refunded, before the
 *   record says changed; a change not made gives its hold back once the record says so.
 */
import type { LifecycleEvent } from './lifecycle-event.js';

export type BookingPayment =
  | { readonly move: 'capture' }
  | { readonly move: 'refund'; readonly penaltyAmount: string }
  | { readonly move: 'give-back' }
  /** A stay change made: a rise captured from the change's hold, a fall refunded (nothing when the total holds). */
  | { readonly move: 'settle-change'; readonly changeId: string; readonly previousTotal: string; readonly total: string }
  /** A stay change not made: its hold, if any, given back. */
  | { readonly move: 'release-change'; readonly changeId: string };

export type PaymentMoment = 'before-recording' | 'once-recorded';

export interface DuePayment {
  readonly payment: BookingPayment;
  readonly due: PaymentMoment;
}

/** How the booking is paid, as the record keeps it. */
export interface PaidWith {
  readonly method: string;
}

function paymentFor(event: LifecycleEvent): DuePayment | undefined {
  switch (event.type) {
    case 'confirmed':
      return { payment: { move: 'capture' }, due: 'before-recording' };
    case 'cancelled':
      return { payment: { move: 'refund', penaltyAmount: event.penalty.amount }, due: 'before-recording' };
    case 'failed':
    case 'compensated':
      return { payment: { move: 'give-back' }, due: 'once-recorded' };
    // Before the record says changed, so a changed booking is never unpaid (nor a fall unrefunded after a cut).
    case 'stay-changed':
      return {
        payment: { move: 'settle-change', changeId: event.changeId, previousTotal: event.previousTotal.amount, total: event.total.amount },
        due: 'before-recording',
      };
    // Once the record says dropped, so a change made meanwhile (the reconciler found it) keeps its hold to capture.
    case 'stay-change-dropped':
      return { payment: { move: 'release-change', changeId: event.changeId }, due: 'once-recorded' };
    default:
      return undefined;
  }
}

export function paymentsDue(events: readonly LifecycleEvent[], paidWith: PaidWith | undefined): DuePayment[] {
  if (paidWith?.method !== 'agent_wallet') return [];
  return events.map(paymentFor).filter((due) => due !== undefined);
}
