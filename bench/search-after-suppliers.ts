/**
 * `npx tsx bench/search-after-suppliers.ts`: the part of search:overhead that is ours, without the noise of
 * the sandbox suppliers computing their answers on the same core. Real PAR answers of the three sandbox
 * suppliers are recorded once (no latency), then replayed by stub adapters that answer after fixed delays
 * (BENCH_DELAYS, ms, default 150,300,450): runSearch runs for real against DynamoDB Local (the search
 * store) and the destination index the mapping job would build. Overhead = runSearch's time − the last
 * delay, plus what the handler adds to write the response body (JSON.stringify). Prints p50 and p95, and
 * what storing the rows of the later pages takes after the answer.
 */
import { inDays } from './support/city-availability.js';
import { cityArea } from '../test/support/supplier-destinations.js';
import { randomBytes } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { embeddedFxRates } from '../functions/domain/fx/reference-fx-rates.js';
import { destinationEntry, type DestinationEntry } from '../functions/search/mapping/destination-index.js';
import { matchProperties } from '../functions/search/mapping/match-properties.js';
import { mintPropertyId } from '../functions/search/mapping/property-id.js';
import { compareRefs } from '../functions/domain/property/supplier-ref.js';
import { unifyProperty } from '../functions/search/mapping/unify-property.js';
import { worldSupplierContent } from '../sandbox/world/world-content.js';
import { defaultPricingRules } from '../functions/domain/pricing/default-pricing-rules.js';
import type { SearchDeps } from '../functions/search/search-ports.js';
import { searchRequestSchema } from '../functions/search/search-request.js';
import { ExpediaAdapter } from '../functions/suppliers/expedia/adapter.js';
import { startExpediaSandbox } from '../sandbox/expedia/server.js';
import { HotelbedsAdapter } from '../functions/suppliers/hotelbeds/adapter.js';
import { startHotelbedsSandbox } from '../sandbox/hotelbeds/server.js';
import { OpenTravelAdapter } from '../functions/suppliers/opentravel/adapter.js';
import { startOpenTravelSandbox } from '../sandbox/opentravel/server.js';
import type { SupplierContract } from '../functions/suppliers/contracts.js';
import type { SupplierOffer, SupplierPort } from '../functions/suppliers/port.js';
import { NO_LATENCY } from '../sandbox/latency.js';
import { SUPPLIER_IDS } from '../sandbox/world/supplier-views.js';
import { createTables } from '../local/create-tables.js';
import { startDynamoDbLocal } from '../local/dynamodb-local.js';
import { createSearchRowsBucket, startS3Local } from '../local/s3-local.js';
import { answerHelp } from '../bin/cli-help.js';

answerHelp(`usage: npm run bench:search-after-suppliers

Search's own overhead after recorded supplier answers replayed at fixed delays.
Environment: BENCH_CITY, BENCH_SEARCHES, BENCH_DELAYS (ms, default 150,300,450). Nothing is asserted.

Exit codes: 0 figures printed, 1 the benchmark failed.`);

const CITY = process.env.BENCH_CITY ?? 'PAR';
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 20);
const DELAYS = (process.env.BENCH_DELAYS ?? '150,300,450').split(',').map(Number);
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
Object.assign(process.env, { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

const content = SUPPLIER_IDS.flatMap((id) => worldSupplierContent(id));
const destination: DestinationEntry[] = matchProperties(content).clusters.map((cluster) =>
  destinationEntry(unifyProperty(mintPropertyId([...cluster].sort(compareRefs)[0]!), cluster)),
);

const credentials = { apiKey: 'bench', secret: 'bench-secret-123' };
const servers = await Promise.all([
  startHotelbedsSandbox({ ...credentials, latency: NO_LATENCY }),
  startExpediaSandbox({ ...credentials, latency: NO_LATENCY }),
  startOpenTravelSandbox({ ...credentials, latency: NO_LATENCY }),
]);
const real: SupplierPort[] = [
  new HotelbedsAdapter({ baseUrl: servers[0].url, ...credentials }),
  new ExpediaAdapter({ baseUrl: servers[1].url, ...credentials }),
  new OpenTravelAdapter({ baseUrl: servers[2].url, ...credentials }),
];
const recorded = new Map<string, readonly SupplierOffer[]>();
for (const adapter of real) {
  const result = await adapter.searchAvailability({
    destination: cityArea(CITY),
    checkIn: inDays(30),
    checkOut: inDays(33),
    occupancies: [{ adults: 2, childrenAges: [] }],
    nationality: 'GB',
    pointOfSale: 'GB',
  });
  recorded.set(adapter.supplierId, result.offers);
}
await Promise.all(servers.map((s) => s.close()));

const dynamo = await startDynamoDbLocal();
const s3 = await startS3Local();
try {
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  const admin = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1' });
  Object.assign(process.env, await createTables(admin, 'benchsas'));
  admin.destroy();
  // The later pages' rows go to S3 (functions/stores/s3-search-chunks.ts).
  process.env.S3_ENDPOINT = s3.endpoint;
  process.env.SEARCH_ROWS_BUCKET = await createSearchRowsBucket(s3.endpoint, 'benchsas');
  // The search's stores read their tables and endpoints as a function's configuration gives them.
  const [{ provideSharedConfig }, { sharedConfigFrom }] = await Promise.all([
    import('../functions/shared/config.js'),
    import('../functions/shared/config-schema.js'),
  ]);
  provideSharedConfig(sharedConfigFrom(process.env));
  const { runSearch } = await import('../functions/search/run-search.js');
  const { DynamoSearchStore } = await import('../functions/search/search-store.js');

  const order = [...recorded.keys()];
  const contracts = order.map((supplierId) => ({ supplierId }) as SupplierContract);
  const stub = (supplierId: string, delayMs: number): SupplierPort =>
    ({
      supplierId,
      searchAvailability: async () => {
        await new Promise((r) => setTimeout(r, delayMs));
        return { supplierId, offers: recorded.get(supplierId)! };
      },
    }) as unknown as SupplierPort;
  const fx = await embeddedFxRates.ratesFor();
  const rateIdKey = randomBytes(32);
  const cursorKey = randomBytes(32);
  const deps: SearchDeps = {
    contracts: async () => contracts,
    adapterFor: async (c) => stub(c.supplierId, DELAYS[order.indexOf(c.supplierId)] ?? 0),
    destination: async () => destination,
    propertiesNear: async () => [],
    rememberProperties: async () => undefined,
    knownProperties: async () => new Map(),
    fx: async () => fx,
    pricingRules: async (tenant) => defaultPricingRules(tenant),
    searches: new DynamoSearchStore(),
    rateIdKey: async () => rateIdKey,
    cursorKey: async () => cursorKey,
    now: () => new Date(),
  };
  const last = Math.max(...DELAYS);
  const rows: { overhead: number; json: number; afterwards: number; timings: Record<string, number> }[] = [];
  let properties = 0;
  for (let i = 0; i < SEARCHES + 3; i++) {
    const request = searchRequestSchema.parse({
      destination: { type: 'city', code: CITY },
      checkIn: inDays(30),
      checkOut: inDays(33),
      occupancies: [{ adults: 2 }],
      currency: 'EUR',
      nationality: 'GB',
    });
    const started = performance.now();
    const { response, timings, storeRows } = await runSearch(
      { tenant: 'demo', request, scenarios: [], traveller: { ip: '203.0.113.7' } },
      deps,
    );
    const searched = performance.now();
    JSON.stringify(response);
    const done = performance.now();
    // After the answer, as the handler does: the rows of the later pages.
    await storeRows();
    const afterwards = performance.now() - done;
    properties = response.totalProperties;
    if (i >= 3)
      rows.push({
        overhead: done - started - last,
        json: done - searched,
        afterwards,
        timings: timings as unknown as Record<string, number>,
      });
  }
  const p = (values: number[], q: number) => percentile(values, q).toFixed(1);
  const o = rows.map((r) => r.overhead);
  console.log(
    `\nsearch-after-suppliers: ${CITY}, ${SEARCHES} searches, suppliers ${order.map((s) => `${s} ${recorded.get(s)!.length}`).join(', ')} answering at ${DELAYS.join('/')} ms, ${properties} properties`,
  );
  console.log(
    `overhead after the last supplier (runSearch + response JSON): p50 ${p(o, 50)} ms, p95 ${p(o, 95)} ms; response JSON p50 ${p(
      rows.map((r) => r.json),
      50,
    )} ms; then, after the answer, the rows of later pages stored in p50 ${p(
      rows.map((r) => r.afterwards),
      50,
    )} ms`,
  );
  const names = Object.keys(rows[0]!.timings);
  console.log(
    `Server-Timing p50: ${names
      .map(
        (n) =>
          `${n} ${p(
            rows.map((r) => r.timings[n]!),
            50,
          )}`,
      )
      .join(', ')} ms`,
  );
} finally {
  await dynamo.stop();
  await s3.stop();
}
