/**
 * Gives bookings stored before the listing indexes existed the attributes those indexes are keyed on
 * (keys.bookingList), so GET /v1/hotels/bookings finds them. A one-off migration an operator runs after
 * deploying the indexes to a stack that already has bookings (`npm run admin -- bookings reindex`).
 *
 * It reads only booking items without `createdSort` (record/booking-backfill-scan.ts), and each write is
 * conditional on the item still lacking it (bookings made meanwhile get the attributes when written).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/config.js';
import { dynamoClient } from '../../shared/dynamodb.js';
import { keys } from '../../shared/keys.js';
import { BOOKING_LIST_ATTRIBUTES } from '../../shared/tables.js';
import { backfillBookings } from '../record/booking-backfill-scan.js';

export interface BackfillReport {
  /** Bookings given their index attributes, per tenant. */
  readonly reindexed: Record<string, number>;
  /** Items the scan read (DynamoDB counts the filter's rejects too). */
  readonly scanned: number;
}

/** What keys.bookingList needs of a booking. */
const READ = ['tenant', 'bookingId', 'clientReference', 'createdAt', 'checkIn'] as const;

export async function backfillListAttributes(options: { client?: DynamoDBDocumentClient; table?: string } = {}): Promise<BackfillReport> {
  const client = options.client ?? dynamoClient();
  const table = options.table ?? tableName('bookings');
  const { changed, scanned } = await backfillBookings<ListedItem>(
    {
      client,
      table,
      filter: 'attribute_not_exists(#createdSort)',
      names: { '#createdSort': BOOKING_LIST_ATTRIBUTES.createdSort, ...Object.fromEntries(READ.map((name) => [`#${name}`, name])) },
      read: READ.map((name) => `#${name}`),
    },
    (item) => reindex(client, table, item),
  );
  return { reindexed: changed, scanned };
}

type ListedItem = { tenant: string; bookingId: string; clientReference: string; createdAt: string; checkIn: string };

async function reindex(client: DynamoDBDocumentClient, table: string, item: ListedItem): Promise<boolean> {
  const attributes = keys.bookingList(item);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes)) {
    names[`#${name}`] = name;
    values[`:${name}`] = value;
  }
  try {
    await client.send(
      new UpdateCommand({
        TableName: table,
        Key: keys.booking(item.tenant, item.bookingId),
        UpdateExpression: `SET ${Object.keys(attributes)
          .map((name) => `#${name} = :${name}`)
          .join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#createdSort)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false; // reindexed meanwhile
    throw error;
  }
}
