/**
 * The webhook event that tells the partner of a movement of its wallet, with the wallet's balance and
 * available amount after it, in decimal amounts of its currency. A credit limit change is the operator's
 * doing, not money moving: it is no event.
 */
import { formatMinor } from '../money/money.js';
import type { WebhookEvent } from '../webhooks/webhook-event.js';
import type { WalletMovement, WalletMovementType } from './wallet.js';

const EVENT_OF: Partial<Record<WalletMovementType, WebhookEvent['type']>> = {
  'top-up': 'wallet.topped-up',
  hold: 'wallet.held',
  capture: 'wallet.captured',
  release: 'wallet.released',
  refund: 'wallet.refunded',
};

/** undefined for a movement the partner is not told of. */
export function walletEvent(tenant: string, walletId: string, movement: WalletMovement, eventId: string): WebhookEvent | undefined {
  const type = EVENT_OF[movement.type];
  if (!type) return undefined;
  const decimal = (minor: number) => Number(formatMinor(minor, movement.currency));
  return {
    id: eventId,
    type,
    createdAt: movement.at,
    tenant,
    data: {
      walletId,
      currency: movement.currency,
      balance: decimal(movement.balanceAfterMinor),
      available: decimal(movement.availableAfterMinor),
      transaction: {
        transactionId: movement.movementId,
        type: movement.type,
        amount: decimal(movement.amountMinor),
        ...(movement.bookingId ? { bookingId: movement.bookingId } : {}),
        at: movement.at,
      },
    },
  };
}
