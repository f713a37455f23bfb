/**
 * What X-Ray costs at a cold start, measured the way bench:cold-start measures a function: three floors
 * bundled as CDK bundles (esbuild, ESM, minified, the require shim), imported in turn in fresh processes so
 * they see the same machine. The difference between the first two is what the tracer (and the X-Ray SDK it
 * loads at import) adds to every function; the third is the floor the goals are set against.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ESM_REQUIRE_BANNER } from '../../lib/hotel-function.js';
import { repositoryPath } from '../../lib/project-paths.js';

const FLOORS = [
  [
    'Powertools logger and metrics, no tracer',
    "export { Logger } from '@aws-lambda-powertools/logger'; export { Metrics } from '@aws-lambda-powertools/metrics'; import { Logger } from '@aws-lambda-powertools/logger'; import { Metrics } from '@aws-lambda-powertools/metrics'; export const l = new Logger(); export const m = new Metrics({ namespace: 'x' });",
  ],
  ['the same and the tracer (X-Ray SDK)', "export * from './functions/shared/observability.js';"],
  ['the same and the DynamoDB document client (the floor)', "export * from './functions/shared/dynamodb.js';"],
] as const;

export async function printXrayFloors(directory: string, runs: number): Promise<void> {
  const bundles = await Promise.all(
    FLOORS.map(async ([, source], index) => {
      const outfile = join(directory, `xray-floor-${index}`, 'index.mjs');
      await build({
        stdin: { contents: source, resolveDir: repositoryPath('.'), loader: 'ts' },
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node24',
        mainFields: ['module', 'main'],
        minify: true,
        charset: 'utf8',
        legalComments: 'external',
        banner: { js: ESM_REQUIRE_BANNER },
        outfile,
        logLevel: 'error',
      });
      return outfile;
    }),
  );
  const script = (bundle: string) =>
    `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(bundle).href)}); process.stdout.write(String(performance.now() - t));`;
  const times: number[][] = bundles.map(() => []);
  for (let run = 0; run < runs; run++) {
    bundles.forEach((bundle, index) => {
      times[index]!.push(
        Number(
          execFileSync(process.execPath, ['--input-type=module', '-e', script(bundle)], {
            env: { ...process.env, AWS_REGION: 'us-east-1', POWERTOOLS_SERVICE_NAME: 'bench' },
            encoding: 'utf8',
          }),
        ),
      );
    });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(`\nWhat X-Ray costs at init (${runs} runs each, in turn):`);
  FLOORS.forEach(([what], index) => {
    console.log(
      `  ${what.padEnd(56)} ${statSync(bundles[index]!).size.toLocaleString('en').padStart(10)} bytes ${median(times[index]!).toFixed(1).padStart(8)} ms median`,
    );
  });
  const tracer = median(times[1]!) - median(times[0]!);
  console.log(
    `  the tracer adds ${tracer.toFixed(1)} ms to every function's init, ${((tracer / median(times[2]!)) * 100).toFixed(0)}% of the floor`,
  );
}
