/**
 * Agent wallets in DynamoDB (the wallets table), the adapter of the domain's WalletStore: per wallet one
 * partition holding its balance item, the hold of each wallet-paid booking, and every movement. The rules
 * are the domain's (functions/domain/wallet/); this file reads, asks them, and writes what they decide.
 *
 * Every change is one transaction: the balance item, conditional on the version read; a guard item that
 * makes the change happen once whatever the retries (the booking's hold, or `ref#<onceKey>`); the movement
 * with the balance it left; the hold it settles, conditional on its still being held; the movement's
 * webhook event and an operator's audit entry. Optimistic concurrency rather than conditions on the
 * amounts: the rule was decided on the wallet as read, so the write stands only if that is still the
 * wallet, whichever rule it was; a lost race reads again and asks the rule again. A guard that already
 * exists, or a hold settled meanwhile, means the change was made before: the wallet as it is answers.
 */
import { randomUUID } from 'node:crypto';
import { DomainError } from '../domain/errors/domain-error.js';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { setCreditLimit } from '../domain/wallet/credit-limit.js';
import { whatToGiveBack } from '../domain/wallet/give-back.js';
import { placeHold } from '../domain/wallet/hold.js';
import { openWallet } from '../domain/wallet/open-wallet.js';
import { refundAfterCancel, refundBooking, type RefundRefusal } from '../domain/wallet/refund.js';
import { captureStayChange, refundStayChange, stayChangeKey, type ChangeCaptureRefusal } from '../domain/wallet/stay-change-payment.js';
import { captureHold, releaseHold, type CaptureRefusal } from '../domain/wallet/settle-hold.js';
import { topUp } from '../domain/wallet/top-up.js';
import type { HoldOutcome, Wallet, WalletMovement } from '../domain/wallet/wallet.js';
import { isRefusal, type WalletChange, type WalletRefusal, type WalletRule } from '../domain/wallet/wallet-change.js';
import { walletEvent } from '../domain/wallet/wallet-event.js';
import type { WalletHold } from '../domain/wallet/wallet-hold.js';
import type { NewWallet, WalletAudit, WalletStatementPage, WalletStore } from '../domain/wallet/wallet-store.js';
import { hasTable, tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { keys } from '../shared/keys.js';
import { holdFromItem, movementFromItem, walletItem, walletVersion } from './wallet-items.js';
import type { TransactItem } from '../shared/transact-item.js';
import { newEventId, outboxPut } from './webhook-outbox.js';

/** The wallet as read, with the version its next write is conditional on. */
interface ReadWallet {
  readonly wallet: Wallet;
  readonly version: number;
}

const MAX_ATTEMPTS = 200;

/** Where the change's writes sit in its transaction: a cancellation reason names them by position. */
const BALANCE_WRITE = 0;
const GUARD_WRITE = 1;
const SETTLED_HOLD_WRITE = 3;

export class DynamoWalletStore implements WalletStore<TransactItem> {
  private readonly client: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(options: { readonly client?: DynamoDBDocumentClient; readonly table?: string } = {}) {
    this.client = options.client ?? dynamoClient();
    this.table = options.table ?? tableName('wallets');
  }

  async create(input: NewWallet, audit?: (created: Wallet) => TransactItem[]): Promise<Wallet> {
    const walletId = input.walletId ?? `wal_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    if (input.walletId) {
      const existing = await this.get(input.tenant, walletId);
      if (existing) return existing;
    }
    const wallet = openWallet({
      tenant: input.tenant,
      walletId,
      currency: input.currency,
      creditLimitMinor: input.creditLimitMinor ?? 0,
      at: input.now.toISOString(),
    });
    const put = {
      TableName: this.table,
      Item: { ...keys.wallet(input.tenant, walletId), kind: 'wallet', ...wallet, version: 0 },
      ConditionExpression: 'attribute_not_exists(pk)',
    };
    if (!audit) await this.client.send(new PutCommand(put));
    else await this.client.send(new TransactWriteCommand({ TransactItems: [{ Put: put }, ...audit(wallet)] }));
    return wallet;
  }

  async get(tenant: string, walletId: string): Promise<Wallet | undefined> {
    return (await this.read(tenant, walletId))?.wallet;
  }

  topUp(
    tenant: string,
    walletId: string,
    amountMinor: number,
    reference: string,
    now: Date,
    audit?: WalletAudit<TransactItem>,
  ): Promise<Wallet | undefined> {
    return this.change(tenant, walletId, now, topUp(amountMinor, reference), audit);
  }

  async setCreditLimit(
    tenant: string,
    walletId: string,
    creditLimitMinor: number,
    reference: string,
    now: Date,
    audit?: WalletAudit<TransactItem>,
  ): Promise<Wallet | false | undefined> {
    const outcome = await this.change(tenant, walletId, now, setCreditLimit(creditLimitMinor, reference), audit);
    return outcome && isRefusal(outcome) ? false : outcome;
  }

  async hold(tenant: string, walletId: string, bookingId: string, amountMinor: number, currency: string, now: Date): Promise<HoldOutcome> {
    const outcome = await this.change(tenant, walletId, now, placeHold(bookingId, amountMinor, currency));
    if (!outcome) return 'not-found';
    if (!isRefusal(outcome)) return 'held';
    if (outcome.refused === 'currency-mismatch') return 'currency-mismatch';
    // Refused for funds, or a retry of a hold placed before (which the wallet's figures already count): the hold says which.
    return (await this.holdOf(tenant, walletId, bookingId)) ? 'held' : 'insufficient-funds';
  }

  async capture(tenant: string, walletId: string, bookingId: string, now: Date, amountMinor?: number): Promise<Wallet | undefined> {
    const outcome = await this.settle(tenant, walletId, now, captureHold(await this.holdOf(tenant, walletId, bookingId), amountMinor));
    return refusedAs(outcome, walletId, bookingId);
  }

  async release(tenant: string, walletId: string, bookingId: string, now: Date): Promise<Wallet | undefined> {
    return this.settle(tenant, walletId, now, releaseHold(await this.holdOf(tenant, walletId, bookingId)));
  }

  async reverse(tenant: string, walletId: string, bookingId: string, now: Date): Promise<Wallet | undefined> {
    const hold = await this.holdOf(tenant, walletId, bookingId);
    const giveBack = whatToGiveBack(hold);
    if (giveBack.kind === 'release') {
      // The hold just read decides the release too. A capture that lands between that read and the release
      // wins the hold (the release then finds it settled): what the capture paid is refunded instead.
      await this.settle(tenant, walletId, now, releaseHold(hold));
      const after = await this.holdOf(tenant, walletId, bookingId);
      return after?.status === 'captured' ? this.reverse(tenant, walletId, bookingId, now) : this.get(tenant, walletId);
    }
    if (giveBack.kind === 'refund')
      return refusedAs(await this.change(tenant, walletId, now, refundBooking(bookingId, hold, giveBack.amountMinor)), walletId, bookingId);
    return this.get(tenant, walletId);
  }

  async refund(tenant: string, walletId: string, bookingId: string, amountMinor: number, now: Date): Promise<Wallet | undefined> {
    const hold = await this.holdOf(tenant, walletId, bookingId);
    return refusedAs(await this.change(tenant, walletId, now, refundBooking(bookingId, hold, amountMinor)), walletId, bookingId);
  }

  async refundCancelled(tenant: string, walletId: string, bookingId: string, penaltyMinor: number, now: Date): Promise<Wallet | undefined> {
    const hold = await this.holdOf(tenant, walletId, bookingId);
    return refusedAs(await this.change(tenant, walletId, now, refundAfterCancel(bookingId, hold, penaltyMinor)), walletId, bookingId);
  }

  async captureStayChange(
    tenant: string,
    walletId: string,
    bookingId: string,
    changeId: string,
    riseMinor: number,
    now: Date,
  ): Promise<Wallet | undefined> {
    const changeKey = stayChangeKey(bookingId, changeId);
    return this.onFreshHolds(tenant, walletId, bookingId, async (booking) =>
      refusedAs(
        await this.settle(tenant, walletId, now, captureStayChange(booking, await this.holdOf(tenant, walletId, changeKey), riseMinor)),
        walletId,
        bookingId,
      ),
    );
  }

  async refundStayChange(
    tenant: string,
    walletId: string,
    bookingId: string,
    changeId: string,
    fallMinor: number,
    now: Date,
  ): Promise<Wallet | undefined> {
    const changeKey = stayChangeKey(bookingId, changeId);
    return this.onFreshHolds(tenant, walletId, bookingId, async (booking) =>
      refusedAs(await this.settle(tenant, walletId, now, refundStayChange(booking, changeKey, fallMinor)), walletId, bookingId),
    );
  }

  /**
   * A stay change's payment, decided on the booking's hold as read and written only if that hold still records
   * what it did (another change's payment moved it meanwhile: read again and decide again).
   */
  private async onFreshHolds(
    tenant: string,
    walletId: string,
    bookingId: string,
    pay: (booking: WalletHold | undefined) => Promise<Wallet | undefined>,
  ): Promise<Wallet | undefined> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      try {
        return await pay(await this.holdOf(tenant, walletId, bookingId));
      } catch (error) {
        if (!(error instanceof PaidHoldMoved)) throw error;
      }
    }
    throw new Error(`wallet ${walletId}: booking ${bookingId}'s payments kept changing, gave up after ${MAX_ATTEMPTS} attempts`);
  }

  async movements(tenant: string, walletId: string, options: { limit: number; after?: string }): Promise<WalletStatementPage> {
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
    const movements = (page.Items ?? []).map(movementFromItem);
    const last = page.LastEvaluatedKey?.sk;
    return { movements, ...(typeof last === 'string' ? { next: last } : {}) };
  }

  private async read(tenant: string, walletId: string): Promise<ReadWallet | undefined> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.table, Key: keys.wallet(tenant, walletId), ConsistentRead: true }),
    );
    if (!result.Item) return undefined;
    return { wallet: walletItem.parse(result.Item), version: walletVersion.parse(result.Item).version };
  }

  /** A capture or release of a hold: its change, or the wallet as it is when the hold is gone or settled. */
  private settle<Refusal extends WalletRefusal>(
    tenant: string,
    walletId: string,
    now: Date,
    rule: WalletRule<Refusal> | undefined,
  ): Promise<Wallet | Refusal | undefined> {
    return rule ? this.change(tenant, walletId, now, rule) : this.get(tenant, walletId);
  }

  async holdOf(tenant: string, walletId: string, bookingId: string): Promise<WalletHold | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.table, Key: keys.walletHold(tenant, walletId, bookingId), ConsistentRead: true }),
    );
    return Item && holdFromItem(Item, bookingId);
  }

  /** Reads the wallet, asks the rule, writes its change; undefined for no such wallet, the refusal for a refused change. */
  private async change<Refusal extends WalletRefusal>(
    tenant: string,
    walletId: string,
    now: Date,
    rule: WalletRule<Refusal>,
    audit?: WalletAudit<TransactItem>,
  ): Promise<Wallet | Refusal | undefined> {
    const at = now.toISOString();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const read = await this.read(tenant, walletId);
      if (!read) return undefined;
      const decision = rule(read.wallet, { movementId: `mov_${randomUUID().replaceAll('-', '').slice(0, 20)}`, at });
      if (isRefusal(decision)) return decision;
      try {
        await this.client.send(new TransactWriteCommand({ TransactItems: this.writesOf(tenant, walletId, read, decision, audit) }));
        return decision.wallet;
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const reasons = error.CancellationReasons ?? [];
        // The guard exists, or the hold this change settles was settled meanwhile: the change was made before.
        // The wallet as it is answers. (Only a settling change has its hold at SETTLED_HOLD_WRITE; in any other
        // the position holds the next write, whose failure is not "made before".)
        const settles = decision.hold !== undefined && decision.hold.status !== 'held';
        // A stay change's payment found the booking's hold moved by another since it was read.
        if (decision.paid && reasons[SETTLED_HOLD_WRITE + (settles ? 1 : 0)]?.Code === 'ConditionalCheckFailed') {
          if (reasons[GUARD_WRITE]?.Code === 'ConditionalCheckFailed') return this.get(tenant, walletId);
          throw new PaidHoldMoved();
        }
        if (
          reasons[GUARD_WRITE]?.Code === 'ConditionalCheckFailed' ||
          (settles && reasons[SETTLED_HOLD_WRITE]?.Code === 'ConditionalCheckFailed')
        )
          return this.get(tenant, walletId);
        // Another change won the version race: read again and retry, after a jittered pause.
        if (reasons[BALANCE_WRITE]?.Code === 'ConditionalCheckFailed' || reasons.some((r) => r.Code === 'TransactionConflict')) {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 + attempt * 2)));
          continue;
        }
        throw error;
      }
    }
    throw new Error(`wallet ${walletId}: too many concurrent changes, gave up after ${MAX_ATTEMPTS} attempts`);
  }

  /** The change's transaction, in the order BALANCE_WRITE, GUARD_WRITE, the movement, SETTLED_HOLD_WRITE name. */
  private writesOf(
    tenant: string,
    walletId: string,
    read: ReadWallet,
    change: WalletChange,
    audit?: WalletAudit<TransactItem>,
  ): TransactItem[] {
    const { pk } = keys.wallet(tenant, walletId);
    const { wallet, movement, hold } = change;
    const placed = hold?.status === 'held' ? hold : undefined;
    const settled = hold && hold.status !== 'held' ? hold : undefined;
    return [
      {
        Update: {
          TableName: this.table,
          Key: keys.wallet(tenant, walletId),
          UpdateExpression:
            'SET balanceMinor = :balance, heldMinor = :held, creditLimitMinor = :limit, availableMinor = :available, updatedAt = :at, version = :next',
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: {
            ':balance': wallet.balanceMinor,
            ':held': wallet.heldMinor,
            ':limit': wallet.creditLimitMinor,
            ':available': wallet.availableMinor,
            ':at': wallet.updatedAt,
            ':next': read.version + 1,
            ':version': read.version,
          },
        },
      },
      {
        // A placed hold is its own guard: one hold per booking.
        Put: {
          TableName: this.table,
          Item: placed
            ? { ...keys.walletHold(tenant, walletId, placed.bookingId), kind: 'wallet-hold', ...placed }
            : { pk, sk: `ref#${change.onceKey}`, kind: 'wallet-reference' },
          ConditionExpression: 'attribute_not_exists(sk)',
        },
      },
      {
        Put: {
          TableName: this.table,
          Item: {
            ...keys.walletMovement(tenant, walletId, movement.at, movement.movementId),
            kind: 'wallet-movement',
            tenant,
            walletId,
            ...movement,
          },
        },
      },
      ...(settled ? [this.settledHoldWrite(tenant, walletId, settled)] : []),
      ...(change.paid ? [this.paidHoldWrite(tenant, walletId, change.paid)] : []),
      ...this.eventWrites(tenant, walletId, movement),
      ...(audit?.(read.wallet, wallet) ?? []),
    ];
  }

  private settledHoldWrite(tenant: string, walletId: string, hold: WalletHold): TransactItem {
    const captured = hold.status === 'captured';
    return {
      Update: {
        TableName: this.table,
        Key: keys.walletHold(tenant, walletId, hold.bookingId),
        UpdateExpression: `SET #status = :status, settledAt = :at${captured ? ', capturedMinor = :paid' : ''}`,
        ConditionExpression: '#status = :held',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': hold.status,
          ':at': hold.settledAt,
          ':held': 'held',
          ...(captured ? { ':paid': hold.capturedMinor } : {}),
        },
      },
    };
  }

  /** The booking's own hold with what it has paid in all after a stay change, if it still records what it did when read. */
  private paidHoldWrite(tenant: string, walletId: string, paid: NonNullable<WalletChange['paid']>): TransactItem {
    return {
      Update: {
        TableName: this.table,
        Key: keys.walletHold(tenant, walletId, paid.hold.bookingId),
        UpdateExpression: 'SET capturedMinor = :paid',
        ConditionExpression:
          '#status = :captured AND (capturedMinor = :before OR (attribute_not_exists(capturedMinor) AND amountMinor = :before))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':paid': paid.hold.capturedMinor,
          ':captured': 'captured',
          ':before': paid.previousCapturedMinor,
        },
      },
    };
  }

  /**
   * The movement's webhook event, in the outbox in the same transaction. Only where the webhooks table is
   * known: a stack's functions always know it; the operator tool names it with --webhooks-table.
   */
  private eventWrites(tenant: string, walletId: string, movement: WalletMovement): TransactItem[] {
    if (!hasTable('webhooks')) return [];
    const event = walletEvent(tenant, walletId, movement, newEventId(movement.at));
    return event ? [outboxPut(event, `wallet#${walletId}`)] : [];
  }
}

/** A stay change's payment was decided on a booking hold that another payment moved before the write. */
class PaidHoldMoved extends Error {}

/**
 * A booking's money the wallet rules refused to move as a domain error: never expected of a caller that asks
 * for the booking's own figures (a capture of its confirmed total within its hold, a refund within its
 * capture), so a refusal here is a conflict with what the wallet holds, not a partner's input.
 */
function refusedAs(
  outcome: Wallet | RefundRefusal | CaptureRefusal | ChangeCaptureRefusal | undefined,
  walletId: string,
  bookingId: string,
): Wallet | undefined {
  if (!outcome || !isRefusal(outcome)) return outcome;
  const what =
    outcome.refused === 'capture-above-hold'
      ? 'a capture may not pay more than the booking held'
      : "a refund may not give back more than the booking's capture paid";
  throw new DomainError('conflict', `Wallet ${walletId}, booking ${bookingId}: ${what}`, { walletId, bookingId });
}
