/**
 * The one place a refused booking change becomes the domain error a partner is answered with: a conflict
 * for each operation, worded as partners have always read it.
 */
import { DomainError } from '../../domain/errors/domain-error.js';
import type { DomainErrorDetails } from '../../domain/errors/domain-error-details.js';
import type { BookingRefusal } from './booking-store.js';

export type RefusedOperation = 'request' | 'cancel' | 'modify' | 'erase-personal-data';

function detailOf(operation: RefusedOperation, bookingId: string, refusal: BookingRefusal): string {
  const status = 'status' in refusal ? refusal.status : 'missing';
  switch (operation) {
    case 'request':
      return `Booking ${bookingId} failed earlier; use a new Idempotency-Key to try again`;
    case 'cancel':
      if (refusal.reason === 'already-cancelled') return `Booking ${bookingId} was already cancelled at ${refusal.cancelledAt}`;
      if (refusal.reason === 'still-pending') return `Booking ${bookingId} has no confirmed outcome yet; retry once GET shows it confirmed`;
      // A failed booking; and, as ever, one that kept changing under the cancel's write.
      return `Booking ${bookingId} was never booked`;
    case 'modify':
      if (refusal.reason === 'cancel-in-flight')
        return `Booking ${bookingId} has a cancellation in flight (sent ${refusal.cancelRequestedAt}) whose outcome is not known yet; it cannot be modified`;
      if (refusal.reason === 'personal-data-erased')
        return `Booking ${bookingId} holds no personal data to change (erased ${refusal.erasedAt ?? 'or never stored'})`;
      return `Booking ${bookingId} is ${status}; only a confirmed booking can be modified`;
    case 'erase-personal-data':
      if (refusal.reason === 'cancel-in-flight')
        return `Booking ${bookingId} has a cancellation in flight (sent ${refusal.cancelRequestedAt}): its supplier may still need these names to say whether it cancelled; erase it once GET shows it cancelled or confirmed`;
      return `Booking ${bookingId} is ${status}: its supplier may still confirm it under these names; erase it once GET shows it confirmed or failed`;
  }
}

/** Which fields the error names: the status, where the partner is told which it is. */
function detailsOf(operation: RefusedOperation, bookingId: string, refusal: BookingRefusal): DomainErrorDetails {
  if (operation === 'request') return { bookingId };
  return { bookingId, status: 'status' in refusal ? refusal.status : 'missing' };
}

export function refusalError(operation: RefusedOperation, bookingId: string, refusal: BookingRefusal): DomainError {
  return new DomainError('conflict', detailOf(operation, bookingId, refusal), detailsOf(operation, bookingId, refusal));
}

/** A modification the supplier made, whose booking changed here before it was noted. */
export function changedDuringModification(bookingId: string): DomainError {
  return new DomainError('conflict', `Booking ${bookingId} changed state during the modification`, { bookingId });
}
