/**
 * What a wallet rule decides: the change it makes (the wallet after it, the statement line that tells of it,
 * the booking's hold it places or settles) or why it refuses. Rules are functions of the wallet as read, so
 * a store that loses a race to another change reads again and asks the rule again.
 */
import { availableOf, type Wallet, type WalletMovement, type WalletMovementType } from './wallet.js';
import type { WalletHold } from './wallet-hold.js';

/** When and under which id a movement is written: the store's to give (its clock, its id generator). */
export interface MovementStamp {
  readonly movementId: string;
  readonly at: string;
}

export interface WalletChange {
  readonly wallet: Wallet;
  readonly movement: WalletMovement;
  /**
   * What makes the change happen once: a store makes no second change under a key it has already applied,
   * and answers with the wallet as it stands. The same request always gives the same key.
   */
  readonly onceKey: string;
  /** The booking's hold as the change leaves it: `held` when the change places it, else settled by it. */
  readonly hold?: WalletHold;
  /**
   * A stay change's payment: the booking's own (captured) hold with what it has paid in all, written only if
   * it still records `previousCapturedMinor` (stay-change-payment.ts).
   */
  readonly paid?: { readonly hold: WalletHold; readonly previousCapturedMinor: number };
}

export type WalletRefusal =
  | { readonly refused: 'currency-mismatch' }
  | { readonly refused: 'insufficient-funds' }
  | { readonly refused: 'credit-limit-below-use' }
  | { readonly refused: 'refund-above-capture' }
  | { readonly refused: 'capture-above-hold' };

/** A checked request, decided on the wallet as read; `Refusal` is never for a rule that always applies. */
export type WalletRule<Refusal extends WalletRefusal = never> = (wallet: Wallet, stamp: MovementStamp) => WalletChange | Refusal;

/** Whether a rule (or a store answering with what it decided) refused. */
export function isRefusal<Refusal extends WalletRefusal, Other extends object>(outcome: Refusal | Other): outcome is Refusal {
  return 'refused' in outcome;
}

/** The figures a change sets; available follows from them. */
export type WalletFigures = Pick<Wallet, 'balanceMinor' | 'creditLimitMinor' | 'heldMinor'>;

/** What the statement line says beyond the figures: its type, its signed amount, its reference and booking. */
export interface MovementLine {
  readonly type: WalletMovementType;
  readonly amountMinor: number;
  readonly reference: string;
  readonly bookingId?: string;
}

/** The change that sets `figures`, told by `line`, stamped `stamp`. */
export function changeTo(
  wallet: Wallet,
  figures: WalletFigures,
  line: MovementLine,
  stamp: MovementStamp,
  once: { readonly onceKey: string; readonly hold?: WalletHold; readonly paid?: WalletChange['paid'] },
): WalletChange {
  const availableMinor = availableOf(figures);
  const after: Wallet = { ...wallet, ...figures, availableMinor, updatedAt: stamp.at };
  const movement: WalletMovement = {
    movementId: stamp.movementId,
    type: line.type,
    amountMinor: line.amountMinor,
    currency: wallet.currency,
    balanceAfterMinor: figures.balanceMinor,
    availableAfterMinor: availableMinor,
    reference: line.reference,
    at: stamp.at,
    ...(line.bookingId ? { bookingId: line.bookingId } : {}),
  };
  return {
    wallet: after,
    movement,
    onceKey: once.onceKey,
    ...(once.hold ? { hold: once.hold } : {}),
    ...(once.paid ? { paid: once.paid } : {}),
  };
}

/** Throws a RangeError unless `amountMinor` is a whole number of minor units at least `least`: a caller's bug, not a refusal. */
export function requireWholeMinor(amountMinor: number, least: 0 | 1, what: string): void {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < least) throw new RangeError(what);
}
