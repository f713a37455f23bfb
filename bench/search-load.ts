/**
 * `npm run bench:search-load`: searches a second and latency at a fixed concurrency against the local
 * gateway with autocannon: the whole path (gateway, authorizer, search with three sandbox suppliers at no
 * latency, pricing, ranking, storing the search). Every request is a different stay so no answer is reused.
 * Per-client throttling is raised so the figure is the machine's. Prints the figures; nothing is asserted.
 */
import { inDays } from './support/city-availability.js';
import autocannon from 'autocannon';
import { NO_LATENCY } from '../sandbox/latency.js';
import { startLocalHost } from '../local/host.js';
import { answerHelp } from '../bin/cli-help.js';

answerHelp(`usage: npm run bench:search-load

Searches a second and latency at a fixed concurrency against the local gateway (autocannon).
Environment: BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_CITY. Nothing is asserted.

Exit codes: 0 figures printed, 1 the benchmark failed.`);

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const CITY = process.env.BENCH_CITY ?? 'AMS';
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';

const host = await startLocalHost({
  port: 0,
  tablePrefix: `benchsl${Date.now()}`,
  supplierLatency: NO_LATENCY,
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
  let n = 0;
  const result = await autocannon({
    url: `${host.url}/v1/hotels/search`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    timeout: 30,
    headers: { Authorization: `Bearer ${token}`, 'X-Service-Tenant': 'demo', 'Content-Type': 'application/json' },
    setupClient: (client) => {
      client.setBody(
        JSON.stringify({
          destination: { type: 'city', code: CITY },
          checkIn: inDays(10 + (n % 300)),
          checkOut: inDays(12 + (n++ % 300)),
          occupancies: [{ adults: 2 }],
          currency: 'EUR',
          nationality: 'GB',
        }),
      );
    },
  });
  console.log(
    `\nbench:search-load on Node ${process.version}, ${new Date().toISOString()}: ${CITY}, ${CONNECTIONS} connections for ${DURATION_SECONDS} s`,
  );
  console.log(
    `${(result.requests.total / DURATION_SECONDS).toFixed(1)} searches/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `${result.requests.total} searches, ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
  );
} finally {
  await host.stop();
}
