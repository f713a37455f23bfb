/**
 * The port the FX figures are stored behind (functions/stores/dynamo-fx-rates.ts implements it): the days the
 * feed job stored and the operators' rates. Quotes read the latest of both (through a short cache per
 * function environment); the feed job reads the day before the one it stores, to judge its moves.
 */
import type { FeedDay, OperatorRate } from './feed-day.js';

export interface FxFiguresStore {
  /** The newest day stored; undefined before the feed has ever been read. */
  latestFeedDay(): Promise<FeedDay | undefined>;
  /** The newest day stored strictly before `date` (the day a new one is judged against). */
  feedDayBefore(date: string): Promise<FeedDay | undefined>;
  /** The stored days from `from` on (YYYY-MM-DD), oldest first. */
  feedDaysSince(from: string): Promise<FeedDay[]>;
  /** Stores each day (a day stored again is replaced by the feed's figures for it). */
  putFeedDays(days: readonly FeedDay[], readAt: Date): Promise<void>;
  /** Every operator's rate, one per currency. */
  operatorRates(): Promise<OperatorRate[]>;
}
