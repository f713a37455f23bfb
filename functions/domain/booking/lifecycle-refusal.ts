/**
 * Why the lifecycle refuses a command, named for what the booking is: the caller turns it into its own
 * answer (a 409 with the words partners know, a replay, a retry later, or nothing to do).
 */
import type { BookingStatus } from './booking-status.js';

export type LifecycleRefusal =
  | { readonly reason: 'missing' }
  | { readonly reason: 'still-pending'; readonly status: 'pending' }
  /** A pending booking an undo took (its supplier's booking is being cancelled): only the compensation moves it. */
  | { readonly reason: 'being-undone'; readonly status: 'pending'; readonly undoBegunAt: string }
  | { readonly reason: 'already-confirmed'; readonly status: 'confirmed' }
  | { readonly reason: 'already-cancelled'; readonly status: 'cancelled'; readonly cancelledAt?: string }
  /** A failed booking: nothing stands booked, whatever the supplier did on the way. */
  | { readonly reason: 'never-booked'; readonly status: 'failed' }
  | { readonly reason: 'voucher-already-issued'; readonly status: 'confirmed' }
  /** A cancel of it was sent and its outcome is not known yet: nothing else may change it meanwhile. */
  | { readonly reason: 'cancel-in-flight'; readonly status: 'confirmed'; readonly cancelRequestedAt: string }
  /** A cancel-refused on a booking with no cancel in flight. */
  | { readonly reason: 'no-cancel-in-flight'; readonly status: 'confirmed' }
  /** A stay change was asked of the supplier and is not settled yet: nothing else changes the booking meanwhile. */
  | { readonly reason: 'stay-change-in-progress'; readonly status: 'confirmed'; readonly changeId: string }
  /** No stay change is waiting to be made or dropped (or another one is). */
  | { readonly reason: 'no-stay-change-requested'; readonly status: BookingStatus }
  /** The hotel's confirmation number is on the booking already: a later one is not noted again. */
  | { readonly reason: 'hotel-confirmation-known'; readonly status: 'confirmed' }
  /** The personal data is gone: nothing to change, nothing more to erase. */
  | { readonly reason: 'personal-data-erased'; readonly status: BookingStatus; readonly erasedAt?: string };

export type LifecycleRefusalReason = LifecycleRefusal['reason'];
