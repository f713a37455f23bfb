/**
 * An agent wallet: money an account has paid in (or may owe up to a credit limit), in one currency, from
 * which wallet-paid bookings are paid. All amounts in integer minor units of the wallet's currency.
 *
 * available = balance + creditLimit - held: a hold is refused when it would take available below zero,
 * and so is a credit limit below what the wallet already uses, and a capture never pays more than its hold
 * nor a refund more than its capture, so the balance never goes below minus the credit limit. The rules are in this folder, one per file; wallet-store.ts is the port a store implements.
 */
export interface Wallet {
  readonly tenant: string;
  readonly walletId: string;
  readonly currency: string;
  /** Paid in, minus what confirmed bookings captured, plus refunds. Below zero only within the credit limit (see above). */
  readonly balanceMinor: number;
  readonly creditLimitMinor: number;
  /** Reserved for bookings being made: placed before the supplier is asked, then captured or released. */
  readonly heldMinor: number;
  readonly availableMinor: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** What the wallet can still pay: balance + credit limit - held, recomputed from those three by every change. */
export function availableOf(figures: Pick<Wallet, 'balanceMinor' | 'creditLimitMinor' | 'heldMinor'>): number {
  return figures.balanceMinor + figures.creditLimitMinor - figures.heldMinor;
}

export type WalletMovementType = 'top-up' | 'credit-limit' | 'hold' | 'capture' | 'release' | 'refund';

/** One line of a wallet's statement: what moved, why, and where it left the wallet. */
export interface WalletMovement {
  readonly movementId: string;
  readonly type: WalletMovementType;
  /** Signed, minor units: what the movement did to `balance` (top-up, capture, refund) or to `available` (hold, release); a credit limit's line carries the new limit. */
  readonly amountMinor: number;
  readonly currency: string;
  readonly balanceAfterMinor: number;
  readonly availableAfterMinor: number;
  readonly bookingId?: string;
  /** The operator's or the booking's reference that makes the movement idempotent. */
  readonly reference: string;
  readonly at: string;
}

export type HoldOutcome = 'held' | 'insufficient-funds' | 'currency-mismatch' | 'not-found';
