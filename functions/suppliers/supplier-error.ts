import type { RefusalReason } from './refusal-reason.js';

/**
 * The one error type adapters throw. Callers branch on `kind`, never on messages or HTTP codes:
 * search turns any kind into a supplier status, booking maps timeout → 504/pending and the rest → 502
 * (or 409/410 for price_changed/sold_out).
 */
export type SupplierErrorKind =
  | 'timeout' // no answer within the budget (the supplier may still have acted: reconcile by our reference)
  | 'unavailable' // connection refused or reset, HTTP 5xx, supplier says it is overloaded
  | 'bad_response' // malformed body, missing or wrongly typed fields
  | 'rejected' // the supplier refused the request (validation, product rules, authentication)
  | 'not_found' // unknown booking or rate
  | 'price_changed' // the supplier will only honour a different price
  | 'sold_out'; // the room or rate is no longer available

export class SupplierError extends Error {
  override readonly name = 'SupplierError';
  /**
   * The supplier's own text stays here only: it may echo what we sent (the holder's name, e-mail, phone), so
   * logs and problems get `redactedMessage()` instead (functions/shared/loggable-error.ts reads it too).
   */
  constructor(
    readonly kind: SupplierErrorKind,
    readonly supplierId: string,
    message: string,
    readonly details: {
      readonly status?: number;
      readonly supplierCode?: string;
      readonly operation?: string;
      /** Set when the supplier boundary refused the answer itself (too large, a redirect, an error sent as success). */
      readonly reason?: RefusalReason;
    } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /**
   * Whether the supplier may have done what it was asked although we hold no answer saying so: no answer in
   * time, a connection cut after the request could have reached it, or an answer we could not read. Only a
   * refusal it stated is certain; for a booking, a cancel or a change, anything else is settled by looking
   * the booking up, so nothing the supplier did is forgotten or reported as refused.
   */
  get outcomeUnknown(): boolean {
    return this.kind === 'timeout' || this.kind === 'unavailable' || this.kind === 'bad_response';
  }

  /**
   * The error as codes and a length, for logs, problems and a booking's history: kind, supplier, the
   * supplier's code and HTTP status where it gave them, and how long its text was, never the text.
   */
  redactedMessage(): string {
    const { supplierCode, status, operation, reason } = this.details;
    const parts = [
      `${this.kind} from ${this.supplierId}`,
      ...(operation ? [`on ${operation}`] : []),
      ...(reason ? [`refused: ${reason}`] : []),
      ...(supplierCode ? [`code ${supplierCode.slice(0, 40)}`] : []),
      ...(status !== undefined ? [`HTTP ${status}`] : []),
      `message of ${this.message.length} characters withheld`,
    ];
    return parts.join(', ');
  }

  /** Whether a retry of the same request could succeed. */
  get retryable(): boolean {
    return this.kind === 'timeout' || this.kind === 'unavailable';
  }
}

export function isSupplierError(value: unknown): value is SupplierError {
  return value instanceof SupplierError;
}

/**
 * Why a supplier call failed, in words safe for a log line or a booking's history: a supplier error's
 * redacted message, or only the name of anything else thrown (a parser's message may quote the body it read).
 */
export function supplierFailureReason(error: unknown): string {
  return isSupplierError(error) ? error.redactedMessage() : ((error as Error | undefined)?.name ?? 'error');
}
