/**
 * Gives bookings stored before the listing indexes existed the attributes those indexes are keyed on
 * (keys.bookingList), so GET /v1/hotels/bookings finds them. A one-off migration an operator runs after
 * deploying the indexes to a stack that already has bookings (`npm run admin -- bookings reindex`).
 *
 * It has to Scan: nothing else can find items that carry no index key. It reads only booking items
 * without `createdSort`, and each write is conditional on the item still lacking it, so running it twice,
 * or while bookings are being made (which get the attributes when written), changes nothing twice.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/config.js';
import { dynamoClient } from '../../shared/dynamodb.js';
import { keys } from '../../shared/keys.js';
import { BOOKING_LIST_ATTRIBUTES } from '../../shared/tables.js';

export interface BackfillReport {
  /** Bookings given their index attributes, per tenant. */
  readonly reindexed: Record<string, number>;
  /** Items the scan read (DynamoDB counts the filter's rejects too). */
  readonly scanned: number;
}

const WRITES_AT_ONCE = 10;
/** What keys.bookingList needs of a booking. */
const READ = ['tenant', 'bookingId', 'clientReference', 'createdAt', 'checkIn'] as const;

export async function backfillListAttributes(options: { client?: DynamoDBDocumentClient; table?: string } = {}): Promise<BackfillReport> {
  const client = options.client ?? dynamoClient();
  const table = options.table ?? tableName('bookings');
  const reindexed: Record<string, number> = {};
  let scanned = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: table,
        FilterExpression: '#sk = :booking AND attribute_not_exists(#createdSort)',
        // Names throughout: DynamoDB's reserved words are many, and a projection must not trip on one.
        ExpressionAttributeNames: {
          '#sk': 'sk',
          '#createdSort': BOOKING_LIST_ATTRIBUTES.createdSort,
          ...Object.fromEntries(READ.map((name) => [`#${name}`, name])),
        },
        ExpressionAttributeValues: { ':booking': 'booking' },
        ProjectionExpression: READ.map((name) => `#${name}`).join(', '),
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    scanned += page.ScannedCount ?? 0;
    const items = (page.Items ?? []) as {
      tenant: string;
      bookingId: string;
      clientReference: string;
      createdAt: string;
      checkIn: string;
    }[];
    for (let i = 0; i < items.length; i += WRITES_AT_ONCE) {
      const done = await Promise.all(items.slice(i, i + WRITES_AT_ONCE).map((item) => reindex(client, table, item)));
      done.forEach((updated, j) => {
        if (updated) reindexed[items[i + j]!.tenant] = (reindexed[items[i + j]!.tenant] ?? 0) + 1;
      });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { reindexed, scanned };
}

async function reindex(
  client: DynamoDBDocumentClient,
  table: string,
  item: { tenant: string; bookingId: string; clientReference: string; createdAt: string; checkIn: string },
): Promise<boolean> {
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
