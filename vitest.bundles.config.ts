/**
 * The end-to-end suite against the bundles `cdk synth` builds, what Lambda runs (`npm run test:bundles`,
 * run by CI after `npm test`): global setup synthesizes once (E2E_BUNDLES=1) and every host a test starts
 * runs each function from its bundle in a process of its own (local/cdk-bundles.ts). Files that start their
 * own host process or watch in-process internals are left to the main run; the list says why for each.
 *
 * Then, once the suite is done (a second group of files), every AWS call those functions made is checked
 * against the synthesized template's policies (test/aws-calls/): the calls are collected in E2E_AWS_CALLS.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// Read by global setup, which runs in this (the main) process: synthesize unless a directory is named.
process.env.E2E_BUNDLES ??= '1';
// Where the hosts log their functions' AWS calls; the workers inherit it.
process.env.E2E_AWS_CALLS ??= mkdtempSync(join(tmpdir(), 'hotel-api-aws-calls-'));

// Spread rather than mergeConfig, which would add these lists to the main run's instead of replacing them.
// The root holds no file lists of its own: a project would take the root's include over its own.
const { include: _include, exclude: _exclude, globalSetup: _globalSetup, ...shared } = base.test ?? {};
export default defineConfig({
  ...base,
  test: {
    ...shared,
    projects: [
      {
        test: {
          ...base.test,
          name: 'e2e-bundles',
          include: ['test/e2e/**/*.test.ts'],
          exclude: [
            // Starts `npm start` itself to signal it; nothing in it depends on where the handlers run.
            'test/e2e/local-start-signals.test.ts',
            // Start hosts of their own (a host process killed and restarted; a DynamoDB Local stopped under traffic)
            // from the sources: what they test is recovery, which the main run covers.
            'test/e2e/faults-crash.test.ts',
            'test/e2e/faults-dynamodb.test.ts',
            // Their subject is a CLI run from the sources (the operator's tool, the finance ledger); the API calls
            // they make on the way are the other files' subject too. Left out to keep CI's second run shorter.
            'test/e2e/admin.test.ts',
            'test/e2e/finance-ledger.test.ts',
            // Rotates keys with the operator's CLI from the sources and checks the issuer the in-process
            // configuration names (a bundle takes its stack's); the key set itself is served in this run by the
            // attack matrix's public-route rows.
            'test/e2e/signing-keys.test.ts',
            // Its subject is one loaded handler module serving many invocations at once in one process (Lambda
            // Managed Instances), which the in-process run is; a bundle here runs in a process of its own per function.
            'test/e2e/managed-concurrency.test.ts',
            // Starts `npm start` and runs the smoke test against it: the sources' host, which the main run covers.
            'test/e2e/smoke.test.ts',
          ],
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          // No global setup of its own: it reads what the suite left in E2E_AWS_CALLS.
          ...base.test,
          globalSetup: [],
          name: 'aws-calls',
          include: ['test/aws-calls/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
