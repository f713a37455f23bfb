/**
 * What of an error may reach a log line: an allow-list, never the error's own properties. Powertools'
 * default copies every enumerable property of a logged error into the line, and errors carry whatever
 * their thrower had at hand: a booking conflict the whole booking (holder, guests, e-mail), an
 * idempotency refusal the stored answer, a supplier error the supplier's text, which may echo the holder.
 * observability.ts hands every error of every line through this function, wherever it sits in the line.
 *
 * Kept: the name, the message (or the reduced message the error offers: see RedactsItsMessage), codes
 * and statuses, the ids that find the case (booking, supplier, endpoint, delivery, request), the stack's
 * frames (npm run map-stack reads them) and the cause, itself through this list.
 */

/** An error whose message may hold third-party text (a supplier's) offers a reduced one for logs. */
export interface RedactsItsMessage {
  redactedMessage(): string;
}

const CODE_FIELDS = ['code', 'kind', 'status', 'statusCode', 'supplierCode', 'operation', 'problem'] as const;
const ID_FIELDS = ['bookingId', 'supplierId', 'supplierReference', 'endpointId', 'deliveryId', 'requestId', 'executionArn'] as const;
const MAX_CAUSE_DEPTH = 3;

function redacts(error: Error): error is Error & RedactsItsMessage {
  return typeof (error as Partial<RedactsItsMessage>).redactedMessage === 'function';
}

/** A scalar worth logging: strings bounded (a code is short; anything longer is not a code), numbers, booleans. */
function scalar(value: unknown): string | number | boolean | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string' && value.length <= 200) return value;
  return undefined;
}

export function loggableError(error: Error, depth = 0): Record<string, unknown> {
  const message = redacts(error) ? error.redactedMessage() : error.message;
  const fields: Record<string, unknown> = { name: error.name, message };
  const source = error as unknown as Record<string, unknown>;
  // A supplier error keeps its codes in `details`, a problem its ids in `extensions`: the same names are read there.
  const nested = (name: 'details' | 'extensions') =>
    typeof source[name] === 'object' && source[name] !== null ? (source[name] as Record<string, unknown>) : {};
  const details = nested('details');
  const extensions = nested('extensions');
  for (const name of [...CODE_FIELDS, ...ID_FIELDS]) {
    const value = scalar(source[name] ?? details[name] ?? extensions[name]);
    if (value !== undefined) fields[name] = value;
  }
  const httpStatus = scalar((source.$metadata as { httpStatusCode?: unknown } | undefined)?.httpStatusCode);
  if (httpStatus !== undefined) fields.httpStatusCode = httpStatus;
  // The frames only: the stack's first lines repeat the message, which may be the unreduced one.
  if (typeof error.stack === 'string') {
    const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
    fields.stack = [`${error.name}: ${message}`, ...frames].join('\n');
  }
  const { cause } = error as { cause?: unknown };
  if (cause instanceof Error && depth < MAX_CAUSE_DEPTH) fields.cause = loggableError(cause, depth + 1);
  else if (cause !== undefined) fields.cause = typeof cause === 'string' ? `(${cause.length} characters)` : `(${typeof cause})`;
  return fields;
}

/** The logger's JSON replacer: every Error value, at any depth of a line, leaves as its allow-listed fields. */
export function loggableErrors(_key: string, value: unknown): unknown {
  return value instanceof Error ? loggableError(value) : value;
}
