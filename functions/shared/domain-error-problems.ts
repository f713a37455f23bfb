/**
 * The one table from a domain error to the answer a partner gets: each domain kind's problem kind (whose
 * status and title PROBLEM_KINDS gives) and the headers that kind always carries. Use cases, flow steps
 * and stores throw domain errors (functions/domain/errors/) and know nothing of this; the HTTP layer
 * (error-response.ts, and a handler shaping an answer it stores) is the only reader.
 */
import type { DomainError, DomainErrorKind } from '../domain/errors/domain-error.js';
import { OUTAGE_RETRY_AFTER_SECONDS } from './dependency-outage.js';
import { HttpProblem, type ProblemKind } from './problem.js';

interface ProblemOfKind {
  readonly problem: ProblemKind;
  readonly headers?: Readonly<Record<string, string>>;
}

export const DOMAIN_ERROR_PROBLEMS: Readonly<Record<DomainErrorKind, ProblemOfKind>> = {
  'not-found': { problem: 'not-found' },
  gone: { problem: 'gone' },
  invalid: { problem: 'validation-error' },
  conflict: { problem: 'conflict' },
  'price-changed': { problem: 'price-changed' },
  unsupported: { problem: 'modification-unsupported' },
  'payment-refused': { problem: 'insufficient-funds' },
  // Retry-After is the error's own retryAfterSeconds (problemOf).
  'rate-limited': { problem: 'rate-limited' },
  'supplier-failed': { problem: 'supplier-error' },
  'supplier-timeout': { problem: 'supplier-timeout' },
  'not-completed': { problem: 'booking-not-completed' },
  // The partner retries with the same Idempotency-Key once the seconds have passed (dependency-outage.ts).
  'dependency-unavailable': { problem: 'service-unavailable', headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) } },
  // Retry-After is the error's own retryAfterSeconds (problemOf).
  overloaded: { problem: 'overloaded' },
  // Retry-After is the error's own retryAfterSeconds (problemOf): when a fresh figure may be there.
  'fx-unavailable': { problem: 'fx-unavailable' },
  planned: { problem: 'not-implemented' },
  internal: { problem: 'internal-error' },
};

/**
 * The problem a domain error is answered with: its message the detail, its details the extensions, and the
 * kind's headers, with Retry-After when the error says how long to wait.
 */
export function problemOf(error: DomainError): HttpProblem {
  const { problem, headers } = DOMAIN_ERROR_PROBLEMS[error.kind];
  const { retryAfterSeconds } = error.details;
  const retryAfter: Record<string, string> = retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) };
  return new HttpProblem(problem, error.message, {
    extensions: { ...error.details },
    headers: { ...headers, ...retryAfter },
    cause: error,
  });
}
