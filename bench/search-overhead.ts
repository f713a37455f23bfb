/**
 * `npm run bench:search-overhead`: what search adds on top of its slowest supplier, for PAR with all three
 * sandbox suppliers at their default latency (log-normal, median 250 ms, p95 900 ms), over HTTP through
 * the local gateway. Overhead = end-to-end latency − the slowest supplier's tookMs (as the response
 * reports it); printed as p50 and p95 in ms and as a ratio. Target: p50 overhead under 25 ms.
 * Prints the figures; nothing is asserted.
 */
import { DEFAULT_LATENCY } from '../functions/suppliers/sandbox-latency.js';
import type { SearchResponse } from '../functions/search/search-result.js';
import { startLocalHost } from '../local/host.js';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 20);
const CITY = process.env.BENCH_CITY ?? 'PAR';
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';

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
  const token = ((await (await fetch(`${host.url}/v1/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' }) })).json()) as { access_token: string }).access_token;
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const rows: { total: number; slowest: number; overhead: number; properties: number; results: string; phases: Record<string, number> }[] = [];
  for (let i = 0; i < SEARCHES + 2; i++) {
    const body = { destination: { type: 'city', code: CITY }, checkIn: inDays(20 + i), checkOut: inDays(23 + i), occupancies: [{ adults: 2 }], currency: 'EUR', nationality: 'GB' };
    const started = performance.now();
    const response = await fetch(`${host.url}/v1/hotels/search`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'X-Service-Tenant': 'demo', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    // End to end is until the whole answer has arrived; parsing it is the client's own time.
    const text = await response.text();
    const total = performance.now() - started;
    const result = JSON.parse(text) as SearchResponse;
    if (response.status !== 200) throw new Error(`search answered ${response.status}`);
    const slowest = Math.max(...result.suppliers.map((s) => s.tookMs));
    const phases = Object.fromEntries((response.headers.get('server-timing') ?? '').split(', ').map((p) => { const [name, dur] = p.split(';dur='); return [name!, Number(dur)]; }));
    if (i >= 2) rows.push({ total, slowest, overhead: total - slowest, properties: result.totalProperties, results: result.suppliers.map((s) => `${s.id} ${s.results}`).join(', '), phases });
  }
  const overhead = rows.map((r) => r.overhead);
  const ratio = rows.map((r) => r.total / r.slowest);
  console.log(`\nbench:search-overhead on Node ${process.version}, ${new Date().toISOString()}: ${CITY}, ${SEARCHES} searches after 2 warm-ups, suppliers ${rows[0]!.results}, ${rows[0]!.properties} properties`);
  console.log(`end to end: p50 ${percentile(rows.map((r) => r.total), 50).toFixed(0)} ms, p95 ${percentile(rows.map((r) => r.total), 95).toFixed(0)} ms; slowest supplier: p50 ${percentile(rows.map((r) => r.slowest), 50).toFixed(0)} ms`);
  console.log(`overhead: p50 ${percentile(overhead, 50).toFixed(0)} ms, p95 ${percentile(overhead, 95).toFixed(0)} ms; ratio end-to-end / slowest supplier: p50 ${percentile(ratio, 50).toFixed(2)}, p95 ${percentile(ratio, 95).toFixed(2)}`);
  const phase = (name: string) => percentile(rows.map((r) => r.phases[name] ?? 0), 50).toFixed(1);
  const outside = percentile(rows.map((r) => r.total - ['setup', 'suppliers', 'merge', 'rank', 'store'].reduce((sum, name) => sum + (r.phases[name] ?? 0), 0)), 50).toFixed(1);
  console.log(`Server-Timing p50: before the fan-out (contracts, keys, adapters) ${phase('setup')} ms; after the last supplier answered: merge (its offers placed and priced) ${phase('merge')} ms, rank and describe ${phase('rank')} ms, store and sign ${phase('store')} ms; outside runSearch (gateway, authorizer cache, validation, response JSON, HTTP) ${outside} ms`);
} finally {
  await host.stop();
}
