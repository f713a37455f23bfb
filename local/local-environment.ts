/**
 * What the stack sets on every function, with this machine's values: the local host sets each one it finds
 * unset before it loads a function (an operator's own value wins), and tests that load a function's entry
 * themselves start from the same.
 */
import { DEFAULT_RETENTION_DAYS } from '../functions/booking/personal-data/personal-data-retention.js';
import { metricNamespace } from '../functions/shared/metric-names.js';
import { DEFAULT_FX_MAX_AGE_DAYS } from '../functions/stores/fx-settings.js';

/** The issuer and audience of the host's access tokens (a stack's issuer names the stack: lib/functions.ts). */
export const LOCAL_TOKEN_IDENTITY = { TOKEN_ISSUER: 'https://auth.hotel-api.local', TOKEN_AUDIENCE: 'hotel-api' } as const;

export const LOCAL_FUNCTION_ENVIRONMENT: Readonly<Record<string, string>> = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  STAGE: 'sandbox',
  POWERTOOLS_LOG_LEVEL: 'WARN',
  POWERTOOLS_METRICS_DISABLED: 'true',
  POWERTOOLS_TRACE_ENABLED: 'false',
  // The namespace the demo sandbox stack gives its functions (lib/hotel-function.ts), so the in-process
  // host and the one serving bundles write the same metrics.
  POWERTOOLS_METRICS_NAMESPACE: metricNamespace('demo', 'sandbox'),
  POWERTOOLS_SERVICE_NAME: 'hotel-api-local',
  // Webhooks may go to receivers on this machine over http (functions/webhooks/webhook-url.ts); deployed stacks are strict.
  WEBHOOK_URL_POLICY: 'local',
  ...LOCAL_TOKEN_IDENTITY,
  // A stack's default (lib/personal-data-retention.ts).
  PERSONAL_DATA_RETENTION_DAYS: String(DEFAULT_RETENTION_DAYS),
  // A stack's default (lib/fx-feed.ts, -c fxMaxAgeDays).
  FX_MAX_AGE_DAYS: String(DEFAULT_FX_MAX_AGE_DAYS),
};
