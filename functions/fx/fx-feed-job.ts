/**
 * The FX feed job as it runs, on AWS every hour (fx-feed-handler.ts, lib/fx-feed.ts) and on this machine at
 * start and every few minutes (local/host.ts): one run (run-fx-feed.ts) over the feed's files fetched as
 * untrusted input (feed-fetch.ts), its metrics (how many working days behind the stored figures are, after
 * every run, failed or not; why a run failed) and one log line.
 */
import type { FxFiguresStore } from '../domain/fx/fx-figures-store.js';
import { recordFxFeedRun } from '../shared/metric-events.js';
import type { FxFeedFailure } from '../shared/metric-names.js';
import { logger } from '../shared/observability.js';
import { DynamoFxRateStore } from '../stores/dynamo-fx-rates.js';
import { EcbXmlError } from './ecb-xml.js';
import { FeedFetchError, fetchFeedFile, type FetchLike } from './feed-fetch.js';
import type { FxFeedConfig } from './fx-feed-config.js';
import {
  DAILY_FILE,
  FxFeedRejectedError,
  runFxFeed,
  storedWorkingDaysBehind,
  type FeedFileName,
  type FxFeedDeps,
  type FxFeedReport,
} from './run-fx-feed.js';

/** The daily file is about 1.6 KB and the 90-day one about 75 KB: room for more currencies, nothing like a flood. */
export const FEED_FILE_LIMITS: Readonly<Record<FeedFileName, { timeoutMs: number; maxBytes: number }>> = {
  'eurofxref-daily.xml': { timeoutMs: 10_000, maxBytes: 64 * 1024 },
  'eurofxref-hist-90d.xml': { timeoutMs: 20_000, maxBytes: 1024 * 1024 },
};

export function fxFeedDeps(config: Pick<FxFeedConfig, 'baseUrl'>, options: { store?: FxFiguresStore; fetch?: FetchLike } = {}): FxFeedDeps {
  return {
    store: options.store ?? new DynamoFxRateStore(),
    fetchFile: async (name) => (await fetchFeedFile(new URL(name, config.baseUrl).href, FEED_FILE_LIMITS[name], options.fetch)).text,
    now: () => new Date(),
  };
}

export function failureOf(error: unknown): FxFeedFailure {
  if (error instanceof FeedFetchError) return 'unreachable';
  if (error instanceof EcbXmlError) return 'unreadable';
  if (error instanceof FxFeedRejectedError) return 'rejected';
  return 'store';
}

/** One run, measured and logged; a failed run is thrown again (the function's error, EventBridge's retry). */
export async function fxFeedJob(deps: FxFeedDeps, config: FxFeedConfig): Promise<FxFeedReport> {
  try {
    const report = await runFxFeed(deps, config);
    recordFxFeedRun({ workingDaysBehind: report.workingDaysBehind });
    logger.info('fx feed read', { ...report, stored: report.stored.length, file: DAILY_FILE });
    return report;
  } catch (error) {
    const failure = failureOf(error);
    const behind = await storedWorkingDaysBehind(deps.store, deps.now()).catch(() => undefined);
    recordFxFeedRun({ workingDaysBehind: behind, failure });
    logger.error('fx feed run failed: nothing stored', { failure, workingDaysBehind: behind, error: (error as Error).message });
    throw error;
  }
}
