/**
 * The fetch every API call goes through: bearer token and tenant header on each request, a retry after a
 * 401 with a fresh token, and retries of 429 honouring Retry-After (seconds or an HTTP date), capped.
 * A retried request is the same request, Idempotency-Key included, so retrying a booking or a cancel can
 * never make a second one.
 */
import type { TokenCache } from './token-cache.js';

export interface AuthorizedFetchOptions {
  readonly tokens: TokenCache;
  readonly tenant: string;
  /** How many times a 429 is retried before it is returned (default 3). */
  readonly maxRateLimitRetries?: number;
  /** Longest wait honoured from a Retry-After (default 30 s); longer answers are returned as they are. */
  readonly maxRetryAfterMs?: number;
  readonly fetch?: typeof fetch;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Told of every retry, for logs. */
  readonly onRetry?: (reason: '401' | '429', waitMs: number) => void;
}

export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function authorizedFetch(options: AuthorizedFetchOptions): (input: Request) => Promise<Response> {
  const send = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return async (input: Request) => {
    // The body may be read once per attempt: keep the bytes.
    const body = input.body ? await input.arrayBuffer() : undefined;
    const attempt = async () => {
      const headers = new Headers(input.headers);
      headers.set('Authorization', `Bearer ${await options.tokens.get()}`);
      headers.set('X-Service-Tenant', options.tenant);
      return send(new Request(input.url, { method: input.method, headers, ...(body ? { body } : {}), signal: input.signal }));
    };
    let response = await attempt();
    if (response.status === 401) {
      options.tokens.invalidate();
      options.onRetry?.('401', 0);
      response = await attempt();
    }
    for (let retry = 0; response.status === 429 && retry < (options.maxRateLimitRetries ?? 3); retry++) {
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? 1000 * 2 ** retry;
      if (wait > (options.maxRetryAfterMs ?? 30_000)) break;
      options.onRetry?.('429', wait);
      await response.body?.cancel();
      await sleep(wait);
      response = await attempt();
    }
    return response;
  };
}
