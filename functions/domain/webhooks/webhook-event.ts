/**
 * What a webhook carries (API-SPEC "Webhooks"): `{id, type, createdAt, tenant, data}`, data being the
 * booking's summary as it stood after the change (with the applied penalty for a cancel), or the wallet and
 * its movement. The id (`msg_...`) is the Standard Webhooks `webhook-id`: a receiver that has seen it has
 * seen the event, however often it is delivered.
 */
export const BOOKING_EVENT_TYPES = [
  'booking.pending',
  'booking.confirmed',
  'booking.failed',
  'booking.compensated',
  'booking.modified',
  'booking.cancelled',
] as const;
export const WALLET_EVENT_TYPES = ['wallet.topped-up', 'wallet.held', 'wallet.captured', 'wallet.released', 'wallet.refunded'] as const;
export const WEBHOOK_EVENT_TYPES = [...BOOKING_EVENT_TYPES, ...WALLET_EVENT_TYPES] as const;
/** Sent by POST /v1/webhook-endpoints/{id}/test only; an endpoint need not subscribe to it. */
export const PING_EVENT_TYPE = 'webhook.ping';

export type BookingEventType = (typeof BOOKING_EVENT_TYPES)[number];
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | typeof PING_EVENT_TYPE;

export interface WebhookEvent {
  readonly id: string;
  readonly type: WebhookEventType;
  /** UTC ISO instant of the change. */
  readonly createdAt: string;
  readonly tenant: string;
  readonly data: Record<string, unknown>;
}

/** What the event is about: its deliveries to one endpoint keep this subject's order (a booking, a wallet). */
export function subjectOf(event: Pick<WebhookEvent, 'type' | 'data'>): string {
  const data = event.data as { bookingId?: string; walletId?: string };
  if (event.type.startsWith('booking.')) return `booking#${data.bookingId}`;
  if (event.type.startsWith('wallet.')) return `wallet#${data.walletId}`;
  return 'ping';
}
