/**
 * Many partners' requests for one rate at the same moment: 50 with one Idempotency-Key make one booking,
 * 50 with different keys make 50, counted on both sides (our table and the sandbox supplier's own store).
 */
import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient } from '../../functions/shared/dynamodb.js';
import { tableName } from '../../functions/shared/config.js';
import type { LocalHost } from '../../local/host.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { startTestHost } from '../support/local-host.js';

const CONCURRENT = 50;

let host: LocalHost;
let journey: Journey;
beforeAll(async () => {
  host = await startTestHost({ throttling: { stage: { ratePerSecond: 1e6, burst: 1e6 }, perClient: { ratePerSecond: 1e6, burst: 1e6 } } });
  journey = await startJourney(host);
}, 120_000);
afterAll(() => host?.stop());

/** Every booking item of the tenant, read from the table itself (a test may scan) rather than through the API. */
async function bookingItems(tenant: string): Promise<{ bookingId: string; status: string; clientReference: string }[]> {
  const items: { bookingId: string; status: string; clientReference: string }[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new ScanCommand({
        TableName: tableName('bookings'),
        FilterExpression: 'begins_with(pk, :prefix) AND sk = :sk',
        ExpressionAttributeValues: { ':prefix': `${tenant}#booking#`, ':sk': 'booking' },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? [])
      if (typeof item.bookingId === 'string') items.push(item as { bookingId: string; status: string; clientReference: string });
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

describe(`${CONCURRENT} bookings of one rate at once`, () => {
  it('with one Idempotency-Key: one booking in the table and at the supplier, every answer about it', async () => {
    const rate = journey.rateOf('expedia');
    const clientReference = `SAMEKEY-${randomUUID().slice(0, 8)}`;
    const body = journey.bookingBody(rate, { clientReference });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => journey.book(rate, { key, body })));

    const statuses = answers.map((a) => a.response.status);
    // One request books; the others see it in flight (409, retry) or replay its answer.
    expect(statuses.filter((s) => s === 201)).not.toHaveLength(0);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(','),
    ).toBe(true);
    const bookingIds = new Set(answers.filter((a) => a.response.status === 201).map((a) => a.body.bookingId));
    expect(bookingIds.size).toBe(1);
    const [bookingId] = [...bookingIds] as string[];

    const ours = (await bookingItems('demo')).filter((b) => b.clientReference === clientReference);
    expect(ours.map((b) => [b.bookingId, b.status])).toEqual([[bookingId, 'confirmed']]);
    expect(host.suppliers.find((s) => s.supplierId === 'expedia')!.bookingsUnder(bookingId!)).toBe(1);
  }, 60_000);

  it('with different keys: one booking each, in the table and at the supplier, none twice', async () => {
    const rate = journey.rateOf('hotelbeds');
    const prefix = `MANYKEYS-${randomUUID().slice(0, 6)}`;
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        journey.book(rate, { body: journey.bookingBody(rate, { clientReference: `${prefix}-${i}` }) }),
      ),
    );
    // On a loaded machine a supplier may answer a booking after its budget: that one is 202 pending, and is
    // settled by our reference when read. Nothing else is an acceptable answer.
    expect(
      answers.every((a) => a.response.status === 201 || a.response.status === 202),
      answers.map((a) => a.response.status).join(','),
    ).toBe(true);
    const bookingIds = answers.map((a) => String(a.body.bookingId));
    expect(new Set(bookingIds).size).toBe(CONCURRENT);
    for (const pending of answers.filter((a) => a.response.status === 202)) {
      const settled = (await (await journey.call(`/v1/hotels/bookings/${String(pending.body.bookingId)}`, 'demo')).json()) as {
        status: string;
      };
      expect(settled.status).toBe('confirmed');
    }

    const ours = (await bookingItems('demo')).filter((b) => b.clientReference.startsWith(prefix));
    expect(ours).toHaveLength(CONCURRENT);
    expect(ours.every((b) => b.status === 'confirmed')).toBe(true);
    expect(new Set(ours.map((b) => b.bookingId))).toEqual(new Set(bookingIds));
    const supplier = host.suppliers.find((s) => s.supplierId === 'hotelbeds')!;
    expect(bookingIds.map((id) => supplier.bookingsUnder(id))).toEqual(Array(CONCURRENT).fill(1));
  }, 60_000);
});
