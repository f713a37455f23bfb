/**
 * What the FX stores hold, as the domain reads them: one day of the feed (every currency it published that
 * day, as published) and the operators' rates (one per currency, the latest set), and how the figures a
 * quote uses are chosen from them.
 */
import { fxLeg, type FxFigure, type FxLeg } from './fx-figure.js';

export interface FeedDay {
  /** The day (YYYY-MM-DD) the figures are for, as the feed dates them (the ECB's `Cube time`). */
  readonly date: string;
  /** The feed's name, as the stamp shows it ("ECB euro foreign exchange reference rates", or the sandbox's). */
  readonly source: string;
  /** Units per 1 EUR per currency, the feed's own text. */
  readonly perEur: Readonly<Record<string, string>>;
}

/** An operator's rate for one currency (npm run admin -- fx set). */
export interface OperatorRate {
  readonly currency: string;
  readonly perEur: string;
  /** Where the figure comes from, as the operator said. */
  readonly source: string;
  /** The day (YYYY-MM-DD) it is for: the day it was set. */
  readonly asOf: string;
  readonly setAt: string;
  readonly setBy: string;
}

/** The stamp's name for an operator's figure. */
export function operatorSource(rate: Pick<OperatorRate, 'source'>): string {
  return `operator rate (${rate.source})`;
}

export function feedFigures(day: FeedDay): FxFigure[] {
  return Object.entries(day.perEur).map(([currency, perEur]) => ({ currency, perEur, source: day.source, asOf: day.date }));
}

/**
 * The figure of each currency a quote uses: the feed's latest day and the operators' rates, the newer of the
 * two where both quote a currency (the feed on the same day). So an operator can stand in for the feed while
 * it is stopped, and the feed takes over again as soon as it has a newer day.
 */
export function usableFigures(latestFeedDay: FeedDay | undefined, operatorRates: readonly OperatorRate[]): Map<string, FxLeg> {
  const figures = new Map<string, FxFigure>();
  for (const figure of latestFeedDay ? feedFigures(latestFeedDay) : []) figures.set(figure.currency, figure);
  for (const rate of operatorRates) {
    const feed = figures.get(rate.currency);
    if (!feed || rate.asOf > feed.asOf) {
      figures.set(rate.currency, { currency: rate.currency, perEur: rate.perEur, source: operatorSource(rate), asOf: rate.asOf });
    }
  }
  const legs = new Map<string, FxLeg>();
  for (const [currency, figure] of figures) {
    // A figure that is not a positive decimal (a row written by hand) quotes nothing, rather than failing every quote.
    try {
      legs.set(currency, fxLeg(figure));
    } catch {}
  }
  return legs;
}
