/**
 * Every Lambda entry parses its function's configuration as it loads, as Lambda loads it at a cold start:
 * with the environment its stack gives it the entry loads; with one variable it requires missing, the load
 * itself fails, naming the variable, before any invocation could.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STACK_ENVIRONMENTS, type FunctionName } from '../support/function-environment.js';

/** Each entry lib/ deploys (its `entry:`), the function it is, and a variable it cannot start without. */
const ENTRIES: readonly { entry: string; load: () => Promise<unknown>; fn: FunctionName; required: string }[] = [
  { entry: 'functions/auth/index.ts', load: () => import('../../functions/auth/index.js'), fn: 'auth', required: 'SIGNING_KEYS_TABLE' },
  {
    entry: 'functions/auth/authorizer.ts',
    load: () => import('../../functions/auth/authorizer.js'),
    fn: 'authorizer',
    required: 'TOKEN_ISSUER',
  },
  {
    entry: 'functions/auth/signing-key-rotator.ts',
    load: () => import('../../functions/auth/signing-key-rotator.js'),
    fn: 'signingKeyRotator',
    required: 'CLIENTS_TABLE',
  },
  {
    entry: 'functions/search/index.ts',
    load: () => import('../../functions/search/index.js'),
    fn: 'search',
    required: 'SEARCH_ROWS_BUCKET',
  },
  {
    entry: 'functions/search/mapping-reader-handler.ts',
    load: () => import('../../functions/search/mapping-reader-handler.js'),
    fn: 'mappingReader',
    required: 'TENANT',
  },
  {
    entry: 'functions/search/mapping-matcher-handler.ts',
    load: () => import('../../functions/search/mapping-matcher-handler.js'),
    fn: 'mappingMatcher',
    required: 'MAPPING_BUCKET',
  },
  {
    entry: 'functions/search/mapping-writer-handler.ts',
    load: () => import('../../functions/search/mapping-writer-handler.js'),
    fn: 'mappingWriter',
    required: 'MAPPING_BUCKET',
  },
  {
    entry: 'functions/search/mapping-trigger-handler.ts',
    load: () => import('../../functions/search/mapping-trigger-handler.js'),
    fn: 'mappingTrigger',
    required: 'MAPPING_WORKFLOW_ARN',
  },
  {
    entry: 'functions/booking/index.ts',
    load: () => import('../../functions/booking/index.js'),
    fn: 'booking',
    required: 'STATE_MACHINE_ARN',
  },
  {
    entry: 'functions/booking/flow/index.ts',
    load: () => import('../../functions/booking/flow/index.js'),
    fn: 'bookingFlow',
    required: 'PERSONAL_DATA_RETENTION_DAYS',
  },
  {
    entry: 'functions/booking/reconcile/reconcile-pending-handler.ts',
    load: () => import('../../functions/booking/reconcile/reconcile-pending-handler.js'),
    fn: 'reconciler',
    required: 'TENANT',
  },
  {
    entry: 'functions/booking/personal-data/personal-data-retention-handler.ts',
    load: () => import('../../functions/booking/personal-data/personal-data-retention-handler.js'),
    fn: 'retention',
    required: 'GUESTS_TABLE',
  },
  {
    entry: 'functions/booking/voucher/vouchers-entry.ts',
    load: () => import('../../functions/booking/voucher/vouchers-entry.js'),
    fn: 'vouchers',
    required: 'PROPERTIES_TABLE',
  },
  { entry: 'functions/webhooks/index.ts', load: () => import('../../functions/webhooks/index.js'), fn: 'webhooks', required: 'API_HOST' },
  {
    entry: 'functions/webhooks/sender-entry.ts',
    load: () => import('../../functions/webhooks/sender-entry.js'),
    fn: 'webhookSender',
    required: 'WEBHOOKS_TABLE',
  },
  {
    entry: 'functions/cars/index.ts',
    load: () => import('../../functions/cars/index.js'),
    fn: 'cars',
    required: 'POWERTOOLS_SERVICE_NAME',
  },
  {
    entry: 'functions/docs/index.ts',
    load: () => import('../../functions/docs/index.js'),
    fn: 'docs',
    required: 'POWERTOOLS_METRICS_NAMESPACE',
  },
  ...(['hotelbeds', 'expedia', 'opentravel'] as const).map((supplier) => ({
    entry: `sandbox/${supplier}/lambda.ts`,
    load: () => import(`../../sandbox/${supplier}/lambda.ts`),
    fn: 'sandboxSupplier' as const,
    required: 'SANDBOX_CREDENTIALS_SECRET_ARN',
  })),
];

/** The function's environment alone, as Lambda gives it: nothing left over from this process. */
function stubEnvironment(env: Readonly<Record<string, string>>): void {
  const every = new Set(Object.values(STACK_ENVIRONMENTS).flatMap((e) => Object.keys(e)));
  for (const variable of every) vi.stubEnv(variable, env[variable] ?? '');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe.each(ENTRIES)('$entry', ({ load, fn, required }) => {
  it('loads with the environment its stack gives it', async () => {
    vi.resetModules();
    stubEnvironment(STACK_ENVIRONMENTS[fn]);
    const entry = (await load()) as { handler?: unknown };
    expect(typeof entry.handler).toBe('function');
  });

  it(`fails to load without ${required}, naming it`, async () => {
    vi.resetModules();
    stubEnvironment({ ...STACK_ENVIRONMENTS[fn], [required]: '' });
    await expect(load()).rejects.toThrow(new RegExp(`configuration: .*${required}[^;]* is not set \\(expected `));
  });
});
