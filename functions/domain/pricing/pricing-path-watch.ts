/**
 * The rate pricer's fast paths (rate-pricer.ts: safe integers, then BigInt) must give exactly what the exact
 * one (price-rate-decimal.ts, decimal.js) gives. What tells when they do not: a fast path that threw where the
 * exact one priced the rate, and a fast price that differs from the exact one on the rates checked against it
 * (the first of every CHECKED_EVERY a pricer prices: so every rate check and booking, which price one rate,
 * and a sample of a search's thousands). In both cases the exact price is the one used, and the watch hears
 * of it: never swallowed. Production wires a watch that logs and counts (functions/shared/pricing-path-watch.ts);
 * the default throws, so a test that meets either fails.
 */
import type { Price } from './price.js';

export interface PricingPathWatch {
  /** A fast path threw where the exact path priced the rate: a defect of the fast path. */
  fastPathFailed(error: unknown, supplierId: string): void;
  /** The fast path priced a rate otherwise than the exact path did: a defect of the fast path. */
  disagreed(fast: Price, exact: Price, supplierId: string): void;
}

/** A pricer checks the first rate it prices, and every CHECKED_EVERY-th after it, against the exact path. */
export const CHECKED_EVERY = 64;

/** Where no watch is wired (tests, tools): a fast path that fails or disagrees is an error, at once. */
export const THROWING_WATCH: PricingPathWatch = {
  fastPathFailed(error, supplierId) {
    throw new Error(`the fast pricing path failed on a ${supplierId} rate the exact path priced`, { cause: error });
  },
  disagreed(fast, exact, supplierId) {
    throw new Error(
      `the fast pricing path priced a ${supplierId} rate at ${fast.total}, the exact path at ${exact.total} ${exact.currency}`,
    );
  },
};
