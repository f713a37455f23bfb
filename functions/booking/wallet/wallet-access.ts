/**
 * What the wallet routes share: the path parameter, the wallet or not-found (another tenant's id is unknown,
 * like any id we did not issue to the caller), the statement's paging, and the views partners read, in
 * decimal amounts of the wallet's currency.
 */
import * as z from 'zod';
import { DomainError } from '../../domain/errors/domain-error.js';
import { invalidFields } from '../../domain/errors/invalid-fields.js';
import { walletIdSchema } from '../../domain/ids/id-schemas.js';
import { formatMinor } from '../../domain/money/money.js';
import type { Wallet, WalletMovement } from '../../domain/wallet/wallet.js';
import type { WalletStore } from '../../domain/wallet/wallet-store.js';
import { DynamoWalletStore } from '../../stores/dynamo-wallets.js';

export const walletParams = z.object({ walletId: walletIdSchema });

export const WALLET_PAGE = { default: 50, max: 100 } as const;

export const walletTransactionsQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(WALLET_PAGE.max)
    .default(WALLET_PAGE.default)
    .meta({ description: `Movements per page, 1 to ${WALLET_PAGE.max} (default ${WALLET_PAGE.default})` }),
  cursor: z
    .string()
    .min(1)
    .max(512)
    .regex(/^[A-Za-z0-9_-]+$/, 'is not a cursor we issued')
    .optional()
    .meta({ description: 'The `next` of the previous page; absent for the first page' }),
});

let store: WalletStore | undefined;
/** The wallets the routes read, wired once per container. */
export function walletStore(): WalletStore {
  return (store ??= new DynamoWalletStore());
}

export async function walletOr404(tenant: string, walletId: string): Promise<Wallet> {
  const wallet = await walletStore().get(tenant, walletId);
  if (!wallet) throw new DomainError('not-found', `No wallet ${walletId}`);
  return wallet;
}

const decimal = (minor: number, currency: string) => Number(formatMinor(minor, currency));

export function walletView(wallet: Wallet) {
  const { currency } = wallet;
  return {
    walletId: wallet.walletId,
    currency,
    balance: decimal(wallet.balanceMinor, currency),
    creditLimit: decimal(wallet.creditLimitMinor, currency),
    held: decimal(wallet.heldMinor, currency),
    available: decimal(wallet.availableMinor, currency),
    updatedAt: wallet.updatedAt,
  };
}

export function movementView(movement: WalletMovement) {
  const { currency } = movement;
  return {
    transactionId: movement.movementId,
    type: movement.type,
    amount: decimal(movement.amountMinor, currency),
    currency,
    balanceAfter: decimal(movement.balanceAfterMinor, currency),
    availableAfter: decimal(movement.availableAfterMinor, currency),
    ...(movement.bookingId ? { bookingId: movement.bookingId } : {}),
    at: movement.at,
  };
}

/** A page's cursor: the last movement's sort key, base64url; it can only ever point inside the caller's own wallet. */
export const encodeCursor = (sortKey: string) => Buffer.from(sortKey, 'utf8').toString('base64url');
export function decodeCursor(cursor: string): string {
  const sortKey = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!sortKey.startsWith('movement#')) {
    throw invalidFields([{ path: 'query.cursor', message: 'is not a cursor we issued' }]);
  }
  return sortKey;
}
