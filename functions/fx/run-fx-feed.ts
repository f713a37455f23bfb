/**
 * One run of the FX feed job: read the feed's daily file, fill any gap since the last stored day from its
 * 90-day file, judge every new day (feed-validation.ts) and store them by date. Quotes then convert with the
 * newest stored day (functions/stores/stored-fx-rates.ts).
 *
 * - First run (nothing stored) or a gap of more than one working day: the 90-day file is read too and every
 *   day after the last stored one is stored, so a stack deployed today, or a feed read again after an
 *   outage, has its history, and each day is judged against the day before it.
 * - The day already stored, with the same figures: nothing to store (the job runs every hour). With other
 *   figures (the ECB corrected a figure): stored again, judged against the day before it.
 * - A day dated after today, a file of the wrong layout, a day that fails its checks: the run stores nothing
 *   and fails (FxFeedRejectedError), loudly: the job's error, the FxFeedFailures metric and its alarm.
 */
import { utcDay } from '../domain/fx/calendar-day.js';
import { ECB_REFERENCE_CURRENCIES } from '../domain/fx/ecb-currencies.js';
import type { FeedDay } from '../domain/fx/feed-day.js';
import { feedDayProblems, type FeedDayProblem } from '../domain/fx/feed-validation.js';
import type { FxFiguresStore } from '../domain/fx/fx-figures-store.js';
import { latestDueDay, workingDaysBehind } from '../domain/fx/target-calendar.js';
import { parseEcbXml, type EcbDay } from './ecb-xml.js';

export const DAILY_FILE = 'eurofxref-daily.xml';
export const NINETY_DAY_FILE = 'eurofxref-hist-90d.xml';
export type FeedFileName = typeof DAILY_FILE | typeof NINETY_DAY_FILE;

export interface FxFeedDeps {
  readonly store: FxFiguresStore;
  /** The text of one of the feed's files (bounded and never redirected: feed-fetch.ts). */
  readonly fetchFile: (name: FeedFileName) => Promise<string>;
  readonly now: () => Date;
}

export interface FxFeedSettings {
  /** The feed's name, as every stamp of its figures shows it. */
  readonly source: string;
  /** A day whose figure moved more than this from the day before is refused. */
  readonly maxMovePercent: number;
}

export interface FxFeedReport {
  /** The day the daily file is for. */
  readonly read: string;
  /** The days stored by this run, oldest first (none when the day was stored already). */
  readonly stored: readonly string[];
  /** Whether the 90-day file was read to fill a gap. */
  readonly backfilled: boolean;
  /** The newest day stored after the run. */
  readonly latest: string;
  /** Working days whose figures are due and not stored (0 when up to date): the alarm's input. */
  readonly workingDaysBehind: number;
}

/** The run refused what the feed said: nothing was stored. */
export class FxFeedRejectedError extends Error {
  override readonly name = 'FxFeedRejectedError';
  constructor(
    message: string,
    readonly problems: readonly FeedDayProblem[] = [],
  ) {
    super(message);
  }
}

export async function runFxFeed(deps: FxFeedDeps, settings: FxFeedSettings): Promise<FxFeedReport> {
  const now = deps.now();
  const today = utcDay(now);
  const latest = await deps.store.latestFeedDay();
  const daily = parseEcbXml(await deps.fetchFile(DAILY_FILE));
  if (daily.days.length !== 1) throw new FxFeedRejectedError(`${DAILY_FILE} holds ${daily.days.length} days, not one`);
  const read = daily.days[0]!;
  if (read.date > today) throw new FxFeedRejectedError(`${DAILY_FILE} is dated ${read.date}, after today (${today})`);

  let backfilled = false;
  let fresh: EcbDay[];
  if (!latest || workingDaysBehind(latest.date, read.date) > 1) {
    backfilled = true;
    const history = parseEcbXml(await deps.fetchFile(NINETY_DAY_FILE)).days;
    const newer = history.filter((d) => d.date > (latest?.date ?? '') && d.date < read.date);
    fresh = [...newer, read].sort((a, b) => a.date.localeCompare(b.date));
  } else if (read.date > latest.date) fresh = [read];
  else if (read.date === latest.date && !sameFigures(read.perEur, latest.perEur)) fresh = [read];
  else fresh = [];

  const days: FeedDay[] = fresh.map((d) => ({ date: d.date, source: settings.source, perEur: d.perEur }));
  if (days.length > 0) {
    let before = latest && latest.date < days[0]!.date ? latest : await deps.store.feedDayBefore(days[0]!.date);
    const problems: FeedDayProblem[] = [];
    for (const day of days) {
      problems.push(...feedDayProblems(day, before, ECB_REFERENCE_CURRENCIES, settings.maxMovePercent));
      before = day;
    }
    if (problems.length > 0) {
      throw new FxFeedRejectedError(
        `the feed's figures were refused, nothing was stored: ${problems
          .slice(0, 5)
          .map((p) => `${p.date} ${p.detail}`)
          .join('; ')}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''}`,
        problems,
      );
    }
    await deps.store.putFeedDays(days, now);
  }
  const newest = [latest?.date, ...days.map((d) => d.date)]
    .filter((d): d is string => d !== undefined)
    .sort()
    .at(-1)!;
  return {
    read: read.date,
    stored: days.map((d) => d.date),
    backfilled,
    latest: newest,
    workingDaysBehind: workingDaysBehind(newest, latestDueDay(now)),
  };
}

/** How far the stored figures are behind what the feed should have published by now. */
export async function storedWorkingDaysBehind(store: FxFiguresStore, now: Date): Promise<number> {
  return workingDaysBehind((await store.latestFeedDay())?.date, latestDueDay(now));
}

function sameFigures(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
}
