/**
 * A booking's hold settled: captured when the booking is confirmed (the balance pays the confirmed total,
 * which is never more than the amount held: the hold is the most the partner agreed to pay, and a price
 * below it pays less), released when it is not (nothing paid). Either way the hold leaves `held`, and what
 * it held beyond the payment is free again. A hold settled before, or never placed, leaves nothing to
 * settle: the rule is then undefined and the wallet stays as it is.
 */
import type { WalletHold } from './wallet-hold.js';
import { changeTo, requireWholeMinor, type WalletRule } from './wallet-change.js';

export type CaptureRefusal = { readonly refused: 'capture-above-hold' };

/**
 * Pays `confirmedMinor` (the amount held when not given), refused above the amount held, as the balance would
 * then go below what the hold kept available; throws a RangeError at once for a negative or fractional amount.
 */
export function captureHold(hold: WalletHold | undefined, confirmedMinor?: number): WalletRule<CaptureRefusal> | undefined {
  if (hold?.status !== 'held') return undefined;
  const paidMinor = confirmedMinor ?? hold.amountMinor;
  requireWholeMinor(paidMinor, 0, 'a capture is a whole number of minor units, 0 or more');
  if (paidMinor > hold.amountMinor) return () => ({ refused: 'capture-above-hold' });
  return settle(hold, 'captured', paidMinor);
}

export function releaseHold(hold: WalletHold | undefined): WalletRule | undefined {
  if (hold?.status !== 'held') return undefined;
  return settle(hold, 'released', 0);
}

function settle(hold: WalletHold, status: 'captured' | 'released', paidMinor: number): WalletRule {
  const captured = status === 'captured';
  const reference = `${status}#${hold.bookingId}`;
  return (wallet, stamp) =>
    changeTo(
      wallet,
      {
        balanceMinor: wallet.balanceMinor - paidMinor,
        creditLimitMinor: wallet.creditLimitMinor,
        heldMinor: wallet.heldMinor - hold.amountMinor,
      },
      {
        type: captured ? 'capture' : 'release',
        amountMinor: captured ? -paidMinor : hold.amountMinor,
        reference,
        bookingId: hold.bookingId,
      },
      stamp,
      { onceKey: reference, hold: { ...hold, status, settledAt: stamp.at, ...(captured ? { capturedMinor: paidMinor } : {}) } },
    );
}
