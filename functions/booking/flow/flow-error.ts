/**
 * Errors that end the booking flow, carrying the domain error the partner is answered with. A Task's error
 * reaches the booking function as the execution's `error` (the name) and `cause` (on AWS a JSON object whose
 * errorMessage is the message), so the domain error travels as JSON in the message: one format for AWS and
 * the local runner. Its fields are {kind, detail, extensions} (the domain error's kind, message and
 * details), names a step and a reader of different releases share while a deploy rolls. The ASL branches on
 * a few names (SupplierBookingTimeout, PreviousAttemptUnknown); every other failure is a BookingProblem.
 */
import { DomainError, isDomainErrorKind, type DomainErrorKind } from '../../domain/errors/domain-error.js';
import type { DomainErrorDetails } from '../../domain/errors/domain-error-details.js';

export const SUPPLIER_BOOKING_TIMEOUT = 'SupplierBookingTimeout';
export const PREVIOUS_ATTEMPT_UNKNOWN = 'PreviousAttemptUnknown';
export const BOOKING_PROBLEM = 'BookingProblem';

interface ErrorMessage {
  readonly kind: DomainErrorKind;
  readonly detail: string;
  readonly extensions?: DomainErrorDetails;
}

export class FlowError extends Error {
  constructor(name: string, error: ErrorMessage) {
    super(JSON.stringify(error));
    this.name = name;
  }

  static of(error: DomainError, name = BOOKING_PROBLEM): FlowError {
    return new FlowError(name, { kind: error.kind, detail: error.message, extensions: error.details });
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
  if (!isDomainErrorKind(carried?.kind) || typeof carried.detail !== 'string') return undefined;
  return new DomainError(carried.kind, carried.detail, { ...(carried.extensions ?? {}) }, { cause: error });
}
