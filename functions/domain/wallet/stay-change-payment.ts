/**
 * A wallet-paid booking's stay change. A rise is held before its supplier is asked, under the change's own key
 * (`<bookingId>~<changeId>`, placeHold: refused when the wallet cannot cover it, so a short wallet is told
 * before anything changes), then captured once the supplier made the change; a fall is refunded. Either way the
 * booking's own hold then records what the booking has paid in all (`capturedMinor`), so a later cancel
 * refunds that less its penalty, and an undo gives all of it back: a booking's payments never add up to more
 * than it cost, nor its refunds to more than it paid. Once per change: the change's key makes a retry change
 * nothing. The change's statement lines name the booking.
 */
import { capturedOf, type WalletHold } from './wallet-hold.js';
import { changeTo, requireWholeMinor, type WalletRule } from './wallet-change.js';
import type { RefundRefusal } from './refund.js';

/** The key a stay change's hold, capture and refund are made once under. */
export function stayChangeKey(bookingId: string, changeId: string): string {
  return `${bookingId}~${changeId}`;
}

/** The booking's hold with what it has paid in all, after a change moved it. */
function paidInAll(hold: WalletHold, capturedMinor: number): WalletHold {
  return { ...hold, capturedMinor };
}

export type ChangeCaptureRefusal = { readonly refused: 'capture-above-hold' };

/**
 * The change's rise paid from its hold (never more than it held; the rest freed), and the booking's capture
 * raised by it. Undefined when there is nothing to capture: the change's hold is settled already or was never
 * placed, or the booking's own capture is not there to raise.
 */
export function captureStayChange(
  booking: WalletHold | undefined,
  change: WalletHold | undefined,
  riseMinor: number,
): WalletRule<ChangeCaptureRefusal> | undefined {
  if (change?.status !== 'held' || booking?.status !== 'captured') return undefined;
  requireWholeMinor(riseMinor, 0, 'a rise is a whole number of minor units, 0 or more');
  if (riseMinor > change.amountMinor) return () => ({ refused: 'capture-above-hold' });
  const reference = `captured#${change.bookingId}`;
  return (wallet, stamp) =>
    changeTo(
      wallet,
      {
        balanceMinor: wallet.balanceMinor - riseMinor,
        creditLimitMinor: wallet.creditLimitMinor,
        heldMinor: wallet.heldMinor - change.amountMinor,
      },
      { type: 'capture', amountMinor: -riseMinor, reference, bookingId: booking.bookingId },
      stamp,
      {
        onceKey: reference,
        hold: { ...change, status: 'captured', settledAt: stamp.at, capturedMinor: riseMinor },
        paid: { hold: paidInAll(booking, capturedOf(booking) + riseMinor), previousCapturedMinor: capturedOf(booking) },
      },
    );
}

/**
 * The change's fall refunded to the balance, never more than the booking has paid (its capture), and the
 * booking's capture lowered by it. Undefined when the booking's capture is not there to lower.
 */
export function refundStayChange(
  booking: WalletHold | undefined,
  changeKey: string,
  fallMinor: number,
): WalletRule<RefundRefusal> | undefined {
  if (booking?.status !== 'captured') return undefined;
  requireWholeMinor(fallMinor, 1, 'a fall is a positive whole number of minor units');
  const reference = `refund#${changeKey}`;
  return (wallet, stamp) => {
    if (fallMinor > capturedOf(booking)) return { refused: 'refund-above-capture' };
    return changeTo(
      wallet,
      { balanceMinor: wallet.balanceMinor + fallMinor, creditLimitMinor: wallet.creditLimitMinor, heldMinor: wallet.heldMinor },
      { type: 'refund', amountMinor: fallMinor, reference, bookingId: booking.bookingId },
      stamp,
      {
        onceKey: reference,
        paid: { hold: paidInAll(booking, capturedOf(booking) - fallMinor), previousCapturedMinor: capturedOf(booking) },
      },
    );
  };
}
