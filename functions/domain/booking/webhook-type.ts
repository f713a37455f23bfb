/**
 * Which webhook a booking's move sends, from the events it raised: whichever path made the move (the flow,
 * the reconciler, a GET settling a pending booking), the same event is sent, so a pending booking confirmed
 * later is `booking.confirmed` exactly as a direct confirmation is. A move sends at most one.
 */
import type { BookingEventType } from '../webhooks/webhook-event.js';
import type { LifecycleEvent, LifecycleEventType } from './lifecycle-event.js';

/** undefined: the event is the booking's own record keeping, not news for the partner's systems. */
const WEBHOOK_OF_EVENT: Readonly<Record<LifecycleEventType, BookingEventType | undefined>> = {
  requested: undefined,
  'outcome-unknown': 'booking.pending',
  confirmed: 'booking.confirmed',
  failed: 'booking.failed',
  // Told once the undo is done: the compensation's webhook.
  'undo-begun': undefined,
  compensated: 'booking.compensated',
  // Told inside the compensation: the webhook is booking.compensated, whether the cancel there worked or not.
  'cancelled-at-supplier': undefined,
  'cancel-at-supplier-failed': undefined,
  modified: 'booking.modified',
  // Told once the supplier has said: booking.cancelled when it cancelled, nothing new when it refused.
  'cancel-requested': undefined,
  'cancel-refused': undefined,
  'stay-change-requested': undefined,
  'stay-changed': 'booking.modified',
  'stay-change-dropped': undefined,
  cancelled: 'booking.cancelled',
  // The booking as the partner sees it changed: it now carries the number the hotel's desk asks for.
  'hotel-confirmed': 'booking.modified',
  'voucher-issued': undefined,
  'personal-data-erased': undefined,
};

export function webhookTypeOf(events: readonly LifecycleEvent[]): BookingEventType | undefined {
  return events.map((event) => WEBHOOK_OF_EVENT[event.type]).find((type) => type !== undefined);
}
