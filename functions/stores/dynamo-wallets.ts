/**
 * Agent wallets in DynamoDB (the wallets table): per wallet one partition holding its balance item, the
 * hold of each wallet-paid booking in progress, and every movement.
 *
 * Every change is one transaction of three writes: the balance item, conditional on the version read (so
 * concurrent holds are serialized and none can take `available` below zero), a guard item that makes the
 * change happen once whatever the retries (the booking's hold, or `ref#<reference>`), and the movement with
 * the balance it left. A lost version race re-reads and tries again; a guard that already exists means the
 * change was made before, and the wallet as it is now is the answer.
 */
import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { HoldOutcome, Wallet, WalletMovement, WalletMovementType } from '../domain/wallet/wallet.js';
import { formatMinor } from '../domain/money/money.js';
import type { WebhookEvent } from '../domain/webhooks/webhook-event.js';
import { hasTable, tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { keys } from '../shared/keys.js';
import type { TransactItem } from '../shared/transact-item.js';
import { newEventId, outboxPut } from './webhook-outbox.js';

type StoredWallet = Wallet & { readonly version: number };

interface Change {
  readonly type: WalletMovementType;
  /** The idempotency guard: `hold#<bookingId>` items carry the hold; others are `ref#<reference>`. */
  readonly guardSk: string;
  readonly guardItem?: Record<string, unknown>;
  readonly reference: string;
  readonly bookingId?: string;
  /** The wallet after the change, from the wallet before it; undefined refuses the change. */
  readonly apply: (wallet: StoredWallet) => { balanceMinor: number; heldMinor: number; creditLimitMinor: number } | undefined;
  /** The signed amount the statement shows. */
  readonly amountMinor: number;
  /** Writes besides the three (a hold's status change). */
  readonly also?: (wallet: StoredWallet) => Record<string, unknown>[];
  /** Written last in the same transaction, given the wallet before and after (an operator's audit entry). */
  readonly audit?: WalletAudit;
}

/** What an operator's wallet change writes with it: its audit entry, from the wallet before and after. */
export type WalletAudit = (before: Wallet, after: Wallet) => TransactItem[];

const MAX_ATTEMPTS = 200;

const WALLET_EVENT_OF: Partial<Record<WalletMovementType, WebhookEvent['type']>> = {
  'top-up': 'wallet.topped-up',
  hold: 'wallet.held',
  capture: 'wallet.captured',
  release: 'wallet.released',
  refund: 'wallet.refunded',
};

export class DynamoWalletStore {
  private readonly client: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(options: { readonly client?: DynamoDBDocumentClient; readonly table?: string } = {}) {
    this.client = options.client ?? dynamoClient();
    this.table = options.table ?? tableName('wallets');
  }

  /** A new wallet, or (given its walletId, as local start gives the demo account's) the one already there. */
  async create(
    input: { tenant: string; currency: string; creditLimitMinor?: number; now: Date; walletId?: string },
    audit?: (created: Wallet) => TransactItem[],
  ): Promise<Wallet> {
    const walletId = input.walletId ?? `wal_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    if (input.walletId) {
      const existing = await this.get(input.tenant, walletId);
      if (existing) return existing;
    }
    const at = input.now.toISOString();
    const creditLimitMinor = input.creditLimitMinor ?? 0;
    const wallet: StoredWallet = {
      tenant: input.tenant,
      walletId,
      currency: input.currency,
      balanceMinor: 0,
      creditLimitMinor,
      heldMinor: 0,
      availableMinor: creditLimitMinor,
      createdAt: at,
      updatedAt: at,
      version: 0,
    };
    const put = {
      TableName: this.table,
      Item: { ...keys.wallet(input.tenant, walletId), kind: 'wallet', ...wallet },
      ConditionExpression: 'attribute_not_exists(pk)',
    };
    if (!audit) await this.client.send(new PutCommand(put));
    else await this.client.send(new TransactWriteCommand({ TransactItems: [{ Put: put }, ...audit(publicWallet(wallet))] }));
    return publicWallet(wallet);
  }

  async get(tenant: string, walletId: string): Promise<Wallet | undefined> {
    const wallet = await this.read(tenant, walletId);
    return wallet && publicWallet(wallet);
  }

  /** Money paid in by the account; `reference` (the payment's) makes a repeated call change nothing. */
  async topUp(
    tenant: string,
    walletId: string,
    amountMinor: number,
    reference: string,
    now: Date,
    audit?: WalletAudit,
  ): Promise<Wallet | undefined> {
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new RangeError('a top-up is a positive whole number of minor units');
    return this.change(tenant, walletId, now, {
      type: 'top-up',
      guardSk: `ref#top-up#${reference}`,
      reference,
      amountMinor,
      ...(audit ? { audit } : {}),
      apply: (w) => ({ balanceMinor: w.balanceMinor + amountMinor, heldMinor: w.heldMinor, creditLimitMinor: w.creditLimitMinor }),
    });
  }

  /** Refused (undefined wallet unchanged, `false`) when what is already spent or held would exceed the new limit. */
  async setCreditLimit(
    tenant: string,
    walletId: string,
    creditLimitMinor: number,
    reference: string,
    now: Date,
    audit?: WalletAudit,
  ): Promise<Wallet | false | undefined> {
    if (!Number.isSafeInteger(creditLimitMinor) || creditLimitMinor < 0)
      throw new RangeError('a credit limit is a whole number of minor units, 0 or more');
    let refused = false;
    const result = await this.change(tenant, walletId, now, {
      type: 'credit-limit',
      guardSk: `ref#credit-limit#${reference}`,
      reference,
      amountMinor: creditLimitMinor,
      ...(audit ? { audit } : {}),
      apply: (w) => {
        if (w.balanceMinor + creditLimitMinor - w.heldMinor < 0) {
          refused = true;
          return undefined;
        }
        return { balanceMinor: w.balanceMinor, heldMinor: w.heldMinor, creditLimitMinor };
      },
    });
    return refused ? false : result;
  }

  /** Reserves a booking's total before its supplier is asked; never below zero available. Idempotent per booking. */
  async hold(tenant: string, walletId: string, bookingId: string, amountMinor: number, currency: string, now: Date): Promise<HoldOutcome> {
    let short = false;
    let otherCurrency = false;
    const result = await this.change(tenant, walletId, now, {
      type: 'hold',
      guardSk: `hold#${bookingId}`,
      reference: `hold#${bookingId}`,
      bookingId,
      amountMinor: -amountMinor,
      guardItem: { kind: 'wallet-hold', bookingId, amountMinor, status: 'held', heldAt: now.toISOString() },
      apply: (w) => {
        if (w.currency !== currency) {
          otherCurrency = true;
          return undefined;
        }
        if (w.balanceMinor + w.creditLimitMinor - w.heldMinor < amountMinor) {
          short = true;
          return undefined;
        }
        return { balanceMinor: w.balanceMinor, heldMinor: w.heldMinor + amountMinor, creditLimitMinor: w.creditLimitMinor };
      },
    });
    if (otherCurrency) return 'currency-mismatch';
    // Refused for funds, or a retry of a hold that was placed: the hold item says which.
    if (short) return (await this.holdOf(tenant, walletId, bookingId)) ? 'held' : 'insufficient-funds';
    return result ? 'held' : 'not-found';
  }

  private async holdOf(tenant: string, walletId: string, bookingId: string): Promise<Record<string, unknown> | undefined> {
    return (
      await this.client.send(
        new GetCommand({ TableName: this.table, Key: keys.walletHold(tenant, walletId, bookingId), ConsistentRead: true }),
      )
    ).Item;
  }

  /**
   * The booking was confirmed: its hold becomes a payment of the booking's confirmed total (the hold's own
   * amount when none is given). Idempotent; nothing held is a no-op.
   */
  capture(tenant: string, walletId: string, bookingId: string, now: Date, amountMinor?: number): Promise<Wallet | undefined> {
    return this.settleHold(tenant, walletId, bookingId, 'captured', now, amountMinor);
  }

  /** The booking failed or was undone: its hold is given back. Idempotent; nothing held is a no-op. */
  release(tenant: string, walletId: string, bookingId: string, now: Date): Promise<Wallet | undefined> {
    return this.settleHold(tenant, walletId, bookingId, 'released', now);
  }

  /**
   * A booking that ends without standing (failed, or undone after the supplier confirmed) gives back
   * whatever it took: a hold is released, a capture refunded in full. Idempotent; nothing taken is a no-op.
   */
  async reverse(tenant: string, walletId: string, bookingId: string, now: Date): Promise<Wallet | undefined> {
    const hold = await this.holdOf(tenant, walletId, bookingId);
    if (hold?.status === 'held') return this.release(tenant, walletId, bookingId, now);
    if (hold?.status === 'captured') return this.refund(tenant, walletId, bookingId, Number(hold.capturedMinor ?? hold.amountMinor), now);
    return this.get(tenant, walletId);
  }

  /** A cancelled booking's total minus its applied penalty goes back to the wallet, once. */
  async refund(tenant: string, walletId: string, bookingId: string, amountMinor: number, now: Date): Promise<Wallet | undefined> {
    if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError('a refund is a whole number of minor units, 0 or more');
    return this.change(tenant, walletId, now, {
      type: 'refund',
      guardSk: `ref#refund#${bookingId}`,
      reference: `refund#${bookingId}`,
      bookingId,
      amountMinor,
      apply: (w) => ({ balanceMinor: w.balanceMinor + amountMinor, heldMinor: w.heldMinor, creditLimitMinor: w.creditLimitMinor }),
    });
  }

  /** The statement, oldest first, a page at a time (`after` is the last movement's sort key, opaque to callers). */
  async movements(
    tenant: string,
    walletId: string,
    options: { limit: number; after?: string },
  ): Promise<{ movements: WalletMovement[]; next?: string }> {
    const { pk } = keys.wallet(tenant, walletId);
    const page = await this.client.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :movement)',
        ExpressionAttributeValues: { ':pk': pk, ':movement': 'movement#' },
        Limit: options.limit,
        ...(options.after ? { ExclusiveStartKey: { pk, sk: options.after } } : {}),
      }),
    );
    const movements = (page.Items ?? []).map(asMovement);
    const last = page.LastEvaluatedKey?.sk;
    return { movements, ...(typeof last === 'string' ? { next: last } : {}) };
  }

  private async settleHold(
    tenant: string,
    walletId: string,
    bookingId: string,
    status: 'captured' | 'released',
    now: Date,
    capturedMinor?: number,
  ): Promise<Wallet | undefined> {
    const hold = await this.holdOf(tenant, walletId, bookingId);
    if (hold?.status !== 'held') return this.get(tenant, walletId);
    const heldMinor = Number(hold.amountMinor);
    const captured = status === 'captured';
    // What leaves the balance: the confirmed total, which a price within the partner's tolerance may set
    // apart from the binding total held.
    const paidMinor = captured ? (capturedMinor ?? heldMinor) : 0;
    if (!Number.isSafeInteger(paidMinor) || paidMinor < 0) throw new RangeError('a capture is a whole number of minor units, 0 or more');
    return this.change(tenant, walletId, now, {
      type: captured ? 'capture' : 'release',
      guardSk: `ref#${status}#${bookingId}`,
      reference: `${status}#${bookingId}`,
      bookingId,
      amountMinor: captured ? -paidMinor : heldMinor,
      apply: (w) => ({
        balanceMinor: w.balanceMinor - paidMinor,
        heldMinor: w.heldMinor - heldMinor,
        creditLimitMinor: w.creditLimitMinor,
      }),
      also: () => [
        {
          Update: {
            TableName: this.table,
            Key: keys.walletHold(tenant, walletId, bookingId),
            UpdateExpression: `SET #status = :status, settledAt = :at${captured ? ', capturedMinor = :paid' : ''}`,
            ConditionExpression: '#status = :held',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':status': status,
              ':at': now.toISOString(),
              ':held': 'held',
              ...(captured ? { ':paid': paidMinor } : {}),
            },
          },
        },
      ],
    });
  }

  /**
   * The movement's webhook event, written to the outbox in the same transaction (a credit limit change is
   * not one). Only where the webhooks table is known: a stack's functions always know it; the operator tool
   * names it with --webhooks-table.
   */
  private walletEvent(
    tenant: string,
    walletId: string,
    movement: WalletMovement,
    after: { balanceMinor: number },
  ): ReturnType<typeof outboxPut>[] {
    const type = WALLET_EVENT_OF[movement.type];
    if (!type || !hasTable('webhooks')) return [];
    const decimal = (minor: number) => Number(formatMinor(minor, movement.currency));
    const event: WebhookEvent = {
      id: newEventId(movement.at),
      type,
      createdAt: movement.at,
      tenant,
      data: {
        walletId,
        currency: movement.currency,
        balance: decimal(after.balanceMinor),
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
    return [outboxPut(event, `wallet#${walletId}`)];
  }

  private async read(tenant: string, walletId: string): Promise<StoredWallet | undefined> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.table, Key: keys.wallet(tenant, walletId), ConsistentRead: true }),
    );
    if (!result.Item) return undefined;
    const { pk: _pk, sk: _sk, kind: _kind, ...wallet } = result.Item;
    return wallet as unknown as StoredWallet;
  }

  private async change(tenant: string, walletId: string, now: Date, change: Change): Promise<Wallet | undefined> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const wallet = await this.read(tenant, walletId);
      if (!wallet) return undefined;
      const after = change.apply(wallet);
      if (!after) return undefined;
      const at = now.toISOString();
      const availableMinor = after.balanceMinor + after.creditLimitMinor - after.heldMinor;
      const changed: StoredWallet = { ...wallet, ...after, availableMinor, updatedAt: now.toISOString(), version: wallet.version + 1 };
      const movement: WalletMovement = {
        movementId: `mov_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
        type: change.type,
        amountMinor: change.amountMinor,
        currency: wallet.currency,
        balanceAfterMinor: after.balanceMinor,
        availableAfterMinor: availableMinor,
        reference: change.reference,
        at,
        ...(change.bookingId ? { bookingId: change.bookingId } : {}),
      };
      try {
        await this.client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: this.table,
                  Key: keys.wallet(tenant, walletId),
                  UpdateExpression:
                    'SET balanceMinor = :balance, heldMinor = :held, creditLimitMinor = :limit, availableMinor = :available, updatedAt = :at, version = :next',
                  ConditionExpression: 'version = :version',
                  ExpressionAttributeValues: {
                    ':balance': after.balanceMinor,
                    ':held': after.heldMinor,
                    ':limit': after.creditLimitMinor,
                    ':available': availableMinor,
                    ':at': at,
                    ':next': wallet.version + 1,
                    ':version': wallet.version,
                  },
                },
              },
              {
                Put: {
                  TableName: this.table,
                  Item: { pk: keys.wallet(tenant, walletId).pk, sk: change.guardSk, ...(change.guardItem ?? { kind: 'wallet-reference' }) },
                  ConditionExpression: 'attribute_not_exists(sk)',
                },
              },
              {
                Put: {
                  TableName: this.table,
                  Item: {
                    ...keys.walletMovement(tenant, walletId, at, movement.movementId),
                    kind: 'wallet-movement',
                    tenant,
                    walletId,
                    ...movement,
                  },
                },
              },
              ...(change.also?.(wallet) ?? []),
              ...this.walletEvent(tenant, walletId, movement, after),
              ...(change.audit?.(publicWallet(wallet), publicWallet(changed)) ?? []),
            ],
          }),
        );
        return publicWallet(changed);
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const reasons = error.CancellationReasons ?? [];
        // The guard exists, or the hold was settled meanwhile: the change was made before. The wallet as it is answers.
        if (reasons[1]?.Code === 'ConditionalCheckFailed' || reasons[3]?.Code === 'ConditionalCheckFailed')
          return this.get(tenant, walletId);
        // Another change won the version race: read again and retry, after a jittered pause.
        if (reasons[0]?.Code === 'ConditionalCheckFailed' || reasons.some((r) => r.Code === 'TransactionConflict')) {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 + attempt * 2)));
          continue;
        }
        throw error;
      }
    }
    throw new Error(`wallet ${walletId}: too many concurrent changes, gave up after ${MAX_ATTEMPTS} attempts`);
  }
}

function publicWallet(wallet: StoredWallet): Wallet {
  const { version: _version, ...rest } = wallet;
  return rest;
}

function asMovement(item: Record<string, unknown>): WalletMovement {
  const { pk: _pk, sk: _sk, kind: _kind, tenant: _tenant, walletId: _walletId, ...movement } = item;
  return movement as unknown as WalletMovement;
}
