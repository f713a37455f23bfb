/**
 * The bookings table. Writes are conditional so that the flow's steps are idempotent (SaveBooking run
 * twice with the same bookingId stores one booking) and so that state moves are checked where they land
 * (a cancel racing a cancel: one wins, the other sees a conflict).
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { cancelInFlight, refusalOf } from '../../domain/booking/booking-lifecycle.js';
import type { BookingStatus } from '../../domain/booking/booking-status.js';
import { historyOf, type BookingHistoryEntry } from '../../domain/booking/history-entry.js';
import type { LifecycleCommandKind } from '../../domain/booking/lifecycle-command.js';
import type { LifecycleEvent } from '../../domain/booking/lifecycle-event.js';
import type { LifecycleRefusal } from '../../domain/booking/lifecycle-refusal.js';
import { subjectOf } from '../../domain/webhooks/webhook-event.js';
import { outboxPut } from '../../stores/webhook-outbox.js';
import { tableName } from '../../shared/config.js';
import { dynamoClient } from '../../shared/dynamodb.js';
import { keys } from '../../shared/keys.js';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { BookingListPosition } from '../list/booking-list-cursor.js';
import type { BookingListPlan } from '../list/booking-list-plan.js';
import type { BookingRecord } from './booking-record.js';
import type { BookingSummarySource } from './booking-summary.js';
import { bookingWebhookEvent } from './booking-webhook-event.js';
import { recordFromItem, summaryFromItem } from './booking-record-item.js';

/**
 * Why a booking was not changed: the lifecycle's refusal, or, when the lifecycle would have allowed the move,
 * a booking that kept changing under every attempt to write it.
 */
export type BookingRefusal = LifecycleRefusal | { readonly reason: 'changed-meanwhile'; readonly status: BookingStatus };

export class BookingStateConflict extends Error {
  override readonly name = 'BookingStateConflict';
  /**
   * The booking as it is now, for the caller that lost the race. Not enumerable: a logged error's
   * enumerable properties are what a logger copies into the line, and a booking holds its guests.
   */
  declare readonly current: BookingRecord | undefined;
  readonly status: BookingStatus | 'missing';
  /** Set where the move was asked of the lifecycle (change-booking.ts); the store alone knows no command. */
  readonly refusal: BookingRefusal | undefined;
  constructor(current: BookingRecord | undefined, refusal?: BookingRefusal) {
    super(`booking is ${current?.status ?? 'missing'}`);
    Object.defineProperty(this, 'current', { value: current, enumerable: false });
    this.status = current?.status ?? 'missing';
    this.refusal = refusal;
  }
}

/** A move the lifecycle accepted (domain/booking/booking-lifecycle.ts), as the store writes it. */
export interface BookingMove {
  /** The command accepted: a booking read afresh is asked of the lifecycle again before the move is written on it. */
  readonly kind: LifecycleCommandKind;
  readonly from: readonly BookingStatus[];
  readonly events: readonly LifecycleEvent[];
  readonly changes: Partial<BookingRecord>;
}

/** Attributes of a stored item that are storage, not booking: its keys, and those of the indexes. */
type StoredItem = BookingRecord & { pk: string; sk: string; pendingTenant?: string; pendingSince?: string } & ReturnType<
    typeof keys.bookingList
  >;

/**
 * The attribute of a withdrawn booking's item (BookingStore.withdraw): the request that withdrew it. Such an
 * item is no booking; it stands where the booking would be, so that no attempt of that request writes one.
 */
const WITHDRAWN_BY = 'withdrawnBy';

const isWithdrawal = (item: Record<string, unknown>): boolean => typeof item[WITHDRAWN_BY] === 'string';

/** A page of a booking list, and where the next one starts when there may be one. */
export interface BookingListPage {
  readonly bookings: readonly BookingSummarySource[];
  readonly next?: string;
}

/**
 * DynamoDB applies Limit before a FilterExpression, so a filtered Query can answer few or no items and
 * still have more. A page is filled from up to `readsPerPage` Query calls, each evaluating up to
 * `filteredRead` items; after them the page may be short, with a `next` that resumes where the reading
 * stopped. Together they bound what one request costs (at most 1,000 items read, about 125 read units of
 * summaries).
 */
export const LIST_READING = { readsPerPage: 5, filteredRead: 200 } as const;

/**
 * The write-ahead create found the booking withdrawn by the very request its attempt belongs to: that
 * request was answered before its attempt got this far, so nothing may be written or sent to a supplier.
 */
export class BookingWithdrawn extends Error {
  override readonly name = 'BookingWithdrawn';
  constructor(readonly bookingId: string) {
    super(`booking ${bookingId} was withdrawn by the request that asked for it`);
  }
}

/** What a withdrawal found: none written, so none ever will be under this request; or the booking as written. */
export type WithdrawResult = { readonly withdrawn: true } | { readonly withdrawn: false; readonly record: BookingRecord };

export interface BookingStore {
  /**
   * Stores a new booking for the request `attempt` (its request id); when one with this id exists already,
   * returns that one unchanged; when that request withdrew the booking (withdraw), writes nothing and throws
   * BookingWithdrawn. A withdrawal by another request (a retry's earlier attempt) is replaced by the booking.
   */
  create(record: BookingRecord, attempt?: string): Promise<{ created: boolean; record: BookingRecord }>;
  /**
   * Withdraws a booking not yet written, for the request `attempt` that is answering without it (its answer is
   * due and the flow has not got as far as the write-ahead record): from now on, no attempt of that request
   * writes it, so none asks a supplier for it. A booking already written is answered as it is instead.
   */
  withdraw(tenant: string, bookingId: string, attempt: string, at: string): Promise<WithdrawResult>;
  get(tenant: string, bookingId: string): Promise<BookingRecord | undefined>;
  /**
   * Writes a move the lifecycle accepted on a booking still in one of its `from` statuses, and where the
   * lifecycle still accepts it (a booking an undo took meanwhile is still pending, and confirms no more): its
   * changes, its events' history entries and its webhook event; BookingStateConflict otherwise. `seen`, the booking as
   * the caller just read it, spares the read the first attempt makes.
   */
  transition(tenant: string, bookingId: string, move: BookingMove, seen?: BookingRecord): Promise<BookingRecord>;
  /** Bookings of a tenant still waiting for their supplier's outcome (pending, or a cancel in flight), oldest first. */
  pending(tenant: string, limit?: number): Promise<BookingRecord[]>;
  /** A page of a tenant's bookings as a plan (booking-list-plan.ts) lists them, after `after` when given. */
  list(tenant: string, plan: BookingListPlan, options: { limit: number; after?: BookingListPosition }): Promise<BookingListPage>;
}

/** Whether the settle path must still ask the booking's supplier: pending, or a cancel in flight. */
function awaitsSupplier(booking: Pick<BookingRecord, 'status' | 'cancelRequestedAt' | 'cancelRefusedAt' | 'stayChange'>): boolean {
  return booking.status === 'pending' || cancelInFlight(booking) !== undefined || Boolean(booking.stayChange);
}

/** How often a transition re-reads after losing a race with another change before calling it a conflict. */
const MAX_TRANSITION_ATTEMPTS = 8;

/** The changes that set something: `history` and `updatedAt` are the transition's own, undefined sets nothing. */
function definedChanges(changes: Partial<BookingRecord>): Partial<BookingRecord> {
  return Object.fromEntries(
    Object.entries(changes).filter(([name, value]) => name !== 'history' && name !== 'updatedAt' && value !== undefined),
  ) as Partial<BookingRecord>;
}

export class DynamoBookingStore implements BookingStore {
  private readonly client: DynamoDBDocumentClient;
  private readonly table: string;
  private readonly reading: { readonly readsPerPage: number; readonly filteredRead: number };

  constructor(
    options: { client?: DynamoDBDocumentClient; table?: string; listReading?: { readsPerPage: number; filteredRead: number } } = {},
  ) {
    this.client = options.client ?? dynamoClient();
    this.table = options.table ?? tableName('bookings');
    this.reading = options.listReading ?? LIST_READING;
  }

  async create(record: BookingRecord, attempt = ''): Promise<{ created: boolean; record: BookingRecord }> {
    const item: StoredItem = {
      ...keys.booking(record.tenant, record.bookingId),
      ...keys.bookingList(record),
      ...record,
      ...(record.status === 'pending' ? { pendingTenant: record.tenant, pendingSince: record.createdAt } : {}),
    };
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.table,
          Item: item,
          // A withdrawal by another request is the partner's retry finding its first attempt withdrawn: replaced.
          ConditionExpression: 'attribute_not_exists(pk) OR (attribute_exists(#withdrawnBy) AND #withdrawnBy <> :attempt)',
          ExpressionAttributeNames: { '#withdrawnBy': WITHDRAWN_BY },
          ExpressionAttributeValues: { ':attempt': attempt },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { created: true, record };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const existing = error.Item ? unmarshall(error.Item) : undefined;
      if (existing && isWithdrawal(existing)) throw new BookingWithdrawn(record.bookingId);
      if (!existing) throw error;
      return { created: false, record: recordFromItem(existing) };
    }
  }

  async withdraw(tenant: string, bookingId: string, attempt: string, at: string): Promise<WithdrawResult> {
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.table,
          // Keys and the withdrawal only: no bookingId, no tenant, no index attribute, so no reader of bookings
          // (GET, the lists, the reconciler, finance's export, a backfill) ever takes it for one.
          Item: { ...keys.booking(tenant, bookingId), [WITHDRAWN_BY]: attempt, withdrawnAt: at },
          ConditionExpression: 'attribute_not_exists(pk) OR attribute_exists(#withdrawnBy)',
          ExpressionAttributeNames: { '#withdrawnBy': WITHDRAWN_BY },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { withdrawn: true };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException) || !error.Item) throw error;
      return { withdrawn: false, record: recordFromItem(unmarshall(error.Item)) };
    }
  }

  async get(tenant: string, bookingId: string): Promise<BookingRecord | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.table, Key: keys.booking(tenant, bookingId), ConsistentRead: true }),
    );
    return Item && !isWithdrawal(Item) ? recordFromItem(Item) : undefined;
  }

  async transition(tenant: string, bookingId: string, move: BookingMove, seen?: BookingRecord): Promise<BookingRecord> {
    const { from, changes } = move;
    const entries = historyOf(move.events);
    for (let attempt = 1; ; attempt++) {
      // The caller's own read stands for the first attempt; a write that finds it stale reads afresh.
      const fromCaller = attempt === 1 && seen !== undefined;
      const current = fromCaller ? seen : await this.get(tenant, bookingId);
      if (!current || !from.includes(current.status) || refusalOf(current, move.kind)) {
        if (fromCaller) continue;
        throw new BookingStateConflict(current);
      }
      const next = { ...current, ...definedChanges(changes), history: [...current.history, ...entries], updatedAt: entries.at(-1)!.at };
      // The change and its webhook event land together or not at all (the outbox: stores/webhook-outbox.ts).
      const webhook = bookingWebhookEvent(next, move.events);
      const update = this.transitionUpdate(current, changes, entries);
      try {
        if (webhook)
          await this.client.send(new TransactWriteCommand({ TransactItems: [{ Update: update }, outboxPut(webhook, subjectOf(webhook))] }));
        else await this.client.send(new UpdateCommand(update));
        return next;
      } catch (error) {
        const lostRace =
          error instanceof ConditionalCheckFailedException ||
          (error instanceof TransactionCanceledException &&
            (error.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed' || r.Code === 'TransactionConflict'));
        // Another change landed between the read and the write (a voucher noted, a settle): read again.
        if (lostRace && attempt < MAX_TRANSITION_ATTEMPTS) continue;
        if (lostRace) throw new BookingStateConflict(await this.get(tenant, bookingId));
        throw error;
      }
    }
  }

  /** The update of one transition, conditional on the booking being as it was read (its status, its history's length). */
  private transitionUpdate(current: BookingRecord, changes: Partial<BookingRecord>, events: readonly BookingHistoryEntry[]) {
    const names: Record<string, string> = { '#status': 'status', '#history': 'history', '#updatedAt': 'updatedAt' };
    const values: Record<string, unknown> = {
      ':event': events,
      ':updatedAt': events.at(-1)!.at,
      ':seenStatus': current.status,
      ':seenHistory': current.history.length,
    };
    const sets = ['#history = list_append(#history, :event)', '#updatedAt = :updatedAt'];
    for (const [index, [name, value]] of Object.entries(definedChanges(changes)).entries()) {
      names[`#c${index}`] = name;
      values[`:c${index}`] = value;
      sets.push(`#c${index} = :c${index}`);
    }
    // The pending index holds what the settle path must still ask a supplier about: a pending booking, a
    // confirmed one whose cancel is in flight (the lifecycle's cancelInFlight), and one whose stay change was
    // asked of its supplier, so the reconciler settles it if its answer is lost.
    const next = { ...current, ...definedChanges(changes) };
    const settledBefore = awaitsSupplier(current);
    const settledAfter = awaitsSupplier(next);
    let removal = '';
    if (settledBefore && !settledAfter) removal = ' REMOVE pendingTenant, pendingSince';
    if (!settledBefore && settledAfter) {
      values[':pendingTenant'] = current.tenant;
      values[':pendingSince'] = events.at(-1)!.at;
      sets.push('pendingTenant = :pendingTenant', 'pendingSince = :pendingSince');
    }
    return {
      TableName: this.table,
      Key: keys.booking(current.tenant, current.bookingId),
      UpdateExpression: `SET ${sets.join(', ')}${removal}`,
      ConditionExpression: 'attribute_exists(pk) AND #status = :seenStatus AND size(#history) = :seenHistory',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    };
  }

  async pending(tenant: string, limit = 50): Promise<BookingRecord[]> {
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: 'pendingBookings',
        KeyConditionExpression: 'pendingTenant = :tenant',
        ExpressionAttributeValues: { ':tenant': tenant },
        Limit: limit,
      }),
    );
    return Items.map(recordFromItem);
  }

  async list(tenant: string, plan: BookingListPlan, options: { limit: number; after?: BookingListPosition }): Promise<BookingListPage> {
    const { partition, sort } = plan;
    const names: Record<string, string> = { '#partition': partition.attribute, ...plan.filter?.names };
    const values: Record<string, unknown> = { ':partition': partition.value, ...plan.filter?.values };
    let keyCondition = '#partition = :partition';
    // DynamoDB refuses a name or value the expressions do not use: the sort key's are set only when bounded.
    if (sort.from !== undefined || sort.to !== undefined) names['#sort'] = sort.attribute;
    if (sort.from !== undefined) values[':sortFrom'] = sort.from;
    if (sort.to !== undefined) values[':sortTo'] = sort.to;
    if (sort.from !== undefined && sort.to !== undefined) keyCondition += ' AND #sort BETWEEN :sortFrom AND :sortTo';
    else if (sort.from !== undefined) keyCondition += ' AND #sort >= :sortFrom';
    else if (sort.to !== undefined) keyCondition += ' AND #sort <= :sortTo';

    // The start key is rebuilt from the caller's tenant: a cursor carries only a position inside it.
    let start: Record<string, unknown> | undefined = options.after
      ? {
          ...keys.booking(tenant, options.after.bookingId),
          [partition.attribute]: partition.value,
          [sort.attribute]: options.after.sortValue,
        }
      : undefined;
    const found: Record<string, unknown>[] = [];
    for (let read = 0; read < this.reading.readsPerPage && found.length < options.limit; read++) {
      const wanted = options.limit - found.length;
      const { Items = [], LastEvaluatedKey } = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: plan.index,
          KeyConditionExpression: keyCondition,
          ...(plan.filter ? { FilterExpression: plan.filter.expression } : {}),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ScanIndexForward: false,
          // One more than wanted without a filter tells whether a next page exists without another call.
          Limit: plan.filter ? Math.max(this.reading.filteredRead, wanted + 1) : wanted + 1,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      found.push(...Items);
      start = LastEvaluatedKey;
      if (!start) break;
    }
    const page = found.slice(0, options.limit);
    const last = page.at(-1);
    // More exist when items were read past the page, or when the reading stopped before the index's end.
    const next =
      found.length > options.limit
        ? (last![sort.attribute] as string)
        : start
          ? ((found.length === options.limit ? last![sort.attribute] : start[sort.attribute]) as string)
          : undefined;
    return { bookings: page.map(summaryFromItem), ...(next ? { next } : {}) };
  }
}
