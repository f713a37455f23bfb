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
 *   confirmed meanwhile (by the reconciler) keeps its payment.
 */
import type { LifecycleEvent } from './lifecycle-event.js';

export type BookingPayment =
  | { readonly move: 'capture' }
  | { readonly move: 'refund'; readonly penaltyAmount: string }
  | { readonly move: 'give-back' };

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
    default:
      return undefined;
  }
}

export function paymentsDue(events: readonly LifecycleEvent[], paidWith: PaidWith | undefined): DuePayment[] {
  if (paidWith?.method !== 'agent_wallet') return [];
  return events.map(paymentFor).filter((due) => due !== undefined);
}
