/**
 * The rate each property of a search is shown with, described (describeRate: the rateId's content, the
 * price and policy views) and serialised for the stored search, kept per property. Between one supplier's
 * answer and the next, the properties whose shown rate changed are described in small slices, each its own
 * macrotask so a supplier's answer arriving meanwhile waits at most one slice; once the last supplier has
 * answered, only what its answer changed is left to describe.
 */
import type { StoredRate } from './search-result.js';
import { describeRate, type PricedRate, type StayContext } from './run-search.js';

/** Properties described per macrotask: about a millisecond of work on this machine. */
export const SHOWN_RATE_SLICE = 50;

export interface DescribedRate {
  readonly rate: PricedRate;
  readonly stored: StoredRate;
  /** JSON.stringify(stored). */
  readonly json: string;
}

interface ShownProperty {
  readonly propertyId: string;
  readonly starRating: number | undefined;
}

export class ShownRates {
  private readonly described = new Map<string, DescribedRate>();
  private queue: { property: ShownProperty; rate: PricedRate }[] = [];
  private waiting = true;
  private scheduled = false;

  constructor(private readonly stay: Omit<StayContext, 'tenant' | 'rateIdKey'>) {}

  /** Describes, in the background, the shown rates `source` reports changed since it was last asked. */
  describeWhileWaiting(source: { takeChanged(): { property: ShownProperty; rate: PricedRate }[] }): void {
    if (!this.waiting) return;
    this.queue.push(...source.takeChanged());
    this.schedule();
  }

  /** The last supplier answered: what is still queued is described on demand instead. */
  stopWaiting(): void {
    this.waiting = false;
    this.queue = [];
  }

  /** The property's shown rate, described (now, unless it already was). */
  describe(property: ShownProperty & { readonly rates: readonly [PricedRate] }): DescribedRate {
    return this.describeRate(property, property.rates[0]);
  }

  private describeRate(property: ShownProperty, rate: PricedRate): DescribedRate {
    const done = this.described.get(property.propertyId);
    if (done?.rate === rate) return done;
    const stored = describeRate(rate, property, this.stay);
    const described = { rate, stored, json: JSON.stringify(stored) };
    this.described.set(property.propertyId, described);
    return described;
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (!this.waiting) return;
      for (const { property, rate } of this.queue.splice(0, SHOWN_RATE_SLICE)) this.describeRate(property, rate);
      this.schedule();
    });
  }
}
