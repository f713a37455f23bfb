/**
 * The pending-booking reconciler: a function that settles bookings whose supplier did not answer in time
 * (functions/booking/reconcile/reconcile-pending-handler.ts), run every five minutes by an EventBridge schedule. It
 * reads contracts and updates bookings; supplier credentials are granted where they are created.
 */
import { Duration } from 'aws-cdk-lib';
import { Schedule, type Rule } from 'aws-cdk-lib/aws-events';
import { Construct } from 'constructs';
import type { HotelFunction } from './hotel-function.js';
import { ScheduledJob } from './scheduled-job.js';
import type { DeploymentConfig } from './stack-config.js';
import type { HotelTables } from './tables.js';
import { FUNCTION_TIMEOUT_SECONDS } from '../functions/shared/time-budgets.js';

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
    const scheduled = new ScheduledJob(this, 'Scheduled', {
      config,
      entry: 'functions/booking/reconcile/reconcile-pending-handler.ts',
      description: 'Settles pending bookings by asking their suppliers for our reference',
      serviceName: 'hotel-api-pending-reconciler',
      memorySize: 512,
      timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.pendingReconciler),
      tables,
      // wallets: settling a wallet-paid booking captures its hold (confirmed) or gives it back (failed).
      // webhooks: a settled booking's event goes to the outbox with the change.
      // fxRates: a settled booking's price is locked at its check's figures, the live ones only for a pair they lack.
      tablesUsed: { contracts: 'read', bookings: 'readWrite', guests: 'read', wallets: 'readWrite', webhooks: 'outbox', fxRates: 'read' },
      schedule: PENDING_RECONCILER_SCHEDULE,
      scheduleDescription: `Pending booking reconciliation for ${config.tenant} (${config.stage})`,
      // The next run comes in five minutes.
      retryAttempts: 0,
      maxEventAge: Duration.minutes(5),
    });
    this.job = scheduled.job;
    this.schedule = scheduled.schedule;
  }
}
