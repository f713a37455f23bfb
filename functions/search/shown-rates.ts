/**
 * The rate each property of a search is shown with, written as its stored row's rate part (stored-row.ts)
 * and kept per property. Between one supplier's answer and the next, the properties whose shown rate
 * changed are written in small slices, each its own macrotask so a supplier's answer arriving meanwhile
 * waits at most one slice; once the last supplier has answered, only what its answer changed is left.
 */
import type { DescribableRate } from '../domain/rate/priced-rate.js';
import type { ShownProperty } from './shown-property.js';
import { FxStamps, rateRowText, rowStart, rowText } from './stored-row.js';

/** Properties written per macrotask: well under a millisecond of work on this machine. */
export const SHOWN_RATE_SLICE = 100;

/** A property whose shown rate changed, with that rate. */
interface ShownRateOf {
  readonly property: Pick<ShownProperty, 'propertyId' | 'name' | 'starRating' | 'geo'>;
  readonly rate: DescribableRate;
}

export class ShownRates {
  private readonly written = new Map<string, { readonly rate: DescribableRate; readonly text: string }>();
  /** Each property's row start, made with its first shown rate (it does not change as suppliers answer). */
  private readonly starts = new Map<string, string>();
  private queue: ShownRateOf[] = [];
  private waiting = true;
  private scheduled = false;
  /** The fx stamps the rows refer to, stored once with the search. */
  readonly fx = new FxStamps();

  /** Writes, in the background, the shown rates `source` reports changed since it was last asked. */
  writeWhileWaiting(source: { takeChanged(): ShownRateOf[] }): void {
    if (!this.waiting) return;
    this.queue.push(...source.takeChanged());
    this.schedule();
  }

  /** The last supplier answered: what is still queued is written on demand instead. */
  stopWaiting(): void {
    this.waiting = false;
    this.queue = [];
  }

  /** The property's stored row, its rate's part written now unless it already was. */
  row(property: ShownProperty): string {
    const rate = this.rateText(property, property.rate);
    return rowText(property, rate, this.starts.get(property.propertyId)!);
  }

  private rateText(property: ShownRateOf['property'], rate: DescribableRate): string {
    const done = this.written.get(property.propertyId);
    if (done?.rate === rate) return done.text;
    const text = rateRowText(rate, this.fx);
    this.written.set(property.propertyId, { rate, text });
    if (!this.starts.has(property.propertyId)) this.starts.set(property.propertyId, rowStart(property));
    return text;
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (!this.waiting) return;
      for (const { property, rate } of this.queue.splice(0, SHOWN_RATE_SLICE)) this.rateText(property, rate);
      this.schedule();
    });
  }
}
