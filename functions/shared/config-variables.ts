/**
 * The kinds of value a function's environment variables hold, each a zod schema over the variable's string
 * that says what it expects (its description: config-schema.ts quotes it when the variable is missing or
 * malformed). Numbers and lists come out typed; a value never appears in an error, as some are secrets.
 */
import * as z from 'zod';

function described<T extends z.ZodType>(schema: T, expected: string): T {
  return schema.meta({ description: expected });
}

/** Any non-empty text. */
export function textVariable(expected: string) {
  return described(z.string().min(1), expected);
}

/** A DynamoDB table's name (3 to 255 letters, digits, `_`, `-`, `.`). */
export function tableNameVariable() {
  return described(z.string().regex(/^[A-Za-z0-9_.-]{3,255}$/), 'a DynamoDB table name');
}

/** An S3 bucket's name (3 to 63 lower-case letters, digits, `-`, `.`). */
export function bucketNameVariable() {
  return described(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/), 'an S3 bucket name');
}

/** The ARN of a resource of one AWS service (`states`, `secretsmanager`, ...). */
export function arnVariable(service: string) {
  return described(z.string().regex(new RegExp(`^arn:aws[a-z-]*:${service}:[a-z0-9-]*:\\d{12}:.+$`)), `an ARN of ${service}`);
}

/** An http(s) URL. */
export function urlVariable(expected: string) {
  return described(z.url({ protocol: /^https?$/ }), expected);
}

/** Where an AWS client is pointed instead of the regional endpoint. */
export function endpointVariable() {
  return urlVariable('an http(s) URL');
}

/** A Lambda function's name. */
export function functionNameVariable() {
  return described(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), 'a Lambda function name');
}

/** A host name, with a port when it is not the scheme's (`api.example.com`, `127.0.0.1:3000`). */
export function hostVariable() {
  return described(
    z.string().regex(/^([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/),
    'a host name, with :port if needed',
  );
}

/** A whole number within bounds, written in decimal digits. */
export function integerVariable(min: number, max: number, unit = '') {
  return described(
    z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max)),
    `a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max}`,
  );
}

/** Whole numbers separated by commas (`300,600`). */
export function integerListVariable(unit: string) {
  return described(
    z
      .string()
      .regex(/^\d+(,\d+)*$/)
      .transform((value) => value.split(',').map(Number)),
    `whole numbers of ${unit} separated by commas`,
  );
}

export function oneOfVariable<const Values extends readonly [string, ...string[]]>(values: Values) {
  return described(z.enum(values), `one of ${values.join(', ')}`);
}

export const STAGES = ['sandbox', 'production'] as const;
export type Stage = (typeof STAGES)[number];

/** STAGE: sandbox stacks take partners' scenario headers to the sandbox suppliers; production never does. */
export function stageVariable() {
  return oneOfVariable(STAGES);
}

/** TENANT, the tenant of a scheduled job's stack: what lib/stack-config.ts accepts. */
export function tenantVariable() {
  return described(z.string().regex(/^[a-z][a-z0-9-]{0,30}[a-z0-9]$/), 'a tenant id (2-32 lower-case letters, digits or hyphens)');
}
