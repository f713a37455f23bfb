/**
 * The wallets table's items as the domain's types, parsed where they are read (dynamo-wallets.ts): a wallet,
 * a hold, a statement line. An item that is not what we wrote fails here, naming the field, instead of
 * travelling on as a wallet it is not. Storage attributes (keys, kind, version) are not the domain's and are
 * left out by the parse.
 */
import * as z from 'zod';
import type { Wallet, WalletMovement } from '../domain/wallet/wallet.js';
import type { WalletHold } from '../domain/wallet/wallet-hold.js';

const minor = z.number().int();

export const walletItem = z.object({
  tenant: z.string(),
  walletId: z.string(),
  currency: z.string(),
  balanceMinor: minor,
  creditLimitMinor: minor,
  heldMinor: minor,
  availableMinor: minor,
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Wallet>;

export const walletVersion = z.object({ version: z.number().int() });

export const holdItem = z.object({
  amountMinor: minor,
  status: z.enum(['held', 'captured', 'released']),
  heldAt: z.string(),
  settledAt: z.string().optional(),
  capturedMinor: minor.optional(),
});

export const movementItem = z.object({
  movementId: z.string(),
  type: z.enum(['top-up', 'credit-limit', 'hold', 'capture', 'release', 'refund']),
  amountMinor: minor,
  currency: z.string(),
  balanceAfterMinor: minor,
  availableAfterMinor: minor,
  bookingId: z.string().optional(),
  reference: z.string(),
  at: z.string(),
}) satisfies z.ZodType<WalletMovement>;

/** A hold item, for the booking it was read for. */
export function holdFromItem(item: Record<string, unknown>, bookingId: string): WalletHold {
  return { bookingId, ...holdItem.parse(stripNulls(item)) };
}

/** A statement line. */
export function movementFromItem(item: Record<string, unknown>): WalletMovement {
  return movementItem.parse(stripNulls(item));
}

/** Attributes written as null read as absent, as the domain's optional fields are. */
function stripNulls(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([, value]) => value !== null && value !== undefined));
}
