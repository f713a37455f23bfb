/**
 * Every function a stack deploys is given the environment its configuration schema requires: each
 * HotelFunction's environment in the synthesized template, its references resolved as CloudFormation
 * resolves them (deployed-values.ts), parses with the schema beside its entry, as it will at the function's
 * cold start. In a sandbox stack (the sandbox suppliers' functions with it), a production stack, and a
 * production stack with search on managed instances. A function whose entry has no schema fails here too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigSchema } from '../../functions/auth/auth-config.js';
import { authorizerConfigSchema } from '../../functions/auth/authorizer-config.js';
import { signingKeyRotatorConfigSchema } from '../../functions/auth/signing-key-rotator-config.js';
import { bookingConfigSchema } from '../../functions/booking/booking-config.js';
import { flowConfigSchema } from '../../functions/booking/flow/flow-config.js';
import { retentionConfigSchema } from '../../functions/booking/personal-data/retention-config.js';
import { reconcilerConfigSchema } from '../../functions/booking/reconcile/reconciler-config.js';
import { vouchersConfigSchema } from '../../functions/booking/voucher/vouchers-config.js';
import { carsConfigSchema } from '../../functions/cars/cars-config.js';
import { docsConfigSchema } from '../../functions/docs/docs-config.js';
import { fxFeedConfigSchema } from '../../functions/fx/fx-feed-config.js';
import {
  mappingMatcherConfigSchema,
  mappingReaderConfigSchema,
  mappingTriggerConfigSchema,
  mappingWriterConfigSchema,
} from '../../functions/search/mapping-job-config.js';
import { searchConfigSchema } from '../../functions/search/search-config.js';
import type { ConfigDefinition } from '../../functions/shared/config-schema.js';
import { senderConfigSchema } from '../../functions/webhooks/sender-config.js';
import { webhooksConfigSchema } from '../../functions/webhooks/webhooks-config.js';
import { HotelFunction } from '../../lib/hotel-function.js';
import { sandboxSupplierConfigSchema } from '../../sandbox/sandbox-supplier-config.js';
import { ecbFeedConfigSchema } from '../../sandbox/ecb/ecb-feed-config.js';
import { SANDBOX_SUPPLIERS } from '../../sandbox/suppliers.js';
import { deployedEnvironment } from './deployed-values.js';
import { logicalIdOf, synthesize, type Synthesis } from './synthesize.js';

/** Each entry's configuration schema (the *-config.ts beside it). */
const SCHEMA_OF_ENTRY: Readonly<Record<string, ConfigDefinition<unknown>>> = {
  'functions/auth/index.ts': authConfigSchema,
  'functions/auth/authorizer.ts': authorizerConfigSchema,
  'functions/auth/signing-key-rotator.ts': signingKeyRotatorConfigSchema,
  'functions/search/index.ts': searchConfigSchema,
  'functions/search/mapping-reader-handler.ts': mappingReaderConfigSchema,
  'functions/search/mapping-matcher-handler.ts': mappingMatcherConfigSchema,
  'functions/search/mapping-writer-handler.ts': mappingWriterConfigSchema,
  'functions/search/mapping-trigger-handler.ts': mappingTriggerConfigSchema,
  'functions/booking/index.ts': bookingConfigSchema,
  'functions/booking/flow/index.ts': flowConfigSchema,
  'functions/booking/reconcile/reconcile-pending-handler.ts': reconcilerConfigSchema,
  'functions/booking/personal-data/personal-data-retention-handler.ts': retentionConfigSchema,
  'functions/booking/voucher/vouchers-entry.ts': vouchersConfigSchema,
  'functions/webhooks/index.ts': webhooksConfigSchema,
  'functions/webhooks/sender-entry.ts': senderConfigSchema,
  'functions/cars/index.ts': carsConfigSchema,
  'functions/docs/index.ts': docsConfigSchema,
  'functions/fx/fx-feed-handler.ts': fxFeedConfigSchema,
  ...Object.fromEntries(SANDBOX_SUPPLIERS.map((supplier) => [supplier.lambdaEntry, sandboxSupplierConfigSchema])),
  'sandbox/ecb/lambda.ts': ecbFeedConfigSchema,
};

const STACKS = {
  'a sandbox stack': { tenant: 'demo', stage: 'sandbox' },
  'a production stack': { tenant: 'acme', stage: 'production' },
  'a production stack with search on managed instances': { tenant: 'acme', stage: 'production', context: { compute: 'managed' } },
} as const;

describe.each(Object.entries(STACKS))('in %s', (_name, options) => {
  let synthesis: Synthesis;
  beforeAll(() => {
    synthesis = synthesize(options);
  });
  afterAll(() => synthesis?.cleanUp());

  const functions = () => synthesis.stack.node.findAll().filter((construct) => construct instanceof HotelFunction);

  it('every function has a configuration schema beside its entry', () => {
    const entries = functions().map((fn) => fn.entry);
    expect(entries.length).toBeGreaterThanOrEqual(14);
    expect(entries.filter((entry) => !(entry in SCHEMA_OF_ENTRY))).toEqual([]);
  });

  it('every function is given every variable its schema requires, each of the shape it expects', () => {
    const refused: string[] = [];
    for (const fn of functions()) {
      const env = deployedEnvironment(synthesis.template, synthesis.stack.stackName, logicalIdOf(fn.function));
      try {
        SCHEMA_OF_ENTRY[fn.entry]!.parse(env);
      } catch (error) {
        refused.push(`${fn.node.path}: ${(error as Error).message}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
