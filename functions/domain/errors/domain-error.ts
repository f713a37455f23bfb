/**
 * What a use case, a flow step or a store throws when it refuses or fails in a way the partner is told:
 * a kind from a small closed set, a message that says why in the partner's terms, and safe details (the
 * ids and figures that find the case). Nothing here knows HTTP: the HTTP layer answers each kind with its
 * problem and status through one table (functions/shared/domain-error-problems.ts).
 */
import type { DomainErrorDetails } from './domain-error-details.js';

export const DOMAIN_ERROR_KINDS = [
  /** Nothing of this tenant under that id: another tenant's thing is unknown here, exactly as a missing one is. */
  'not-found',
  /** It existed and is no longer offered: an expired search or rate, a rate its supplier stopped selling. */
  'gone',
  /** Named fields the server's own data refuses (details.errors names each), beyond what the schema checks. */
  'invalid',
  /** The thing's current state does not allow the operation (a booking not confirmed, a delivery delivered). */
  'conflict',
  /** The price moved beyond what the partner accepted, or the supplier would only book at another price. */
  'price-changed',
  /** The supplier offers no way to do this (a modification it has no path for). */
  'unsupported',
  /** The payment cannot be taken: the wallet does not cover it. */
  'payment-refused',
  /** The caller asked too often (a client's window of token requests, an address's wrong secrets): details.retryAfterSeconds says when to retry. */
  'rate-limited',
  /** The supplier refused or failed, or is no longer contracted; what it holds is said in the message. */
  'supplier-failed',
  /** The supplier did not answer in time, or its outcome is not known: retrying is safe. */
  'supplier-timeout',
  /** The supplier confirmed a booking that could not stand, so it was undone (or that failed too). */
  'not-completed',
  /** A service we depend on was briefly out of reach: retrying (with the same key) resumes the work. */
  'dependency-unavailable',
  /**
   * We refused the work because we are busy (too many in flight, or too little time left to do it): nothing
   * was sent to a supplier, and retrying after details.retryAfterSeconds (with the same key) is safe.
   */
  'overloaded',
  /**
   * No exchange rate may be used for a pair the quote needs: its figure is older than the maximum age (the
   * feed has stopped) or not read yet. details.pair names it; retrying after details.retryAfterSeconds may find a fresh one.
   */
  'fx-unavailable',
  /** A capability that is planned and not available yet. */
  'planned',
  /** Failed for a reason the partner is not told (the logs have it): quote the request to support. */
  'internal',
] as const;

export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

export function isDomainErrorKind(value: unknown): value is DomainErrorKind {
  return typeof value === 'string' && (DOMAIN_ERROR_KINDS as readonly string[]).includes(value);
}

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly details: DomainErrorDetails;

  constructor(kind: DomainErrorKind, message: string, details: DomainErrorDetails = {}, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DomainError';
    this.kind = kind;
    this.details = details;
  }
}
