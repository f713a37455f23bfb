/**
 * `npm run bench:search-overhead`: what search adds on top of its slowest supplier, for PAR with all three
 * sandbox suppliers at their default latency (log-normal, median 250 ms, p95 900 ms), over HTTP through
 * the local gateway. Overhead = end-to-end latency (until the whole answer has arrived) − the slowest
 * supplier's tookMs (as the response reports it); printed as p50 and p95 in ms and as a ratio. Then, in the
 * same run, the booking overhead (bench/support/booking-overhead.ts). Goals: search overhead p50 ≤ 15 ms,
 * booking overhead p50 ≤ 50 ms; each printed as met, or with the gap and the stage that takes the time.
 * Nothing is asserted.
 *
 * Where a search's overhead goes, from the same searches: the Server-Timing stages (setup before the
 * fan-out, merge, rank, store), the fan-out's own lag behind the slowest supplier, the handler around
 * runSearch (validation, the response's JSON), all ours; then the local gateway (API Gateway on AWS) and the
 * loopback HTTP to the partner, stand-ins (local/gateway.ts times the handler inside it). The slowest
 * supplier's tookMs is not all the supplier's: it includes its adapter reading the answer, which is ours too,
 * and printed apart (its HTTP exchange timed by bench/support/call-trace.ts).
 *
 * The partner is a worker thread with its own event loop, as a partner is its own machine: what the
 * server does after answering (the search's later pages stored) must not hold up the partner reading the
 * answer, as it would on one shared event loop. The two still share this machine's two cores. The partner
 * pauses PAUSE_MS between searches: the local host is one process, where a search arriving while the last
 * one still stores its pages would queue behind it; on Lambda that invocation is still running, and the
 * next search goes to another instance.
 */
import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { DEFAULT_LATENCY } from '../sandbox/latency.js';
import { startLocalHost } from '../local/host.js';
import { answerHelp } from '../bin/cli-help.js';
import { BookingOverhead, percentile } from './support/booking-overhead.js';
import { traceCalls } from './support/call-trace.js';
import { startSuppliersThread } from './support/sandbox-suppliers-thread.js';
import { goalVerdict, type Stage } from './support/goal-verdict.js';

answerHelp(`usage: npm run bench:search-overhead

What search adds on top of its slowest supplier, over HTTP through the local gateway: p50 and p95, where it
went, and the goal (p50 ≤ 15 ms); then, in the same run, the booking overhead and its goal (p50 ≤ 50 ms).
Environment: BENCH_SEARCHES, BENCH_CITY, BENCH_OVERHEAD_BOOKINGS (default 20). Nothing is asserted.

Exit codes: 0 figures printed, 1 the benchmark failed.`);

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 20);
const WARM_UPS = 2;
const PAUSE_MS = 200;
const CITY = process.env.BENCH_CITY ?? 'PAR';
const OVERHEAD_BOOKINGS = Number(process.env.BENCH_OVERHEAD_BOOKINGS ?? 20);
const SEARCH_OVERHEAD_GOAL_MS = 15;
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';

interface Row {
  readonly total: number;
  readonly slowest: number;
  readonly slowestId: string;
  readonly properties: number;
  readonly results: string;
  readonly phases: Record<string, number>;
  readonly requestId: string;
}

/** What the host saw of one search: the gateway's and the handler's time, the suppliers' HTTP exchanges. */
interface Served {
  readonly ms: number;
  readonly handlerMs: number;
  readonly exchanges: ReadonlyMap<string, number>;
}

/** The partner: searches one after the other, timing each until its whole answer has arrived. */
const PARTNER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, token, city, count, pauseMs } = workerData;
const inDays = (days) => new Date(Date.now() + days * 86400000).toISOString().slice(0, 10);
(async () => {
  for (let i = 0; i < count; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    const body = { destination: { type: 'city', code: city }, checkIn: inDays(20 + i), checkOut: inDays(23 + i), occupancies: [{ adults: 2 }], currency: 'EUR', nationality: 'GB' };
    const started = performance.now();
    const response = await fetch(url + '/v1/hotels/search', {
      method: 'POST',
      headers: { Authorization: 'Bearer ' + token, 'X-Service-Tenant': 'demo', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const total = performance.now() - started;
    if (response.status !== 200) throw new Error('search answered ' + response.status + ': ' + text.slice(0, 300));
    const result = JSON.parse(text);
    const phases = Object.fromEntries((response.headers.get('server-timing') || '').split(', ').map((p) => { const [name, dur] = p.split(';dur='); return [name, Number(dur)]; }));
    const slowest = result.suppliers.reduce((a, b) => (b.tookMs > a.tookMs ? b : a));
    parentPort.postMessage({ total, slowest: slowest.tookMs, slowestId: slowest.id, properties: result.totalProperties, results: result.suppliers.map((s) => s.id + ' ' + s.results).join(', '), phases, requestId: response.headers.get('x-request-id') });
  }
})().catch((error) => { throw error; });
`;

let suppliers: readonly { supplierId: string; endpoint: string }[] = [];
const trace = traceCalls(() => suppliers);
const bookingOverhead = new BookingOverhead(() => trace);
const served = new Map<string, Served>();

const suppliersThread = await startSuppliersThread(DEFAULT_LATENCY);
const host = await startLocalHost({
  port: 0,
  tablePrefix: `benchso${Date.now()}`,
  externalSuppliers: suppliersThread.suppliers,
  throttling: { stage: { ratePerSecond: 1e6, burst: 1e6 }, perClient: { ratePerSecond: 1e6, burst: 1e6 } },
  // As AWS runs it, every minute: its retries are no part of a search or a booking.
  webhookSweepIntervalMs: 60_000,
  interceptFlowStep: bookingOverhead.interceptFlowStep,
  onResponse: (line) => {
    bookingOverhead.onResponse(line);
    if (line.path !== '/v1/hotels/search') return;
    // Searches come one at a time: the supplier exchanges since the last answer are this search's.
    const answeredAt = performance.now();
    const exchanges = new Map<string, number>();
    for (const call of trace.between(answeredAt - line.ms, answeredAt))
      if (call.kind === 'supplier' && Number.isFinite(call.end)) exchanges.set(call.name, call.end - call.start);
    trace.clear();
    served.set(line.requestId, { ms: line.ms, handlerMs: line.handlerMs ?? line.ms, exchanges });
  },
});
suppliers = host.suppliers;
try {
  const token = (
    (await (
      await fetch(`${host.url}/v1/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' }),
      })
    ).json()) as { access_token: string }
  ).access_token;
  const all: Row[] = [];
  await new Promise<void>((resolve, reject) => {
    const partner = new Worker(PARTNER, {
      eval: true,
      workerData: { url: host.url, token, city: CITY, count: SEARCHES + WARM_UPS, pauseMs: PAUSE_MS },
    });
    partner.on('message', (row: Row) => all.push(row));
    partner.on('error', reject);
    partner.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the partner thread exited with ${code}`))));
  });
  const rows = all.slice(WARM_UPS);
  const p50 = (values: number[]) => percentile(values, 50);
  const r = (ms: number) => ms.toFixed(1);
  const overhead = rows.map((row) => row.total - row.slowest);
  const ratio = rows.map((row) => row.total / row.slowest);
  console.log(
    `\nbench:search-overhead on Node ${process.version}, ${new Date().toISOString()}: ${CITY}, ${SEARCHES} searches after ${WARM_UPS} warm-ups, suppliers ${rows[0]!.results}, ${rows[0]!.properties} properties`,
  );
  console.log(
    `end to end: p50 ${p50(rows.map((row) => row.total)).toFixed(0)} ms, p95 ${percentile(
      rows.map((row) => row.total),
      95,
    ).toFixed(0)} ms; slowest supplier: p50 ${p50(rows.map((row) => row.slowest)).toFixed(0)} ms`,
  );
  console.log(
    `overhead: p50 ${p50(overhead).toFixed(0)} ms, p95 ${percentile(overhead, 95).toFixed(0)} ms; ratio end-to-end / slowest supplier: p50 ${p50(ratio).toFixed(2)}, p95 ${percentile(ratio, 95).toFixed(2)}`,
  );
  const phase = (row: Row, name: string) => row.phases[name] ?? 0;
  const inRunSearch = (row: Row) => ['setup', 'suppliers', 'merge', 'rank', 'store'].reduce((sum, name) => sum + phase(row, name), 0);
  const host_ = (row: Row) => served.get(row.requestId);
  const measured = rows.filter((row) => host_(row));
  const stage = (pick: (row: Row) => number) => p50(measured.map(pick));
  const stages: Stage[] = [
    { name: 'setup before the fan-out (contracts, pricing rules, keys, adapters)', ms: stage((row) => phase(row, 'setup')), ours: true },
    {
      name: "the fan-out's lag behind the slowest supplier",
      ms: stage((row) => Math.max(0, phase(row, 'suppliers') - row.slowest)),
      ours: true,
    },
    { name: 'merge (the last answer placed and priced)', ms: stage((row) => phase(row, 'merge')), ours: true },
    { name: 'rank', ms: stage((row) => phase(row, 'rank')), ours: true },
    { name: 'store (the first page described and signed, the header awaited)', ms: stage((row) => phase(row, 'store')), ours: true },
    {
      name: 'the handler around runSearch (middleware, validation, the response JSON)',
      ms: stage((row) => Math.max(0, host_(row)!.handlerMs - inRunSearch(row))),
      ours: true,
    },
    {
      name: 'the local gateway (API Gateway on AWS)',
      ms: stage((row) => Math.max(0, host_(row)!.ms - host_(row)!.handlerMs)),
      ours: false,
    },
    { name: 'loopback HTTP and the partner thread', ms: stage((row) => Math.max(0, row.total - host_(row)!.ms)), ours: false },
  ];
  console.log(`where the overhead went, p50 ms: ${stages.map((s) => `${s.name} ${r(s.ms)}`).join('; ')}`);
  const adapterShare = measured.flatMap((row) => {
    const http = host_(row)!.exchanges.get(row.slowestId);
    return http === undefined ? [] : [{ http, adapter: row.slowest - http, id: row.slowestId }];
  });
  if (adapterShare.length > 0) {
    const slowestIds = [...new Set(adapterShare.map((a) => a.id))].join(', ');
    console.log(
      `inside the slowest supplier's tookMs (${slowestIds}), p50: its HTTP exchange ${r(p50(adapterShare.map((a) => a.http)))} ms, its adapter building the request and reading the answer ${r(p50(adapterShare.map((a) => a.adapter)))} ms (ours, counted as supplier time by this overhead)`,
    );
  }
  console.log(
    goalVerdict('search overhead p50', SEARCH_OVERHEAD_GOAL_MS, p50(overhead), stages, {
      ours: stage((row) => host_(row)!.handlerMs - row.slowest),
      standIns: stage((row) => row.total - host_(row)!.handlerMs),
    }),
  );

  // The booking overhead, in the same run: bookings one at a time, of rates a search of the same city offers.
  const headers = { Authorization: `Bearer ${token}`, 'X-Service-Tenant': 'demo', 'Content-Type': 'application/json' };
  await bookingOverhead.measure({ url: host.url, headers, city: CITY, count: OVERHEAD_BOOKINGS, reference: 'SEARCH-OVERHEAD' });
  console.log(bookingOverhead.report().join('\n'));
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
} finally {
  trace.stop();
  await host.stop();
  await suppliersThread.close();
}
