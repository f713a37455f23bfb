/**
 * What sending webhooks needs, wired once per container (tests build their own): the store, the signed
 * POST, the clock, the retry schedule, and when a failing endpoint is disabled.
 *
 * The schedule follows the Standard Webhooks practice: an attempt at once, then after 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h and 10 h (8 in all, about a day and a half), then the delivery is dead-lettered. An
 * endpoint whose attempts have all failed for 5 days is disabled with the reason. WEBHOOK_RETRY_SCHEDULE_MS
 * and WEBHOOK_DISABLE_AFTER_MS shorten both for the tests.
 */
import { optionalEnv } from '../shared/config.js';
import { DynamoWebhookStore } from '../stores/dynamo-webhooks.js';
import { postSigned, type PostResult } from './signed-post.js';
import { urlPolicy, type UrlPolicy } from './webhook-url.js';

export interface WebhookDeps {
  readonly store: DynamoWebhookStore;
  readonly post: (url: string, headers: Record<string, string>, body: string) => Promise<PostResult>;
  readonly now: () => Date;
  /** Waits before the 2nd, 3rd, ... attempt; its length + 1 is the number of attempts. */
  readonly retryScheduleMs: readonly number[];
  readonly disableAfterMs: number;
  readonly urlPolicy: UrlPolicy;
}

export const DEFAULT_RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
const DEFAULT_DISABLE_AFTER_MS = 5 * 24 * 3_600_000;
/** The deadline of one attempt, connect to last byte; WEBHOOK_TIMEOUT_MS may shorten it (tests), never lengthen it. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

let deps: WebhookDeps | undefined;

export function webhookDeps(): WebhookDeps {
  if (deps) return deps;
  const policy = urlPolicy();
  const schedule = optionalEnv('WEBHOOK_RETRY_SCHEDULE_MS');
  deps = {
    store: new DynamoWebhookStore(),
    post: (url, headers, body) =>
      postSigned(url, headers, body, {
        timeoutMs: Math.min(ATTEMPT_TIMEOUT_MS, Number(optionalEnv('WEBHOOK_TIMEOUT_MS') ?? ATTEMPT_TIMEOUT_MS)),
        policy,
      }),
    now: () => new Date(),
    retryScheduleMs: schedule ? schedule.split(',').map(Number) : DEFAULT_RETRY_SCHEDULE_MS,
    disableAfterMs: Number(optionalEnv('WEBHOOK_DISABLE_AFTER_MS') ?? DEFAULT_DISABLE_AFTER_MS),
    urlPolicy: policy,
  };
  return deps;
}
