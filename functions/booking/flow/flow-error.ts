/**
 * Errors that end the booking flow, carrying the problem the partner gets. A Task's error reaches the
 * booking function as the execution's `error` (the name) and `cause` (on AWS a JSON object whose
 * errorMessage is the message), so the problem travels as JSON in the message: one format for AWS and the
 * local runner. The ASL branches on a few names (SupplierBookingTimeout, PreviousAttemptUnknown); every
 * other failure is a BookingProblem.
 */
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../shared/dependency-outage.js';
import { HttpProblem, PROBLEM_KINDS, type ProblemKind } from '../../shared/problem.js';

export const SUPPLIER_BOOKING_TIMEOUT = 'SupplierBookingTimeout';
export const PREVIOUS_ATTEMPT_UNKNOWN = 'PreviousAttemptUnknown';
export const BOOKING_PROBLEM = 'BookingProblem';

interface ProblemMessage {
  readonly kind: ProblemKind;
  readonly detail: string;
  readonly extensions?: Record<string, unknown>;
}

export class FlowError extends Error {
  constructor(name: string, problem: ProblemMessage) {
    super(JSON.stringify(problem));
    this.name = name;
  }

  static of(problem: HttpProblem, name = BOOKING_PROBLEM): FlowError {
    return new FlowError(name, { kind: problem.kind, detail: problem.message, extensions: problem.extensions });
  }
}

/** The problem carried by a failed execution's (or a Catch's) error and cause; undefined when it carries none. */
export function problemFromFailure(error: string | undefined, cause: string | undefined): HttpProblem | undefined {
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
  const problem = message as Partial<ProblemMessage>;
  if (typeof problem?.kind !== 'string' || !(problem.kind in PROBLEM_KINDS) || typeof problem.detail !== 'string') return undefined;
  // Headers do not travel through the state machine; the one a kind always carries is restored here.
  const headers: Record<string, string> =
    problem.kind === 'service-unavailable' ? { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) } : {};
  return new HttpProblem(problem.kind, problem.detail, { extensions: { ...(problem.extensions ?? {}) }, headers, cause: error });
}
