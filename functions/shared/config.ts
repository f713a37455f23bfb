/**
 * What code shared by several functions reads of its function's configuration: where the stack's tables and
 * search rows bucket are, where the AWS clients point (nowhere on Lambda: the regional endpoints), the
 * access tokens' issuer and audience, and the search secret. Stores, the AWS clients, the token and rateId
 * helpers run in many functions, so they take these from here instead of every caller handing them down.
 *
 * Nothing here reads the environment. A function's configuration (a schema beside its entry, parsed at its
 * cold start: function-config.ts) provides the part it holds; a process that is not a function (the local
 * host, the operator CLI, tests, benchmarks) provides what it has set up (config-schema.ts,
 * sharedConfigFrom). Asking for what was not provided is an error naming the variable that would provide it.
 *
 * The local host runs every function in one process: each provides its part, and a value provided twice
 * must be the same, or two functions of one process would disagree about where things are.
 */
import { tableDefinition, type TableId } from './tables.js';

export type AwsService = 'dynamodb' | 's3' | 'sfn' | 'lambda';

/** The variable that points each AWS client elsewhere than its regional endpoint (DynamoDB Local, a local S3, ...). */
export const ENDPOINT_VARIABLES: Readonly<Record<AwsService, string>> = {
  dynamodb: 'DYNAMODB_ENDPOINT',
  s3: 'S3_ENDPOINT',
  sfn: 'SFN_ENDPOINT',
  lambda: 'LAMBDA_ENDPOINT',
};

/** The secret behind rateIds and cursors: itself (the local host makes one) or the Secrets Manager secret holding it. */
export type SearchSecretSource = { readonly secret: string } | { readonly secretArn: string };

export interface TokenIdentity {
  readonly issuer: string;
  readonly audience: string;
}

export interface SharedConfig {
  readonly tables?: Readonly<Partial<Record<TableId, string>>>;
  readonly searchRowsBucket?: string;
  readonly endpoints?: Readonly<Partial<Record<AwsService, string>>>;
  readonly tokens?: TokenIdentity;
  readonly searchSecret?: SearchSecretSource;
}

const tables = new Map<TableId, string>();
const endpoints = new Map<AwsService, string>();
let searchRows: string | undefined;
let tokens: TokenIdentity | undefined;
let searchSecret: SearchSecretSource | undefined;

/** Values are compared, never shown: the search secret is one of them. */
function agree(variable: string, before: unknown, after: unknown): void {
  if (before !== undefined && JSON.stringify(before) !== JSON.stringify(after))
    throw new Error(`${variable} is configured twice in this process, with two different values`);
}

/** Adds a function's (or this process's) part; all of it, or none of it if a value disagrees with one provided before. */
export function provideSharedConfig(config: SharedConfig): void {
  for (const [id, name] of Object.entries(config.tables ?? {}) as [TableId, string][])
    agree(tableDefinition(id).envVar, tables.get(id), name);
  for (const [service, url] of Object.entries(config.endpoints ?? {}) as [AwsService, string][])
    agree(ENDPOINT_VARIABLES[service], endpoints.get(service), url);
  if (config.searchRowsBucket !== undefined) agree('SEARCH_ROWS_BUCKET', searchRows, config.searchRowsBucket);
  if (config.tokens) agree('TOKEN_ISSUER and TOKEN_AUDIENCE', tokens, config.tokens);
  if (config.searchSecret) agree('SEARCH_SECRET or SEARCH_SECRET_ARN', searchSecret, config.searchSecret);

  for (const [id, name] of Object.entries(config.tables ?? {}) as [TableId, string][]) tables.set(id, name);
  for (const [service, url] of Object.entries(config.endpoints ?? {}) as [AwsService, string][]) endpoints.set(service, url);
  searchRows = config.searchRowsBucket ?? searchRows;
  tokens = config.tokens ?? tokens;
  searchSecret = config.searchSecret ?? searchSecret;
}

function notConfigured(what: string): Error {
  return new Error(
    `${what} is not configured in this process: a function names it in the configuration schema beside its entry, a process that is not a function provides it (provideSharedConfig)`,
  );
}

export function tableName(id: TableId): string {
  const name = tables.get(id);
  if (name === undefined) throw notConfigured(`the ${id} table (${tableDefinition(id).envVar})`);
  return name;
}

/** Whether the table is known here: the wallets store writes its webhook events only where the webhooks table is. */
export function hasTable(id: TableId): boolean {
  return tables.has(id);
}

export function searchRowsBucket(): string {
  if (searchRows === undefined) throw notConfigured('the search rows bucket (SEARCH_ROWS_BUCKET)');
  return searchRows;
}

/** Where the service's client points; undefined: its regional endpoint (always, on Lambda). */
export function awsEndpoint(service: AwsService): string | undefined {
  return endpoints.get(service);
}

/** Issuer of our access tokens: the token endpoint stamps it, the authorizer demands it. */
export function tokenIssuer(): string {
  if (!tokens) throw notConfigured('the token issuer (TOKEN_ISSUER)');
  return tokens.issuer;
}

export function tokenAudience(): string {
  if (!tokens) throw notConfigured('the token audience (TOKEN_AUDIENCE)');
  return tokens.audience;
}

export function searchSecretSource(): SearchSecretSource {
  if (!searchSecret) throw notConfigured('the search secret (SEARCH_SECRET or SEARCH_SECRET_ARN)');
  return searchSecret;
}
