/**
 * DynamoDB stopped in the middle of traffic and started again on the same data directory, for real: the
 * host runs on a DynamoDB Local of its own (not the shared one), bookings and reads keep coming while it is
 * down. Calls in between are 503 problems with Retry-After and nothing internal in them; afterwards every
 * booking that got a 201 is there, and no booking is half-written: what our table says of each attempted
 * booking is what its supplier holds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingIdFor } from '../../functions/booking/record/booking-id.js';
import { startDynamoDbLocal, type DynamoDbLocal } from '../../local/dynamodb-local.js';
import { startLocalHost, type LocalHost } from '../../local/host.js';
import { NO_LATENCY } from '../../sandbox/latency.js';
import { startJourney, type Journey } from '../support/booking-journey.js';
import { supplierViewOf } from '../support/supplier-view.js';

interface Attempt {
  readonly key: string;
  readonly request: Record<string, unknown>;
  readonly status: number;
  readonly contentType: string | null;
  readonly retryAfter: string | null;
  readonly body: string;
  readonly phase: 'before' | 'down' | 'after';
}

// The checks below read every booking back at once; the gateway's rate limits are not under test here.
const UNTHROTTLED = { stage: { ratePerSecond: 1e6, burst: 1e6 }, perClient: { ratePerSecond: 1e6, burst: 1e6 } };

let dataDir: string;
let dynamo: DynamoDbLocal;
let host: LocalHost;
let journey: Journey;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'faults-dynamodb-'));
  dynamo = await startDynamoDbLocal({ dataDir });
  host = await startLocalHost({
    port: 0,
    dynamoEndpoint: dynamo.endpoint,
    tablePrefix: `fdb${randomUUID().slice(0, 6)}`,
    supplierLatency: NO_LATENCY,
    mapProperties: false,
    throttling: UNTHROTTLED,
  });
  journey = await startJourney(host);
}, 120_000);
afterAll(async () => {
  await host?.stop();
  await dynamo?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('DynamoDB stopped during traffic', () => {
  it('answers 503 problems while it is down, keeps every 201 booking, and half-writes none', async () => {
    const rate = journey.rateOf('hotelbeds');
    let phase: Attempt['phase'] = 'before';
    let running = true;
    const attempts: Attempt[] = [];
    const reads: { status: number; body: string; phase: Attempt['phase'] }[] = [];

    const booker = async () => {
      while (running) {
        const key = randomUUID();
        const request = journey.bookingBody(rate);
        const started: Attempt['phase'] = phase;
        let answered;
        try {
          answered = await journey.book(rate, { key, body: request });
        } catch (error) {
          throw new Error(`booking in phase ${started} (now ${phase}) failed: ${String((error as Error).cause ?? error)}`);
        }
        const { response, body } = answered;
        attempts.push({
          key,
          request,
          status: response.status,
          contentType: response.headers.get('content-type'),
          retryAfter: response.headers.get('retry-after'),
          body: JSON.stringify(body),
          phase: started,
        });
        // A new booking a few times a second while the outage lasts; its retries come after (below).
        if (response.status === 503) await new Promise((resolve) => setTimeout(resolve, 300));
      }
    };
    const reader = async () => {
      while (running) {
        const started: Attempt['phase'] = phase;
        let response;
        try {
          response = await journey.call(`/v1/hotels/search/${journey.search.searchId}?limit=5`, 'demo');
        } catch (error) {
          throw new Error(`read in phase ${started} (now ${phase}) failed: ${String((error as Error).cause ?? error)}`);
        }
        reads.push({ status: response.status, body: await response.text(), phase: started });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const traffic = Promise.all([booker(), booker(), reader()]);

    // Bookings go through before the outage, and again after it, however loaded the machine is.
    const untilBooked = async (during: Attempt['phase']) => {
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
        if (attempts.some((a) => a.phase === during && a.status === 201)) return;
      }
    };
    await untilBooked('before');
    phase = 'down';
    await dynamo.stop();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    dynamo = await startDynamoDbLocal({ port: dynamo.port, dataDir });
    phase = 'after';
    await untilBooked('after');
    running = false;
    await traffic;

    const all = [...attempts, ...reads];
    // Never a 5xx other than the outage's 503, and every 503 is a problem a partner can act on.
    expect(all.filter((a) => a.status >= 500 && a.status !== 503).map((a) => `${a.status} ${a.body}`)).toEqual([]);
    const outages = attempts.filter((a) => a.status === 503);
    const readOutages = reads.filter((r) => r.status === 503);
    expect(outages.length + readOutages.length).toBeGreaterThan(0);
    for (const outage of outages) {
      expect(outage.contentType).toContain('application/problem+json');
      expect(outage.retryAfter).toBe('5');
      expect(JSON.parse(outage.body)).toMatchObject({ type: 'https://hotel-api.dev/problems/service-unavailable', status: 503 });
    }
    for (const body of [...outages, ...readOutages].map((a) => a.body))
      expect(body).not.toMatch(/ECONN|Dynamo|Exception|\.ts\b|at \w+ \(|127\.0\.0\.1/);
    // Traffic went through on both sides of the outage.
    expect(attempts.filter((a) => a.phase === 'before' && a.status === 201).length).toBeGreaterThan(0);
    expect(attempts.filter((a) => a.phase === 'after' && a.status === 201).length).toBeGreaterThan(0);

    // Every 201 is in the table, confirmed, and held once by the supplier.
    const supplier = host.suppliers.find((s) => s.supplierId === 'hotelbeds')!;
    for (const created of attempts.filter((a) => a.status === 201)) {
      const bookingId = String(JSON.parse(created.body).bookingId);
      const record = await journey.call(`/v1/hotels/bookings/${bookingId}`, 'demo');
      expect(record.status, bookingId).toBe(200);
      expect(((await record.json()) as { status: string }).status).toBe('confirmed');
      expect(supplier.bookingsUnder(bookingId)).toBe(1);
    }

    // No half-written booking: for every key tried, our record and the supplier agree once the pending ones
    // are settled (a booking confirmed at the supplier is confirmed with us; one we failed or never wrote is
    // not held at the supplier). A retry with the same key finishes what an outage interrupted.
    // A partner retries a 503 with the same key, honouring Retry-After; a key whose first request was cut
    // by the outage stays in progress (409, Retry-After) until that request's time is up, then runs again.
    const retries = await Promise.all(attempts.filter((a) => a.status === 503).map((attempt) => retryUntilAnswered(attempt)));
    for (const retried of retries) expect([201, 202], retried.body).toContain(retried.status);

    const view = await supplierViewOf('demo', 'hotelbeds');
    for (const attempt of attempts) {
      const bookingId = bookingIdFor('demo', 'demo-client', attempt.key);
      const record = await journey.call(`/v1/hotels/bookings/${bookingId}`, 'demo');
      const ours =
        record.status === 200
          ? ((await record.json()) as { status: string }).status
          : record.status === 404
            ? 'absent'
            : `answered ${record.status}: ${await record.text()}`;
      const theirs = (await view(bookingId))?.status ?? 'absent';
      const heldByThem = theirs === 'confirmed';
      expect({ bookingId, ours, held: heldByThem }, `${attempt.phase} ${attempt.status} ${attempt.body}`).toEqual({
        bookingId,
        ours,
        held: ours === 'confirmed',
      });
      expect(supplier.bookingsUnder(bookingId)).toBeLessThanOrEqual(1);
    }
  }, 120_000);
});

async function retryUntilAnswered(attempt: Attempt): Promise<{ status: number; body: string }> {
  const deadline = Date.now() + 45_000;
  let networkErrors = 0;
  for (;;) {
    let answered;
    try {
      answered = await journey.book(journey.rateOf('hotelbeds'), { key: attempt.key, body: attempt.request });
    } catch (error) {
      // A dropped connection is retried with the same key, as a partner's HTTP client would.
      if (++networkErrors > 3) throw new Error(`retry failed: ${String((error as Error).cause ?? error)}`);
      continue;
    }
    const { response, body } = answered;
    if (![409, 503].includes(response.status) || Date.now() > deadline) return { status: response.status, body: JSON.stringify(body) };
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
  }
}
