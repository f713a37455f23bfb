/**
 * The scan every one-off bookings migration needs: it reads the booking items a filter selects (a Scan:
 * such migrations exist because nothing indexes the items they must find), applies a change to each, ten
 * at a time, and counts per tenant the items the change says it made. Each migration's change is
 * conditional on the item still needing it, so running one twice, or while bookings are being made,
 * changes nothing twice.
 */
import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface BackfillScan {
  readonly client: DynamoDBDocumentClient;
  readonly table: string;
  /** A filter on booking items (`#sk = :booking` and the bookingId's presence are added); names in it must be in `names`. */
  readonly filter: string;
  /** Every attribute the filter and the change read, by the name they use (DynamoDB's reserved words are many). */
  readonly names: Readonly<Record<string, string>>;
  /** The attributes to read, each a key of `names`; the tenant among them. */
  readonly read: readonly string[];
}

export interface BackfillCount {
  /** Items changed, per tenant. */
  readonly changed: Record<string, number>;
  /** Items the scan read (DynamoDB counts the filter's rejects too). */
  readonly scanned: number;
}

const CHANGES_AT_ONCE = 10;

export async function backfillBookings<Item extends { tenant: string }>(
  scan: BackfillScan,
  change: (item: Item) => Promise<boolean>,
): Promise<BackfillCount> {
  const changed: Record<string, number> = {};
  let scanned = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await scan.client.send(
      new ScanCommand({
        TableName: scan.table,
        // A withdrawn booking's item (booking-store.ts) has the booking's keys and no bookingId: no booking.
        FilterExpression: `#sk = :booking AND attribute_exists(#isBooking) AND (${scan.filter})`,
        ExpressionAttributeNames: { '#sk': 'sk', '#isBooking': 'bookingId', ...scan.names },
        ExpressionAttributeValues: { ':booking': 'booking' },
        ProjectionExpression: scan.read.join(', '),
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    scanned += page.ScannedCount ?? 0;
    const items = (page.Items ?? []) as Item[];
    for (let i = 0; i < items.length; i += CHANGES_AT_ONCE) {
      const batch = items.slice(i, i + CHANGES_AT_ONCE);
      const done = await Promise.all(batch.map(change));
      done.forEach((made, j) => {
        if (made) changed[batch[j]!.tenant] = (changed[batch[j]!.tenant] ?? 0) + 1;
      });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { changed, scanned };
}
