/**
 * The operator sets how far below zero the balance may go. Refused when what the wallet already spent or
 * holds would exceed the new limit, i.e. when it would leave available below zero. The statement line
 * carries the new limit itself; the operator's reference makes the change happen once.
 */
import { availableOf } from './wallet.js';
import { changeTo, requireWholeMinor, type WalletRule } from './wallet-change.js';

/** Throws a RangeError at once for a limit that is not a whole number of minor units, 0 or more. */
export function setCreditLimit(creditLimitMinor: number, reference: string): WalletRule<{ readonly refused: 'credit-limit-below-use' }> {
  requireWholeMinor(creditLimitMinor, 0, 'a credit limit is a whole number of minor units, 0 or more');
  return (wallet, stamp) => {
    const figures = { balanceMinor: wallet.balanceMinor, creditLimitMinor, heldMinor: wallet.heldMinor };
    if (availableOf(figures) < 0) return { refused: 'credit-limit-below-use' };
    return changeTo(wallet, figures, { type: 'credit-limit', amountMinor: creditLimitMinor, reference }, stamp, {
      onceKey: `credit-limit#${reference}`,
    });
  };
}
