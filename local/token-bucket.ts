/**
 * Token buckets as API Gateway throttles: a steady refill rate and a burst capacity. One bucket per key
 * (the stage has one; the usage plan one per usage key), so the local gateway refuses exactly the traffic
 * the stack would.
 */
export interface Throttle {
  readonly ratePerSecond: number;
  readonly burst: number;
}

export type TakeResult = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly throttle: Throttle,
    private readonly now: () => number = () => performance.now(),
  ) {}

  take(key: string): TakeResult {
    const at = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.throttle.burst, at };
    bucket.tokens = Math.min(this.throttle.burst, bucket.tokens + ((at - bucket.at) / 1000) * this.throttle.ratePerSecond);
    bucket.at = at;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    // Whole seconds, at least one, as Retry-After requires.
    const waitSeconds = (1 - bucket.tokens) / this.throttle.ratePerSecond;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitSeconds)) };
  }
}
