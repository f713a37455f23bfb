/**
 * Money the account paid in: the balance rises by it. The payment's reference (a bank transfer's id) makes
 * it happen once, however often the operator runs the command.
 */
import { changeTo, requireWholeMinor, type WalletRule } from './wallet-change.js';

/** Throws a RangeError at once for an amount that is not a positive whole number of minor units. */
export function topUp(amountMinor: number, reference: string): WalletRule {
  requireWholeMinor(amountMinor, 1, 'a top-up is a positive whole number of minor units');
  return (wallet, stamp) =>
    changeTo(
      wallet,
      { balanceMinor: wallet.balanceMinor + amountMinor, creditLimitMinor: wallet.creditLimitMinor, heldMinor: wallet.heldMinor },
      { type: 'top-up', amountMinor, reference },
      stamp,
      { onceKey: `top-up#${reference}` },
    );
}
