/**
 * Which webhook event a booking's change is, if any, and what it carries: the booking's summary as it
 * stands after the change, with the applied penalty for a cancel. Decided from the states before and after
 * and the history entries the change appends, so every path to a state (the flow, the reconciler, a GET
 * that settles a pending booking) emits the same event: a pending booking settled later is
 * `booking.confirmed` exactly as a direct confirmation is.
 */
import type { BookingEventType, WebhookEvent } from '../../domain/webhooks/webhook-event.js';
import { newEventId } from '../../stores/webhook-outbox.js';
import { cancellationView, type BookingEvent, type BookingRecord } from './booking-record.js';
import { bookingSummary } from './booking-summary.js';

function typeOf(before: BookingRecord, after: BookingRecord, events: readonly BookingEvent[]): BookingEventType | undefined {
  const has = (name: string) => events.some((e) => e.event === name);
  if (before.status === 'pending' && after.status === 'confirmed') return 'booking.confirmed';
  if (before.status === 'pending' && after.status === 'failed')
    return has('confirmed-by-supplier') ? 'booking.compensated' : 'booking.failed';
  if (before.status === 'confirmed' && after.status === 'cancelled') return 'booking.cancelled';
  if (after.status === 'pending' && has('outcome-unknown')) return 'booking.pending';
  if (before.status === after.status && has('modified')) return 'booking.modified';
  return undefined;
}

export function bookingWebhookEvent(
  before: BookingRecord,
  after: BookingRecord,
  events: readonly BookingEvent[],
): WebhookEvent | undefined {
  const type = typeOf(before, after, events);
  if (!type) return undefined;
  const createdAt = events.at(-1)!.at;
  const cancellation =
    type === 'booking.cancelled' ? { cancellation: cancellationView({ ...after, cancelledAt: after.cancelledAt ?? createdAt }) } : {};
  return { id: newEventId(createdAt), type, createdAt, tenant: after.tenant, data: { ...bookingSummary(after), ...cancellation } };
}
