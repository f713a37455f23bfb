/**
 * `npm run bench:cold-start`: the bundles CDK deploys, as a `cdk synth` builds them (esbuild, locally), and
 * how long each takes to load. Every function's bundle is imported BENCH_RUNS times (default 11), each time
 * in a fresh Node process of the project's runtime, with the environment CDK gives it (table names and ARNs
 * as CloudFormation would resolve them: the entry parses its configuration as it loads, nothing is called). The floor (Powertools logger, metrics and tracer
 * with the X-Ray SDK, and the DynamoDB document client, bundled the same way) is imported in turn with each
 * function's runs, so the two figures beside each other saw the same machine: this one is shared, and only
 * the ratio means much.
 *
 * Goals (issue 30): every function's median init ≤ 1.3× the floor beside it (Search ≤ 1.5×), every bundle
 * ≤ 1 MiB but the voucher renderer's. Prints each goal met, or the gap with its cause: the packages the
 * bundle is made of, from the source map that ships beside it. Then what the X-Ray tracer adds to every
 * function's init (bench/support/xray-floors.ts). Asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ESM_REQUIRE_BANNER } from '../lib/hotel-function.js';
import { repositoryPath } from '../lib/project-paths.js';
import { synthesize } from '../test/infra/synthesize.js';
import { deployedEnvironment } from '../test/infra/deployed-values.js';
import { resourcesOfType } from '../test/infra/template-queries.js';
import { bundleComposition } from './support/bundle-composition.js';
import { printXrayFloors } from './support/xray-floors.js';
import { answerHelp } from '../bin/cli-help.js';

answerHelp(`usage: npm run bench:cold-start

Every function's bundle from a local cdk synth: bytes and module init beside the floor's, BENCH_RUNS
times each (default 11). Nothing is asserted.

Exit codes: 0 figures printed, 1 the benchmark failed.`);

const RUNS = Number(process.env.BENCH_RUNS ?? 11);
const MIB = 1024 * 1024;
const RATIO_GOAL = 1.3;
/** Search's own goal: it carries the destination catalogue and the matcher's transliteration. */
const RATIO_GOALS: Readonly<Record<string, number>> = { FunctionsSearchFunction: 1.5 };
/** The voucher renderer is pdf-lib, fontkit and their tables: its own function so no other loads it. */
const SIZE_EXEMPT = new Set(['FunctionsVouchersFunction']);

const synthesis = synthesize({ bundle: true });
try {
  const functions = Object.entries(resourcesOfType(synthesis.template, 'AWS::Lambda::Function'))
    .filter(([, resource]) => resource.Properties.Handler === 'index.handler' && resource.Properties.Environment !== undefined)
    .map(([id, resource]) => {
      const hash = String((resource.Properties.Code as { S3Key: unknown }).S3Key).replace(/\.zip$/, '');
      // Each entry parses its configuration as it loads: references resolved as CloudFormation resolves them.
      const environment = deployedEnvironment(synthesis.template, synthesis.stack.stackName, id);
      return {
        name: id.replace(/[0-9A-F]{8}$/, ''),
        bundle: join(synthesis.assembly.directory, `asset.${hash}`, 'index.mjs'),
        environment,
      };
    });

  const percentile = (values: number[], p: number) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
  // The import is timed inside the fresh process, so process start-up is not counted: module init only.
  const script = (bundle: string) =>
    `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(bundle).href)}); process.stdout.write(String(performance.now() - t));`;
  const importOnce = (bundle: string, environment: Record<string, string> = {}) =>
    Number(
      execFileSync(process.execPath, ['--input-type=module', '-e', script(bundle)], {
        env: { ...process.env, ...environment, AWS_REGION: 'us-east-1' },
        encoding: 'utf8',
      }),
    );

  // The floor: what any function that reads a table loads before a line of ours runs, bundled the way CDK
  // bundles (esbuild, ESM, minified, the require shim).
  const floor = join(synthesis.assembly.directory, 'floor', 'index.mjs');
  await build({
    stdin: { contents: "export * from './functions/shared/dynamodb.js';", resolveDir: repositoryPath('.'), loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    mainFields: ['module', 'main'],
    minify: true,
    charset: 'utf8',
    legalComments: 'external',
    banner: { js: ESM_REQUIRE_BANNER },
    outfile: floor,
    logLevel: 'error',
  });

  console.log(
    `\nbench:cold-start on Node ${process.version}, ${new Date().toISOString()}: ${functions.length} functions, ${RUNS} fresh imports each, each run beside one of the floor`,
  );
  console.log(
    `floor: Powertools logger, metrics, tracer (X-Ray SDK) and the DynamoDB document client, ${statSync(floor).size.toLocaleString('en')} bytes`,
  );
  console.log(
    `${'function'.padEnd(44)} ${'bytes'.padStart(10)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)} ${'floor ms'.padStart(9)} ${'ratio'.padStart(6)}  goals`,
  );
  const gaps: string[] = [];
  let met = 0;
  for (const { name, bundle, environment } of functions.sort((a, b) => statSync(b.bundle).size - statSync(a.bundle).size)) {
    const bytes = statSync(bundle).size;
    const times: number[] = [];
    const floors: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      floors.push(importOnce(floor));
      times.push(importOnce(bundle, environment));
    }
    const median = percentile(times, 50);
    const floorMedian = percentile(floors, 50);
    const ratio = median / floorMedian;
    const ratioGoal = RATIO_GOALS[name] ?? RATIO_GOAL;
    const initMet = ratio <= ratioGoal;
    const sizeMet = bytes <= MIB || SIZE_EXEMPT.has(name);
    if (initMet && sizeMet) met++;
    const verdict = `${initMet ? 'init met' : `init ${ratio.toFixed(2)}× > ${ratioGoal}×`}, ${sizeMet ? (bytes <= MIB ? 'size met' : 'size exempt') : `${((bytes - MIB) / 1024).toFixed(0)} KiB over 1 MiB`}`;
    console.log(
      `${name.padEnd(44)} ${bytes.toLocaleString('en').padStart(10)} ${median.toFixed(1).padStart(10)} ${percentile(times, 95).toFixed(1).padStart(8)} ${floorMedian.toFixed(1).padStart(9)} ${ratio.toFixed(2).padStart(6)}  ${verdict}`,
    );
    if (!initMet || !sizeMet) {
      const parts = bundleComposition(bundle)
        .slice(0, 5)
        .map(([part, size]) => `${part} ${(size / 1024).toFixed(0)} KiB`);
      gaps.push(`  ${name}: ${verdict}; the bundle is mostly ${parts.join(', ')}`);
    }
  }
  console.log(
    `\n${met} of ${functions.length} functions meet both goals (median init ≤ ${RATIO_GOAL}× the floor beside it, Search ≤ ${RATIO_GOALS.FunctionsSearchFunction}×; bundle ≤ 1 MiB but the voucher renderer's)`,
  );
  if (gaps.length > 0) console.log(`Gaps, with what each bundle carries (from its source map):\n${gaps.join('\n')}`);
  await printXrayFloors(synthesis.assembly.directory, RUNS);
} finally {
  synthesis.cleanUp();
}
