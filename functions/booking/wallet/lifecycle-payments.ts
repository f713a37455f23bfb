/**
 * Makes the wallet movements a booking's move calls for (chosen from its events in
 * domain/booking/booking-payment.ts), at the moment they are due: before the move is recorded, or once it is.
 */
import { paymentsDue, type PaymentMoment } from '../../domain/booking/booking-payment.js';
import type { LifecycleEvent } from '../../domain/booking/lifecycle-event.js';
import type { BookingRecord } from '../record/booking-record.js';
import {
  captureBookingTotal,
  giveBackBookingFunds,
  refundCancelledBooking,
  releaseStayChangeHold,
  settleStayChangePayment,
  type WalletPayments,
} from './wallet-payment.js';

export interface PaymentDeps {
  /** Absent where no move can call for money (a voucher's note, an erasure): a wallet-paid booking then fails loudly. */
  readonly wallets?: WalletPayments;
  readonly now: () => Date;
}

/**
 * `booking` is the booking as the move leaves it: before recording, the booking as read with the move's
 * changes (a capture is of the total it is confirmed at); once recorded, the booking as written.
 */
export async function makePayments(
  moment: PaymentMoment,
  events: readonly LifecycleEvent[],
  booking: BookingRecord,
  deps: PaymentDeps,
): Promise<void> {
  const due = paymentsDue(events, booking.paymentMethod).filter((payment) => payment.due === moment);
  if (due.length === 0) return;
  const { wallets } = deps;
  if (!wallets)
    throw new Error(`a wallet-paid booking's money must move (${due.map((d) => d.payment.move).join(', ')}) and no wallets are wired`);
  for (const { payment } of due) {
    switch (payment.move) {
      case 'capture':
        await captureBookingTotal(booking, booking, wallets, deps.now());
        break;
      case 'refund':
        await refundCancelledBooking(booking, payment.penaltyAmount, wallets, deps.now());
        break;
      case 'give-back':
        await giveBackBookingFunds(booking, wallets, deps.now());
        break;
      case 'settle-change':
        await settleStayChangePayment(booking, payment, wallets, deps.now());
        break;
      case 'release-change':
        await releaseStayChangeHold(booking, payment.changeId, wallets, deps.now());
        break;
    }
  }
}
