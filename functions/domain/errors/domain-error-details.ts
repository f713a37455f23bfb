/**
 * What a domain error may carry besides its message: the ids and figures that find the case and explain
 * the refusal, shown to the partner as they are and kept in log lines. A closed list on purpose: it has no
 * field for a name, an e-mail or a phone, so a guest's data cannot ride on an error into an answer, an
 * execution's history or a log.
 */
import type { PriceView } from '../rate/price-view.js';
import type { FieldError } from './field-error.js';

export interface DomainErrorDetails {
  readonly bookingId?: string;
  /** The booking's status when it is what refused the operation. */
  readonly status?: string;
  readonly supplierId?: string;
  readonly supplierReference?: string;
  /** Whether a booking the supplier confirmed was cancelled there again. */
  readonly undone?: boolean;
  readonly walletId?: string;
  /** The amount a payment needed, in `currency`. */
  readonly required?: number;
  readonly currency?: string;
  /** The price the supplier asks now, and the one the partner was quoted. */
  readonly price?: PriceView;
  readonly previousPrice?: Pick<PriceView, 'net' | 'markup' | 'tax' | 'serviceFee' | 'total' | 'currency'>;
  readonly deliveryId?: string;
  /** A planned capability, and where its intended contract is published. */
  readonly capability?: string;
  readonly contract?: string;
  /** Each refused field of an `invalid` error. */
  readonly errors?: readonly FieldError[];
  /** How many seconds a `rate-limited` or `fx-unavailable` caller waits before it asks again. */
  readonly retryAfterSeconds?: number;
  /** The currency pair an `fx-unavailable` quote needed a rate for. */
  readonly pair?: { readonly from: string; readonly to: string };
}
