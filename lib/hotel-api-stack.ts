/**
 * One partner's deployment: tables, signing key, functions, booking workflow and REST API for one tenant
 * in one stage. `cdk deploy -c tenant=<id> -c stage=sandbox|production` creates or updates it.
 */
import { Stack, Tags, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { DataKey } from './data-key.js';
import { HotelRestApi } from './api.js';
import { BookingWorkflow } from './booking-workflow.js';
import { HandlerFunctions } from './functions.js';
import { ManagedCompute } from './managed-compute.js';
import { Observability } from './observability.js';
import { PendingReconciler } from './pending-reconciler.js';
import { PersonalDataRetention, personalDataRetentionDaysFrom } from './personal-data-retention.js';
import { PropertyMapping } from './property-mapping.js';
import { SandboxSuppliers } from './sandbox-suppliers.js';
import { grantSupplierCredentials } from './supplier-credential-grants.js';
import { SearchRowsBucket } from './search-rows-bucket.js';
import { FinanceLedger } from './finance-ledger.js';
import { ECB_FEED, FxFeed, fxFeedMaxMoveFrom, fxMaxAgeDaysFrom } from './fx-feed.js';
import { WebhookSender } from './webhook-sender.js';
import { SearchSecret } from './search-secret.js';
import { SigningKey } from './signing-key.js';
import type { DeploymentConfig } from './stack-config.js';
import { HotelTables } from './tables.js';

export interface HotelApiStackProps extends StackProps {
  readonly config: DeploymentConfig;
}

export class HotelApiStack extends Stack {
  readonly config: DeploymentConfig;
  readonly tables: HotelTables;
  readonly signingKey: SigningKey;
  readonly searchSecret: SearchSecret;
  readonly functions: HandlerFunctions;
  /** The stored searches' rows (S3). */
  readonly searchRows: SearchRowsBucket;
  readonly financeLedger: FinanceLedger;
  readonly webhookSender: WebhookSender;
  readonly bookingWorkflow: BookingWorkflow;
  readonly restApi: HotelRestApi;
  readonly propertyMapping: PropertyMapping;
  readonly pendingReconciler: PendingReconciler;
  /** Erases bookings' personal data a set number of days after check-out. */
  readonly personalDataRetention: PersonalDataRetention;
  /** Alarms, their SNS topic and the dashboard. */
  readonly observability: Observability;
  /** The tenant's own KMS key for personal data and secrets at rest (data-key.ts). */
  readonly dataKey: DataKey;
  /** Sandbox stages only. */
  readonly sandboxSuppliers: SandboxSuppliers | undefined;
  /** The hourly FX feed job: the ECB's reference rates (the sandbox ECB feed in sandbox stacks) into fxRates. */
  readonly fxFeed: FxFeed;
  /** `-c compute=managed` (production only): search on Lambda Managed Instances. */
  readonly managedCompute: ManagedCompute | undefined;

  constructor(scope: Construct, id: string, props: HotelApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.config = config;
    Tags.of(this).add('tenant', config.tenant);
    Tags.of(this).add('stage', config.stage);
    Tags.of(this).add('service', 'hotel-api');

    this.dataKey = new DataKey(this, 'DataKey', { config });
    this.tables = new HotelTables(this, 'Tables', { stage: config.stage, key: this.dataKey.key });
    this.signingKey = new SigningKey(this, 'SigningKey', { config, tables: this.tables });
    this.searchSecret = new SearchSecret(this, 'SearchSecret', { config });
    this.functions = new HandlerFunctions(this, 'Functions', {
      config,
      tables: this.tables,
      signingKey: this.signingKey,
      searchSecret: this.searchSecret,
    });
    this.bookingWorkflow = new BookingWorkflow(this, 'BookingWorkflow', { config, flowFunction: this.functions.bookingFlow.function });
    this.functions.connectBookingWorkflow(this.bookingWorkflow.stateMachine);
    this.searchRows = new SearchRowsBucket(this, 'SearchRows', { config });
    this.functions.groups.search.function.addEnvironment('SEARCH_ROWS_BUCKET', this.searchRows.bucket.bucketName);
    this.searchRows.grantReadWrite(this.functions.groups.search.role);
    this.financeLedger = new FinanceLedger(this, 'FinanceLedger', { config, key: this.dataKey.key });
    this.restApi = new HotelRestApi(this, 'Api', { config, functions: this.functions });
    this.propertyMapping = new PropertyMapping(this, 'PropertyMapping', { config, tables: this.tables });
    this.pendingReconciler = new PendingReconciler(this, 'PendingReconciler', { config, tables: this.tables });
    this.webhookSender = new WebhookSender(this, 'WebhookSender', { config, tables: this.tables, key: this.dataKey.key });
    // This API's own host: webhook URLs may not point at it (functions/webhooks/webhook-url.ts).
    const apiHost = `${this.restApi.api.restApiId}.execute-api.${this.region}.${this.urlSuffix}`;
    for (const fn of [this.functions.groups.webhooks, this.webhookSender.job]) fn.function.addEnvironment('API_HOST', apiHost);
    const retentionDays = personalDataRetentionDaysFrom(this.node);
    this.personalDataRetention = new PersonalDataRetention(this, 'PersonalDataRetention', {
      config,
      tables: this.tables,
      days: retentionDays,
    });
    // Whatever writes guest details sets their expiry backstop from the same setting.
    for (const writer of [this.functions.groups.booking, this.functions.bookingFlow])
      writer.function.addEnvironment('PERSONAL_DATA_RETENTION_DAYS', String(retentionDays));
    // Production stacks take real supplier endpoints from contracts written at onboarding; sandbox stacks
    // deploy the sandbox suppliers and contract the tenant with all of them.
    this.sandboxSuppliers =
      config.stage === 'sandbox' ? new SandboxSuppliers(this, 'SandboxSuppliers', { config, tables: this.tables }) : undefined;
    // The first mapping run reads the sandbox suppliers the contracts name: it starts once they are written.
    if (this.sandboxSuppliers) this.propertyMapping.deployRun.node.addDependency(this.sandboxSuppliers);
    // The FX figures every quote converts with: the ECB's feed, or the sandbox's; and their maximum age, for
    // every function that quotes (search, rate check and booking, the flow, the reconciler's settling).
    this.fxFeed = new FxFeed(this, 'FxFeed', {
      config,
      tables: this.tables,
      feed: this.sandboxSuppliers?.fxFeed ?? ECB_FEED,
      maxMovePercent: fxFeedMaxMoveFrom(this.node),
    });
    const fxMaxAgeDays = String(fxMaxAgeDaysFrom(this.node));
    for (const quoter of [
      this.functions.groups.search,
      this.functions.groups.booking,
      this.functions.bookingFlow,
      this.pendingReconciler.job,
    ])
      quoter.function.addEnvironment('FX_MAX_AGE_DAYS', fxMaxAgeDays);
    const supplierCallers = [
      this.functions.groups.search,
      this.functions.groups.booking,
      this.functions.bookingFlow,
      this.propertyMapping.reader,
      this.pendingReconciler.job,
    ];
    for (const supplier of this.sandboxSuppliers?.suppliers ?? []) {
      for (const reader of supplierCallers) supplier.credentials.grantRead(reader.function);
    }
    grantSupplierCredentials(
      this,
      config,
      supplierCallers.map((caller) => caller.role),
    );
    this.observability = new Observability(this, 'Observability', {
      config,
      tables: this.tables,
      restApi: this.restApi.api,
      bookingStateMachine: this.bookingWorkflow.stateMachine,
      mappingStateMachine: this.propertyMapping.stateMachine,
      reconcilerFunction: this.pendingReconciler.job.function,
      webhookDeadLetters: this.webhookSender.deadLetters,
    });
    this.managedCompute =
      config.compute === 'managed'
        ? new ManagedCompute(this, 'ManagedCompute', {
            config,
            functions: [this.functions.groups.search],
            alarmTopic: this.observability.topic,
          })
        : undefined;
  }
}
