/**
 * Moves the personal data of bookings stored before the guests table (the holder, the guests, the cancel
 * reason on the booking item) to the guests table, and off the booking item: a one-off migration an
 * operator runs once after deploying (`npm run admin -- guest backfill`). Until it has run, reads find
 * such a booking's data on its item, and a change or an erasure moves that one booking first
 * (guest-details-store.ts); after it, the bookings table and finance's exports of it hold none.
 *
 * It has to Scan: nothing indexes the bookings that still hold a holder. Each move writes the guests item
 * only where there is none yet and then strips the booking item, so running it twice, or while bookings
 * are being made, changes nothing twice.
 */
import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/config.js';
import { dynamoClient } from '../../shared/dynamodb.js';
import { DynamoGuestDetailsStore } from './guest-details-store.js';

export interface GuestBackfillReport {
  /** Bookings whose personal data was moved, per tenant. */
  readonly moved: Record<string, number>;
  /** Items the scan read (DynamoDB counts the filter's rejects too). */
  readonly scanned: number;
}

const MOVES_AT_ONCE = 10;

export async function backfillGuestDetails(
  options: { client?: DynamoDBDocumentClient; bookingsTable?: string; guestsTable?: string } = {},
): Promise<GuestBackfillReport> {
  const client = options.client ?? dynamoClient();
  const table = options.bookingsTable ?? tableName('bookings');
  const store = new DynamoGuestDetailsStore({ client, bookingsTable: table, table: options.guestsTable ?? tableName('guests') });
  const moved: Record<string, number> = {};
  let scanned = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: table,
        // Only the keys and the tenant are read: the personal data itself is read by the move, item by item.
        FilterExpression: '#sk = :booking AND (attribute_exists(#holder) OR attribute_exists(#reason))',
        ExpressionAttributeNames: {
          '#sk': 'sk',
          '#holder': 'holder',
          '#reason': 'cancellationReason',
          '#tenant': 'tenant',
          '#bookingId': 'bookingId',
        },
        ExpressionAttributeValues: { ':booking': 'booking' },
        ProjectionExpression: '#tenant, #bookingId',
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    scanned += page.ScannedCount ?? 0;
    const items = (page.Items ?? []) as { tenant: string; bookingId: string }[];
    for (let i = 0; i < items.length; i += MOVES_AT_ONCE) {
      const batch = items.slice(i, i + MOVES_AT_ONCE);
      const done = await Promise.all(batch.map((item) => store.moveLegacy(item.tenant, item.bookingId)));
      done.forEach((wasMoved, j) => {
        if (wasMoved) moved[batch[j]!.tenant] = (moved[batch[j]!.tenant] ?? 0) + 1;
      });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { moved, scanned };
}
