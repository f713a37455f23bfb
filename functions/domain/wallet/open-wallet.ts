/** A new wallet: nothing paid in, nothing held, so what it can pay is its credit limit alone. */
import { availableOf, type Wallet } from './wallet.js';

export function openWallet(input: {
  readonly tenant: string;
  readonly walletId: string;
  readonly currency: string;
  readonly creditLimitMinor: number;
  readonly at: string;
}): Wallet {
  const figures = { balanceMinor: 0, creditLimitMinor: input.creditLimitMinor, heldMinor: 0 };
  return {
    tenant: input.tenant,
    walletId: input.walletId,
    currency: input.currency,
    ...figures,
    availableMinor: availableOf(figures),
    createdAt: input.at,
    updatedAt: input.at,
  };
}
