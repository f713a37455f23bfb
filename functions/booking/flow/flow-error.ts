/**
 * Errors that end the booking flow, carrying the domain error the partner is answered with. A Task's error
 * reaches the booking function as the execution's `error` (the name) and `cause` (on AWS a JSON object whose
 * errorMessage is the message), so the domain error travels as JSON in the message: one format for AWS and
 * the local runner. Its fields are {kind, detail, extensions} (the domain error's kind, message and
 * details). While a deploy rolls, a step of one release meets a reader of another, so `kind` keeps the names
 * the flow has always written (WIRE_KIND), and a reader takes either those or the domain's. The ASL branches on
 * a few names (SupplierBookingTimeout, PreviousAttemptUnknown); every other failure is a BookingProblem.
 */
import { DomainError, isDomainErrorKind, type DomainErrorKind } from '../../domain/errors/domain-error.js';
import type { DomainErrorDetails } from '../../domain/errors/domain-error-details.js';

export const SUPPLIER_BOOKING_TIMEOUT = 'SupplierBookingTimeout';
export const PREVIOUS_ATTEMPT_UNKNOWN = 'PreviousAttemptUnknown';
const BOOKING_PROBLEM = 'BookingProblem';

/**
 * The flow's own names for the kinds whose wire name is not the domain's: the names it wrote before the
 * domain had kinds of its own. Strings of the wire format, not the HTTP layer's table.
 */
const WIRE_KIND: Partial<Record<DomainErrorKind, string>> = {
  invalid: 'validation-error',
  unsupported: 'modification-unsupported',
  'payment-refused': 'insufficient-funds',
  'supplier-failed': 'supplier-error',
  'not-completed': 'booking-not-completed',
  'dependency-unavailable': 'service-unavailable',
  planned: 'not-implemented',
  internal: 'internal-error',
};
const KIND_OF_WIRE: ReadonlyMap<string, DomainErrorKind> = new Map(
  Object.entries(WIRE_KIND).map(([kind, wire]) => [wire, kind as DomainErrorKind]),
);

function kindOf(wire: unknown): DomainErrorKind | undefined {
  if (typeof wire !== 'string') return undefined;
  return KIND_OF_WIRE.get(wire) ?? (isDomainErrorKind(wire) ? wire : undefined);
}

interface ErrorMessage {
  readonly kind: string;
  readonly detail: string;
  readonly extensions?: DomainErrorDetails;
}

export class FlowError extends Error {
  constructor(name: string, error: ErrorMessage) {
    super(JSON.stringify(error));
    this.name = name;
  }

  static of(error: DomainError, name = BOOKING_PROBLEM): FlowError {
    return new FlowError(name, { kind: WIRE_KIND[error.kind] ?? error.kind, detail: error.message, extensions: error.details });
  }
}

/** The domain error carried by a failed execution's (or a Catch's) error and cause; undefined when it carries none. */
export function domainErrorFromFailure(error: string | undefined, cause: string | undefined): DomainError | undefined {
  if (!cause) return undefined;
  let message: unknown = cause;
  try {
    const parsed = JSON.parse(cause) as unknown;
    // AWS wraps a Lambda error as {errorType, errorMessage, trace}; our message is JSON inside it.
    message =
      typeof parsed === 'object' && parsed !== null && 'errorMessage' in parsed
        ? (parsed as { errorMessage: unknown }).errorMessage
        : parsed;
    if (typeof message === 'string') message = JSON.parse(message) as unknown;
  } catch {
    return undefined;
  }
  const carried = message as Partial<ErrorMessage> | null;
  const kind = kindOf(carried?.kind);
  if (!kind || typeof carried?.detail !== 'string') return undefined;
  return new DomainError(kind, carried.detail, { ...(carried.extensions ?? {}) }, { cause: error });
}
