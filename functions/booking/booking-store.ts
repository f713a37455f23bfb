/**
 * The bookings table. Writes are conditional so that the flow's steps are idempotent (SaveBooking run
 * twice with the same bookingId stores one booking) and so that state moves are checked where they land
 * (a cancel racing a cancel: one wins, the other sees a conflict).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { keys } from '../shared/keys.js';
import type { BookingEvent, BookingRecord, BookingStatus } from './booking-record.js';

export class BookingStateConflict extends Error {
  override readonly name = 'BookingStateConflict';
  constructor(readonly current: BookingRecord | undefined) {
    super(`booking is ${current?.status ?? 'missing'}`);
  }
}

/** Attributes of a stored item that are storage, not booking. */
type StoredItem = BookingRecord & { pk: string; sk: string; pendingTenant?: string; pendingSince?: string };

function toRecord(item: Record<string, unknown>): BookingRecord {
  const { pk: _pk, sk: _sk, pendingTenant: _t, pendingSince: _s, ...record } = item as unknown as StoredItem;
  return record;
}

export interface BookingStore {
  /** Stores a new booking; when one with this id exists already, returns that one unchanged. */
  create(record: BookingRecord): Promise<{ created: boolean; record: BookingRecord }>;
  get(tenant: string, bookingId: string): Promise<BookingRecord | undefined>;
  /** Moves a booking from one of `from` to the changes given, appending the event(s); BookingStateConflict otherwise. */
  transition(tenant: string, bookingId: string, from: readonly BookingStatus[], changes: Partial<BookingRecord>, event: BookingEvent | readonly BookingEvent[]): Promise<BookingRecord>;
  /** Bookings of a tenant still waiting for their supplier's outcome, oldest first. */
  pending(tenant: string, limit?: number): Promise<BookingRecord[]>;
}

export class DynamoBookingStore implements BookingStore {
  private readonly client: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(options: { client?: DynamoDBDocumentClient; table?: string } = {}) {
    this.client = options.client ?? dynamoClient();
    this.table = options.table ?? tableName('bookings');
  }

  async create(record: BookingRecord): Promise<{ created: boolean; record: BookingRecord }> {
    const item: StoredItem = {
      ...keys.booking(record.tenant, record.bookingId),
      ...record,
      ...(record.status === 'pending' ? { pendingTenant: record.tenant, pendingSince: record.createdAt } : {}),
    };
    try {
      await this.client.send(new PutCommand({ TableName: this.table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
      return { created: true, record };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const existing = await this.get(record.tenant, record.bookingId);
      if (!existing) throw error;
      return { created: false, record: existing };
    }
  }

  async get(tenant: string, bookingId: string): Promise<BookingRecord | undefined> {
    const { Item } = await this.client.send(new GetCommand({ TableName: this.table, Key: keys.booking(tenant, bookingId), ConsistentRead: true }));
    return Item ? toRecord(Item) : undefined;
  }

  async transition(tenant: string, bookingId: string, from: readonly BookingStatus[], changes: Partial<BookingRecord>, event: BookingEvent | readonly BookingEvent[]): Promise<BookingRecord> {
    const events: readonly BookingEvent[] = Array.isArray(event) ? event : [event as BookingEvent];
    const names: Record<string, string> = { '#status': 'status', '#history': 'history', '#updatedAt': 'updatedAt' };
    const values: Record<string, unknown> = { ':event': events, ':updatedAt': events.at(-1)!.at };
    const sets = ['#history = list_append(#history, :event)', '#updatedAt = :updatedAt'];
    for (const [index, [name, value]] of Object.entries(changes).entries()) {
      if (name === 'history' || name === 'updatedAt' || value === undefined) continue;
      names[`#c${index}`] = name;
      values[`:c${index}`] = value;
      sets.push(`#c${index} = :c${index}`);
    }
    const allowed = from.map((_, i) => `:from${i}`);
    from.forEach((status, i) => (values[`:from${i}`] = status));
    const leavesPending = changes.status !== undefined && changes.status !== 'pending';
    try {
      const { Attributes } = await this.client.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.booking(tenant, bookingId),
          UpdateExpression: `SET ${sets.join(', ')}${leavesPending ? ' REMOVE pendingTenant, pendingSince' : ''}`,
          ConditionExpression: `attribute_exists(pk) AND #status IN (${allowed.join(', ')})`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toRecord(Attributes!);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) throw new BookingStateConflict(await this.get(tenant, bookingId));
      throw error;
    }
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
    return Items.map(toRecord);
  }
}
