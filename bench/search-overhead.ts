/**
 * `npm run bench:search-overhead`: what search adds on top of its slowest supplier, for PAR with all three
 * sandbox suppliers at their default latency (log-normal, median 250 ms, p95 900 ms), over HTTP through
 * the local gateway. Overhead = end-to-end latency (until the whole answer has arrived) − the slowest
 * supplier's tookMs (as the response reports it); printed as p50 and p95 in ms and as a ratio. Target: p50
 * overhead under 25 ms. Prints the figures; nothing is asserted.
 *
 * The partner is a worker thread with its own event loop, as a partner is its own machine: what the
 * server does after answering (the search's later pages stored) must not hold up the partner reading the
 * answer, as it would on one shared event loop. The two still share this machine's two cores. The partner
 * pauses PAUSE_MS between searches: the local host is one process, where a search arriving while the last
 * one still stores its pages would queue behind it; on Lambda that invocation is still running, and the
 * next search goes to another instance.
 */
import { Worker } from 'node:worker_threads';
import { DEFAULT_LATENCY } from '../sandbox/latency.js';
import { startLocalHost } from '../local/host.js';
import { answerHelp } from '../bin/cli-help.js';

answerHelp(`usage: npm run bench:search-overhead

What search adds on top of its slowest supplier, over HTTP through the local gateway: p50 and p95.
Environment: BENCH_SEARCHES, BENCH_CITY. Nothing is asserted.

Exit codes: 0 figures printed, 1 the benchmark failed.`);

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 20);
const WARM_UPS = 2;
const PAUSE_MS = 200;
const CITY = process.env.BENCH_CITY ?? 'PAR';
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';

interface Row {
  readonly total: number;
  readonly slowest: number;
  readonly properties: number;
  readonly results: string;
  readonly phases: Record<string, number>;
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
    parentPort.postMessage({ total, slowest: Math.max(...result.suppliers.map((s) => s.tookMs)), properties: result.totalProperties, results: result.suppliers.map((s) => s.id + ' ' + s.results).join(', '), phases });
  }
})().catch((error) => { throw error; });
`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

const host = await startLocalHost({
  port: 0,
  tablePrefix: `benchso${Date.now()}`,
  supplierLatency: DEFAULT_LATENCY,
  throttling: { stage: { ratePerSecond: 1e6, burst: 1e6 }, perClient: { ratePerSecond: 1e6, burst: 1e6 } },
});
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
  const overhead = rows.map((r) => r.total - r.slowest);
  const ratio = rows.map((r) => r.total / r.slowest);
  console.log(
    `\nbench:search-overhead on Node ${process.version}, ${new Date().toISOString()}: ${CITY}, ${SEARCHES} searches after ${WARM_UPS} warm-ups, suppliers ${rows[0]!.results}, ${rows[0]!.properties} properties`,
  );
  console.log(
    `end to end: p50 ${percentile(
      rows.map((r) => r.total),
      50,
    ).toFixed(0)} ms, p95 ${percentile(
      rows.map((r) => r.total),
      95,
    ).toFixed(0)} ms; slowest supplier: p50 ${percentile(
      rows.map((r) => r.slowest),
      50,
    ).toFixed(0)} ms`,
  );
  console.log(
    `overhead: p50 ${percentile(overhead, 50).toFixed(0)} ms, p95 ${percentile(overhead, 95).toFixed(0)} ms; ratio end-to-end / slowest supplier: p50 ${percentile(ratio, 50).toFixed(2)}, p95 ${percentile(ratio, 95).toFixed(2)}`,
  );
  const phase = (name: string) =>
    percentile(
      rows.map((r) => r.phases[name] ?? 0),
      50,
    ).toFixed(1);
  const outside = percentile(
    rows.map((r) => r.total - ['setup', 'suppliers', 'merge', 'rank', 'store'].reduce((sum, name) => sum + (r.phases[name] ?? 0), 0)),
    50,
  ).toFixed(1);
  console.log(
    `Server-Timing p50: before the fan-out (contracts, keys, adapters) ${phase('setup')} ms; after the last supplier answered: merge (its offers placed and priced) ${phase('merge')} ms, rank ${phase('rank')} ms, store (the search, while its first page is described and signed; its later pages are stored after the answer) ${phase('store')} ms; outside runSearch (gateway, authorizer cache, validation, response JSON, HTTP) ${outside} ms`,
  );
} finally {
  await host.stop();
}
