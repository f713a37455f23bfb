/**
 * `npm run bench:load`: the whole API under a fixed mix, at a fixed concurrency for a bounded time, against
 * the local host `npm start` runs (in this process, with the sandbox suppliers at no latency so the figures
 * are ours, on a thread of their own so their heap is not ours). Each autocannon connection is a partner repeating one journey: search, read a page, check a
 * rate, book it, retrieve the booking, cancel it. Then an audit reads every booking back from our table and
 * from the supplier that holds it. Finally bookings one at a time, to print booking overhead: the time a
 * booking takes minus the time the sandbox suppliers spent answering its calls, where the rest went, and
 * the goal (p50 ≤ 50 ms) met or the gap with its cause (bench/support/booking-overhead.ts).
 *
 * BENCH_SECONDS (default 20), BENCH_CONNECTIONS (default 4), BENCH_OVERHEAD_BOOKINGS (default 40),
 * BENCH_CITY (default RAK), BENCH_SATURATE (default 0): that many busy loops in processes of their own beside
 * the host while the mix runs (test/support/cpu-saturation.ts, as test/e2e/faults-concurrency.test.ts does),
 * to print what the API answers on a saturated CPU: the status mix per route, and how many answers were 500
 * or 504 (on booking routes: none may be). Prints figures; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../functions/shared/keys.js';
import { NO_LATENCY } from '../sandbox/latency.js';
import { startLocalHost } from '../local/host.js';
import { answerHelp } from '../bin/cli-help.js';
import { BookingOverhead, percentile } from './support/booking-overhead.js';
import { traceCalls } from './support/call-trace.js';
import { startSuppliersThread } from './support/sandbox-suppliers-thread.js';
import { inDays } from './support/city-availability.js';
import { saturateCpu, type CpuSaturation } from '../test/support/cpu-saturation.js';

answerHelp(`usage: npm run bench:load

The whole API under a fixed mix of partner journeys, then an audit of every booking, then booking overhead.
Environment: BENCH_SECONDS (default 20), BENCH_CONNECTIONS (4), BENCH_OVERHEAD_BOOKINGS (40), BENCH_CITY (RAK),
BENCH_SATURATE (0: busy loops beside the host while the mix runs).
Nothing is asserted.

Exit codes: 0 figures printed, 1 the benchmark failed.`);

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const OVERHEAD_BOOKINGS = Number(process.env.BENCH_OVERHEAD_BOOKINGS ?? 40);
const CITY = process.env.BENCH_CITY ?? 'RAK';
const SATURATE = Number(process.env.BENCH_SATURATE ?? 0);
const SUPPLIERS = ['hotelbeds', 'expedia', 'opentravel'] as const;
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
process.env.POWERTOOLS_METRICS_DISABLED = 'true';

/** autocannon restarts a connection's journey when setupRequest answers nothing (no rate, no booking). */
const RESTART_JOURNEY = undefined as unknown as autocannon.Request;

/** Server-side time of each answer, by route, as the local gateway measured it. */
const timings = new Map<string, number[]>();
const statusCounts = new Map<string, Map<number, number>>();
function routeOf(method: string, path: string): string {
  return `${method} ${path
    .replace(/\/searches\/[^/]+/, '/searches/{searchId}')
    .replace(/\/rates\/[^/]+/, '/rates/{rateId}')
    .replace(/\/bookings\/[^/]+/, '/bookings/{bookingId}')}`;
}

// Every DynamoDB, Step Functions and supplier call the functions make, for the booking overhead's breakdown.
let suppliers: readonly { supplierId: string; endpoint: string }[] = [];
const trace = traceCalls(() => suppliers);
const bookingOverhead = new BookingOverhead(() => trace);

// The suppliers in a heap of their own (bench/support/sandbox-suppliers-thread.ts), as they are other machines.
const suppliersThread = await startSuppliersThread(NO_LATENCY);
const host = await startLocalHost({
  interceptFlowStep: bookingOverhead.interceptFlowStep,
  port: 0,
  tablePrefix: `benchload${Date.now()}`,
  externalSuppliers: suppliersThread.suppliers,
  mapProperties: false,
  throttling: { stage: { ratePerSecond: 1e6, burst: 1e6 }, perClient: { ratePerSecond: 1e6, burst: 1e6 } },
  // As AWS runs it, every minute: its retries are no part of a booking (0.5 s is the tests' local default).
  webhookSweepIntervalMs: 60_000,
  onResponse: (line) => {
    bookingOverhead.onResponse(line);
    const { method, path, status, ms } = line;
    const route = routeOf(method, path);
    (timings.get(route) ?? timings.set(route, []).get(route)!).push(ms);
    const counts = statusCounts.get(route) ?? statusCounts.set(route, new Map()).get(route)!;
    counts.set(status, (counts.get(status) ?? 0) + 1);
  },
});
suppliers = host.suppliers;

let saturationStarted: CpuSaturation | undefined;
try {
  const token = (
    (await (
      await fetch(`${host.url}/v1/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' }),
      })
    ).json()) as { access_token: string }
  ).access_token;
  const headers = { Authorization: `Bearer ${token}`, 'X-Service-Tenant': 'demo', 'Content-Type': 'application/json' };

  interface Journey {
    searchId?: string;
    rateId?: string;
    supplierId?: string;
    bookingId?: string;
    bookingBody?: string;
  }
  const booked: { bookingId: string; supplierId: string }[] = [];
  const cancelled: string[] = [];
  let journeys = 0;
  let n = 0;

  // Bounded in time: each loop ends by itself a little after the mix would, and is stopped as soon as it ends.
  const saturation: CpuSaturation | undefined = SATURATE > 0 ? await saturateCpu(SATURATE, DURATION_SECONDS + 30) : undefined;
  saturationStarted = saturation;
  const result = await autocannon({
    url: host.url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    timeout: 30,
    headers,
    requests: [
      {
        method: 'POST',
        path: '/v1/hotels/search',
        setupRequest: (request) => {
          const offset = 10 + (n++ % 300);
          return {
            ...request,
            body: JSON.stringify({
              destination: { type: 'city', code: CITY },
              checkIn: inDays(offset),
              checkOut: inDays(offset + 2),
              occupancies: [{ adults: 2 }],
              currency: 'EUR',
              nationality: 'GB',
              limit: 50,
            }),
          };
        },
        onResponse: (status, body, context: Journey) => {
          for (const key of Object.keys(context)) delete context[key as keyof Journey];
          if (status !== 200) return;
          const search = JSON.parse(body) as { searchId: string; properties: { cheapestRate: { rateId: string; supplierId: string } }[] };
          const wanted = SUPPLIERS[journeys++ % SUPPLIERS.length];
          const rate =
            search.properties.map((p) => p.cheapestRate).find((r) => r.supplierId === wanted) ?? search.properties[0]?.cheapestRate;
          context.searchId = search.searchId;
          if (rate) Object.assign(context, { rateId: rate.rateId, supplierId: rate.supplierId });
        },
      },
      {
        method: 'GET',
        setupRequest: (request, context: Journey) =>
          context.searchId ? { ...request, path: `/v1/hotels/searches/${context.searchId}?limit=20` } : RESTART_JOURNEY,
      },
      {
        method: 'POST',
        setupRequest: (request, context: Journey) =>
          context.rateId
            ? { ...request, path: `/v1/hotels/rates/${encodeURIComponent(context.rateId)}/check`, body: '{}' }
            : RESTART_JOURNEY,
      },
      {
        method: 'POST',
        path: '/v1/hotels/bookings',
        setupRequest: (request, context: Journey) => {
          if (!context.rateId) return RESTART_JOURNEY;
          context.bookingBody = JSON.stringify({
            rateId: context.rateId,
            searchId: context.searchId,
            holder: { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', phone: '+44 20 0000 0000' },
            rooms: [
              {
                guests: [
                  { type: 'adult', firstName: 'Ada', lastName: 'Byron' },
                  { type: 'adult', firstName: 'Charles', lastName: 'Babbage' },
                ],
              },
            ],
            clientReference: `LOAD-${randomUUID().slice(0, 8)}`,
          });
          return { ...request, body: context.bookingBody, headers: { ...headers, 'Idempotency-Key': randomUUID() } };
        },
        onResponse: (status, body, context: Journey) => {
          if (status !== 201) return;
          context.bookingId = (JSON.parse(body) as { bookingId: string }).bookingId;
          booked.push({ bookingId: context.bookingId, supplierId: context.supplierId! });
        },
      },
      {
        method: 'GET',
        setupRequest: (request, context: Journey) =>
          context.bookingId ? { ...request, path: `/v1/hotels/bookings/${context.bookingId}` } : RESTART_JOURNEY,
      },
      {
        method: 'POST',
        setupRequest: (request, context: Journey) =>
          context.bookingId
            ? {
                ...request,
                path: `/v1/hotels/bookings/${context.bookingId}/cancel`,
                body: '{}',
                headers: { ...headers, 'Idempotency-Key': randomUUID() },
              }
            : RESTART_JOURNEY,
        onResponse: (status, _body, context: Journey) => {
          if (status === 200) cancelled.push(context.bookingId!);
        },
      },
    ],
  });

  await saturation?.stop();
  console.log(
    `\nbench:load on Node ${process.version}, ${new Date().toISOString()}: ${CITY}, ${CONNECTIONS} connections for ${DURATION_SECONDS} s, sandbox suppliers at no latency${SATURATE > 0 ? `, ${SATURATE} busy loops beside the host` : ''}`,
  );
  console.log('mix per connection, repeated: search, page read, rate check, booking, retrieval, cancel');
  console.log(
    `${result.requests.total} requests, ${(result.requests.total / DURATION_SECONDS).toFixed(1)} requests/s, ${result.errors} errors, ${result.timeouts} timeouts, ${result.resets} journeys restarted`,
  );
  console.log('\nroute                                         requests   per s   p50 ms   p99 ms   statuses');
  let serverErrors = 0;
  for (const [route, values] of [...timings].sort()) {
    const statuses = [...statusCounts.get(route)!].sort(([a], [b]) => a - b);
    serverErrors += statuses.filter(([s]) => s >= 500).reduce((sum, [, count]) => sum + count, 0);
    console.log(
      `${route.padEnd(45)} ${String(values.length).padStart(8)} ${(values.length / DURATION_SECONDS).toFixed(1).padStart(7)} ${String(percentile(values, 50)).padStart(8)} ${String(percentile(values, 99)).padStart(8)}   ${statuses.map(([s, c]) => `${s}×${c}`).join(' ')}`,
    );
  }
  console.log(`5xx answers: ${serverErrors}`);
  // What a partner must never get on a booking call (API-SPEC, Errors): 500 or 504.
  const bookingRoute = /^(POST \/v1\/hotels\/bookings(\/\{bookingId\}\/cancel)?|PATCH \/v1\/hotels\/bookings\/\{bookingId\})$/;
  const unknownOutcomes = [...statusCounts]
    .filter(([route]) => bookingRoute.test(route))
    .flatMap(([route, counts]) => [...counts].filter(([s]) => s === 500 || s === 504).map(([s, c]) => `${route} ${s}×${c}`));
  console.log(`500 or 504 on create, cancel and modify: ${unknownOutcomes.length === 0 ? 'none' : unknownOutcomes.join(', ')}`);

  // The audit: every 201 is in our table and held once by its supplier; every cancel is cancelled at both.
  const { dynamoClient } = await import('../functions/shared/dynamodb.js');
  const { tableName } = await import('../functions/shared/config.js');
  const { supplierViewOf } = await import('../test/support/supplier-view.js');
  // As the reconciler asks: under the holder's e-mail and the traveller (the partner's address, this machine's here).
  const asker = { holderEmail: 'ada@example.com', traveller: { ip: '127.0.0.1' } };
  const views = new Map(await Promise.all(SUPPLIERS.map(async (id) => [id as string, await supplierViewOf('demo', id, asker)] as const)));
  const wasCancelled = new Set(cancelled);
  const problems: string[] = [];
  const holdings = await suppliersThread.bookingsUnder(booked.map((b) => b.bookingId));
  for (const { bookingId, supplierId } of booked) {
    const item = (await dynamoClient().send(new GetCommand({ TableName: tableName('bookings'), Key: keys.booking('demo', bookingId) })))
      .Item;
    const held = holdings.get(supplierId)?.get(bookingId) ?? 0;
    const theirs = await views.get(supplierId)!(bookingId);
    if (!item) problems.push(`${bookingId}: answered 201, not in the table`);
    if (held !== 1) problems.push(`${bookingId}: held ${held} times by ${supplierId}`);
    // A cancel answered 200 is cancelled at both; one cut off by the end of the run (sent, its answer never
    // read) may have gone either way, but our table and the supplier must still agree.
    if (wasCancelled.has(bookingId) && (item?.status !== 'cancelled' || theirs?.status !== 'cancelled')) {
      problems.push(
        `${bookingId}: cancel answered 200, yet ${item?.status} in the table and ${theirs?.status ?? 'absent'} at ${supplierId}`,
      );
    } else if (item && item.status !== theirs?.status) {
      problems.push(`${bookingId}: ${item.status} in the table, ${theirs?.status ?? 'absent'} at ${supplierId}`);
    }
  }
  console.log(
    `audit: ${booked.length} bookings answered 201, ${cancelled.length} cancels answered 200; ` +
      (problems.length === 0
        ? 'every booking in the table and at its supplier exactly once, in the same state at both, every cancel cancelled at both'
        : `${problems.length} problems:\n  ${problems.join('\n  ')}`),
  );

  // Booking overhead, one booking at a time so the supplier time measured is this booking's own.
  await bookingOverhead.measure({ url: host.url, headers, city: CITY, count: OVERHEAD_BOOKINGS, reference: 'OVERHEAD' });
  console.log(`\n${bookingOverhead.report().join('\n')}`);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
} finally {
  trace.stop();
  await saturationStarted?.stop();
  await host.stop();
  await suppliersThread.close();
}
