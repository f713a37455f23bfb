/**
 * The property mapping job: a function that reads every contracted supplier's static content, matches it
 * into unified properties and rewrites the property map and destination index search reads
 * (functions/search/mapping-job-handler.ts), run daily by an EventBridge schedule.
 *
 * It reads the tenant's contracts and reads and writes the properties table, nothing else. Sandbox stacks
 * also let it read the sandbox suppliers' credential secrets (granted where those are created).
 */
import { Duration } from 'aws-cdk-lib';
import { Schedule, type Rule } from 'aws-cdk-lib/aws-events';
import { Construct } from 'constructs';
import type { HotelFunction } from './hotel-function.js';
import { ScheduledJob } from './scheduled-job.js';
import type { DeploymentConfig } from './stack-config.js';
import type { HotelTables } from './tables.js';
import { FUNCTION_TIMEOUT_SECONDS } from '../functions/shared/time-budgets.js';

export interface PropertyMappingProps {
  readonly config: DeploymentConfig;
  readonly tables: HotelTables;
}

/** 03:00 UTC: before Europe's morning and after the Americas' evening, when search is quietest. */
export const PROPERTY_MAPPING_SCHEDULE = Schedule.cron({ minute: '0', hour: '3' });

export class PropertyMapping extends Construct {
  readonly job: HotelFunction;
  readonly schedule: Rule;

  constructor(scope: Construct, id: string, props: PropertyMappingProps) {
    super(scope, id);
    const { config, tables } = props;
    const scheduled = new ScheduledJob(this, 'Scheduled', {
      config,
      entry: 'functions/search/mapping-job-handler.ts',
      description: "Property mapping job: matches the suppliers' catalogues into the property map",
      serviceName: 'hotel-api-property-mapping',
      // ~39,000 catalogue entries and their candidate pairs sit in memory at once; memory also buys the
      // CPU the matching spends most of its time on. A local run takes well under a minute; ten leave
      // room for slow real supplier catalogues.
      memorySize: 2048,
      timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.propertyMapping),
      tables,
      tablesUsed: { contracts: 'read', properties: 'readWrite' },
      schedule: PROPERTY_MAPPING_SCHEDULE,
      scheduleDescription: `Daily property mapping for ${config.tenant} (${config.stage})`,
      // A failed run keeps the previous map; two more tries cover a passing supplier fault, and
      // tomorrow's run covers the rest.
      retryAttempts: 2,
    });
    this.job = scheduled.job;
    this.schedule = scheduled.schedule;
    this.job.function.configureAsyncInvoke({ retryAttempts: 1, maxEventAge: Duration.hours(2) });
  }
}
