/**
 * A wallet-paid booking's total reserved before its supplier is asked: held rises by it, so available falls
 * by it, and a hold that would take available below zero is refused. Only a wallet in the booking's
 * currency pays for it. One hold per booking: the hold itself is what makes a retried one change nothing.
 * A hold of nothing (or less) reserves nothing a capture could pay from: it is a caller's bug, not a hold.
 */
import { availableOf } from './wallet.js';
import { changeTo, requireWholeMinor, type WalletRule } from './wallet-change.js';

/** Throws a RangeError at once for an amount that is not a positive whole number of minor units. */
export function placeHold(
  bookingId: string,
  amountMinor: number,
  currency: string,
): WalletRule<{ readonly refused: 'currency-mismatch' } | { readonly refused: 'insufficient-funds' }> {
  requireWholeMinor(amountMinor, 1, 'a hold is a positive whole number of minor units');
  return (wallet, stamp) => {
    if (wallet.currency !== currency) return { refused: 'currency-mismatch' };
    if (availableOf(wallet) < amountMinor) return { refused: 'insufficient-funds' };
    const reference = `hold#${bookingId}`;
    return changeTo(
      wallet,
      { balanceMinor: wallet.balanceMinor, creditLimitMinor: wallet.creditLimitMinor, heldMinor: wallet.heldMinor + amountMinor },
      { type: 'hold', amountMinor: -amountMinor, reference, bookingId },
      stamp,
      { onceKey: reference, hold: { bookingId, amountMinor, status: 'held', heldAt: stamp.at } },
    );
  };
}
