/**
 * The personal data retention job (functions/booking/personal-data/personal-data-retention-handler.ts): once a day, the
 * stack's tenant's bookings whose check-out is more than the retention's days behind have their personal
 * data erased, by the same path as a partner's DELETE .../personal-data.
 *
 * The retention is a stack setting, `cdk deploy -c personalDataRetentionDays=N` (default 90, the reasons in
 * functions/booking/personal-data/personal-data-retention.ts); it reaches the job and every function that writes guest
 * details (their expiry backstop) as PERSONAL_DATA_RETENTION_DAYS.
 */
import { Duration } from 'aws-cdk-lib';
import { Schedule, type Rule } from 'aws-cdk-lib/aws-events';
import { Construct, type Node } from 'constructs';
import { DEFAULT_RETENTION_DAYS } from '../functions/booking/personal-data/personal-data-retention.js';
import type { HotelFunction } from './hotel-function.js';
import { ScheduledJob } from './scheduled-job.js';
import { wholeNumberContext, type DeploymentConfig } from './stack-config.js';
import type { HotelTables } from './tables.js';
import { FUNCTION_TIMEOUT_SECONDS } from '../functions/shared/time-budgets.js';

export const RETENTION_DAYS_CONTEXT = 'personalDataRetentionDays';
/** Daily: a booking's data goes within a day of falling due. */
export const PERSONAL_DATA_RETENTION_SCHEDULE = Schedule.rate(Duration.days(1));

export function personalDataRetentionDaysFrom(node: Node): number {
  return wholeNumberContext(node, RETENTION_DAYS_CONTEXT, { fallback: DEFAULT_RETENTION_DAYS, min: 0, max: 3650, unit: 'days' });
}

export interface PersonalDataRetentionProps {
  readonly config: DeploymentConfig;
  readonly tables: HotelTables;
  readonly days: number;
}

export class PersonalDataRetention extends Construct {
  readonly job: HotelFunction;
  readonly schedule: Rule;

  constructor(scope: Construct, id: string, props: PersonalDataRetentionProps) {
    super(scope, id);
    const { config, tables, days } = props;
    const scheduled = new ScheduledJob(this, 'Scheduled', {
      config,
      entry: 'functions/booking/personal-data/personal-data-retention-handler.ts',
      description: `Erases bookings' personal data ${days} days after check-out`,
      serviceName: 'hotel-api-personal-data-retention',
      memorySize: 512,
      timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.personalDataRetention),
      tables,
      // bookings: the erasure's mark and history entry; guests: the details erased.
      tablesUsed: { bookings: 'readWrite', guests: 'readWrite' },
      schedule: PERSONAL_DATA_RETENTION_SCHEDULE,
      scheduleDescription: `Personal data retention (${days} days after check-out) for ${config.tenant} (${config.stage})`,
      // A missed run is made up by the next day's, which erases everything due by then.
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
    });
    this.job = scheduled.job;
    this.job.function.addEnvironment('PERSONAL_DATA_RETENTION_DAYS', String(days));
    this.schedule = scheduled.schedule;
  }
}
