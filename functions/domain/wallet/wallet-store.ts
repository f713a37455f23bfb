/**
 * The agent wallets as booking and the operator's commands use them (the port; the DynamoDB adapter is
 * functions/stores/dynamo-wallets.ts). The rules are the domain's (top-up.ts, credit-limit.ts, hold.ts,
 * settle-hold.ts, refund.ts, give-back.ts); a store reads the wallet, asks the rule, and writes the change
 * with its movement only if nothing changed the wallet meanwhile, so concurrent holds can never take
 * available below zero. Every change happens once per key (WalletChange.onceKey), however often it is
 * retried: a repeat answers with the wallet as it stands. An unknown wallet, or another tenant's, is
 * undefined.
 *
 * `Write` is what a store can write in the same transaction as a change (an operator's audit entry), so
 * the change is never made without it.
 */
import type { HoldOutcome, Wallet, WalletMovement } from './wallet.js';
import type { WalletHold } from './wallet-hold.js';

/** The writes that go with a change, from the wallet before and after it. */
export type WalletAudit<Write> = (before: Wallet, after: Wallet) => Write[];

export interface NewWallet {
  readonly tenant: string;
  readonly currency: string;
  /** 0 when not given. */
  readonly creditLimitMinor?: number;
  readonly now: Date;
  /** A given id opens that wallet, or answers with the one already there (local start's demo wallet). */
  readonly walletId?: string;
}

export interface WalletStatementPage {
  readonly movements: WalletMovement[];
  /** The last movement's position, opaque to callers: pass it as `after` for the next page. */
  readonly next?: string;
}

export interface WalletStore<Write = never> {
  create(input: NewWallet, audit?: (created: Wallet) => Write[]): Promise<Wallet>;

  get(tenant: string, walletId: string): Promise<Wallet | undefined>;

  /** Throws a RangeError for an amount that is not a positive whole number of minor units. */
  topUp(
    tenant: string,
    walletId: string,
    amountMinor: number,
    reference: string,
    now: Date,
    audit?: WalletAudit<Write>,
  ): Promise<Wallet | undefined>;

  /** `false` (the wallet unchanged) when what the wallet already spent or holds would exceed the new limit. */
  setCreditLimit(
    tenant: string,
    walletId: string,
    creditLimitMinor: number,
    reference: string,
    now: Date,
    audit?: WalletAudit<Write>,
  ): Promise<Wallet | false | undefined>;

  /**
   * A retried hold of the same booking is `held` (in another currency, `currency-mismatch`). Throws a
   * RangeError for an amount that is not a positive whole number of minor units.
   */
  hold(tenant: string, walletId: string, bookingId: string, amountMinor: number, currency: string, now: Date): Promise<HoldOutcome>;

  /**
   * The booking's hold paid, for `amountMinor` (its confirmed total) or the amount held, and the rest of the
   * hold freed; nothing held is a no-op. More than the amount held is refused: a DomainError (conflict).
   */
  capture(tenant: string, walletId: string, bookingId: string, now: Date, amountMinor?: number): Promise<Wallet | undefined>;

  /** The booking's hold given back; nothing held is a no-op. */
  release(tenant: string, walletId: string, bookingId: string, now: Date): Promise<Wallet | undefined>;

  /** Whatever the booking took given back (give-back.ts). */
  reverse(tenant: string, walletId: string, bookingId: string, now: Date): Promise<Wallet | undefined>;

  /** `amountMinor` back to the balance, once per booking; more than its capture paid is refused: a DomainError (conflict). */
  refund(tenant: string, walletId: string, bookingId: string, amountMinor: number, now: Date): Promise<Wallet | undefined>;

  /** A cancelled booking's refund: what its capture paid less `penaltyMinor`, once per booking (refund.ts). */
  refundCancelled(tenant: string, walletId: string, bookingId: string, penaltyMinor: number, now: Date): Promise<Wallet | undefined>;

  /**
   * A stay change's rise paid from its hold (placed with `hold` under stayChangeKey) and counted in what the
   * booking paid; nothing when the change's hold is settled already or was never placed. More than the change
   * held is refused: a DomainError (conflict).
   */
  captureStayChange(
    tenant: string,
    walletId: string,
    bookingId: string,
    changeId: string,
    riseMinor: number,
    now: Date,
  ): Promise<Wallet | undefined>;

  /** A stay change's fall refunded, once per change, never more than the booking paid: a DomainError (conflict) otherwise. */
  refundStayChange(
    tenant: string,
    walletId: string,
    bookingId: string,
    changeId: string,
    fallMinor: number,
    now: Date,
  ): Promise<Wallet | undefined>;

  /** The booking's hold as it stands (held, captured or released), or undefined when none was placed. */
  holdOf(tenant: string, walletId: string, bookingId: string): Promise<WalletHold | undefined>;

  /** The statement, oldest first, a page at a time. */
  movements(tenant: string, walletId: string, options: { limit: number; after?: string }): Promise<WalletStatementPage>;
}
