/**
 * The rate each property of a search is shown with, written as its stored row's rate part (stored-row.ts)
 * and kept per property. Between one supplier's answer and the next, the properties whose shown rate
 * changed are written in small slices, each its own macrotask so a supplier's answer arriving meanwhile
 * waits at most one slice; once the last supplier has answered, only what its answer changed is left.
 */
import type { DescribableRate, ShownProperty } from './shown-rate.js';
import { FxStamps, rateRowText, rowText } from './stored-row.js';

/** Properties written per macrotask: well under a millisecond of work on this machine. */
export const SHOWN_RATE_SLICE = 100;

export class ShownRates {
  private readonly written = new Map<string, { readonly rate: DescribableRate; readonly text: string }>();
  private queue: { property: { readonly propertyId: string }; rate: DescribableRate }[] = [];
  private waiting = true;
  private scheduled = false;
  /** The fx stamps the rows refer to, stored once with the search. */
  readonly fx = new FxStamps();

  /** Writes, in the background, the shown rates `source` reports changed since it was last asked. */
  writeWhileWaiting(source: { takeChanged(): { property: { readonly propertyId: string }; rate: DescribableRate }[] }): void {
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
    return rowText(property, this.rateText(property, property.rate));
  }

  private rateText(property: { readonly propertyId: string }, rate: DescribableRate): string {
    const done = this.written.get(property.propertyId);
    if (done?.rate === rate) return done.text;
    const text = rateRowText(rate, this.fx);
    this.written.set(property.propertyId, { rate, text });
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
