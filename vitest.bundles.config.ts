/**
 * The end-to-end suite against the bundles `cdk synth` builds, what Lambda runs (`npm run test:bundles`,
 * run by CI after `npm test`): global setup synthesizes once (E2E_BUNDLES=1) and every host a test starts
 * runs each function from its bundle in a process of its own (local/cdk-bundles.ts). Files that start their
 * own host process or watch in-process internals are left to the main run; the list says why for each.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// Read by global setup, which runs in this (the main) process: synthesize unless a directory is named.
process.env.E2E_BUNDLES ??= '1';

// Spread rather than mergeConfig, which would add these lists to the main run's instead of replacing them.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
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
    ],
  },
});
