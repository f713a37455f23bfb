/**
 * What sending webhooks needs, wired once per container from the function's configuration (tests build
 * their own): the store, the signed POST, the clock, the retry schedule, and when a failing endpoint is
 * disabled (webhook-delivery-config.ts).
 */
import { DynamoWebhookStore } from '../stores/dynamo-webhooks.js';
import { postSigned, type PostResult } from './signed-post.js';
import type { WebhookDeliverySettings } from './webhook-delivery-config.js';
import type { UrlPolicy } from './webhook-url.js';

export interface WebhookDeps {
  readonly store: DynamoWebhookStore;
  readonly post: (url: string, headers: Record<string, string>, body: string) => Promise<PostResult>;
  readonly now: () => Date;
  /** Waits before the 2nd, 3rd, ... attempt; its length + 1 is the number of attempts. */
  readonly retryScheduleMs: readonly number[];
  readonly disableAfterMs: number;
  readonly urlPolicy: UrlPolicy;
}

const wired = new WeakMap<WebhookDeliverySettings, WebhookDeps>();

export function webhookDeps(settings: WebhookDeliverySettings): WebhookDeps {
  const existing = wired.get(settings);
  if (existing) return existing;
  const policy = settings.urlPolicy;
  const deps: WebhookDeps = {
    store: new DynamoWebhookStore(),
    post: (url, headers, body) => postSigned(url, headers, body, { timeoutMs: settings.attemptTimeoutMs, policy }),
    now: () => new Date(),
    retryScheduleMs: settings.retryScheduleMs,
    disableAfterMs: settings.disableAfterMs,
    urlPolicy: policy,
  };
  wired.set(settings, deps);
  return deps;
}
