/**
 * The one test that bundles for real (esbuild from node_modules, as `cdk synth` does) and then loads each
 * bundle in a fresh Node process the way Lambda would: an ES module whose `handler` export must exist. A
 * missing entry file, an unresolvable import, a CommonJS dependency that breaks under ESM, or a configuration
 * its stack's environment does not satisfy fails here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_PATH } from '../../bin/destinations/compile-catalogue.js';
import { ESM_REQUIRE_BANNER } from '../../lib/hotel-function.js';
import { PLACE_NAMES_PATH } from '../../bin/destinations/place-names.js';
import { repositoryPath } from '../../lib/project-paths.js';
import { deployedEnvironment } from './deployed-values.js';
import { synthesize, type Synthesis } from './synthesize.js';
import { resourcesOfType } from './template-queries.js';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = synthesize({ bundle: true });
}, 180_000);
afterAll(() => synthesis?.cleanUp());

/** Our bundled functions (handler index.handler); the provider framework ships CDK's own code. */
function bundledFunctions(): { id: string; bundle: string; environment: Record<string, string> }[] {
  return (
    Object.entries(resourcesOfType(synthesis.template, 'AWS::Lambda::Function'))
      // CDK's AwsCustomResource singleton is also index.handler, but ships CDK's code and no environment.
      .filter(([, resource]) => resource.Properties.Handler === 'index.handler' && resource.Properties.Environment !== undefined)
      .map(([id, resource]) => {
        const key = String((resource.Properties.Code as { S3Key: unknown }).S3Key);
        const hash = key.replace(/\.zip$/, '');
        // Table names and ARNs are CloudFormation references here, resolved as it resolves them: an entry parses
        // its configuration as it loads, and a value of the wrong shape fails it.
        const environment = deployedEnvironment(synthesis.template, synthesis.stack.stackName, id);
        return { id, bundle: join(synthesis.assembly.directory, `asset.${hash}`, 'index.mjs'), environment };
      })
  );
}

describe('function bundles', () => {
  it('are ES modules with the require shim and a source map, one per function', () => {
    const bundles = bundledFunctions();
    const sandboxSuppliers = synthesis.stack.sandboxSuppliers?.suppliers.length ?? 0;
    expect(sandboxSuppliers).toBeGreaterThan(0);
    expect(bundles).toHaveLength(14 + sandboxSuppliers);
    for (const { id, bundle } of bundles) {
      expect(existsSync(bundle), id).toBe(true);
      expect(existsSync(`${bundle}.map`), id).toBe(true);
      expect(readFileSync(bundle, 'utf8').startsWith(ESM_REQUIRE_BANNER), id).toBe(true);
    }
  });

  it('carry the voucher fonts where the functions that render vouchers look for them', () => {
    const renderers = bundledFunctions().filter((f) => f.environment.VOUCHER_FONT_DIR !== undefined);
    // The vouchers group only: it serves the voucher route and issues each voucher the booking function hands over.
    expect(renderers.map((r) => r.id)).toEqual([expect.stringMatching(/Vouchers/)]);
    for (const { id, bundle, environment } of renderers) {
      expect(environment.VOUCHER_FONT_DIR, id).toBe('/var/task/fonts');
      for (const font of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'])
        expect(existsSync(join(bundle, '..', 'fonts', font)), `${id} ${font}`).toBe(true);
    }
  });

  it('carry the destination catalogue beside every bundle that reads it, and only those', () => {
    const readers = bundledFunctions().filter(({ bundle }) => readFileSync(bundle, 'utf8').includes('./catalogue.json'));
    // Search resolves destinations, Docs lists them, the mapping job and the sandbox suppliers place hotels in cities.
    expect(readers.map((r) => r.id)).toEqual(
      expect.arrayContaining([expect.stringMatching(/Search/), expect.stringMatching(/Docs/), expect.stringMatching(/PropertyMapping/)]),
    );
    for (const { id, bundle } of bundledFunctions()) {
      const beside = join(bundle, '..', 'catalogue.json');
      expect(existsSync(beside), id).toBe(readers.some((r) => r.id === id));
      if (existsSync(beside)) expect(readFileSync(beside, 'utf8'), id).toBe(readFileSync(repositoryPath(CATALOGUE_PATH), 'utf8'));
    }
  });

  it("carry the type-ahead's place names beside the search bundle, and only there", () => {
    const readers = bundledFunctions().filter(({ bundle }) => readFileSync(bundle, 'utf8').includes('./place-names.json'));
    expect(readers.map((r) => r.id)).toEqual([expect.stringMatching(/Search/)]);
    for (const { id, bundle } of bundledFunctions()) {
      const beside = join(bundle, '..', 'place-names.json');
      expect(existsSync(beside), id).toBe(readers.some((r) => r.id === id));
      if (existsSync(beside)) expect(readFileSync(beside, 'utf8'), id).toBe(readFileSync(repositoryPath(PLACE_NAMES_PATH), 'utf8'));
    }
  });

  it('load in Node and export a handler function', () => {
    for (const { id, bundle, environment } of bundledFunctions()) {
      const script = `const m = await import(${JSON.stringify(pathToFileURL(bundle).href)}); if (typeof m.handler !== 'function') { console.error('no handler export'); process.exit(3); }`;
      const result = spawnSync(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', script], {
        env: {
          PATH: process.env.PATH,
          ...environment,
          AWS_REGION: 'eu-west-1',
          AWS_ACCESS_KEY_ID: 'bundle-test',
          AWS_SECRET_ACCESS_KEY: 'bundle-test',
          POWERTOOLS_METRICS_DISABLED: 'true',
          POWERTOOLS_TRACE_ENABLED: 'false',
          POWERTOOLS_LOG_LEVEL: 'SILENT',
        },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect({ id, status: result.status, stderr: result.stderr.slice(0, 2000) }).toEqual({ id, status: 0, stderr: '' });
    }
  });
});

describe('the PDF renderer', () => {
  it('is bundled into the vouchers function and no other', () => {
    const withRenderer = bundledFunctions()
      .filter(({ bundle }) => readFileSync(bundle, 'utf8').includes('fontkit'))
      .map((f) => f.id);
    expect(withRenderer).toEqual([expect.stringMatching(/Vouchers/)]);
  });
});
