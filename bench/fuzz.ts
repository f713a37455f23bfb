/**
 * `npm run fuzz -- --runs N [--seed S] [--route id] [--concurrency C]`: the hostile-input properties of
 * test/e2e/hostile-input.test.ts, as many requests per route as asked. Starts its own local host (DynamoDB
 * Local, sandbox suppliers at no latency, throttling raised so no answer is a 429 of the usage plan), then
 * per route runs C property runs side by side, seeds S, S+1, ... (each reproducible alone with
 * FUZZ_SEED=<seed> FUZZ_RUNS=<runs> in the test), checks the service still serves, and prints
 * route | requests | 2xx | 4xx | 5xx | time. Exits non-zero if any request got a 5xx or a property failed,
 * printing fast-check's report (seed, path, the smallest failing request).
 */
import fc from 'fast-check';
import { parseArgs } from 'node:util';

const USAGE = `usage: npm run fuzz -- [--runs N] [--seed S] [--route id]... [--concurrency C]

Hostile input against every route with a body, a query or a form, on a local host of its own; prints
route | requests | 2xx | 4xx | 5xx | time.

  --runs N         requests per route (default 1000)
  --seed S         the first seed (default FUZZ_SEED or 20261124); runs side by side take S, S+1, ...
  --route id       only this route (repeatable); an unknown id lists the routes
  --concurrency C  property runs side by side per route (default 4)

Exit codes: 0 no 5xx and every property held, 1 a 5xx, a failed property or the run failed, 2 usage.`;

const parsed = (() => {
  try {
    return parseArgs({
      options: {
        runs: { type: 'string', default: '1000' },
        seed: { type: 'string', default: process.env.FUZZ_SEED ?? '20261124' },
        route: { type: 'string', multiple: true },
        concurrency: { type: 'string', default: '4' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
})();
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const args = parsed.values;
const RUNS = Number(args.runs);
const SEED = Number(args.seed);
const CONCURRENCY = Math.max(1, Number(args.concurrency));

// Request logs and metrics would drown the figures (a 5xx still logs). Set before the handler modules load:
// Powertools reads its settings then, so everything that imports them is imported after this.
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
const { NO_LATENCY } = await import('../sandbox/latency.js');
const { startLocalHost } = await import('../local/host.js');
const { startFuzzSession } = await import('../test/support/fuzz/fuzz-session.js');

const host = await startLocalHost({
  port: 0,
  tablePrefix: `fuzz${Date.now()}`,
  supplierLatency: NO_LATENCY,
  mapProperties: false,
  throttling: { stage: { ratePerSecond: 1e6, burst: 1e6 }, perClient: { ratePerSecond: 1e6, burst: 1e6 } },
});
const failures: string[] = [];
const rows: string[][] = [];
const started = performance.now();
try {
  const session = await startFuzzSession(host);
  const targets = session.targets.filter((t) => !args.route?.length || args.route.includes(t.id) || args.route.includes(t.route.id));
  if (targets.length === 0)
    throw new Error(`no route matches ${args.route?.join(', ')}; routes: ${session.targets.map((t) => t.id).join(', ')}`);
  for (const target of targets) {
    const routeStarted = performance.now();
    const shares = Array.from({ length: CONCURRENCY }, (_, i) => Math.floor(RUNS / CONCURRENCY) + (i < RUNS % CONCURRENCY ? 1 : 0)).filter(
      (n) => n > 0,
    );
    const details = await Promise.all(shares.map((numRuns, i) => fc.check(session.property(target), { seed: SEED + i, numRuns })));
    for (const detail of details) if (detail.failed) failures.push(`${target.id}:\n${fc.defaultReportMessage(detail)}`);
    try {
      await session.stillServing();
    } catch (error) {
      failures.push(`${target.id}: ${(error as Error).message}`);
    }
    const seconds = (performance.now() - routeStarted) / 1000;
    const t = session.tally.get(target.id)!;
    rows.push([
      target.id,
      target.kind,
      String(t.requests),
      String(t.ok2xx),
      String(t.client4xx),
      String(t.server5xx),
      String(t.planned501),
      String(t.accepted),
      seconds.toFixed(1),
      (t.requests / seconds).toFixed(0),
    ]);
    console.log(`${target.id}: ${t.requests} requests, ${t.server5xx} 5xx, ${seconds.toFixed(1)} s`);
  }
} finally {
  await host.stop();
}

const header = ['route', 'input', 'requests', '2xx', '4xx', '5xx', '501 planned', 'schema-valid', 'seconds', 'req/s'];
const total = (i: number) => String(rows.reduce((sum, row) => sum + Number(row[i]), 0));
const all = [
  header,
  ...rows,
  ['all', '', total(2), total(3), total(4), total(5), total(6), total(7), ((performance.now() - started) / 1000).toFixed(1), ''],
];
const widths = header.map((_, i) => Math.max(...all.map((row) => row[i]!.length)));
console.log(
  `\nnpm run fuzz on Node ${process.version}, ${new Date().toISOString()}: ${RUNS} runs per route, seeds ${SEED}..${SEED + CONCURRENCY - 1}, ${CONCURRENCY} side by side`,
);
for (const [i, row] of all.entries()) {
  console.log(`| ${row.map((cell, c) => (c === 0 || c === 1 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`);
  if (i === 0) console.log(`| ${widths.map((w, c) => (c < 2 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`);
}
if (failures.length > 0) {
  console.error(`\n${failures.length} propert${failures.length === 1 ? 'y' : 'ies'} failed:\n\n${failures.join('\n\n')}`);
  process.exitCode = 1;
} else if (rows.some((row) => row[5] !== '0')) {
  process.exitCode = 1;
}
