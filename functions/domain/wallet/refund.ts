/**
 * Money a booking took given back to the balance: a cancelled booking's capture minus its applied penalty,
 * or all a capture paid when a confirmed booking is undone. Never more than the booking's capture paid (the
 * wallet would pay out money it never took): a larger refund is refused. Once per booking, whatever the
 * amount asked the second time, so the refunds of a booking never add up to more than its capture.
 */
import { capturedOf, type WalletHold } from './wallet-hold.js';
import { changeTo, requireWholeMinor, type WalletRule } from './wallet-change.js';

export type RefundRefusal = { readonly refused: 'refund-above-capture' };

/** `hold` is the booking's hold as read; throws a RangeError at once for an amount that is not a whole number of minor units, 0 or more. */
export function refundBooking(bookingId: string, hold: WalletHold | undefined, amountMinor: number): WalletRule<RefundRefusal> {
  requireWholeMinor(amountMinor, 0, 'a refund is a whole number of minor units, 0 or more');
  const reference = `refund#${bookingId}`;
  return (wallet, stamp) => {
    if (amountMinor > capturedOf(hold)) return { refused: 'refund-above-capture' };
    return changeTo(
      wallet,
      { balanceMinor: wallet.balanceMinor + amountMinor, creditLimitMinor: wallet.creditLimitMinor, heldMinor: wallet.heldMinor },
      { type: 'refund', amountMinor, reference, bookingId },
      stamp,
      { onceKey: reference },
    );
  };
}

/**
 * A cancelled booking's refund: what its capture paid less the penalty the supplier applied (both in the
 * wallet's currency), nothing when the penalty takes it all. Throws a RangeError at once for a penalty that is
 * not a whole number of minor units, 0 or more.
 */
export function refundAfterCancel(bookingId: string, hold: WalletHold | undefined, penaltyMinor: number): WalletRule<RefundRefusal> {
  requireWholeMinor(penaltyMinor, 0, 'a penalty is a whole number of minor units, 0 or more');
  return refundBooking(bookingId, hold, Math.max(0, capturedOf(hold) - penaltyMinor));
}
