/**
 * Many partners' requests for one rate at the same moment, on a machine whose CPU other work saturates (six
 * busy loops beside the local host, each ending by itself: test/support/cpu-saturation.ts; where taskset can,
 * the loops and the host share one core, so the suite's other files keep the other), the way a flash sale, a
 * retry storm or a noisy neighbour leaves it. 50 bookings with different keys, then 50 with one key.
 *
 * What a partner may be answered, and nothing else: 201 (booked), 202 (pending: its outcome is settled later
 * by our reference), 409 (the same key still in flight) or 503 with Retry-After (refused untried: nothing was
 * sent to a supplier). Never 500 or 504, which leave a partner not knowing whether it holds a room. Counted
 * on both sides (our table and the sandbox supplier's own store): every 201 and 202 is one booking in our
 * table and one at the supplier, a 503 is none at either, nothing is booked twice, every 202 settles, and a
 * refused booking retried with its key once the load is gone is booked.
 */
import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingIdFor } from '../../functions/booking/record/booking-id.js';
import { dynamoClient } from '../../functions/shared/dynamodb.js';
import { maxLagBetween } from '../../functions/shared/event-loop-lag.js';
import { tableName } from '../../functions/shared/config.js';
import type { LocalHost } from '../../local/host.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { saturateCpu } from '../support/cpu-saturation.js';
import { startTestHost } from '../support/local-host.js';

const CONCURRENT = 50;
/** Busy loops beside the host; each ends by itself after SATURATION_SECONDS, so a failed run leaves none behind. */
const SATURATION_WORKERS = 6;
const SATURATION_SECONDS = 60;
const ACCEPTABLE = [201, 202, 409, 503];

let host: LocalHost;
let journey: Journey;
beforeAll(async () => {
  host = await startTestHost({ throttling: { stage: { ratePerSecond: 1e6, burst: 1e6 }, perClient: { ratePerSecond: 1e6, burst: 1e6 } } });
  journey = await startJourney(host);
}, 120_000);
afterAll(() => host?.stop());

interface Answer {
  readonly key: string;
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly retryAfter: string | null;
}

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

/** The requests, all at once, while the CPU is saturated; the loops stop as soon as every answer is in. */
async function underSaturation(requests: () => Promise<Answer>[]): Promise<Answer[]> {
  // On one core with the host, where taskset can pin them: the suite's other files keep the other core.
  const load = await saturateCpu(SATURATION_WORKERS, SATURATION_SECONDS, { shareOneCore: true });
  const started = Date.now();
  try {
    return await Promise.all(requests());
  } finally {
    await load.stop();
    // The host runs in this process: how late its event loop ran is what the bookings lived through.
    console.log(
      `under ${SATURATION_WORKERS} busy loops${load.pinned ? ' sharing one core with the host' : ''} for ${Date.now() - started} ms, the host's event loop ran up to ${maxLagBetween(started)} ms late`,
    );
  }
}

async function book(rate: Parameters<Journey['book']>[0], key: string, body: Record<string, unknown>): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { response, body: answered } = await journey.book(rate, { key, body });
      return { key, status: response.status, body: answered, retryAfter: response.headers.get('Retry-After') };
    } catch (error) {
      // A kept-alive connection the host closed as the request went out (the client's race, not an answer):
      // sent again with the same key, as a partner's HTTP client does; what the first one did, the key answers.
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (attempt < 3 && (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')) continue;
      throw error;
    }
  }
}

/** A booking sent until it is not refused for overload, waiting what Retry-After says between attempts. */
async function retryAsToldTo(rate: Parameters<Journey['book']>[0], key: string, body: Record<string, unknown>): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    const answer = await book(rate, key, body);
    if ((answer.status !== 503 && answer.status !== 409) || attempt === 20) return answer;
    await new Promise((r) => setTimeout(r, Number(answer.retryAfter ?? 1) * 1000));
  }
}

function tally(answers: readonly Answer[]): string {
  const counts = new Map<string, number>();
  for (const { status, body } of answers) {
    const kind = status >= 400 ? `${status} ${String(body.type ?? '').replace('https://hotel-api.dev/problems/', '')}` : String(status);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
}

/** GET until the booking is no longer pending (the GET itself settles it by our reference). */
async function settled(bookingId: string): Promise<string> {
  for (const deadline = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 500))) {
    const { status } = (await (await journey.call(`/v1/hotels/bookings/${bookingId}`, 'demo')).json()) as { status: string };
    if (status !== 'pending' || Date.now() > deadline) return status;
  }
}

describe(`${CONCURRENT} bookings of one rate at once, on a saturated CPU`, () => {
  it('with different keys: 201, 202 or 503 each; every booking once in the table and once at the supplier; every 202 settles', async () => {
    const rate = journey.rateOf('hotelbeds');
    const supplier = host.suppliers.find((s) => s.supplierId === 'hotelbeds')!;
    const prefix = `MANYKEYS-${randomUUID().slice(0, 6)}`;
    const answers = await underSaturation(() =>
      Array.from({ length: CONCURRENT }, (_, i) =>
        book(rate, randomUUID(), journey.bookingBody(rate, { clientReference: `${prefix}-${i}` })),
      ),
    );
    console.log(`${CONCURRENT} bookings with different keys, ${SATURATION_WORKERS} busy loops beside the host: ${tally(answers)}`);
    expect(
      answers.every((a) => ACCEPTABLE.includes(a.status)),
      tally(answers),
    ).toBe(true);
    // Refused for our overload (nothing sent), or for a table that did not answer in time (retry resumes it).
    for (const refused of answers.filter((a) => a.status === 503)) {
      expect(['https://hotel-api.dev/problems/overloaded', 'https://hotel-api.dev/problems/service-unavailable']).toContain(
        refused.body.type,
      );
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }

    const booked = answers.filter((a) => a.status === 201 || a.status === 202);
    const refused = answers.filter((a) => a.status === 503);
    const untried = refused.filter((a) => a.body.type === 'https://hotel-api.dev/problems/overloaded');
    const bookedIds = booked.map((a) => String(a.body.bookingId));
    expect(new Set(bookedIds).size).toBe(booked.length);
    for (const pending of booked.filter((a) => a.status === 202)) expect(await settled(String(pending.body.bookingId))).toBe('confirmed');

    const ours = (await bookingItems('demo')).filter((b) => b.clientReference.startsWith(prefix));
    expect(new Set(ours.map((b) => b.bookingId))).toEqual(new Set(bookedIds));
    expect(ours.every((b) => b.status === 'confirmed')).toBe(true);
    expect(bookedIds.map((id) => supplier.bookingsUnder(id))).toEqual(bookedIds.map(() => 1));
    // Refused untried: nothing at the supplier under the id the key would have booked.
    const untriedIds = untried.map((a) => bookingIdFor('demo', 'demo-client', a.key));
    expect(untriedIds.map((id) => supplier.bookingsUnder(id))).toEqual(untriedIds.map(() => 0));
    const refusedIds = refused.map((a) => bookingIdFor('demo', 'demo-client', a.key));

    // The partner retries each refused booking with its key once the busy loops are gone, a few at a time and
    // as Retry-After says (the machine may still be busy with other work): booked, once.
    const retried: Answer[] = [];
    for (let i = 0; i < refused.length; i += 5)
      retried.push(
        ...(await Promise.all(
          refused
            .slice(i, i + 5)
            .map((a) => retryAsToldTo(rate, a.key, journey.bookingBody(rate, { clientReference: `${prefix}-retry-${a.key.slice(0, 6)}` }))),
        )),
      );
    expect(retried.map((a) => a.status).every((s) => s === 201 || s === 202)).toBe(true);
    expect(retried.map((a) => a.body.bookingId)).toEqual(refusedIds);
    for (const pending of retried.filter((a) => a.status === 202)) expect(await settled(String(pending.body.bookingId))).toBe('confirmed');
    expect(refusedIds.map((id) => supplier.bookingsUnder(id))).toEqual(refusedIds.map(() => 1));
  }, 240_000);

  it('with one Idempotency-Key: at most one booking, in the table and at the supplier, every answer about it', async () => {
    const rate = journey.rateOf('expedia');
    const supplier = host.suppliers.find((s) => s.supplierId === 'expedia')!;
    const clientReference = `SAMEKEY-${randomUUID().slice(0, 8)}`;
    const body = journey.bookingBody(rate, { clientReference });
    const key = randomUUID();
    const bookingId = bookingIdFor('demo', 'demo-client', key);
    const answers = await underSaturation(() => Array.from({ length: CONCURRENT }, () => book(rate, key, body)));
    console.log(`${CONCURRENT} bookings with one key, ${SATURATION_WORKERS} busy loops beside the host: ${tally(answers)}`);
    expect(
      answers.every((a) => ACCEPTABLE.includes(a.status)),
      tally(answers),
    ).toBe(true);
    // Every answer that names a booking names this one; one request books, the others see it in flight or replay it.
    for (const answer of answers.filter((a) => a.status === 201 || a.status === 202)) expect(answer.body.bookingId).toBe(bookingId);

    // Retried once the load is gone, the key answers the one booking (replayed, or booked now if every attempt was refused).
    const last = await retryAsToldTo(rate, key, body);
    expect([201, 202]).toContain(last.status);
    expect(last.body.bookingId).toBe(bookingId);
    expect(await settled(bookingId)).toBe('confirmed');
    const ours = (await bookingItems('demo')).filter((b) => b.clientReference === clientReference);
    expect(ours.map((b) => [b.bookingId, b.status])).toEqual([[bookingId, 'confirmed']]);
    expect(supplier.bookingsUnder(bookingId)).toBe(1);
  }, 240_000);
});
