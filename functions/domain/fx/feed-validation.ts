/**
 * Whether a day of the feed may be stored: every currency the feed is expected to publish is there, every
 * figure is a positive decimal, and none moved more than `maxMovePercent` from the day before. A day that
 * fails is not stored and the run fails loudly (the job's error, its metric and alarm): a wrong figure quoted
 * silently would price every converted quote wrongly and the ledger would book it.
 *
 * The move: |today − before| / before, per currency present both days, exactly in decimal. Major currencies
 * move a few percent on their worst days; the Turkish lira moved more than 15 % in a day in late 2021, which
 * is what the limit is for: a human looks before such a figure is quoted (docs/on-call.md, FxFeedRejected).
 */
import { parseDecimal } from '../money/decimal.js';
import type { FeedDay } from './feed-day.js';

export const DEFAULT_MAX_MOVE_PERCENT = 20;

export interface FeedDayProblem {
  readonly date: string;
  readonly currency: string;
  readonly problem: 'missing' | 'not-positive' | 'implausible-move';
  readonly detail: string;
}

export function feedDayProblems(
  day: Pick<FeedDay, 'date' | 'perEur'>,
  before: Pick<FeedDay, 'date' | 'perEur'> | undefined,
  expected: readonly string[],
  maxMovePercent: number,
): FeedDayProblem[] {
  const problems: FeedDayProblem[] = [];
  const { date } = day;
  for (const currency of expected) {
    if (!Object.hasOwn(day.perEur, currency)) problems.push({ date, currency, problem: 'missing', detail: `${currency} is missing` });
  }
  for (const [currency, text] of Object.entries(day.perEur)) {
    let value;
    try {
      value = parseDecimal(text);
    } catch {
      problems.push({ date, currency, problem: 'not-positive', detail: `${currency} ${text} is not a decimal` });
      continue;
    }
    if (!value.isPositive() || value.isZero()) {
      problems.push({ date, currency, problem: 'not-positive', detail: `${currency} ${text} is not positive` });
      continue;
    }
    const previousText = before?.perEur[currency];
    if (previousText === undefined) continue;
    const previous = parseDecimal(previousText);
    const movePercent = value.minus(previous).abs().dividedBy(previous).times(100);
    if (movePercent.greaterThan(maxMovePercent)) {
      problems.push({
        date,
        currency,
        problem: 'implausible-move',
        detail: `${currency} moved ${movePercent.toDecimalPlaces(2).toFixed()} % from ${previousText} (${before!.date}) to ${text}, more than ${maxMovePercent} %`,
      });
    }
  }
  return problems;
}
