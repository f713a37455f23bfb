/**
 * `npm run bench:mapping-scale [-- --size=N]`: the partitioned property mapping job at catalogue scale.
 * Generates a catalogue per supplier (default 1,000,000 each of Hotelbeds, Rapid and OpenTravel, in their
 * wire formats: bench/support/scale-catalogue.ts), serves each over HTTP as its content API pages it, and
 * runs the mapping workflow here (local/mapping-workflow.ts) on worker threads, the stages reading through
 * the real adapters and writing the work objects to a directory. Then 1 % of the hotels change and the daily
 * (incremental) run follows.
 *
 * Prints, per run: each stage's items and time; per partition the properties matched per second, the heap,
 * the largest partition; and the projection on AWS: the workflow's wall time at its Distributed Maps'
 * MaxConcurrency (read from the ASL) and its cost (Lambda, Step Functions, S3, DynamoDB). Goals: three
 * suppliers of a million each in 15 minutes or less on AWS, no partition over half its function's memory or
 * time; an incremental run with 1 % changed in 2 minutes or less. Nothing is asserted.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerHelp } from '../bin/cli-help.js';
import { getJson, mapLimit } from '../functions/search/mapping/partitioned/mapping-objects.js';
import type { PartitionStats } from '../functions/search/mapping/partitioned/stage-match.js';
import type { RunReport } from '../functions/search/mapping/partitioned/stage-finish.js';
import type { RunRequest } from '../functions/search/mapping/partitioned/stage-plan.js';
import { MAPPING_PAGE_SIZE, type ReadResult } from '../functions/search/mapping/partitioned/stage-read.js';
import { MAPPING_STAGES, type MappingFunction } from '../functions/search/mapping/partitioned/workflow-stages.js';
import { HOTELBEDS_CONTENT_PAGE_MAX } from '../functions/suppliers/hotelbeds/adapter.js';
import { MAPPING_DEFINITION_PATH, MAPPING_FUNCTIONS } from '../lib/property-mapping.js';
import { repositoryPath } from '../lib/project-paths.js';
import { DirectoryObjects } from '../local/directory-objects.js';
import { MappingWorkerPool } from '../local/mapping-worker-pool.js';
import { runMappingWorkflow } from '../local/mapping-workflow.js';
import { SCALE_SUPPLIERS, ScaleWorld } from './support/scale-catalogue.js';
import { startScaleSuppliers } from './support/scale-suppliers.js';

answerHelp(`usage: npm run bench:mapping-scale [-- --size=<per supplier>] [--changed=<share>] [--workers=<n>] [--keep]

The partitioned mapping job over three generated supplier catalogues (Hotelbeds, Rapid, OpenTravel wire
formats) of --size properties each (default 1000000), then an incremental run with --changed of the
hotels changed (default 0.01). Prints per-stage and per-partition figures and the projection on AWS.

  --workers=<n>  worker threads (default: the machine's cores, at most 4)
  --keep         keep the work directory (its path is printed)

Exit codes: 0 figures printed, 1 the benchmark failed.`);

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key!, value ?? 'true'] as const;
  }),
);
const size = Number(args.get('size') ?? 1_000_000);
const changedShare = Number(args.get('changed') ?? 0.01);
const workers = Number(args.get('workers') ?? Math.min(4, availableParallelism()));

/** Prices in us-east-1 (2026): Lambda arm64, Step Functions Standard, S3 Standard, DynamoDB on demand. */
const PRICE = {
  lambdaGbSecond: 0.0000133334,
  lambdaRequest: 0.2 / 1e6,
  transition: 0.025 / 1000,
  s3Put: 0.005 / 1000,
  s3Get: 0.0004 / 1000,
  writeUnit: 0.625 / 1e6,
  readUnit: 0.125 / 1e6,
};
/** A Distributed Map child's start (a Standard execution and a warm Lambda invoke), a map run's start, a Task's invoke. */
const CHILD_OVERHEAD_MS = 250;
const MAP_START_MS = 1_500;
const TASK_OVERHEAD_MS = 150;
/** BatchWriteItem of 25 items at ~15 ms, four batches at once (functions/stores/dynamo-batch.ts): items a writer puts per second. */
const DYNAMO_ITEMS_PER_SECOND = 6_000;
/** BatchGetItem of 100 keys (the stored hashes, projected) at ~25 ms, four at once: keys a writer reads per second. */
const DYNAMO_KEYS_READ_PER_SECOND = 16_000;
/** A real supplier's content page (loopback here): the projection's second reading adds this per page. */
const SUPPLIER_PAGE_MS = 300;
/** Properties per content page as the reader asks them and each adapter caps them (Rapid pages at its own 250). */
const PAGE_SIZE: Record<string, number> = {
  hotelbeds: Math.min(MAPPING_PAGE_SIZE, HOTELBEDS_CONTENT_PAGE_MAX),
  expedia: 250,
  opentravel: MAPPING_PAGE_SIZE,
};
/** What a Node.js Lambda function holds beside its JavaScript heap (runtime, code, buffers). */
const RUNTIME_MB = 120;

interface Call {
  readonly fn: MappingFunction;
  readonly stage: string;
  readonly item?: string;
  readonly ms: number;
  readonly heapMb: number;
  readonly result: unknown;
}

const definition = JSON.parse(readFileSync(repositoryPath(MAPPING_DEFINITION_PATH), 'utf8')) as {
  States: Record<string, { MaxConcurrency?: number }>;
};
const concurrencyOf = (stage: string) => definition.States[stage]?.MaxConcurrency ?? 1;

const world = new ScaleWorld(size, changedShare);
const directory = mkdtempSync(join(tmpdir(), 'mapping-scale-'));
const objects = new DirectoryObjects(directory);
let calls: Call[] = [];
const halfMatcherMb = MAPPING_FUNCTIONS.matcher.memoryMb / 2;

console.log(
  `bench:mapping-scale: ${SCALE_SUPPLIERS.length} suppliers × ${size.toLocaleString('en')} properties (${world.hotels.toLocaleString('en')} hotels), ${workers} worker threads, work in ${directory}`,
);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores (other processes share them: the figures below are slower than a quiet machine's)`,
);

const servers = await startScaleSuppliers(world);
const pool = new MappingWorkerPool(
  { kind: 'bench', path: directory, suppliers: servers.map((s) => ({ supplierId: s.supplierId, endpoint: s.endpoint })) },
  workers,
  {
    // Half the matcher function's memory, less the runtime: a partition needing more fails here as it would there.
    maxOldGenerationSizeMb: halfMatcherMb - RUNTIME_MB,
    observe: (fn, event, ms, heapMb, result) => {
      const e = event as { stage: string; item?: { name?: string; supplierId?: string; slice?: number } };
      const item = e.item?.name ?? (e.item?.supplierId ? `${e.item.supplierId}.${e.item.slice}` : undefined);
      calls.push({ fn, stage: e.stage, ...(item ? { item } : {}), ms, heapMb, result });
    },
  },
);
const call = (fn: MappingFunction, event: unknown) => pool.call(fn, event);

try {
  const full = await measuredRun('first run (full)', { reason: 'deploy' });
  world.showChanges = true;
  const daily = await measuredRun(`daily run (${(changedShare * 100).toFixed(1)} % of hotels changed)`, { reason: 'schedule' });
  console.log('\nGoals (projected on AWS):');
  console.log(
    `  3 × 1,000,000 mapped in ≤ 15 min: ${verdict(full.projectedMs <= 15 * 60_000 && size >= 1_000_000, `${minutes(full.projectedMs)} for 3 × ${size.toLocaleString('en')}`)}`,
  );
  console.log(
    `  no partition over half its function's memory (${halfMatcherMb} MB) or time (${MAPPING_FUNCTIONS.matcher.timeoutSeconds / 2} s): ${verdict(full.partitionsWithin, `most memory ${full.mostPartitionMb} MB, longest ${seconds(full.longestPartitionMs)}`)}`,
  );
  console.log(
    `  incremental run with ${(changedShare * 100).toFixed(1)} % changed in ≤ 2 min: ${verdict(daily.projectedMs <= 2 * 60_000, minutes(daily.projectedMs))}`,
  );
  console.log(
    `load average at the end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await pool.close();
  await Promise.all(servers.map((s) => s.close()));
  if (!args.has('keep')) rmSync(directory, { recursive: true, force: true });
}

async function measuredRun(title: string, request: RunRequest) {
  calls = [];
  const writesBefore = new Set(await objects.list('bench-map/writes/'));
  const counters = (await pool.counters()) as { puts: number; gets: number; lists: number }[];
  const started = performance.now();
  const stageMs = new Map<string, number>();
  const report: RunReport = await runMappingWorkflow(request, {
    call,
    objects,
    concurrency: pool.size,
    onStage: (stage, ms) => stageMs.set(stage, ms),
  });
  const wallMs = performance.now() - started;
  const after = (await pool.counters()) as { puts: number; gets: number; lists: number }[];
  const requests = { puts: 0, gets: 0, lists: 0 };
  after.forEach((c, i) => {
    requests.puts += c.puts - (counters[i]?.puts ?? 0);
    requests.gets += c.gets - (counters[i]?.gets ?? 0);
    requests.lists += c.lists - (counters[i]?.lists ?? 0);
  });
  const writes = (await objects.list('bench-map/writes/')).filter((key) => !writesBefore.has(key));
  const written = (await mapLimit(writes, 16, (key) => getJson(objects, key))) as {
    stage?: string;
    properties: number;
    items: number;
    writeUnits: number;
    readUnits?: number;
  }[];
  const zero = { properties: 0, items: 0, writeUnits: 0, readUnits: 0 };
  const dynamo = written.reduce<typeof zero>(
    (sum, w) => ({
      properties: sum.properties + w.properties,
      items: sum.items + w.items,
      writeUnits: sum.writeUnits + w.writeUnits,
      readUnits: sum.readUnits + (w.readUnits ?? 0),
    }),
    zero,
  );

  // The items the Write stage's calls put, spread over them by the properties each unified (the store reads
  // every one's stored hash and writes only those that changed).
  const writeCalls = calls.filter((c) => c.stage === 'Write');
  const unified = writeCalls.reduce((sum, c) => sum + propertiesOf(c), 0);
  const writeItems = written.filter((w) => w.stage === 'Write').reduce((sum, w) => sum + w.items, 0);
  const itemsPerProperty = unified > 0 ? writeItems / unified : 0;
  const awsMs = (c: Call) => (c.stage === 'Write' ? c.ms + dynamoMs(propertiesOf(c), itemsPerProperty) : c.ms);

  console.log(`\n== ${title}: ${report.status}, ${minutes(wallMs)} here ==`);
  console.log(
    `read: ${Object.entries(report.read)
      .map(([id, n]) => `${id} ${n.toLocaleString('en')}`)
      .join(
        ', ',
      )}; properties ${report.settle?.properties.toLocaleString('en') ?? 0} (${report.settle?.shared.toLocaleString('en') ?? 0} shared), written ${report.written.toLocaleString('en')}`,
  );
  console.log('stage          items   here (wall)   per item p50 / max      AWS (projected)');
  let projectedMs = 0;
  let projectedWithPagesMs = 0;
  let gbSeconds = 0;
  let lambdaRequests = 0;
  let transitions = 12;
  for (const stage of MAPPING_STAGES) {
    const of = calls.filter((c) => c.stage === stage.name);
    if (of.length === 0) continue;
    const memoryGb = MAPPING_FUNCTIONS[stage.fn].memoryMb / 1024;
    gbSeconds += of.reduce((sum, c) => sum + (c.ms / 1000) * memoryGb, 0);
    lambdaRequests += of.length;
    // Each item as a Distributed Map child does it: a read slice is its segments one after another.
    const items = new Map<string, number[]>();
    for (const c of of) items.set(c.item ?? stage.name, [...(items.get(c.item ?? stage.name) ?? []), awsMs(c)]);
    const durations = [...items.values()].map(
      (segments) => segments.reduce((a, b) => a + b, 0) + segments.length * (stage.kind === 'map' ? CHILD_OVERHEAD_MS : TASK_OVERHEAD_MS),
    );
    const withPages = [...items.entries()].map(
      ([, segments], index) => durations[index]! + pagesMs(of, [...items.keys()][index]!, segments.length),
    );
    transitions += of.length * 2 + (stage.kind === 'map' ? items.size * 2 : 0);
    const lanes = stage.kind === 'map' ? concurrencyOf(stage.name) : 1;
    const stageProjected = (stage.kind === 'map' ? MAP_START_MS : 0) + makespan(durations, lanes);
    projectedMs += stageProjected;
    projectedWithPagesMs += (stage.kind === 'map' ? MAP_START_MS : 0) + makespan(stage.name === 'Read' ? withPages : durations, lanes);
    const per = of.map((c) => c.ms).sort((a, b) => a - b);
    console.log(
      `${stage.name.padEnd(13)} ${String(items.size).padStart(6)}   ${seconds(stageMs.get(stage.name) ?? per.reduce((a, b) => a + b, 0)).padStart(11)}   ${seconds(per[Math.floor(per.length / 2)]!).padStart(9)} / ${seconds(per.at(-1)!).padEnd(9)}   ${seconds(stageProjected).padStart(9)} at ${lanes} at once`,
    );
  }

  const matches = calls
    .filter((c) => c.stage === 'Match')
    .map((c) => ({ call: c, stats: c.result as PartitionStats & { carried: boolean } }));
  const matched = matches.filter((m) => !m.stats.carried);
  const partitionsWithin = matches.every(
    (m) => m.call.heapMb + RUNTIME_MB <= halfMatcherMb && m.call.ms <= (MAPPING_FUNCTIONS.matcher.timeoutSeconds * 1000) / 2,
  );
  const largest = [...matches].sort(
    (a, b) => b.stats.home + b.stats.halo + b.stats.guests - (a.stats.home + a.stats.halo + a.stats.guests),
  )[0];
  if (matched.length > 0) {
    const rates = matched.map((m) => ((m.stats.home + m.stats.halo + m.stats.guests) * 1000) / m.call.ms).sort((a, b) => a - b);
    const heaps = matches.map((m) => m.call.heapMb).sort((a, b) => a - b);
    console.log(
      `partitions: ${matches.length} (${matched.length} matched, ${matches.length - matched.length} unchanged); properties matched per second per partition p10 ${Math.round(rates[Math.floor(rates.length / 10)]!).toLocaleString('en')}, p50 ${Math.round(rates[Math.floor(rates.length / 2)]!).toLocaleString('en')}, max ${Math.round(rates.at(-1)!).toLocaleString('en')}`,
    );
    console.log(
      `heap per partition (worker, after its match; the function holds ~${RUNTIME_MB} MB more): p50 ${heaps[Math.floor(heaps.length / 2)]} MB, max ${heaps.at(-1)} MB of ${halfMatcherMb} MB (half of ${MAPPING_FUNCTIONS.matcher.memoryMb} MB)`,
    );
  } else console.log(`partitions: ${matches.length}, every one unchanged and carried over`);
  if (largest)
    console.log(
      `largest partition: ${largest.call.item} with ${largest.stats.home.toLocaleString('en')} own properties, ${largest.stats.halo.toLocaleString('en')} halo, ${largest.stats.guests.toLocaleString('en')} guests, ${largest.stats.candidatePairs.toLocaleString('en')} candidate pairs: ${seconds(largest.call.ms)}, heap ${largest.call.heapMb} MB`,
    );
  const settle = calls.find((c) => c.stage === 'Settle');
  if (settle)
    console.log(
      `settle (the one step over every id, a partition at a time): ${seconds(settle.ms)}, heap ${settle.heapMb} MB of ${halfMatcherMb} MB (half of ${MAPPING_FUNCTIONS.matcher.memoryMb} MB); ${(settle.result as { contestedClusters?: number } | undefined)?.contestedClusters?.toLocaleString('en') ?? '?'} clusters contended for an id`,
    );

  // The ids refs hold (Match, partitions matched again) and the stored hashes (Write): half a read unit per item.
  const readUnits =
    calls
      .filter((c) => c.stage === 'Match' && !(c.result as { carried?: boolean }).carried)
      .reduce((sum, c) => sum + (c.result as PartitionStats).home, 0) /
      2 +
    dynamo.readUnits;
  const cost = {
    lambda: gbSeconds * PRICE.lambdaGbSecond + lambdaRequests * PRICE.lambdaRequest,
    stepFunctions: transitions * PRICE.transition,
    s3: requests.puts * PRICE.s3Put + (requests.gets + requests.lists) * PRICE.s3Get,
    dynamodb: dynamo.writeUnits * PRICE.writeUnit + readUnits * PRICE.readUnit,
  };
  const total = Object.values(cost).reduce((a, b) => a + b, 0);
  console.log(
    `AWS projection: ${minutes(projectedMs)} wall at the ASL's MaxConcurrency (${minutes(projectedWithPagesMs)} with real suppliers answering a page in ${SUPPLIER_PAGE_MS} ms); cost $${total.toFixed(2)} = Lambda $${cost.lambda.toFixed(2)} (${Math.round(gbSeconds).toLocaleString('en')} GB-s) + Step Functions $${cost.stepFunctions.toFixed(2)} (${transitions.toLocaleString('en')} transitions) + S3 $${cost.s3.toFixed(2)} (${requests.puts.toLocaleString('en')} PUT, ${(requests.gets + requests.lists).toLocaleString('en')} GET/LIST) + DynamoDB $${cost.dynamodb.toFixed(2)} (${dynamo.properties.toLocaleString('en')} properties changed: ${dynamo.items.toLocaleString('en')} items, ${dynamo.writeUnits.toLocaleString('en')} write units; ${Math.round(readUnits).toLocaleString('en')} read units)`,
  );
  return {
    projectedMs: projectedWithPagesMs,
    partitionsWithin,
    // The most any partition held (the largest by properties is not always the one), as its function would.
    mostPartitionMb: Math.max(0, ...matches.map((m) => m.call.heapMb)) + RUNTIME_MB,
    longestPartitionMs: Math.max(0, ...matches.map((m) => m.call.ms)),
  };
}

function propertiesOf(c: Call): number {
  return (c.result as { properties?: number } | undefined)?.properties ?? 0;
}

/** The DynamoDB time of a Write call on AWS, beside what it took here: every property's stored hash read, the changed written. */
function dynamoMs(properties: number, itemsPerProperty: number): number {
  return (properties / DYNAMO_KEYS_READ_PER_SECOND + (properties * itemsPerProperty) / DYNAMO_ITEMS_PER_SECOND) * 1000;
}

/** The read time real suppliers would add to a slice: its pages at SUPPLIER_PAGE_MS. */
function pagesMs(of: readonly Call[], item: string, _segments: number): number {
  const read = of.filter((c) => c.item === item).reduce((sum, c) => sum + ((c.result as ReadResult | undefined)?.read ?? 0), 0);
  const supplier = item.split('.')[0]!;
  return Math.ceil(read / (PAGE_SIZE[supplier] ?? 500)) * SUPPLIER_PAGE_MS;
}

/** Items dispatched in order to `lanes` lanes, each to the first free one: when the last ends. */
function makespan(durations: readonly number[], lanes: number): number {
  const free = new Array<number>(Math.max(1, lanes)).fill(0);
  for (const duration of durations) {
    let at = 0;
    for (let i = 1; i < free.length; i += 1) if (free[i]! < free[at]!) at = i;
    free[at]! += duration;
  }
  return Math.max(...free);
}

function verdict(ok: boolean, figure: string): string {
  return `${ok ? 'met' : 'NOT met'} (${figure})`;
}
function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
function minutes(ms: number): string {
  return ms >= 60_000 ? `${(ms / 60_000).toFixed(1)} min` : seconds(ms);
}
