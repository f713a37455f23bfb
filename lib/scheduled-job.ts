/**
 * A function run on an EventBridge schedule, one run at a time: the shape of the property mapping job and
 * the pending-booking reconciler. Each says what it runs, how often, with what, and how a failed run is
 * retried; the construct makes the function, its schedule rule and the rule's target.
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
      // Scheduled jobs rewrite shared state; two runs at once would only race each other.
      reservedConcurrentExecutions: 1,
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
