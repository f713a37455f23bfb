/**
 * Every function's configuration (the *-config.ts beside its entry): an environment as a deployed stack gives
 * it parses into the typed object its handlers read; each variable it requires, missing, fails the parse
 * naming it; each variable with a format, malformed, fails naming it, and never shows the value it found.
 */
import { describe, expect, it } from 'vitest';
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
import { ConfigError, type ConfigDefinition, type Environment } from '../../functions/shared/config-schema.js';
import { senderConfigSchema } from '../../functions/webhooks/sender-config.js';
import { DEFAULT_RETRY_SCHEDULE_MS } from '../../functions/webhooks/webhook-delivery-config.js';
import { webhooksConfigSchema } from '../../functions/webhooks/webhooks-config.js';
import { sandboxSupplierConfigSchema } from '../../sandbox/sandbox-supplier-config.js';
import { STACK_ENVIRONMENTS, type FunctionName } from '../support/function-environment.js';

const OBSERVABILITY = ['POWERTOOLS_SERVICE_NAME', 'POWERTOOLS_METRICS_NAMESPACE'];

/** Each function's schema, and the variables it cannot start without. */
const CONFIGS: Record<FunctionName, { schema: ConfigDefinition<unknown>; required: readonly string[] }> = {
  auth: {
    schema: authConfigSchema,
    required: [...OBSERVABILITY, 'CLIENTS_TABLE', 'RATE_LIMITS_TABLE', 'SIGNING_KEYS_TABLE', 'TOKEN_ISSUER', 'TOKEN_AUDIENCE'],
  },
  authorizer: { schema: authorizerConfigSchema, required: [...OBSERVABILITY, 'CLIENTS_TABLE', 'TOKEN_ISSUER', 'TOKEN_AUDIENCE'] },
  signingKeyRotator: { schema: signingKeyRotatorConfigSchema, required: [...OBSERVABILITY, 'CLIENTS_TABLE', 'SIGNING_KEYS_TABLE'] },
  search: {
    schema: searchConfigSchema,
    required: [
      ...OBSERVABILITY,
      'SEARCHES_TABLE',
      'PROPERTIES_TABLE',
      'CONTRACTS_TABLE',
      'SEARCH_ROWS_BUCKET',
      'SEARCH_SECRET_ARN',
      'STAGE',
      'FX_RATES_TABLE',
    ],
  },
  mappingReader: {
    schema: mappingReaderConfigSchema,
    required: [...OBSERVABILITY, 'CONTRACTS_TABLE', 'PROPERTIES_TABLE', 'MAPPING_BUCKET', 'TENANT'],
  },
  mappingMatcher: { schema: mappingMatcherConfigSchema, required: [...OBSERVABILITY, 'PROPERTIES_TABLE', 'MAPPING_BUCKET'] },
  mappingWriter: { schema: mappingWriterConfigSchema, required: [...OBSERVABILITY, 'PROPERTIES_TABLE', 'MAPPING_BUCKET'] },
  mappingTrigger: { schema: mappingTriggerConfigSchema, required: [...OBSERVABILITY, 'TENANT', 'MAPPING_WORKFLOW_ARN'] },
  booking: {
    schema: bookingConfigSchema,
    required: [
      ...OBSERVABILITY,
      'BOOKINGS_TABLE',
      'GUESTS_TABLE',
      'SEARCHES_TABLE',
      'IDEMPOTENCY_TABLE',
      'CONTRACTS_TABLE',
      'PROPERTIES_TABLE',
      'WALLETS_TABLE',
      'WEBHOOKS_TABLE',
      'SEARCH_SECRET_ARN',
      'STAGE',
      'STATE_MACHINE_ARN',
      'VOUCHER_FUNCTION_NAME',
      'PERSONAL_DATA_RETENTION_DAYS',
      'FX_RATES_TABLE',
    ],
  },
  bookingFlow: {
    schema: flowConfigSchema,
    required: [
      ...OBSERVABILITY,
      'BOOKINGS_TABLE',
      'GUESTS_TABLE',
      'SEARCHES_TABLE',
      'CONTRACTS_TABLE',
      'PROPERTIES_TABLE',
      'WALLETS_TABLE',
      'WEBHOOKS_TABLE',
      'SEARCH_SECRET_ARN',
      'PERSONAL_DATA_RETENTION_DAYS',
      'FX_RATES_TABLE',
    ],
  },
  reconciler: {
    schema: reconcilerConfigSchema,
    required: [
      ...OBSERVABILITY,
      'CONTRACTS_TABLE',
      'BOOKINGS_TABLE',
      'GUESTS_TABLE',
      'WALLETS_TABLE',
      'WEBHOOKS_TABLE',
      'FX_RATES_TABLE',
      'TENANT',
    ],
  },
  retention: {
    schema: retentionConfigSchema,
    required: [...OBSERVABILITY, 'BOOKINGS_TABLE', 'GUESTS_TABLE', 'TENANT', 'PERSONAL_DATA_RETENTION_DAYS'],
  },
  vouchers: { schema: vouchersConfigSchema, required: [...OBSERVABILITY, 'BOOKINGS_TABLE', 'GUESTS_TABLE', 'PROPERTIES_TABLE'] },
  webhooks: { schema: webhooksConfigSchema, required: [...OBSERVABILITY, 'WEBHOOKS_TABLE', 'API_HOST'] },
  webhookSender: { schema: senderConfigSchema, required: [...OBSERVABILITY, 'WEBHOOKS_TABLE', 'TENANT'] },
  cars: { schema: carsConfigSchema, required: OBSERVABILITY },
  docs: { schema: docsConfigSchema, required: OBSERVABILITY },
  sandboxSupplier: { schema: sandboxSupplierConfigSchema, required: ['SANDBOX_CREDENTIALS_SECRET_ARN'] },
  fxFeed: { schema: fxFeedConfigSchema, required: [...OBSERVABILITY, 'FX_RATES_TABLE', 'FX_FEED_URL', 'FX_FEED_SOURCE'] },
};

/** A value of the wrong shape for each variable that has a shape, and why it is wrong. */
const MALFORMED: Readonly<Record<string, string>> = {
  CLIENTS_TABLE: 'clients table', // a space
  SIGNING_KEYS_TABLE: 'Zq', // too short
  CONTRACTS_TABLE: 'contracts/table',
  RATE_LIMITS_TABLE: 'rate:limits',
  SEARCHES_TABLE: 'searches!',
  PROPERTIES_TABLE: 'Qx',
  BOOKINGS_TABLE: 'bookings table',
  GUESTS_TABLE: 'guests#1',
  WALLETS_TABLE: 'wallets?',
  WEBHOOKS_TABLE: 'Wz',
  IDEMPOTENCY_TABLE: 'idempotency table',
  FX_RATES_TABLE: 'fx rates',
  FX_MAX_AGE_DAYS: 'four',
  FX_CACHE_SECONDS: 'a minute',
  FX_FEED_URL: 'ftp://www.ecb.europa.eu/stats/eurofxref/',
  FX_FEED_MAX_MOVE_PERCENT: '250',
  SEARCH_ROWS_BUCKET: 'Search_Rows',
  SEARCH_SECRET_ARN: 'arn:aws:s3:::a-bucket-not-a-secret',
  STATE_MACHINE_ARN: 'BookingWorkflow',
  SANDBOX_CREDENTIALS_SECRET_ARN: 'hotelbeds-credentials',
  VOUCHER_FUNCTION_NAME: 'arn:aws:lambda:eu-west-1:123456789012:function:a name',
  STAGE: 'staging',
  TENANT: 'Demo_Tenant',
  PERSONAL_DATA_RETENTION_DAYS: '-1',
  API_HOST: 'https://api.example.com/v1',
  TOKEN_ISSUER: 'auth.hotel-api.dev/acme',
  POWERTOOLS_LOG_LEVEL: 'VERBOSE',
  SUPPLIER_BOOK_TIMEOUT_MS: '8s',
  SUPPLIER_CALL_TIMEOUT_MS: '-7',
  WEBHOOK_URL_POLICY: 'lenient',
  WEBHOOK_RETRY_SCHEDULE_MS: '300;600',
  WEBHOOK_DISABLE_AFTER_MS: 'a day',
  WEBHOOK_TIMEOUT_MS: '1.5',
  DYNAMODB_ENDPOINT: 'localhost:8000',
  S3_ENDPOINT: 'ftp://127.0.0.1:4569',
  SFN_ENDPOINT: 'nowhere',
  LAMBDA_ENDPOINT: '127.0.0.1',
};

function problemOf(schema: ConfigDefinition<unknown>, env: Environment): ConfigError {
  try {
    schema.parse(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('the environment was accepted');
}

function without(env: Environment, variable: string): Environment {
  const { [variable]: _removed, ...rest } = env;
  return rest;
}

describe.each(Object.entries(CONFIGS) as [FunctionName, (typeof CONFIGS)[FunctionName]][])(
  'the %s configuration',
  (name, { schema, required }) => {
    const env: Environment = STACK_ENVIRONMENTS[name];

    it('parses the environment a stack gives it', () => {
      expect(() => schema.parse(env)).not.toThrow();
    });

    it('requires exactly its own variables, and names each one missing', () => {
      const refused = Object.keys(env).filter((variable) => {
        try {
          schema.parse(without(env, variable));
          return false;
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError);
          expect((error as ConfigError).message).toContain(variable);
          expect((error as ConfigError).message).toMatch(/is not set \(expected .+\)/);
          return true;
        }
      });
      expect(refused.sort()).toEqual([...required].sort());
    });

    it('refuses each variable that has a shape, malformed, naming it and not what it found', () => {
      const shaped = Object.keys(schema.variables.shape).filter((variable) => variable in MALFORMED);
      expect(shaped.length).toBeGreaterThan(0);
      for (const variable of shaped) {
        const value = MALFORMED[variable]!;
        const error = problemOf(schema, { ...env, [variable]: value });
        expect(error.problems, variable).toEqual([{ variable, problem: expect.stringMatching(/^is malformed \(expected .+\)$/) }]);
        expect(error.message, variable).not.toContain(value);
      }
    });

    it('takes an empty variable for an unset one', () => {
      for (const variable of required) {
        const { message } = problemOf(schema, { ...env, [variable]: '' });
        expect(message).toContain(variable);
        expect(message).toContain('is not set');
      }
    });
  },
);

describe('the typed configurations', () => {
  it('booking: the stage, its state machine and vouchers function, the flow settings, and what shared code reads', () => {
    const env = STACK_ENVIRONMENTS.booking;
    expect(bookingConfigSchema.parse(env)).toEqual({
      stage: 'sandbox',
      stateMachineArn: env.STATE_MACHINE_ARN,
      voucherFunctionName: env.VOUCHER_FUNCTION_NAME,
      flow: { bookTimeoutMs: 8_000, supplierCallTimeoutMs: 6_000, retentionDays: 90, fx: { maxAgeDays: 4 } },
      shared: {
        tables: {
          bookings: env.BOOKINGS_TABLE,
          guests: env.GUESTS_TABLE,
          searches: env.SEARCHES_TABLE,
          idempotency: env.IDEMPOTENCY_TABLE,
          contracts: env.CONTRACTS_TABLE,
          properties: env.PROPERTIES_TABLE,
          wallets: env.WALLETS_TABLE,
          webhooks: env.WEBHOOKS_TABLE,
          fxRates: env.FX_RATES_TABLE,
        },
        endpoints: {},
        searchSecret: { secretArn: env.SEARCH_SECRET_ARN },
      },
    });
  });

  it("booking on this machine: the endpoints, the secret itself (preferred to an ARN) and the tests' shorter timeouts", () => {
    const config = bookingConfigSchema.parse({
      ...STACK_ENVIRONMENTS.booking,
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
      SFN_ENDPOINT: 'http://127.0.0.1:8083',
      LAMBDA_ENDPOINT: 'http://127.0.0.1:8084',
      SEARCH_SECRET: 'a-local-secret',
      SUPPLIER_BOOK_TIMEOUT_MS: '1500',
      SUPPLIER_CALL_TIMEOUT_MS: '900',
      PERSONAL_DATA_RETENTION_DAYS: '0',
      STAGE: 'production',
    });
    expect(config.shared.endpoints).toEqual({
      dynamodb: 'http://127.0.0.1:8000',
      sfn: 'http://127.0.0.1:8083',
      lambda: 'http://127.0.0.1:8084',
    });
    expect(config.shared.searchSecret).toEqual({ secret: 'a-local-secret' });
    expect(config.flow).toEqual({ bookTimeoutMs: 1500, supplierCallTimeoutMs: 900, retentionDays: 0, fx: { maxAgeDays: 4 } });
    expect(config.stage).toBe('production');
  });

  it('search and booking flow: the search secret, inline or its ARN, is one of two; neither fails naming both', () => {
    for (const schema of [searchConfigSchema, flowConfigSchema, bookingConfigSchema]) {
      const env = without({ ...STACK_ENVIRONMENTS.booking, ...STACK_ENVIRONMENTS.search }, 'SEARCH_SECRET_ARN');
      expect(schema.parse({ ...env, SEARCH_SECRET: 's' }).shared.searchSecret).toEqual({ secret: 's' });
      expect(problemOf(schema, env).problems).toEqual([
        {
          variable: 'SEARCH_SECRET or SEARCH_SECRET_ARN',
          problem: expect.stringMatching(/^is not set \(expected SEARCH_SECRET: .+; SEARCH_SECRET_ARN: an ARN of secretsmanager\)$/),
        },
      ]);
    }
  });

  it('search: its stage, bucket, and tables', () => {
    const env = STACK_ENVIRONMENTS.search;
    const config = searchConfigSchema.parse(env);
    expect(config.stage).toBe('sandbox');
    expect(config.shared).toEqual({
      tables: {
        searches: env.SEARCHES_TABLE,
        properties: env.PROPERTIES_TABLE,
        contracts: env.CONTRACTS_TABLE,
        fxRates: env.FX_RATES_TABLE,
      },
      endpoints: {},
      searchRowsBucket: env.SEARCH_ROWS_BUCKET,
      searchSecret: { secretArn: env.SEARCH_SECRET_ARN },
    });
  });

  it('auth and authorizer: the token identity they stamp and demand', () => {
    for (const schema of [authConfigSchema, authorizerConfigSchema]) {
      const env = { ...STACK_ENVIRONMENTS.auth };
      expect(schema.parse(env).shared.tokens).toEqual({ issuer: 'https://auth.hotel-api.dev/demo/sandbox', audience: 'hotel-api' });
    }
  });

  it("webhooks: this API's host and the delivery settings, strict and a day and a half of retries unless the environment says", () => {
    expect(webhooksConfigSchema.parse(STACK_ENVIRONMENTS.webhooks)).toMatchObject({
      apiHost: 'a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com',
      delivery: {
        urlPolicy: 'strict',
        retryScheduleMs: DEFAULT_RETRY_SCHEDULE_MS,
        disableAfterMs: 5 * 86_400_000,
        attemptTimeoutMs: 10_000,
      },
    });
    const local = webhooksConfigSchema.parse({
      ...STACK_ENVIRONMENTS.webhooks,
      API_HOST: '127.0.0.1:3000',
      WEBHOOK_URL_POLICY: 'local',
      WEBHOOK_RETRY_SCHEDULE_MS: '300,600',
      WEBHOOK_DISABLE_AFTER_MS: '800',
      // Shortens an attempt's deadline, never lengthens it.
      WEBHOOK_TIMEOUT_MS: '60000',
    });
    expect(local).toMatchObject({
      apiHost: '127.0.0.1:3000',
      delivery: { urlPolicy: 'local', retryScheduleMs: [300, 600], disableAfterMs: 800, attemptTimeoutMs: 10_000 },
    });
    expect(senderConfigSchema.parse({ ...STACK_ENVIRONMENTS.webhookSender, WEBHOOK_TIMEOUT_MS: '2000' })).toMatchObject({
      tenant: 'demo',
      delivery: { attemptTimeoutMs: 2000 },
    });
  });

  it("the scheduled jobs: their stack's tenant, and the retention's days", () => {
    expect(reconcilerConfigSchema.parse(STACK_ENVIRONMENTS.reconciler)).toMatchObject({
      tenant: 'demo',
      flow: { bookTimeoutMs: 8_000, supplierCallTimeoutMs: 6_000 },
    });
    expect(retentionConfigSchema.parse({ ...STACK_ENVIRONMENTS.retention, PERSONAL_DATA_RETENTION_DAYS: '30' })).toMatchObject({
      tenant: 'demo',
      retentionDays: 30,
    });
    expect(mappingReaderConfigSchema.parse(STACK_ENVIRONMENTS.mappingReader)).toMatchObject({
      tenant: 'demo',
      bucket: 'demo-sandbox-mapping',
    });
    expect(mappingTriggerConfigSchema.parse(STACK_ENVIRONMENTS.mappingTrigger)).toMatchObject({ tenant: 'demo' });
    expect(problemOf(retentionConfigSchema, { ...STACK_ENVIRONMENTS.retention, PERSONAL_DATA_RETENTION_DAYS: '3651' }).problems).toEqual([
      { variable: 'PERSONAL_DATA_RETENTION_DAYS', problem: 'is malformed (expected a whole number of days from 0 to 3650)' },
    ]);
  });

  it('vouchers and docs: where their packaged files are, when the package says', () => {
    expect(vouchersConfigSchema.parse(STACK_ENVIRONMENTS.vouchers).fontDir).toBe('/var/task/fonts');
    expect(vouchersConfigSchema.parse(without(STACK_ENVIRONMENTS.vouchers, 'VOUCHER_FONT_DIR')).fontDir).toBeUndefined();
    expect(docsConfigSchema.parse(STACK_ENVIRONMENTS.docs).scriptPath).toBe('/var/task/scalar/standalone.js');
  });

  it('a sandbox supplier: the secret its contract names, or the credentials inline, both of them', () => {
    const arn = STACK_ENVIRONMENTS.sandboxSupplier.SANDBOX_CREDENTIALS_SECRET_ARN;
    expect(sandboxSupplierConfigSchema.parse({ SANDBOX_CREDENTIALS_SECRET_ARN: arn }).credentials).toEqual({ credentialsSecretArn: arn });
    expect(sandboxSupplierConfigSchema.parse({ SANDBOX_API_KEY: 'k', SANDBOX_SECRET: 's' }).credentials).toEqual({
      apiKey: 'k',
      secret: 's',
    });
    expect(problemOf(sandboxSupplierConfigSchema, { SANDBOX_API_KEY: 'k' }).problems).toEqual([
      { variable: 'SANDBOX_CREDENTIALS_SECRET_ARN or SANDBOX_API_KEY and SANDBOX_SECRET', problem: expect.stringMatching(/^is not set/) },
    ]);
  });

  it('reports every problem at once', () => {
    const error = problemOf(bookingConfigSchema, {
      ...without(STACK_ENVIRONMENTS.booking, 'BOOKINGS_TABLE'),
      STAGE: 'staging',
      SUPPLIER_BOOK_TIMEOUT_MS: 'x',
    });
    expect(error.problems.map((p) => p.variable).sort()).toEqual(['BOOKINGS_TABLE', 'STAGE', 'SUPPLIER_BOOK_TIMEOUT_MS']);
    expect(error.message).toMatch(/^booking function configuration: /);
  });
});
