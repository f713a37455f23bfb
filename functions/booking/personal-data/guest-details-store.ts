/**
 * The guests table: one item per booking under the booking's own key (`<tenant>#booking#<id>` / `guests`),
 * holding its personal data (guest-details.ts), or, once erased, only the time it was erased. The mark
 * stays so that a retried booking step can never write erased details back.
 *
 * Bookings made before this table kept their personal data on the booking item. They are moved by the
 * operator's backfill (`npm run admin -- guest backfill`: moveLegacy below, for every booking); until it has
 * run, a read finds them on the booking item, and a change or an erasure moves them first.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/config.js';
import { dynamoClient } from '../../shared/dynamodb.js';
import { keys } from '../../shared/keys.js';
import { GUEST_INDEXES } from '../../shared/tables.js';
import type { Guest, Holder } from '../../suppliers/port.js';
import type { GuestDetails, GuestDetailsChanges, GuestDetailsStore, PendingOccupancies, StoredGuestDetails } from './guest-details.js';
import { DEFAULT_RETENTION_DAYS, expiryBackstop } from './personal-data-retention.js';

/** The booking item's attributes that held personal data before the guests table. */
const LEGACY_PERSONAL_ATTRIBUTES = ['holder', 'cancellationReason'] as const;

interface LegacyBookingItem {
  readonly holder?: Holder;
  readonly rooms?: readonly { readonly roomTypeName: string; readonly boardBasis: string; readonly guests?: readonly Guest[] }[];
  readonly cancellationReason?: string;
  readonly checkOut?: string;
}

function detailsOf(item: Record<string, unknown>): GuestDetails {
  const { holder, rooms, cancellationReason, stayChange } = item as {
    holder: Holder;
    rooms: GuestDetails['rooms'];
    cancellationReason?: string;
    stayChange?: PendingOccupancies | null;
  };
  return { holder, rooms, ...(cancellationReason ? { cancellationReason } : {}), ...(stayChange ? { stayChange } : {}) };
}

export class DynamoGuestDetailsStore implements GuestDetailsStore {
  private readonly client: DynamoDBDocumentClient;
  private readonly names: { table?: string; bookingsTable?: string };
  /** The stack's retention (PERSONAL_DATA_RETENTION_DAYS), from which a stay's details get their expiry backstop. */
  private readonly retentionDays: number;

  constructor(options: { client?: DynamoDBDocumentClient; table?: string; bookingsTable?: string; retentionDays?: number } = {}) {
    this.client = options.client ?? dynamoClient();
    this.retentionDays = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
    this.names = {
      ...(options.table ? { table: options.table } : {}),
      ...(options.bookingsTable ? { bookingsTable: options.bookingsTable } : {}),
    };
  }

  // Named on first use: a function wired with booking's deps that never reads guest details (the pending
  // reconciler) is not granted the guests table, nor told its name.
  private get table(): string {
    return (this.names.table ??= tableName('guests'));
  }

  private get bookingsTable(): string {
    return (this.names.bookingsTable ??= tableName('bookings'));
  }

  async get(tenant: string, bookingId: string): Promise<StoredGuestDetails | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.table, Key: keys.guestDetails(tenant, bookingId), ConsistentRead: true }),
    );
    if (Item?.erasedAt) return { kind: 'erased', erasedAt: String(Item.erasedAt) };
    if (Item) return { kind: 'held', details: detailsOf(Item) };
    const legacy = await this.legacy(tenant, bookingId);
    return legacy ? { kind: 'held', details: legacy.details } : undefined;
  }

  async create(tenant: string, bookingId: string, details: GuestDetails, checkOut: string): Promise<void> {
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.table,
          // heldTenant puts it in the retention job's index (an erasure's mark, written over it, leaves it).
          Item: {
            ...keys.guestDetails(tenant, bookingId),
            tenant,
            bookingId,
            ...details,
            checkOut,
            heldTenant: tenant,
            expiresAt: expiryBackstop(checkOut, this.retentionDays),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      // Written by an earlier attempt of the same booking, or erased since: either way it stays as it is.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async update(tenant: string, bookingId: string, changes: GuestDetailsChanges): Promise<void> {
    const fields = Object.entries(changes).filter(([, value]) => value !== undefined);
    if (fields.length === 0) return;
    await this.moveLegacy(tenant, bookingId);
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.guestDetails(tenant, bookingId),
          UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(erasedAt)',
          ExpressionAttributeNames: Object.fromEntries(fields.map(([name], i) => [`#f${i}`, name])),
          ExpressionAttributeValues: Object.fromEntries(fields.map(([, value], i) => [`:v${i}`, value])),
        }),
      );
    } catch (error) {
      // Erased (or never held): an erasure is never undone by a later change.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async moveCheckOut(tenant: string, bookingId: string, checkOut: string): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.guestDetails(tenant, bookingId),
          UpdateExpression: 'SET checkOut = :checkOut, expiresAt = :expiresAt',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(erasedAt)',
          ExpressionAttributeValues: { ':checkOut': checkOut, ':expiresAt': expiryBackstop(checkOut, this.retentionDays) },
        }),
      );
    } catch (error) {
      // Erased (or never held): nothing left to keep until then.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async erase(tenant: string, bookingId: string, at: string): Promise<string> {
    await this.removeLegacy(tenant, bookingId);
    try {
      // No expiry: the mark holds nothing personal, and it keeps a retried booking step from writing the details back.
      await this.client.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...keys.guestDetails(tenant, bookingId), tenant, bookingId, erasedAt: at },
          ConditionExpression: 'attribute_not_exists(erasedAt)',
        }),
      );
      return at;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const stored = await this.get(tenant, bookingId);
      return stored?.kind === 'erased' ? stored.erasedAt : at;
    }
  }

  /** Bookings of the tenant whose details are still held and whose check-out is on or before `lastCheckOut`, oldest first. */
  async heldUntil(tenant: string, lastCheckOut: string, limit: number): Promise<string[]> {
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: GUEST_INDEXES.byCheckOut,
        KeyConditionExpression: 'heldTenant = :tenant AND checkOut <= :last',
        ExpressionAttributeValues: { ':tenant': tenant, ':last': lastCheckOut },
        Limit: limit,
      }),
    );
    return Items.map((item) => String(item.bookingId));
  }

  /**
   * Moves a booking's personal data from its booking item (bookings made before the guests table) to the
   * guests table: written there first (unless something is there already), then removed from the booking.
   * True when there was something to move.
   */
  async moveLegacy(tenant: string, bookingId: string): Promise<boolean> {
    const legacy = await this.legacy(tenant, bookingId);
    if (!legacy) return false;
    await this.create(tenant, bookingId, legacy.details, legacy.checkOut);
    await this.removeLegacy(tenant, bookingId, legacy.rooms);
    return true;
  }

  private async legacy(
    tenant: string,
    bookingId: string,
  ): Promise<{ details: GuestDetails; checkOut: string; rooms: LegacyBookingItem['rooms'] } | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({
        TableName: this.bookingsTable,
        Key: keys.booking(tenant, bookingId),
        ProjectionExpression: 'holder, #rooms, cancellationReason, checkOut',
        ExpressionAttributeNames: { '#rooms': 'rooms' },
        ConsistentRead: true,
      }),
    );
    const item = Item as LegacyBookingItem | undefined;
    if (!item?.holder) return undefined;
    const rooms = (item.rooms ?? []).map((room) => ({ guests: room.guests ?? [] }));
    return {
      details: { holder: item.holder, rooms, ...(item.cancellationReason ? { cancellationReason: item.cancellationReason } : {}) },
      checkOut: item.checkOut ?? '1970-01-01',
      rooms: item.rooms,
    };
  }

  /** The booking item without its personal attributes: the holder, the cancel reason, the rooms' guests. */
  private async removeLegacy(tenant: string, bookingId: string, rooms?: LegacyBookingItem['rooms']): Promise<void> {
    const current = rooms ?? (await this.legacyRooms(tenant, bookingId));
    if (current === undefined) return;
    const stripped = current.map(({ roomTypeName, boardBasis }) => ({ roomTypeName, boardBasis }));
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.bookingsTable,
          Key: keys.booking(tenant, bookingId),
          UpdateExpression: `SET #rooms = :rooms REMOVE ${LEGACY_PERSONAL_ATTRIBUTES.join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#rooms': 'rooms' },
          ExpressionAttributeValues: { ':rooms': stripped },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  /** The booking item's rooms when one of them still holds guests, or it still holds a holder; else undefined. */
  private async legacyRooms(tenant: string, bookingId: string): Promise<LegacyBookingItem['rooms'] | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({
        TableName: this.bookingsTable,
        Key: keys.booking(tenant, bookingId),
        ProjectionExpression: 'holder, #rooms, cancellationReason',
        ExpressionAttributeNames: { '#rooms': 'rooms' },
        ConsistentRead: true,
      }),
    );
    const item = Item as LegacyBookingItem | undefined;
    if (!item) return undefined;
    const personal =
      item.holder !== undefined || item.cancellationReason !== undefined || (item.rooms ?? []).some((room) => room.guests !== undefined);
    return personal ? (item.rooms ?? []) : undefined;
  }
}
