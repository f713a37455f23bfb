/**
 * `npm run bench:cold-start`: the bundles CDK deploys, as a `cdk synth` builds them (esbuild, locally), and
 * how long each takes to load: every function's bundle is imported BENCH_RUNS times (default 11), each time
 * in a fresh Node process of the project's runtime, with the environment CDK gives it (table names and ARNs
 * stand in as placeholders: nothing is called at import). Prints function, bundle bytes, median and p95
 * module init. Goal (issue 15): every bundle ≤ 1 MB and init ≤ 60 ms on this machine. Then the floors:
 * Powertools alone, and with the DynamoDB client, bundled and timed the same way. Asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ESM_REQUIRE_BANNER } from '../lib/hotel-function.js';
import { repositoryPath } from '../lib/project-paths.js';
import { synthesize } from '../test/infra/synthesize.js';
import { resourcesOfType } from '../test/infra/template-queries.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 11);
const GOAL_BYTES = 1_000_000;
const GOAL_MS = 60;

const synthesis = synthesize({ bundle: true });
try {
  const functions = Object.entries(resourcesOfType(synthesis.template, 'AWS::Lambda::Function'))
    .filter(([, resource]) => resource.Properties.Handler === 'index.handler' && resource.Properties.Environment !== undefined)
    .map(([id, resource]) => {
      const hash = String((resource.Properties.Code as { S3Key: unknown }).S3Key).replace(/\.zip$/, '');
      const variables = (resource.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      const environment = Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, typeof v === 'string' ? v : `placeholder-${k}`]));
      return { name: id.replace(/[0-9A-F]{8}$/, ''), bundle: join(synthesis.assembly.directory, `asset.${hash}`, 'index.mjs'), environment };
    });

  const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
  // The import is timed inside the fresh process, so process start-up is not counted: module init only.
  const script = (bundle: string) =>
    `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(bundle).href)}); process.stdout.write(String(performance.now() - t));`;

  console.log(`\nbench:cold-start on Node ${process.version}, ${new Date().toISOString()}: ${functions.length} functions, ${RUNS} fresh imports each`);
  console.log(`${'function'.padEnd(58)} ${'bytes'.padStart(10)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)}`);
  let met = 0;
  for (const { name, bundle, environment } of functions.sort((a, b) => statSync(b.bundle).size - statSync(a.bundle).size)) {
    const bytes = statSync(bundle).size;
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script(bundle)], { env: { ...process.env, ...environment, AWS_REGION: 'us-east-1' }, encoding: 'utf8' });
      times.push(Number(out));
    }
    const median = percentile(times, 50);
    if (bytes <= GOAL_BYTES && median <= GOAL_MS) met++;
    console.log(`${name.padEnd(58)} ${bytes.toLocaleString('en').padStart(10)} ${median.toFixed(1).padStart(10)} ${percentile(times, 95).toFixed(1).padStart(8)}`);
  }
  console.log(`${met} of ${functions.length} within the goal (≤ ${GOAL_BYTES.toLocaleString('en')} bytes and ≤ ${GOAL_MS} ms median init)`);

  // The floor: what any function that reads a table loads before a line of ours runs, bundled the way CDK
  // bundles (esbuild, ESM, minified, the require shim).
  console.log('\nfloors, bundled the same way:');
  for (const [what, source] of [
    ['Powertools logger, metrics and tracer (X-Ray SDK)', "export * from './functions/shared/observability.js';"],
    ['the same and the DynamoDB document client', "export * from './functions/shared/dynamodb.js';"],
  ] as const) {
    const out = join(synthesis.assembly.directory, `floor-${what.length}`, 'index.mjs');
    await build({ stdin: { contents: source, resolveDir: repositoryPath('.'), loader: 'ts' }, bundle: true, platform: 'node', format: 'esm', target: 'node24', mainFields: ['module', 'main'], minify: true, banner: { js: ESM_REQUIRE_BANNER }, outfile: out, logLevel: 'error' });
    const times = Array.from({ length: RUNS }, () => Number(execFileSync(process.execPath, ['--input-type=module', '-e', script(out)], { env: { ...process.env, AWS_REGION: 'us-east-1' }, encoding: 'utf8' })));
    console.log(`  ${what.padEnd(56)} ${statSync(out).size.toLocaleString('en').padStart(10)} ${percentile(times, 50).toFixed(1).padStart(10)} ${percentile(times, 95).toFixed(1).padStart(8)}`);
  }
} finally {
  synthesis.cleanUp();
}
