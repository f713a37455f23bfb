/**
 * The FX feed (functions/fx/): a job run every hour by an EventBridge schedule that reads the ECB's euro
 * foreign exchange reference rates (or, in sandbox stacks, the sandbox ECB feed: lib/sandbox-suppliers.ts)
 * and stores each new day of figures in the fxRates table, which it alone writes. Hourly, every day, rather
 * than once after publication: the ECB publishes at around 16:00 CET on TARGET working days, sometimes late,
 * and a run that finds nothing new costs one 1.6 KB GET; its FxFeedWorkingDaysBehind metric after every run
 * is what the FxFeedNotRead alarm watches, so a schedule that stopped is noticed too (lib/observability.ts).
 *
 * Two stack settings: `-c fxMaxAgeDays=N` (default 4), the age past which a figure is never used, reaches every
 * function that quotes as FX_MAX_AGE_DAYS; `-c fxFeedMaxMovePercent=N` (default 20), the largest day-on-day
 * move the job accepts without a human looking.
 */
import { Duration } from 'aws-cdk-lib';
import { Schedule, type Rule } from 'aws-cdk-lib/aws-events';
import { Construct, type Node } from 'constructs';
import { DEFAULT_MAX_MOVE_PERCENT } from '../functions/domain/fx/feed-validation.js';
import { DEFAULT_FX_MAX_AGE_DAYS } from '../functions/stores/fx-settings.js';
import type { HotelFunction } from './hotel-function.js';
import { ScheduledJob } from './scheduled-job.js';
import { wholeNumberContext, type DeploymentConfig } from './stack-config.js';
import type { HotelTables } from './tables.js';

export const FX_MAX_AGE_DAYS_CONTEXT = 'fxMaxAgeDays';
export const FX_FEED_MAX_MOVE_CONTEXT = 'fxFeedMaxMovePercent';
export const FX_FEED_SCHEDULE = Schedule.rate(Duration.hours(1));

/** The ECB's own folder of the two files, and the name its figures are stamped with. */
export const ECB_FEED = {
  url: 'https://www.ecb.europa.eu/stats/eurofxref/',
  source: 'ECB euro foreign exchange reference rates',
} as const;

export function fxMaxAgeDaysFrom(node: Node): number {
  return wholeNumberContext(node, FX_MAX_AGE_DAYS_CONTEXT, { fallback: DEFAULT_FX_MAX_AGE_DAYS, min: 1, max: 30, unit: 'days' });
}

export function fxFeedMaxMoveFrom(node: Node): number {
  return wholeNumberContext(node, FX_FEED_MAX_MOVE_CONTEXT, { fallback: DEFAULT_MAX_MOVE_PERCENT, min: 1, max: 100, unit: 'percent' });
}

export interface FxFeedProps {
  readonly config: DeploymentConfig;
  readonly tables: HotelTables;
  /** Where the feed's files are and the name its figures carry: the ECB's, or the sandbox ECB feed's. */
  readonly feed: { readonly url: string; readonly source: string };
  readonly maxMovePercent: number;
}

export class FxFeed extends Construct {
  readonly job: HotelFunction;
  readonly schedule: Rule;

  constructor(scope: Construct, id: string, props: FxFeedProps) {
    super(scope, id);
    const { config, tables, feed } = props;
    const scheduled = new ScheduledJob(this, 'Scheduled', {
      config,
      entry: 'functions/fx/fx-feed-handler.ts',
      description: "Reads the ECB's euro foreign exchange reference rates and stores each new day",
      serviceName: 'hotel-api-fx-feed',
      memorySize: 256,
      // Two bounded fetches (10 s and 20 s at most) and one batch write.
      timeout: Duration.minutes(1),
      tables,
      tablesUsed: { fxRates: 'readWrite' },
      schedule: FX_FEED_SCHEDULE,
      scheduleDescription: `FX feed for ${config.tenant} (${config.stage}): ${feed.url}`,
      // The next run is an hour away; one retry covers a blip.
      retryAttempts: 1,
      maxEventAge: Duration.minutes(30),
    });
    this.job = scheduled.job;
    this.job.function.addEnvironment('FX_FEED_URL', feed.url);
    this.job.function.addEnvironment('FX_FEED_SOURCE', feed.source);
    this.job.function.addEnvironment('FX_FEED_MAX_MOVE_PERCENT', String(props.maxMovePercent));
    this.schedule = scheduled.schedule;
  }
}
