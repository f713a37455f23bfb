/**
 * The webhook event a booking's move sends, if any (its type from the move's events:
 * domain/booking/webhook-type.ts), and what it carries: the booking's summary as it stands after the move,
 * with the applied penalty for a cancel.
 */
import type { LifecycleEvent } from '../../domain/booking/lifecycle-event.js';
import { webhookTypeOf } from '../../domain/booking/webhook-type.js';
import type { WebhookEvent } from '../../domain/webhooks/webhook-event.js';
import { newEventId } from '../../stores/webhook-outbox.js';
import { cancellationView, type BookingRecord } from './booking-record.js';
import { bookingSummary } from './booking-summary.js';

export function bookingWebhookEvent(after: BookingRecord, events: readonly LifecycleEvent[]): WebhookEvent | undefined {
  const type = webhookTypeOf(events);
  if (!type) return undefined;
  const createdAt = events.at(-1)!.at;
  const cancellation =
    type === 'booking.cancelled' ? { cancellation: cancellationView({ ...after, cancelledAt: after.cancelledAt ?? createdAt }) } : {};
  return { id: newEventId(createdAt), type, createdAt, tenant: after.tenant, data: { ...bookingSummary(after), ...cancellation } };
}
