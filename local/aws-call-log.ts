/**
 * The AWS calls the bundled functions make (`npm run test:bundles`), one JSON line each, into a file the
 * checks read afterwards (test/aws-calls/): which function made the call, and the call as the function's
 * process saw it leave (local/lambda-runner.mjs). The first line says what the host's local names stand for
 * (its tables, its bucket, its state machine, its functions), so that each call can be named as it would be
 * on AWS: the table, bucket, state machine or function of the synthesized template.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export interface RecordedAwsCall {
  /** The credential scope's service (dynamodb, s3, states, lambda, secretsmanager, ...). */
  readonly service: string;
  readonly region: string;
  readonly method: string;
  readonly host: string;
  /** Path and query, as sent. */
  readonly path: string;
  /** X-Amz-Target of a JSON protocol call (DynamoDB_20120810.PutItem). */
  readonly target: string | null;
  /** The JSON body, when the call has one. */
  readonly body?: unknown;
  /** The answer's status; null when the call failed before one came. */
  readonly status: number | null;
}

/** What the host's local resources are, by the names the template gives them. */
export interface LocalResourceNames {
  /** Local table name → table id (functions/shared/tables.ts), which names the template's table. */
  readonly tables: Readonly<Record<string, string>>;
  /** Local bucket name → the template's construct (`SearchRows`). */
  readonly buckets: Readonly<Record<string, string>>;
  /** Local state machine ARN → the template's construct (`BookingWorkflow`). */
  readonly stateMachines: Readonly<Record<string, string>>;
  /** Local function name → the template's function (`Vouchers`). */
  readonly functions: Readonly<Record<string, string>>;
}

export type AwsCallLogLine =
  | { readonly kind: 'host'; readonly names: LocalResourceNames }
  | { readonly kind: 'call'; readonly function: string; readonly call: RecordedAwsCall };

export interface AwsCallLog {
  record(functionName: string, call: RecordedAwsCall): void;
}

export function openAwsCallLog(file: string, names: LocalResourceNames): AwsCallLog {
  mkdirSync(dirname(file), { recursive: true });
  const write = (line: AwsCallLogLine) => appendFileSync(file, `${JSON.stringify(line)}\n`);
  write({ kind: 'host', names });
  return { record: (functionName, call) => write({ kind: 'call', function: functionName, call }) };
}
