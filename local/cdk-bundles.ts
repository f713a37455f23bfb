/**
 * The functions of a synthesized stack (a `cdk synth` output directory), read as Lambda would get them:
 * each function's package directory (the bundle and the files it ships: fonts, Scalar's script), its
 * handler, timeout, memory and the environment the template gives it, with what points at AWS resources replaced by
 * this machine's equivalents:
 *
 * - a reference (`Ref`, `Fn::GetAtt`) to a table, the bucket, the state machine or a function: the local
 *   value of the same variable (the host has set every one: table names, bucket, state machine ARN);
 * - a Secrets Manager secret's ARN: the secret itself, inline (TOKEN_SIGNING_KEY, SEARCH_SECRET), which the
 *   code prefers (functions/auth/signing-key.ts, functions/shared/search-secret.ts);
 * - a path under /var/task: the same path under the package directory;
 *
 * and the endpoints, credentials and region only this machine needs added. A reference the host has no
 * value for fails the start, naming the function and the variable: a new one must be given a local value.
 */
import { join } from 'node:path';
import type { BundledFunctionDefinition } from './bundled-function.js';
import { readSynthesizedTemplate, type SynthesizedTemplate } from './synthesized-template.js';

/** A secret's ARN variable and the variable that holds the secret inline. */
const INLINE_SECRETS: Readonly<Record<string, string>> = {
  TOKEN_SIGNING_KEY_SECRET_ARN: 'TOKEN_SIGNING_KEY',
  SEARCH_SECRET_ARN: 'SEARCH_SECRET',
};

/** What only this machine needs, taken from the host's environment when it has them. */
const LOCAL_ONLY = [
  'AWS_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'DYNAMODB_ENDPOINT',
  'S3_ENDPOINT',
  'SFN_ENDPOINT',
  'LAMBDA_ENDPOINT',
  'WEBHOOK_URL_POLICY',
  // No X-Ray daemon and no CloudWatch here; the host's log level (an operator's own wins, as in process).
  'POWERTOOLS_TRACE_ENABLED',
  'POWERTOOLS_METRICS_DISABLED',
  'POWERTOOLS_LOG_LEVEL',
  'POWERTOOLS_LOGGER_LOG_EVENT',
  // Knobs the code reads with a default and the template leaves unset: an operator (or a test) may turn them
  // on the host, as in process.
  'SUPPLIER_BOOK_TIMEOUT_MS',
  'SUPPLIER_CALL_TIMEOUT_MS',
  'WEBHOOK_RETRY_SCHEDULE_MS',
  'WEBHOOK_DISABLE_AFTER_MS',
  'WEBHOOK_TIMEOUT_MS',
  // How long a function keeps the FX figures it read (60 s unset): 0 makes an operator's rate count at once.
  'FX_CACHE_SECONDS',
] as const;

const TASK_ROOT = '/var/task';

/** Lambda's defaults for what a template leaves unset (AWS::Lambda::Function: Timeout 3 s, MemorySize 128 MB). */
const DEFAULT_TIMEOUT_SECONDS = 3;
const DEFAULT_MEMORY_MB = 128;

interface FunctionProperties {
  readonly Handler?: string;
  readonly MemorySize?: number;
  readonly Timeout?: number;
  readonly Environment?: { readonly Variables?: Record<string, unknown> };
}

/** The named functions of the stack (the construct path ends in `<name>/Function/Resource`), by name. */
export function readSynthesizedFunctions(
  cdkOut: string,
  names: readonly string[],
  local: NodeJS.ProcessEnv,
  template: SynthesizedTemplate = readSynthesizedTemplate(cdkOut),
): Map<string, BundledFunctionDefinition> {
  const functions = new Map<string, BundledFunctionDefinition>();
  for (const resource of template.resourcesOfType('AWS::Lambda::Function')) {
    const properties = resource.properties as FunctionProperties;
    const path = String(resource.metadata['aws:cdk:path'] ?? '');
    const name = /\/([^/]+)\/Function\/Resource$/.exec(path)?.[1];
    const asset = resource.metadata['aws:asset:path'];
    if (!name || !names.includes(name) || typeof asset !== 'string') continue;
    const taskRoot = join(cdkOut, asset);
    functions.set(name, {
      name,
      taskRoot,
      handler: properties.Handler ?? 'index.handler',
      memoryMb: properties.MemorySize ?? DEFAULT_MEMORY_MB,
      timeoutMs: (properties.Timeout ?? DEFAULT_TIMEOUT_SECONDS) * 1000,
      environment: localEnvironment(name, properties.Environment?.Variables ?? {}, taskRoot, local),
    });
  }
  const missing = names.filter((name) => !functions.has(name));
  if (missing.length > 0) throw new Error(`${cdkOut} has no function ${missing.join(', ')}`);
  return functions;
}

function localEnvironment(
  name: string,
  variables: Record<string, unknown>,
  taskRoot: string,
  local: NodeJS.ProcessEnv,
): Record<string, string> {
  const environment: Record<string, string> = {
    // What Lambda's runtime sets (TZ included: a date formatted without a zone must come out in UTC here too).
    AWS_LAMBDA_FUNCTION_NAME: name,
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
    TZ: 'UTC',
  };
  for (const [variable, value] of Object.entries(variables)) {
    if (typeof value === 'string') {
      environment[variable] =
        value === TASK_ROOT || value.startsWith(`${TASK_ROOT}/`) ? join(taskRoot, value.slice(TASK_ROOT.length)) : value;
      continue;
    }
    const inline = INLINE_SECRETS[variable];
    const localName = inline ?? variable;
    const localValue = local[localName];
    if (localValue === undefined)
      throw new Error(`${name}: the template sets ${variable} from ${JSON.stringify(value)}, and this host has no local ${localName}`);
    environment[localName] = localValue;
  }
  for (const variable of LOCAL_ONLY) if (local[variable] !== undefined) environment[variable] = local[variable];
  return environment;
}
