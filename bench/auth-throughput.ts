/**
 * `npm run bench:auth`: what the front door costs on this machine. Starts the local host (DynamoDB Local,
 * gateway, authorizer, handlers), then measures
 *   1. token issuance latency (scrypt secret check, DynamoDB rate-limit counter, ES256 signing), sequential,
 *      kept under the per-client token limit by spreading the requests over benchmark clients;
 *   2. authorized-call throughput and latency with autocannon: GET /v1/cars/search (a planned route: the
 *      full gateway → cached authorizer → handler middleware path, no supplier work), per-client
 *      throttling raised so the figure is the machine's, not the usage plan's.
 * Prints the figures; nothing here is asserted.
 */
import autocannon from 'autocannon';
import { registerClient } from '../functions/auth/client-registry.js';
import { LIMITS } from '../functions/shared/limits.js';
import { NO_LATENCY } from '../sandbox/latency.js';
import { startLocalHost } from '../local/host.js';
import { answerHelp } from '../bin/cli-help.js';

answerHelp(`usage: npm run bench:auth

Token issuance latency and authorized-call throughput through the local host (gateway, authorizer,
handlers). Environment: BENCH_SECONDS, BENCH_CONNECTIONS. Nothing is asserted.

Exit codes: 0 figures printed, 1 the benchmark failed.`);

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const TOKEN_SAMPLES = 40;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR'; // request logs would drown the figures

const host = await startLocalHost({
  port: 0,
  tablePrefix: `bench${Date.now()}`,
  supplierLatency: NO_LATENCY,
  mapProperties: false,
  throttling: { stage: { ratePerSecond: 1e6, burst: 1e6 }, perClient: { ratePerSecond: 1e6, burst: 1e6 } },
});
try {
  const clients = Math.ceil(TOKEN_SAMPLES / LIMITS.tokenRequests.perWindow);
  for (let i = 0; i < clients; i++) {
    await registerClient({ tenant: 'demo', clientId: `bench-${i}`, secret: `bench-secret-${i}`, scopes: ['hotels.search', 'cars.search'] });
  }
  const tokenMs: number[] = [];
  let token = '';
  for (let i = 0; i < TOKEN_SAMPLES; i++) {
    const n = i % clients;
    const started = performance.now();
    const response = await fetch(`${host.url}/v1/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: `bench-${n}`, client_secret: `bench-secret-${n}` }),
    });
    const body = (await response.json()) as { access_token?: string };
    tokenMs.push(performance.now() - started);
    if (response.status !== 200 || !body.access_token) throw new Error(`token request ${i} answered ${response.status}`);
    token = body.access_token;
  }
  tokenMs.sort((a, b) => a - b);

  const result = await autocannon({
    url: `${host.url}/v1/cars/search`,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: { Authorization: `Bearer ${token}`, 'X-Service-Tenant': 'demo' },
  });
  const unexpected = result.non2xx - (result.statusCodeStats?.['501']?.count ?? 0);

  console.log(`\nbench:auth on Node ${process.version}, ${new Date().toISOString()}`);
  console.log(
    `token issuance, ${TOKEN_SAMPLES} sequential: p50 ${percentile(tokenMs, 50).toFixed(1)} ms, p95 ${percentile(tokenMs, 95).toFixed(1)} ms, max ${tokenMs.at(-1)!.toFixed(1)} ms`,
  );
  console.log(
    `authorized call (gateway + cached authorizer + handler), ${CONNECTIONS} connections for ${DURATION_SECONDS} s: ` +
      `${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `${result.requests.total} requests, ${result.errors} errors, ${unexpected} unexpected statuses`,
  );
} finally {
  await host.stop();
}
