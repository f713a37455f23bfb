/**
 * Money a booking took given back to the balance: a cancelled booking's total minus its applied penalty, or
 * all a capture paid when a confirmed booking is undone. Once per booking, whatever the amount asked the
 * second time.
 */
import { changeTo, requireWholeMinor, type WalletRule } from './wallet-change.js';

/** Throws a RangeError at once for an amount that is not a whole number of minor units, 0 or more. */
export function refundBooking(bookingId: string, amountMinor: number): WalletRule {
  requireWholeMinor(amountMinor, 0, 'a refund is a whole number of minor units, 0 or more');
  const reference = `refund#${bookingId}`;
  return (wallet, stamp) =>
    changeTo(
      wallet,
      { balanceMinor: wallet.balanceMinor + amountMinor, creditLimitMinor: wallet.creditLimitMinor, heldMinor: wallet.heldMinor },
      { type: 'refund', amountMinor, reference, bookingId },
      stamp,
      { onceKey: reference },
    );
}
