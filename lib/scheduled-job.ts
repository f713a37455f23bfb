/**
 * A function run on an EventBridge schedule: the shape of the property mapping job, the pending-booking
 * reconciler, the webhook sender's sweep, the key rotation and the personal data retention. Each says what it
 * runs, how often, with what, and how a failed run is retried; the construct makes the function, its schedule
 * rule and the rule's target.
 *
 * No reserved concurrency: Lambda keeps 100 of an account's concurrency unreserved and a new account's quota is
 * far below that, so any reservation fails the deploy (AWS Lambda "Configuring reserved concurrency", "Lambda
 * quotas"). Two runs may therefore overlap (a run longer than its interval, a retry beside the next run), and
 * each job is safe to: its writes are conditional or idempotent (the webhook sweep claims each delivery it
 * tries, the reconciler's and the retention's moves are conditional, the mapping rewrites the same items).
 * Without a reservation the webhook sender's stream batches also no longer wait behind a sweep in the one
 * environment a reservation of one allowed.
 */
import { Duration } from 'aws-cdk-lib';
import { Rule, type Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { HotelFunction, type HotelFunctionProps } from './hotel-function.js';
import { grantTables, tableEnvironment, type TableUse } from './table-grants.js';
import type { HotelTables } from './tables.js';

export interface ScheduledJobProps extends Omit<HotelFunctionProps, 'reservedConcurrentExecutions' | 'environment'> {
  readonly tables: HotelTables;
  /** The tables the job uses: their variables are set and their grants given. */
  readonly tablesUsed: TableUse;
  readonly schedule: Schedule;
  readonly scheduleDescription: string;
  /** How often EventBridge retries delivering a run, and for how long. */
  readonly retryAttempts: number;
  readonly maxEventAge?: Duration;
}

export class ScheduledJob extends Construct {
  readonly job: HotelFunction;
  readonly schedule: Rule;

  constructor(scope: Construct, id: string, props: ScheduledJobProps) {
    super(scope, id);
    const { schedule, scheduleDescription, retryAttempts, maxEventAge = Duration.hours(2), tables, tablesUsed, ...functionProps } = props;
    this.job = new HotelFunction(this, 'Job', {
      ...functionProps,
      environment: { TENANT: props.config.tenant, ...tableEnvironment(tables, tablesUsed) },
    });
    grantTables(this.job.role, tables, tablesUsed);
    this.schedule = new Rule(this, 'Schedule', {
      description: scheduleDescription,
      schedule,
      targets: [new LambdaFunction(this.job.function, { retryAttempts, maxEventAge })],
    });
  }
}
