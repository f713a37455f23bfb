/**
 * A function's configuration: every environment variable it reads, each a zod schema that says what it
 * expects (config-variables.ts), parsed in one go into a typed object. What shared code reads (config.ts:
 * tables, AWS endpoints, the token identity, the search secret) is declared as needs and parsed with the
 * rest; the function's own variables come out through its `read`.
 *
 * A missing or malformed variable is an error naming it and what it expects, all of them at once, never the
 * value found (SEARCH_SECRET is a secret). An empty variable counts as unset, as the shell and CloudFormation
 * both make empty ones easily.
 */
import * as z from 'zod';
import { ENDPOINT_VARIABLES, type AwsService, type SharedConfig } from './config.js';
import { arnVariable, bucketNameVariable, endpointVariable, tableNameVariable, textVariable, urlVariable } from './config-variables.js';
import { TABLES, tableDefinition, type TableId } from './tables.js';

export type Environment = Readonly<Record<string, string | undefined>>;

type Shape = z.core.$ZodShape;
type Values<S extends Shape> = z.output<z.ZodObject<S>>;

export interface ConfigProblem {
  readonly variable: string;
  readonly problem: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    readonly configName: string,
    readonly problems: readonly ConfigProblem[],
  ) {
    super(`${configName} configuration: ${problems.map((p) => `${p.variable} ${p.problem}`).join('; ')}`);
  }
}

/** What of config.ts a function's code reads: all of it required, but the endpoints (none on Lambda). */
export interface SharedNeeds {
  readonly tables?: readonly TableId[];
  readonly searchRowsBucket?: boolean;
  readonly endpoints?: readonly AwsService[];
  readonly tokens?: boolean;
  readonly searchSecret?: boolean;
}

/** Variables several functions read the same way (the flow's timeouts, webhook delivery), with what they become. */
export interface ConfigFragment<S extends Shape, Value> {
  readonly variables: S;
  read(values: Values<S>): Value;
}

export function configFragment<S extends Shape, Value>(variables: S, read: (values: Values<S>) => Value): ConfigFragment<S, Value> {
  return { variables, read };
}

/**
 * Variables each optional alone, of which one way must be set whole: the search secret itself or its ARN,
 * `[['SEARCH_SECRET'], ['SEARCH_SECRET_ARN']]`.
 */
export type Alternatives = readonly (readonly string[])[];

export interface ConfigDefinition<Own> {
  /** Who the configuration is of, as errors name it ("booking function"). */
  readonly name: string;
  /** Every variable it reads, shared ones included; each schema's description says what it expects. */
  readonly variables: z.ZodObject;
  readonly alternatives: readonly Alternatives[];
  parse(env: Environment): Own & { readonly shared: SharedConfig };
}

const SEARCH_SECRET_ALTERNATIVES: Alternatives = [['SEARCH_SECRET'], ['SEARCH_SECRET_ARN']];

function sharedVariables(needs: SharedNeeds, optional: boolean): Shape {
  const variable = <T extends z.ZodType>(schema: T) => (optional ? schema.optional() : schema);
  const shape: Record<string, z.ZodType> = {};
  for (const id of needs.tables ?? []) shape[tableDefinition(id).envVar] = variable(tableNameVariable());
  if (needs.searchRowsBucket) shape.SEARCH_ROWS_BUCKET = variable(bucketNameVariable());
  for (const service of needs.endpoints ?? []) shape[ENDPOINT_VARIABLES[service]] = endpointVariable().optional();
  if (needs.tokens) {
    shape.TOKEN_ISSUER = variable(urlVariable('the issuer our access tokens carry, an http(s) URL'));
    shape.TOKEN_AUDIENCE = variable(textVariable('the audience our access tokens carry'));
  }
  if (needs.searchSecret) {
    shape.SEARCH_SECRET = textVariable('the secret behind rateIds and cursors').optional();
    shape.SEARCH_SECRET_ARN = arnVariable('secretsmanager').optional();
  }
  return shape;
}

function sharedConfigOf(needs: SharedNeeds, values: Record<string, unknown>): SharedConfig {
  const text = (name: string) => values[name] as string | undefined;
  const tables = Object.fromEntries(
    (needs.tables ?? []).flatMap((id) => (text(tableDefinition(id).envVar) ? [[id, text(tableDefinition(id).envVar)!]] : [])),
  );
  const endpoints = Object.fromEntries(
    (needs.endpoints ?? []).flatMap((service) =>
      text(ENDPOINT_VARIABLES[service]) ? [[service, text(ENDPOINT_VARIABLES[service])!]] : [],
    ),
  );
  const issuer = text('TOKEN_ISSUER');
  const audience = text('TOKEN_AUDIENCE');
  const secret = text('SEARCH_SECRET');
  const secretArn = text('SEARCH_SECRET_ARN');
  return {
    ...(needs.tables ? { tables } : {}),
    ...(needs.endpoints ? { endpoints } : {}),
    ...(needs.searchRowsBucket && text('SEARCH_ROWS_BUCKET') ? { searchRowsBucket: text('SEARCH_ROWS_BUCKET')! } : {}),
    ...(needs.tokens && issuer && audience ? { tokens: { issuer, audience } } : {}),
    // Inline first: the local host sets it, and a template's ARN is what it stands in for (local/cdk-bundles.ts).
    ...(needs.searchSecret && secret ? { searchSecret: { secret } } : {}),
    ...(needs.searchSecret && !secret && secretArn ? { searchSecret: { secretArn } } : {}),
  };
}

/** What a variable's schema expects: its description, looked for through optional and default wrappers. */
function expected(schema: z.ZodType | undefined): string {
  let current = schema;
  while (current) {
    if (current.description) return current.description;
    current = current instanceof z.ZodOptional || current instanceof z.ZodDefault ? (current.unwrap() as z.ZodType) : undefined;
  }
  return 'a value';
}

function parseVariables(name: string, variables: z.ZodObject, alternatives: readonly Alternatives[], env: Environment) {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = variables.safeParse(present);
  const problems = new Map<string, string>();
  for (const issue of result.error?.issues ?? []) {
    const variable = String(issue.path[0] ?? '');
    const wants = expected(variables.shape[variable] as z.ZodType | undefined);
    problems.set(variable, `${variable in present ? 'is malformed' : 'is not set'} (expected ${wants})`);
  }
  for (const ways of alternatives) {
    if (ways.some((way) => way.every((variable) => variable in present))) continue;
    const wants = ways.flat().map((variable) => `${variable}: ${expected(variables.shape[variable] as z.ZodType | undefined)}`);
    problems.set(ways.map((way) => way.join(' and ')).join(' or '), `is not set (expected ${wants.join('; ')})`);
  }
  if (!result.success || problems.size > 0)
    throw new ConfigError(
      name,
      [...problems].map(([variable, problem]) => ({ variable, problem })),
    );
  return result.data as Record<string, unknown>;
}

export function defineConfig<S extends Shape, Own>(
  name: string,
  spec: {
    readonly shared?: SharedNeeds;
    readonly variables: S;
    readonly alternatives?: readonly Alternatives[];
    readonly read: (values: Values<S>) => Own;
  },
): ConfigDefinition<Own> {
  const needs = spec.shared ?? {};
  const variables = z.object({ ...sharedVariables(needs, false), ...spec.variables });
  const alternatives = [...(needs.searchSecret ? [SEARCH_SECRET_ALTERNATIVES] : []), ...(spec.alternatives ?? [])];
  return {
    name,
    variables,
    alternatives,
    parse(env) {
      const values = parseVariables(name, variables, alternatives, env);
      return { ...spec.read(values as Values<S>), shared: sharedConfigOf(needs, values) };
    },
  };
}

/** Every shared variable, each optional: a process that is not a function takes what its environment names. */
const EVERYTHING_SHARED: SharedNeeds = {
  tables: TABLES.map((t) => t.id),
  searchRowsBucket: true,
  endpoints: Object.keys(ENDPOINT_VARIABLES) as AwsService[],
  tokens: true,
  searchSecret: true,
};

/**
 * What of the shared configuration the environment names, validated as a function's would be: for the local
 * host, the operator CLI, tests and benchmarks, which set their environment up and then run functions' code.
 */
export function sharedConfigFrom(env: Environment): SharedConfig {
  const values = parseVariables('this process', z.object(sharedVariables(EVERYTHING_SHARED, true)), [], env);
  return sharedConfigOf(EVERYTHING_SHARED, values);
}
