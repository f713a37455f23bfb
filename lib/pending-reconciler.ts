/**
 * The pending-booking reconciler: a function that settles bookings whose supplier did not answer in time
 * (functions/booking/reconcile-pending-handler.ts), run every five minutes by an EventBridge schedule. It
 * reads contracts and updates bookings; supplier credentials are granted where they are created.
 */
import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { HotelFunction } from './hotel-function.js';
import type { DeploymentConfig } from './stack-config.js';
import { grantTable } from './table-grants.js';
import type { HotelTables } from './tables.js';

export interface PendingReconcilerProps {
  readonly config: DeploymentConfig;
  readonly tables: HotelTables;
}

/** Often enough that a partner's 202 turns into an outcome within minutes; rare enough to cost nothing when idle. */
export const PENDING_RECONCILER_SCHEDULE = Schedule.rate(Duration.minutes(5));

export class PendingReconciler extends Construct {
  readonly job: HotelFunction;
  readonly schedule: Rule;

  constructor(scope: Construct, id: string, props: PendingReconcilerProps) {
    super(scope, id);
    const { config, tables } = props;
    const contracts = tables.get('contracts');
    const bookings = tables.get('bookings');

    this.job = new HotelFunction(this, 'Job', {
      config,
      entry: 'functions/booking/reconcile-pending-handler.ts',
      description: 'Settles pending bookings by asking their suppliers for our reference',
      serviceName: 'hotel-api-pending-reconciler',
      memorySize: 512,
      timeout: Duration.minutes(2),
      // Two passes at once would ask the same suppliers the same questions; the conditional updates keep
      // that harmless, one at a time keeps it quiet.
      reservedConcurrentExecutions: 1,
      environment: {
        TENANT: config.tenant,
        [contracts.definition.envVar]: contracts.table.tableName,
        [bookings.definition.envVar]: bookings.table.tableName,
      },
    });
    grantTable(this.job.role, contracts, 'read');
    grantTable(this.job.role, bookings, 'readWrite');

    this.schedule = new Rule(this, 'Schedule', {
      description: `Pending booking reconciliation for ${config.tenant} (${config.stage})`,
      schedule: PENDING_RECONCILER_SCHEDULE,
      // The next run comes in five minutes: no retries needed.
      targets: [new LambdaFunction(this.job.function, { retryAttempts: 0 })],
    });
  }
}
