/**
 * A wallet-paid booking's hold: the total reserved before its supplier is asked, then captured (paid, for
 * the booking's confirmed total) or released (given back). A booking has at most one hold in a wallet, so
 * placing it is what makes a retried hold change nothing.
 */
export type WalletHoldStatus = 'held' | 'captured' | 'released';

export interface WalletHold {
  readonly bookingId: string;
  /** What was reserved, in minor units of the wallet's currency. */
  readonly amountMinor: number;
  readonly status: WalletHoldStatus;
  readonly heldAt: string;
  readonly settledAt?: string;
  /** What the capture paid: the confirmed total, never more than the amount held (a price may fall below it). */
  readonly capturedMinor?: number;
}

/** What the booking's capture paid: nothing while held, released or never placed. */
export function capturedOf(hold: WalletHold | undefined): number {
  return hold?.status === 'captured' ? (hold.capturedMinor ?? hold.amountMinor) : 0;
}
