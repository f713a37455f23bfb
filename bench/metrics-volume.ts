/**
 * `npm run bench:metrics-volume`: what the on-call metrics cost, as the functions write them. The local
 * host runs with metrics on and every EMF line written to stdout is counted: lines and bytes per search
 * (three sandbox suppliers) and per booking, and the distinct metric series they create (CloudWatch bills
 * custom metrics per series and month, and EMF lines as log ingestion by the GB). Prints the figures;
 * nothing is asserted.
 */
import { inDays } from './support/city-availability.js';
import { randomUUID } from 'node:crypto';
import { NO_LATENCY } from '../sandbox/latency.js';
import { answerHelp } from '../bin/cli-help.js';

answerHelp(`usage: npm run bench:metrics-volume

EMF lines, bytes and metric series per search and per booking, as the functions write them.
Environment: BENCH_SEARCHES. Nothing is asserted.

Exit codes: 0 figures printed, 1 the benchmark failed.`);

process.env.POWERTOOLS_METRICS_DISABLED = 'false';
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 10);
const CITY = 'RAK';

interface Emf {
  _aws: { CloudWatchMetrics: { Dimensions: string[][]; Metrics: { Name: string }[] }[] };
  [key: string]: unknown;
}
const lines: string[] = [];
const write = process.stdout.write.bind(process.stdout) as (...args: unknown[]) => boolean;
process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
  const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  if (text.includes('"_aws"')) {
    lines.push(...text.split('\n').filter((l) => l.includes('"_aws"')));
    return true;
  }
  return write(chunk, ...rest);
}) as typeof process.stdout.write;

const { startLocalHost } = await import('../local/host.js');
const { runMappingJob } = await import('../functions/search/mapping/mapping-job.js');
const { worldSupplierContent } = await import('../sandbox/world/world-content.js');
const { DynamoPropertyMapStore } = await import('../functions/stores/dynamo-property-map-store.js');
const { DynamoDestinationIndex } = await import('../functions/search/mapping/destination-index.js');
const { SUPPLIER_IDS } = await import('../sandbox/world/supplier-views.js');

const host = await startLocalHost({
  port: 0,
  mapProperties: false,
  supplierLatency: NO_LATENCY,
  tablePrefix: `bench${randomUUID().slice(0, 6)}`,
});
async function* inCity(supplierId: (typeof SUPPLIER_IDS)[number]) {
  yield* worldSupplierContent(supplierId).filter((p) => p.cityCode === CITY);
}
await runMappingJob({ sources: SUPPLIER_IDS.map(inCity), store: new DynamoPropertyMapStore(), destinations: new DynamoDestinationIndex() });

const client = host.clients.find((c) => c.tenant === 'demo')!;
const tokenResponse = await fetch(`${host.url}/v1/oauth/token`, {
  method: 'POST',
  body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.secret }),
});
const token = ((await tokenResponse.json()) as { access_token: string }).access_token;
const headers = { Authorization: `Bearer ${token}`, 'X-Service-Tenant': 'demo', 'Content-Type': 'application/json' };

/** EMF lines and bytes one piece of work leaves. */
async function measure(work: () => Promise<void>): Promise<{ lines: number; bytes: number }> {
  const before = lines.length;
  await work();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const added = lines.slice(before);
  return { lines: added.length, bytes: added.reduce((sum, l) => sum + Buffer.byteLength(l) + 1, 0) };
}

let lastSearch: { searchId: string; properties: { cheapestRate: { rateId: string; supplierId: string } }[] } | undefined;
const searches: { lines: number; bytes: number }[] = [];
for (let i = 0; i < SEARCHES; i++) {
  searches.push(
    await measure(async () => {
      const response = await fetch(`${host.url}/v1/hotels/search`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          destination: { type: 'city', code: CITY },
          checkIn: inDays(30 + i),
          checkOut: inDays(32 + i),
          occupancies: [{ adults: 2 }],
          currency: 'EUR',
          nationality: 'GB',
        }),
      });
      if (response.status !== 200) throw new Error(`search answered ${response.status}`);
      lastSearch = (await response.json()) as typeof lastSearch;
    }),
  );
}
const rate = lastSearch!.properties[0]!.cheapestRate;
const booking = await measure(async () => {
  const response = await fetch(`${host.url}/v1/hotels/bookings`, {
    method: 'POST',
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({
      rateId: rate.rateId,
      searchId: lastSearch!.searchId,
      holder: { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', phone: '+44 20 0000 0000' },
      rooms: [
        {
          guests: [
            { type: 'adult', firstName: 'Ada', lastName: 'Byron' },
            { type: 'adult', firstName: 'Mary', lastName: 'Shelley' },
          ],
        },
      ],
      clientReference: 'BENCH-1',
    }),
  });
  if (response.status !== 201) throw new Error(`booking answered ${response.status}: ${await response.text()}`);
});
await host.stop();

const series = new Set<string>();
for (const line of lines) {
  const emf = JSON.parse(line) as Emf;
  for (const directive of emf._aws.CloudWatchMetrics) {
    for (const metric of directive.Metrics)
      for (const set of directive.Dimensions) series.add(`${metric.Name} ${set.map((d) => `${d}=${String(emf[d])}`).join(' ')}`);
  }
}
const average = (rows: { lines: number; bytes: number }[], key: 'lines' | 'bytes') =>
  Math.round(rows.reduce((s, r) => s + r[key], 0) / rows.length);
console.log(`EMF per search (3 suppliers, ${SEARCHES} searches): ${average(searches, 'lines')} lines, ${average(searches, 'bytes')} bytes`);
console.log(`EMF per confirmed booking (API + its flow steps): ${booking.lines} lines, ${booking.bytes} bytes`);
console.log(`distinct metric series after these: ${series.size}`);
console.log(`log ingestion per million searches: ${((average(searches, 'bytes') * 1e6) / 1024 ** 3).toFixed(2)} GB`);
process.exit(0);
