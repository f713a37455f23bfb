import { describe, expect, it } from 'vitest';
import { TokenBuckets } from '../../local/token-bucket.js';

describe('TokenBuckets (the local gateway throttle)', () => {
  it('allows the burst at once, then refills at the steady rate, per key', () => {
    let now = 0;
    const buckets = new TokenBuckets({ ratePerSecond: 2, burst: 3 }, () => now);
    expect([1, 2, 3].map(() => buckets.take('a').allowed)).toEqual([true, true, true]);
    expect(buckets.take('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(buckets.take('b').allowed).toBe(true);
    now = 500; // half a second: one token back at 2/s
    expect(buckets.take('a').allowed).toBe(true);
    expect(buckets.take('a').allowed).toBe(false);
    now = 60_000; // never more than the burst
    expect([1, 2, 3, 4].map(() => buckets.take('a').allowed)).toEqual([true, true, true, false]);
  });

  it('tells a slow bucket to wait whole seconds', () => {
    const buckets = new TokenBuckets({ ratePerSecond: 0.1, burst: 1 }, () => 0);
    buckets.take('k');
    expect(buckets.take('k')).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });
});
