/**
 * How webhooks are sent, for both functions that send them (the webhooks function's ping and retry, and the
 * sender): the URL policy, the retry schedule, when a failing endpoint is disabled, one attempt's deadline.
 *
 * The schedule follows the Standard Webhooks practice: an attempt at once, then after 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h and 10 h (8 in all, about a day and a half), then the delivery is dead-lettered. An
 * endpoint whose attempts have all failed for 5 days is disabled with the reason. WEBHOOK_RETRY_SCHEDULE_MS
 * and WEBHOOK_DISABLE_AFTER_MS shorten both for the tests; deployed stacks set none of the three.
 */
import { configFragment } from '../shared/config-schema.js';
import { integerListVariable, integerVariable, oneOfVariable } from '../shared/config-variables.js';
import type { UrlPolicy } from './webhook-url.js';

export const DEFAULT_RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
const DEFAULT_DISABLE_AFTER_MS = 5 * 24 * 3_600_000;
/** The deadline of one attempt, connect to last byte; WEBHOOK_TIMEOUT_MS may shorten it (tests), never lengthen it. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

export interface WebhookDeliverySettings {
  readonly urlPolicy: UrlPolicy;
  /** Waits before the 2nd, 3rd, ... attempt; its length + 1 is the number of attempts. */
  readonly retryScheduleMs: readonly number[];
  readonly disableAfterMs: number;
  readonly attemptTimeoutMs: number;
}

export const webhookDeliveryConfig = configFragment(
  {
    // `local` only on the local host (functions/webhooks/webhook-url.ts); deployed stacks are strict.
    WEBHOOK_URL_POLICY: oneOfVariable(['strict', 'local']).optional(),
    WEBHOOK_RETRY_SCHEDULE_MS: integerListVariable('milliseconds').optional(),
    WEBHOOK_DISABLE_AFTER_MS: integerVariable(0, Number.MAX_SAFE_INTEGER, 'milliseconds').optional(),
    WEBHOOK_TIMEOUT_MS: integerVariable(1, Number.MAX_SAFE_INTEGER, 'milliseconds').optional(),
  },
  (values): WebhookDeliverySettings => ({
    urlPolicy: values.WEBHOOK_URL_POLICY ?? 'strict',
    retryScheduleMs: values.WEBHOOK_RETRY_SCHEDULE_MS ?? DEFAULT_RETRY_SCHEDULE_MS,
    disableAfterMs: values.WEBHOOK_DISABLE_AFTER_MS ?? DEFAULT_DISABLE_AFTER_MS,
    attemptTimeoutMs: Math.min(ATTEMPT_TIMEOUT_MS, values.WEBHOOK_TIMEOUT_MS ?? ATTEMPT_TIMEOUT_MS),
  }),
);
