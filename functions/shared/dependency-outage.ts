/**
 * Whether an error means a service we depend on (DynamoDB, Step Functions, Secrets Manager) could not be
 * reached or asked us to back off, as opposed to a defect of ours. The AWS SDK has already retried these
 * with backoff by the time one reaches us; a partner should retry later rather than see a 500, and
 * nothing of the request was done that a retry with the same Idempotency-Key would not finish.
 *
 * Read from what the SDK puts on its errors: the Node socket error code of a connection that failed, the
 * service's own throttling and unavailability exception names, and a 5xx status in `$metadata`. Wrapped
 * errors (Powertools' idempotency layer wraps its store's failure) are followed through `cause`.
 */

/** Long enough for a restarted table endpoint or a throttled partition to recover; short enough to keep the partner. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** Node socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** AWS exception names that mean "not now" rather than "never". */
const TRANSIENT_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ThrottlingException',
  'Throttling',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'InternalServerError',
  'InternalFailure',
  'ServiceUnavailable',
  'ServiceUnavailableException',
]);

interface ErrorShape {
  readonly name?: unknown;
  readonly code?: unknown;
  readonly cause?: unknown;
  readonly $metadata?: { readonly httpStatusCode?: number };
  readonly errors?: unknown;
}

export function isDependencyOutage(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const shape = error as ErrorShape;
  if (typeof shape.code === 'string' && NETWORK_CODES.has(shape.code)) return true;
  if (typeof shape.name === 'string' && TRANSIENT_NAMES.has(shape.name) && shape.$metadata !== undefined) return true;
  const status = shape.$metadata?.httpStatusCode;
  if (typeof status === 'number' && status >= 500) return true;
  // AggregateError (a connection tried on several addresses) carries the socket errors in `errors`.
  if (Array.isArray(shape.errors) && shape.errors.some((e) => isDependencyOutage(e, depth + 1))) return true;
  return isDependencyOutage(shape.cause, depth + 1);
}
