/**
 * A partner's webhook endpoint, and the delivery of one event to it with its attempts.
 */
import type { WebhookEvent, WebhookEventType } from './webhook-event.js';

export interface WebhookEndpoint {
  readonly tenant: string;
  /** `we_...` */
  readonly endpointId: string;
  readonly url: string;
  readonly events: readonly WebhookEventType[];
  readonly description?: string;
  readonly enabled: boolean;
  /** Why it was disabled: by the partner, or by us after it failed for too long. */
  readonly disabledReason?: string;
  /** `whsec_...`: shown once, when the endpoint is created or its secret rotated. */
  readonly secret: string;
  /** The secret before the last rotation: deliveries are signed with it too until previousSecretExpiresAt. */
  readonly previousSecret?: string;
  readonly previousSecretExpiresAt?: string;
  /** The first failed attempt since the last success: an endpoint failing for long is disabled. */
  readonly failingSince?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * pending: not tried yet; waiting: behind an earlier delivery of the same subject to this endpoint;
 * retrying: failed, tried again at nextAttemptAt; delivered: a 2xx; dead: every attempt failed (or the
 * endpoint was gone), retried only when the partner asks.
 */
export type DeliveryStatus = 'pending' | 'waiting' | 'retrying' | 'delivered' | 'dead';

/** Still to be delivered: it has a next attempt, and holds its place in its lane. */
export function isOpen(status: DeliveryStatus): boolean {
  return status === 'pending' || status === 'waiting' || status === 'retrying';
}

export interface WebhookDelivery {
  readonly tenant: string;
  readonly endpointId: string;
  /** `dlv_` + the event's time + a digest of event and endpoint: one delivery per event and endpoint. */
  readonly deliveryId: string;
  readonly subject: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly lastAttemptAt?: string;
  readonly lastResponseCode?: number;
  readonly lastError?: string;
  /** When the next attempt is due (open deliveries). */
  readonly nextAttemptAt?: string;
  readonly deliveredAt?: string;
  readonly createdAt: string;
  readonly event: WebhookEvent;
}

/** How long after a rotation deliveries carry the previous secret's signature too (API-SPEC: 24 hours). */
export const SECRET_ROTATION_OVERLAP_MS = 24 * 3_600_000;

/** The secrets a delivery at `now` is signed with: the current one, and the previous one during its overlap. */
export function signingSecrets(
  endpoint: Pick<WebhookEndpoint, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  now: Date,
): string[] {
  const previousValid =
    endpoint.previousSecret !== undefined &&
    endpoint.previousSecretExpiresAt !== undefined &&
    Date.parse(endpoint.previousSecretExpiresAt) > now.getTime();
  return previousValid ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}
