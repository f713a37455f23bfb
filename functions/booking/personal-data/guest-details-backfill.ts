/**
 * Moves the personal data of bookings stored before the guests table (the holder, the guests, the cancel
 * reason on the booking item) to the guests table, and off the booking item: a one-off migration an
 * operator runs once after deploying (`npm run admin -- guest backfill`). Until it has run, reads find
 * such a booking's data on its item, and a change or an erasure moves that one booking first
 * (guest-details-store.ts); after it, the bookings table and finance's exports of it hold none.
 *
 * It scans for the bookings that still hold a holder (record/booking-backfill-scan.ts). Each move writes the
 * guests item only where there is none yet and then strips the booking item.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/config.js';
import { dynamoClient } from '../../shared/dynamodb.js';
import { backfillBookings } from '../record/booking-backfill-scan.js';
import { DynamoGuestDetailsStore } from './guest-details-store.js';

export interface GuestBackfillReport {
  /** Bookings whose personal data was moved, per tenant. */
  readonly moved: Record<string, number>;
  /** Items the scan read (DynamoDB counts the filter's rejects too). */
  readonly scanned: number;
}

export async function backfillGuestDetails(
  options: { client?: DynamoDBDocumentClient; bookingsTable?: string; guestsTable?: string } = {},
): Promise<GuestBackfillReport> {
  const client = options.client ?? dynamoClient();
  const table = options.bookingsTable ?? tableName('bookings');
  const store = new DynamoGuestDetailsStore({ client, bookingsTable: table, table: options.guestsTable ?? tableName('guests') });
  const { changed, scanned } = await backfillBookings<{ tenant: string; bookingId: string }>(
    {
      client,
      table,
      filter: 'attribute_exists(#holder) OR attribute_exists(#reason)',
      names: { '#holder': 'holder', '#reason': 'cancellationReason', '#tenant': 'tenant', '#bookingId': 'bookingId' },
      // Only the keys and the tenant are read: the personal data itself is read by the move, item by item.
      read: ['#tenant', '#bookingId'],
    },
    (item) => store.moveLegacy(item.tenant, item.bookingId),
  );
  return { moved: changed, scanned };
}
