/**
 * What shared code reads of a function's configuration (functions/shared/config.ts), how a function's
 * configuration is parsed once at its cold start (function-config.ts), and what a process that is not a
 * function takes from its environment (config-schema.ts sharedConfigFrom).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flowDeps } from '../../functions/booking/flow/flow-deps.js';
import { reconcilerConfigSchema } from '../../functions/booking/reconcile/reconciler-config.js';
import {
  awsEndpoint,
  hasTable,
  provideSharedConfig,
  searchRowsBucket,
  searchSecretSource,
  tableName,
} from '../../functions/shared/config.js';
import { ConfigError, defineConfig, sharedConfigFrom } from '../../functions/shared/config-schema.js';
import { tenantVariable } from '../../functions/shared/config-variables.js';
import { functionConfig } from '../../functions/shared/function-config.js';
import { STACK_ENVIRONMENTS } from '../support/function-environment.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the shared configuration', () => {
  it('answers what was provided, and names the variable of what was not', () => {
    expect(() => tableName('idempotency')).toThrow(/the idempotency table \(IDEMPOTENCY_TABLE\) is not configured in this process/);
    expect(hasTable('idempotency')).toBe(false);
    expect(() => searchRowsBucket()).toThrow(/SEARCH_ROWS_BUCKET/);
    expect(() => searchSecretSource()).toThrow(/SEARCH_SECRET or SEARCH_SECRET_ARN/);
    provideSharedConfig({ tables: { idempotency: 'unit-idempotency' }, searchRowsBucket: 'unit-rows' });
    expect(tableName('idempotency')).toBe('unit-idempotency');
    expect(hasTable('idempotency')).toBe(true);
    expect(searchRowsBucket()).toBe('unit-rows');
    // No endpoint: the regional one, as on Lambda.
    expect(awsEndpoint('sfn')).toBeUndefined();
  });

  it('takes the same value from two functions of one process, and refuses two different ones without showing them', () => {
    provideSharedConfig({ tables: { rateLimits: 'unit-rate-limits' }, searchSecret: { secret: 'first-secret' } });
    expect(() => provideSharedConfig({ tables: { rateLimits: 'unit-rate-limits' } })).not.toThrow();
    expect(() => provideSharedConfig({ tables: { rateLimits: 'another-table' } })).toThrow(
      'RATE_LIMITS_TABLE is configured twice in this process, with two different values',
    );
    let refused: unknown;
    try {
      provideSharedConfig({ searchSecret: { secret: 'second-secret' } });
    } catch (error) {
      refused = error;
    }
    expect(String(refused)).toMatch(/SEARCH_SECRET or SEARCH_SECRET_ARN is configured twice/);
    expect(String(refused)).not.toMatch(/first-secret|second-secret/);
    // A refused part is not half taken.
    expect(searchSecretSource()).toEqual({ secret: 'first-secret' });
  });
});

describe("a process that is not a function (the local host, the operator's CLI, tests)", () => {
  it('takes the shared variables its environment names, each validated, and nothing else', () => {
    expect(
      sharedConfigFrom({
        BOOKINGS_TABLE: 'local-bookings',
        DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
        TOKEN_ISSUER: 'https://auth.hotel-api.local',
        TOKEN_AUDIENCE: 'hotel-api',
        TENANT: 'not shared',
        PATH: '/usr/bin',
      }),
    ).toEqual({
      tables: { bookings: 'local-bookings' },
      endpoints: { dynamodb: 'http://127.0.0.1:8000' },
      tokens: { issuer: 'https://auth.hotel-api.local', audience: 'hotel-api' },
    });
    expect(() => sharedConfigFrom({ GUESTS_TABLE: 'guests table' })).toThrow(ConfigError);
    expect(() => sharedConfigFrom({ GUESTS_TABLE: 'guests table' })).toThrow(/GUESTS_TABLE is malformed/);
  });
});

describe("a function's configuration", () => {
  const definition = defineConfig('unit job', {
    shared: { tables: ['signingKeys'] },
    variables: { TENANT: tenantVariable() },
    read: (values) => ({ tenant: values.TENANT }),
  });

  it('is parsed at its first read, once: a later change of the environment changes nothing', () => {
    const config = functionConfig(definition);
    vi.stubEnv('TENANT', 'demo');
    vi.stubEnv('SIGNING_KEYS_TABLE', 'unit-signing-keys');
    const first = config();
    expect(first).toMatchObject({ tenant: 'demo' });
    // What shared code reads is handed over as it is parsed.
    expect(tableName('signingKeys')).toBe('unit-signing-keys');
    vi.stubEnv('TENANT', 'acme');
    expect(config()).toBe(first);
  });

  it('fails its first read, naming what is missing, and is not kept half made', () => {
    const config = functionConfig(definition);
    vi.stubEnv('TENANT', '');
    vi.stubEnv('SIGNING_KEYS_TABLE', 'unit-signing-keys');
    expect(() => config()).toThrow(
      'unit job configuration: TENANT is not set (expected a tenant id (2-32 lower-case letters, digits or hyphens))',
    );
    vi.stubEnv('TENANT', 'acme');
    expect(config()).toMatchObject({ tenant: 'acme' });
  });
});

describe("the pending reconciler's wiring", () => {
  it('is made from its own tables alone: the stored searches and properties it never reads are not asked for', () => {
    const config = reconcilerConfigSchema.parse(STACK_ENVIRONMENTS.reconciler);
    provideSharedConfig(config.shared);
    const deps = flowDeps(config.flow);
    expect(deps.supplierCallTimeoutMs).toBe(6_000);
    // Asked for all the same, they name the table the function was not given.
    expect(() => deps.property('p-1')).toThrow(/PROPERTIES_TABLE/);
  });
});
