/**
 * A quote that needs a figure it may not use (FxUnavailableError `stale`) is refused as the domain's
 * `fx-unavailable`: the HTTP layer answers 503 problem `fx-unavailable` naming the pair, with Retry-After.
 * Never a 500 and never an old figure: the partner retries once the feed has run again or an operator has
 * set a rate.
 */
import { DomainError } from '../errors/domain-error.js';
import { FxUnavailableError } from './fx-rates.js';

/** The FX feed job runs every hour and an operator may set a rate at any time: a quarter of an hour. */
export const FX_RETRY_AFTER_SECONDS = 900;

export function fxUnavailable(error: FxUnavailableError): DomainError {
  const reason = error.message.replace(/^no fx rate [A-Z]{3}→[A-Z]{3}: /, '');
  return new DomainError(
    'fx-unavailable',
    `No exchange rate ${error.from}→${error.to} may be used now: ${reason}. Retry after the seconds in Retry-After.`,
    { pair: { from: error.from, to: error.to }, retryAfterSeconds: FX_RETRY_AFTER_SECONDS },
    { cause: error },
  );
}

/** Runs `quote`; a pair it cannot convert is `fx-unavailable` (a rate check or a booking has no other answer for it). */
export function quotingOrUnavailable<T>(quote: () => T): T {
  try {
    return quote();
  } catch (error) {
    if (error instanceof FxUnavailableError) throw fxUnavailable(error);
    throw error;
  }
}
