/**
 * `npx tsx bench/search-capacity.ts`: how many searches one vCPU holds at once, the quantity Lambda Managed
 * Instances bill by (lib/managed-compute.ts, MANAGED_SEARCH.perEnvironmentMaxConcurrency). bench:cost runs it
 * and prices the fleet with its answer.
 *
 * The search use case (runSearch, then the answer's JSON, then the rows of later pages stored after the
 * answer, as the handler does) runs for real against DynamoDB Local and a local S3, many at once in this one
 * process, with the suppliers replayed from recorded answers of the sandbox world's cities (the same mix as
 * bench:cost) after fixed delays, BENCH_DELAYS ms (default 600,1300,2000: the last supplier at ~2 s, what
 * bench:cost measures a search waiting). Once DynamoDB Local is up (a separate Java process, which stays
 * unpinned: on AWS it is not our CPU), this process, every thread of it, is pinned to one core with taskset:
 * one vCPU, what an execution environment of 2,048 MB at 2 GiB per vCPU gets.
 *
 * At each concurrency (BENCH_LEVELS, default 1,8,16,32,48,64) it keeps that many searches in flight for
 * BENCH_LEVEL_SECONDS (default 8) and prints throughput, the core's CPU use and the overhead after the last
 * supplier (p50/p95). "Holds" is the largest level whose overhead p50 stays within HOLD_SLACK_MS (15 ms, the
 * overhead goal itself) of one search alone. The last line is JSON for bench:cost. The in-process local S3
 * (s3rver) also runs on the pinned core, which overstates our CPU a little. Figures are noisy when the
 * machine is shared: say so beside them.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { cityAvailability, inDays } from './support/city-availability.js';
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

answerHelp(`usage: npx tsx bench/search-capacity.ts

How many searches one pinned core holds at once (run by bench:cost). Environment: BENCH_CITIES,
BENCH_DELAYS, BENCH_LEVELS, BENCH_LEVEL_SECONDS, BENCH_TARGET_CPU, BENCH_CORE. Nothing is asserted.

Exit codes: 0 figures printed, 1 the benchmark failed.`);

/** The same sandbox cities as bench:cost, so the merge sizes are the measured mix. */
const CITIES = (process.env.BENCH_CITIES ?? 'PAR,LON,NYC,ROM,BCN,AMS,PRG,LIS,DUB,REK').split(',');
const DELAYS = (process.env.BENCH_DELAYS ?? '600,1300,2000').split(',').map(Number);
const LEVELS = (process.env.BENCH_LEVELS ?? '1,8,16,32,48,64').split(',').map(Number);
const LEVEL_MS = Number(process.env.BENCH_LEVEL_SECONDS ?? 8) * 1000;
const HOLD_SLACK_MS = 15;
/** Lambda Managed Instances scale out at this CPU (MANAGED_SEARCH.targetCpuPercent). */
const TARGET_CPU = Number(process.env.BENCH_TARGET_CPU ?? 50);
const CORE = process.env.BENCH_CORE ?? '0';
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
// On AWS the metrics are written (their CPU is ours); here their lines would bury the figures.
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
Object.assign(process.env, { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });

export interface CapacityLevel {
  readonly concurrency: number;
  readonly searches: number;
  readonly perSecond: number;
  readonly cpuPercent: number;
  readonly overheadP50: number;
  readonly overheadP95: number;
  readonly meanMs: number;
}

export interface CapacityReport {
  readonly levels: readonly CapacityLevel[];
  /**
   * Searches one vCPU holds at once at the scaling target: TARGET_CPU % of the core divided by the CPU one
   * search costs, times how long a search lasts (Little's law). What the fleet is sized and billed by.
   */
  readonly holds: number;
  /** The largest measured level whose overhead p50 stayed within HOLD_SLACK_MS of one search alone. */
  readonly holdsByOverhead: number;
  readonly loadAverage: number;
  /** CPU milliseconds one search costs on the pinned core (at the held level). */
  readonly cpuMsPerSearch: number;
  readonly meanSearchMs: number;
  /** Bytes the suppliers sent per search (their answers as JSON: a proxy of the wire bytes through the NAT). */
  readonly supplierBytesPerSearch: number;
  readonly pinned: boolean;
}

const percentile = (values: readonly number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

// Recorded answers and a destination index per city, from the sandbox world (no latency while recording).
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
const recorded = new Map<string, Map<string, readonly SupplierOffer[]>>();
const destinations = new Map<string, DestinationEntry[]>();
let supplierBytes = 0;
for (const city of CITIES) {
  const answers = new Map<string, readonly SupplierOffer[]>();
  for (const adapter of real) {
    const result = await adapter.searchAvailability(cityAvailability(city));
    answers.set(adapter.supplierId, result.offers);
    // Suppliers answer gzipped (the adapters ask for it): the compressed size is what crosses the NAT.
    supplierBytes += gzipSync(JSON.stringify(result.offers)).length;
  }
  recorded.set(city, answers);
  const content = SUPPLIER_IDS.flatMap((id) => worldSupplierContent(id).filter((p) => p.cityCode === city));
  destinations.set(
    city,
    matchProperties(content).clusters.map((cluster) =>
      destinationEntry(unifyProperty(mintPropertyId([...cluster].sort(compareRefs)[0]!), cluster)),
    ),
  );
}
await Promise.all(servers.map((s) => s.close()));

const dynamo = await startDynamoDbLocal();
const s3 = await startS3Local();
let pinned = false;
try {
  // Every thread of this process onto one core; DynamoDB Local (started above, its own process) stays off it.
  execFileSync('taskset', ['-a', '-p', '-c', CORE, String(process.pid)], { stdio: 'ignore' });
  pinned = true;
} catch {
  console.error('taskset failed: figures are for the whole machine, not one core');
}
try {
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  const admin = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1' });
  Object.assign(process.env, await createTables(admin, 'benchcap'));
  admin.destroy();
  process.env.S3_ENDPOINT = s3.endpoint;
  process.env.SEARCH_ROWS_BUCKET = await createSearchRowsBucket(s3.endpoint, 'benchcap');
  // The search's stores read their tables and endpoints as a function's configuration gives them.
  const [{ provideSharedConfig }, { sharedConfigFrom }] = await Promise.all([
    import('../functions/shared/config.js'),
    import('../functions/shared/config-schema.js'),
  ]);
  provideSharedConfig(sharedConfigFrom(process.env));
  const { runSearch } = await import('../functions/search/run-search.js');
  const { DynamoSearchStore } = await import('../functions/search/search-store.js');

  const order = [...SUPPLIER_IDS];
  const contracts = order.map((supplierId) => ({ supplierId }) as SupplierContract);
  const fx = await embeddedFxRates.ratesFor();
  const rateIdKey = randomBytes(32);
  const cursorKey = randomBytes(32);
  const depsFor = (city: string): SearchDeps => ({
    contracts: async () => contracts,
    adapterFor: async (c) =>
      ({
        supplierId: c.supplierId,
        searchAvailability: async () => {
          await new Promise((r) => setTimeout(r, DELAYS[order.indexOf(c.supplierId as (typeof order)[number])] ?? 0));
          return { supplierId: c.supplierId, offers: recorded.get(city)!.get(c.supplierId)! };
        },
      }) as unknown as SupplierPort,
    destination: async () => destinations.get(city)!,
    propertiesNear: async () => [],
    rememberProperties: async () => undefined,
    knownProperties: async () => new Map(),
    fx: async () => fx,
    pricingRules: async (tenant) => defaultPricingRules(tenant),
    searches: new DynamoSearchStore(),
    rateIdKey: async () => rateIdKey,
    cursorKey: async () => cursorKey,
    now: () => new Date(),
  });
  const deps = new Map(CITIES.map((city) => [city, depsFor(city)] as const));
  const last = Math.max(...DELAYS);
  let counter = 0;

  /** One search as the handler runs it: the answer, its JSON, then the later pages' rows. */
  const oneSearch = async (): Promise<{ overhead: number; total: number }> => {
    const city = CITIES[counter++ % CITIES.length]!;
    const request = searchRequestSchema.parse({
      destination: { type: 'city', code: city },
      checkIn: inDays(30),
      checkOut: inDays(33),
      occupancies: [{ adults: 2 }],
      currency: 'EUR',
      nationality: 'GB',
    });
    const started = performance.now();
    const { response, storeRows } = await runSearch(
      { tenant: 'demo', request, scenarios: [], traveller: { ip: '203.0.113.7' } },
      deps.get(city)!,
    );
    JSON.stringify(response);
    const answered = performance.now();
    await storeRows();
    return { overhead: answered - started - last, total: performance.now() - started };
  };

  for (let i = 0; i < CITIES.length; i++) await oneSearch(); // warm-up: JIT, connections, caches

  const levels: CapacityLevel[] = [];
  for (const concurrency of LEVELS) {
    const overheads: number[] = [];
    const totals: number[] = [];
    const until = performance.now() + LEVEL_MS;
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < until) {
          const { overhead, total } = await oneSearch();
          overheads.push(overhead);
          totals.push(total);
        }
      }),
    );
    const wall = performance.now() - wallBefore;
    const cpu = process.cpuUsage(cpuBefore);
    const level: CapacityLevel = {
      concurrency,
      searches: overheads.length,
      perSecond: overheads.length / (wall / 1000),
      cpuPercent: ((cpu.user + cpu.system) / 1000 / wall) * 100,
      overheadP50: percentile(overheads, 50),
      overheadP95: percentile(overheads, 95),
      meanMs: totals.reduce((a, b) => a + b, 0) / Math.max(1, totals.length),
    };
    levels.push(level);
    console.log(
      `  ${String(concurrency).padStart(3)} in flight: ${level.perSecond.toFixed(1).padStart(5)} searches/s, CPU ${level.cpuPercent.toFixed(0).padStart(3)} % of the core, overhead p50 ${level.overheadP50.toFixed(1)} ms p95 ${level.overheadP95.toFixed(1)} ms, a search ${level.meanMs.toFixed(0)} ms`,
    );
  }
  const alone = levels[0]!;
  const byOverhead = [...levels].reverse().find((l) => l.overheadP50 <= alone.overheadP50 + HOLD_SLACK_MS) ?? alone;
  // CPU a search costs, from the busiest level (the fixed cost of timers and idle polling spread thinnest).
  const busiest = levels.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
  const cpuMsPerSearch = ((busiest.cpuPercent / 100) * 1000) / busiest.perSecond;
  const meanSearchMs = alone.meanMs;
  const report: CapacityReport = {
    levels,
    holds: Math.max(1, Math.floor(((TARGET_CPU / 100) * meanSearchMs) / cpuMsPerSearch)),
    holdsByOverhead: byOverhead.concurrency,
    loadAverage: loadavg()[0]!,
    cpuMsPerSearch,
    meanSearchMs,
    supplierBytesPerSearch: supplierBytes / CITIES.length,
    pinned,
  };
  console.log(
    `${pinned ? `pinned core (taskset -c ${CORE})` : 'unpinned process'}: ${cpuMsPerSearch.toFixed(1)} ms of CPU a search, a search lasts ${meanSearchMs.toFixed(0)} ms; at ${TARGET_CPU} % CPU one vCPU holds ${report.holds} searches at once`,
  );
  console.log(
    `measured: overhead p50 stayed within ${HOLD_SLACK_MS} ms of one search alone up to ${report.holdsByOverhead} in flight (machine load average ${report.loadAverage.toFixed(1)} on the machine's cores shared: the core is not ours alone, so this undercounts)`,
  );
  console.log(`suppliers' answers: ${(report.supplierBytesPerSearch / 1024).toFixed(0)} KB a search gzipped (what crosses the NAT)`);
  console.log(JSON.stringify(report));
} finally {
  await dynamo.stop();
  await s3.stop();
}
