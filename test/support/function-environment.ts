/**
 * Environments of the functions, for tests that parse a function's configuration or load its entry (the
 * entry parses its configuration as it loads: the cold start).
 *
 * STACK_ENVIRONMENTS: each function's environment as a deployed sandbox stack of tenant demo gives it (the
 * values made up, in the shapes AWS gives them), every variable its configuration reads, nothing more; the
 * infra test (test/infra/function-environments.test.ts) holds the real templates to the same schemas.
 */
import { vi } from 'vitest';
import { LOCAL_FUNCTION_ENVIRONMENT } from '../../local/local-environment.js';

/**
 * Sets (vi.stubEnv, undone by vi.unstubAllEnvs) what the local host gives a function where this process has
 * no value of its own (vitest.config.ts sets Powertools' for the tests), and `extra` over anything.
 */
export function stubFunctionEnvironment(extra: Readonly<Record<string, string>> = {}): void {
  for (const [name, value] of Object.entries(LOCAL_FUNCTION_ENVIRONMENT)) if (process.env[name] === undefined) vi.stubEnv(name, value);
  for (const [name, value] of Object.entries(extra)) vi.stubEnv(name, value);
}

const observability = (service: string) => ({
  POWERTOOLS_SERVICE_NAME: `hotel-api-${service}`,
  POWERTOOLS_METRICS_NAMESPACE: 'HotelApi/demo/sandbox',
  POWERTOOLS_LOG_LEVEL: 'INFO',
});

const table = (id: string) => `HotelApi-demo-sandbox-Tables${id}Table1A2B3C4D-0123456789AB`;
const TABLES = {
  CLIENTS_TABLE: table('Clients'),
  SIGNING_KEYS_TABLE: table('SigningKeys'),
  CONTRACTS_TABLE: table('Contracts'),
  RATE_LIMITS_TABLE: table('RateLimits'),
  SEARCHES_TABLE: table('Searches'),
  PROPERTIES_TABLE: table('Properties'),
  BOOKINGS_TABLE: table('Bookings'),
  GUESTS_TABLE: table('Guests'),
  WALLETS_TABLE: table('Wallets'),
  WEBHOOKS_TABLE: table('Webhooks'),
  IDEMPOTENCY_TABLE: table('Idempotency'),
  FX_RATES_TABLE: table('FxRates'),
} as const;
const tables = <const Name extends keyof typeof TABLES>(...names: Name[]) =>
  Object.fromEntries(names.map((name) => [name, TABLES[name]])) as Pick<typeof TABLES, Name>;

const TOKENS = { TOKEN_ISSUER: 'https://auth.hotel-api.dev/demo/sandbox', TOKEN_AUDIENCE: 'hotel-api' };
const SEARCH_SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:SearchSecret3A1F2B-AbCdEf';

export const STACK_ENVIRONMENTS = {
  auth: { ...observability('auth'), ...tables('CLIENTS_TABLE', 'RATE_LIMITS_TABLE', 'SIGNING_KEYS_TABLE'), ...TOKENS },
  authorizer: { ...observability('authorizer'), ...tables('CLIENTS_TABLE'), ...TOKENS },
  signingKeyRotator: { ...observability('signing-key'), ...tables('CLIENTS_TABLE', 'SIGNING_KEYS_TABLE') },
  search: {
    ...observability('search'),
    ...tables('SEARCHES_TABLE', 'PROPERTIES_TABLE', 'CONTRACTS_TABLE', 'FX_RATES_TABLE'),
    SEARCH_ROWS_BUCKET: 'hotelapi-demo-sandbox-searchrowsbucket1a2b3c4d-0123456789ab',
    SEARCH_SECRET_ARN,
    STAGE: 'sandbox',
    FX_MAX_AGE_DAYS: '4',
  },
  mappingReader: {
    ...observability('property-mapping'),
    ...tables('CONTRACTS_TABLE', 'PROPERTIES_TABLE'),
    TENANT: 'demo',
    MAPPING_BUCKET: 'demo-sandbox-mapping',
  },
  mappingMatcher: { ...observability('property-mapping'), ...tables('PROPERTIES_TABLE'), MAPPING_BUCKET: 'demo-sandbox-mapping' },
  mappingWriter: { ...observability('property-mapping'), ...tables('PROPERTIES_TABLE'), MAPPING_BUCKET: 'demo-sandbox-mapping' },
  mappingTrigger: {
    ...observability('property-mapping'),
    TENANT: 'demo',
    MAPPING_WORKFLOW_ARN: 'arn:aws:states:us-east-1:123456789012:stateMachine:demo-sandbox-property-mapping',
  },
  booking: {
    ...observability('booking'),
    ...tables(
      'BOOKINGS_TABLE',
      'GUESTS_TABLE',
      'SEARCHES_TABLE',
      'IDEMPOTENCY_TABLE',
      'CONTRACTS_TABLE',
      'PROPERTIES_TABLE',
      'WALLETS_TABLE',
      'WEBHOOKS_TABLE',
      'FX_RATES_TABLE',
    ),
    SEARCH_SECRET_ARN,
    STAGE: 'sandbox',
    FX_MAX_AGE_DAYS: '4',
    STATE_MACHINE_ARN: 'arn:aws:states:eu-west-1:123456789012:stateMachine:BookingWorkflowStateMachine1A2B3C4D-AbCdEfGhIjKl',
    VOUCHER_FUNCTION_NAME: 'HotelApi-demo-sandbox-FunctionsVouchersFunction1A2-AbCdEfGhIjKl',
    PERSONAL_DATA_RETENTION_DAYS: '90',
  },
  bookingFlow: {
    ...observability('booking-flow'),
    ...tables(
      'BOOKINGS_TABLE',
      'GUESTS_TABLE',
      'SEARCHES_TABLE',
      'CONTRACTS_TABLE',
      'PROPERTIES_TABLE',
      'WALLETS_TABLE',
      'WEBHOOKS_TABLE',
      'FX_RATES_TABLE',
    ),
    SEARCH_SECRET_ARN,
    PERSONAL_DATA_RETENTION_DAYS: '90',
    FX_MAX_AGE_DAYS: '4',
  },
  reconciler: {
    ...observability('pending-reconciler'),
    ...tables('CONTRACTS_TABLE', 'BOOKINGS_TABLE', 'GUESTS_TABLE', 'WALLETS_TABLE', 'WEBHOOKS_TABLE', 'FX_RATES_TABLE'),
    TENANT: 'demo',
    FX_MAX_AGE_DAYS: '4',
  },
  retention: {
    ...observability('personal-data-retention'),
    ...tables('BOOKINGS_TABLE', 'GUESTS_TABLE'),
    TENANT: 'demo',
    PERSONAL_DATA_RETENTION_DAYS: '90',
  },
  vouchers: {
    ...observability('vouchers'),
    ...tables('BOOKINGS_TABLE', 'GUESTS_TABLE', 'PROPERTIES_TABLE'),
    VOUCHER_FONT_DIR: '/var/task/fonts',
  },
  webhooks: {
    ...observability('webhooks'),
    ...tables('WEBHOOKS_TABLE'),
    API_HOST: 'a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com',
  },
  webhookSender: { ...observability('webhook-sender'), ...tables('WEBHOOKS_TABLE'), TENANT: 'demo' },
  cars: { ...observability('cars') },
  docs: { ...observability('docs'), DOCS_SCRIPT_PATH: '/var/task/scalar/standalone.js' },
  sandboxSupplier: { SANDBOX_CREDENTIALS_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:hotelbedsCredentials-AbCdEf' },
  fxFeed: {
    ...observability('fx-feed'),
    ...tables('FX_RATES_TABLE'),
    TENANT: 'demo',
    FX_FEED_URL: 'https://abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws/stats/eurofxref/',
    FX_FEED_SOURCE: "sandbox ECB feed (the ECB's reference rates of 2025-02-28, dated the day served)",
    FX_FEED_MAX_MOVE_PERCENT: '20',
  },
} as const satisfies Record<string, Readonly<Record<string, string>>>;

export type FunctionName = keyof typeof STACK_ENVIRONMENTS;
