/**
 * The operator's wallet commands (`npm run admin -- wallet ...`): create an account's wallet, record money
 * it paid in, set its credit limit, read its statement. Amounts arrive as decimals in the wallet's currency
 * and are kept in minor units; each change is in the account's audit trail like any other.
 */
import { currencyExponent, formatMinor, parseMinor } from '../domain/money/money.js';
import type { Wallet, WalletMovement } from '../domain/wallet/wallet.js';
import type { WalletStore } from '../domain/wallet/wallet-store.js';
import type { TransactItem } from '../shared/transact-item.js';
import { DynamoWalletStore } from '../stores/dynamo-wallets.js';
import { AccountAdminError, getAccount } from './account-admin.js';
import { auditPut, recordAudit } from './audit-trail.js';

// The audit entry of each change is written in the same transaction as the change.
let store: WalletStore<TransactItem> | undefined;
const wallets = () => (store ??= new DynamoWalletStore());

/** A decimal amount in the currency's own exponent, as minor units; the field is named when it is not one. */
function minorUnits(amount: string, currency: string, field: string, allowZero: boolean): number {
  const exponent = currencyExponent(currency);
  const pattern = exponent === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${exponent}})?$`);
  if (!pattern.test(amount))
    throw new AccountAdminError('invalid', `${field}: "${amount}" is not an amount in ${currency} (${exponent} decimals at most)`, field);
  const minor = parseMinor(amount, currency);
  if (!Number.isSafeInteger(minor) || (!allowZero && minor === 0))
    throw new AccountAdminError('invalid', `${field}: must be more than 0`, field);
  return minor;
}

export function walletSummary(wallet: Wallet) {
  const f = (minor: number) => formatMinor(minor, wallet.currency);
  return {
    walletId: wallet.walletId,
    tenant: wallet.tenant,
    currency: wallet.currency,
    balance: f(wallet.balanceMinor),
    creditLimit: f(wallet.creditLimitMinor),
    held: f(wallet.heldMinor),
    available: f(wallet.availableMinor),
    updatedAt: wallet.updatedAt,
  };
}

async function walletOf(tenant: string, walletId: string): Promise<Wallet> {
  const wallet = await wallets().get(tenant, walletId);
  if (!wallet) throw new AccountAdminError('not-found', `no wallet ${walletId} for account ${tenant}`, 'walletId');
  return wallet;
}

export async function createWallet(tenant: string, input: { currency: string; creditLimit?: string }, actor: string) {
  if (!(await getAccount(tenant))) throw new AccountAdminError('not-found', `no account ${tenant}`, 'tenant');
  if (!/^[A-Z]{3}$/.test(input.currency))
    throw new AccountAdminError('invalid', `currency: "${input.currency}" is not an ISO 4217 code`, 'currency');
  const creditLimitMinor = input.creditLimit === undefined ? 0 : minorUnits(input.creditLimit, input.currency, 'credit-limit', true);
  const wallet = await wallets().create({ tenant, currency: input.currency, creditLimitMinor, now: new Date() }, (created) => [
    auditPut({ tenant, actor, action: 'wallet.created', target: created.walletId, after: walletSummary(created) }),
  ]);
  return walletSummary(wallet);
}

/** `reference` is the payment's (a bank transfer id): the same reference twice pays in once. */
export async function topUpWallet(tenant: string, walletId: string, amount: string, reference: string, actor: string) {
  const before = await walletOf(tenant, walletId);
  const minor = minorUnits(amount, before.currency, 'amount', false);
  const after = (await wallets().topUp(tenant, walletId, minor, reference, new Date(), (was, is) => [
    auditPut({
      tenant,
      actor,
      action: 'wallet.topped-up',
      target: walletId,
      before: walletSummary(was),
      after: { ...walletSummary(is), reference },
    }),
  ]))!;
  // A reference paid in before changes nothing (and its transaction, audit entry included, was refused); the
  // trail still says the command was run, and that it was a repeat.
  const repeated = after.updatedAt === before.updatedAt;
  if (repeated)
    await recordAudit({
      tenant,
      actor,
      action: 'wallet.top-up-repeated',
      target: walletId,
      before: walletSummary(before),
      after: { ...walletSummary(after), reference },
    });
  return walletSummary(after);
}

export async function setWalletCreditLimit(tenant: string, walletId: string, creditLimit: string, actor: string) {
  const before = await walletOf(tenant, walletId);
  const minor = minorUnits(creditLimit, before.currency, 'credit-limit', true);
  const after = await wallets().setCreditLimit(tenant, walletId, minor, `${actor}#${new Date().toISOString()}`, new Date(), (was, is) => [
    auditPut({ tenant, actor, action: 'wallet.credit-limit-set', target: walletId, before: walletSummary(was), after: walletSummary(is) }),
  ]);
  if (after === false)
    throw new AccountAdminError(
      'conflict',
      `credit-limit: ${creditLimit} ${before.currency} is less than the wallet already uses (balance ${formatMinor(before.balanceMinor, before.currency)}, held ${formatMinor(before.heldMinor, before.currency)})`,
      'credit-limit',
    );
  return walletSummary(after!);
}

export async function walletStatement(
  tenant: string,
  walletId: string,
): Promise<{ wallet: ReturnType<typeof walletSummary>; movements: WalletMovement[] }> {
  const wallet = await walletOf(tenant, walletId);
  const movements: WalletMovement[] = [];
  let after: string | undefined;
  do {
    const page = await wallets().movements(tenant, walletId, { limit: 100, ...(after ? { after } : {}) });
    movements.push(...page.movements);
    after = page.next;
  } while (after);
  return { wallet: walletSummary(wallet), movements };
}
