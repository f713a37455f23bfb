/**
 * The property mapping workflow: a Standard Step Functions state machine (statemachines/property-mapping.asl.json)
 * whose Distributed Map stages fan each mapping stage out over its items (supplier slices, key buckets,
 * partitions of H3 cells, destination buckets), each item a child execution calling one of three functions
 * sized and permitted for what its stages do (functions/search/mapping/partitioned/workflow-stages.ts):
 *
 * - reader: the tenant's contracts and supplier credentials, the run lock and record (properties table);
 * - matcher: the property map, read only (the ids refs hold now);
 * - writer: the property map and destination index, the run record.
 *
 * Work objects live in the stack's mapping bucket (runs expire after 30 days; the manifest stays). Runs
 * start three ways: once at creation (a custom resource, after any sandbox contracts are written), daily at
 * 03:00 UTC, and when a contract is written (the contracts table's stream → the trigger function).
 */
import { readFileSync } from 'node:fs';
import { ArnFormat, Aws, Duration, Fn, Stack, Validations } from 'aws-cdk-lib';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { SfnStateMachine } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct, type IConstruct } from 'constructs';
import { settleCustomResourceSingleton } from './custom-resource-singleton.js';
import { HotelFunction } from './hotel-function.js';
import { repositoryPath } from './project-paths.js';
import { logRetentionFor, removalPolicyFor, type DeploymentConfig } from './stack-config.js';
import { grantTables, tableEnvironment, type TableUse } from './table-grants.js';
import type { HotelTables } from './tables.js';
import { FUNCTION_TIMEOUT_SECONDS } from '../functions/shared/time-budgets.js';

export const MAPPING_DEFINITION_PATH = 'statemachines/property-mapping.asl.json';

/** 03:00 UTC: before Europe's morning and after the Americas' evening, when search is quietest. */
export const PROPERTY_MAPPING_SCHEDULE = Schedule.cron({ minute: '0', hour: '3' });

/** Each function's memory (MB) and timeout (s): bench:mapping-scale projects AWS time and cost from these. */
export const MAPPING_FUNCTIONS = {
  reader: { memoryMb: 1024, timeoutSeconds: FUNCTION_TIMEOUT_SECONDS.propertyMappingReader },
  matcher: { memoryMb: 3008, timeoutSeconds: FUNCTION_TIMEOUT_SECONDS.propertyMappingMatcher },
  writer: { memoryMb: 1024, timeoutSeconds: FUNCTION_TIMEOUT_SECONDS.propertyMappingWriter },
} as const;

export interface PropertyMappingProps {
  readonly config: DeploymentConfig;
  readonly tables: HotelTables;
}

export class PropertyMapping extends Construct {
  readonly bucket: Bucket;
  readonly reader: HotelFunction;
  readonly matcher: HotelFunction;
  readonly writer: HotelFunction;
  readonly trigger: HotelFunction;
  readonly stateMachine: StateMachine;
  /** The workflow's ARN, built from its fixed name (its own role names it: Distributed Map starts child executions). */
  readonly stateMachineArn: string;
  readonly schedule: Rule;
  readonly deployRun: AwsCustomResource;

  constructor(scope: Construct, id: string, props: PropertyMappingProps) {
    super(scope, id);
    const { config, tables } = props;
    const stack = Stack.of(this);

    this.bucket = new Bucket(this, 'Bucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      versioned: false,
      // A run's work is read by the next runs through the manifest; a month is far beyond the daily run.
      lifecycleRules: [
        { id: 'expire-runs', prefix: 'runs/', expiration: Duration.days(30), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: removalPolicyFor(config.stage),
      autoDeleteObjects: false,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        "The mapping job's intermediate files (suppliers' public catalogue content, partitions, ids), rewritten daily and expired after a month; read and written only by the workflow's functions.",
    });

    const make = (
      name: string,
      entry: string,
      description: string,
      memorySize: number,
      timeout: Duration,
      tablesUsed: TableUse,
      extra: Record<string, string> = {},
    ) => {
      const fn = new HotelFunction(this, name, {
        config,
        entry,
        description,
        serviceName: 'hotel-api-property-mapping',
        memorySize,
        timeout,
        environment: { ...tableEnvironment(tables, tablesUsed), ...extra },
      });
      grantTables(fn.role, tables, tablesUsed);
      return fn;
    };
    const bucketEnvironment = { MAPPING_BUCKET: this.bucket.bucketName };
    // Reads a supplier's catalogue a segment (up to 25,000 properties or two minutes) at a time.
    this.reader = make(
      'Reader',
      'functions/search/mapping-reader-handler.ts',
      "Property mapping: plans a run and reads the suppliers' catalogues",
      MAPPING_FUNCTIONS.reader.memoryMb,
      Duration.seconds(MAPPING_FUNCTIONS.reader.timeoutSeconds),
      { contracts: 'read', properties: 'readWrite' },
      { ...bucketEnvironment, TENANT: config.tenant },
    );
    // A partition (~8,000 own properties and its halo) matches in seconds in a few hundred MB; the settle
    // step reads the partitions one at a time and holds their open components and 8 bytes per candidate id
    // (docs/benchmarks.md has its heap at 3 million supplier properties). Memory also buys the CPU matching
    // spends its time on.
    this.matcher = make(
      'Matcher',
      'functions/search/mapping-matcher-handler.ts',
      'Property mapping: matches the partitions and settles the ids',
      MAPPING_FUNCTIONS.matcher.memoryMb,
      Duration.seconds(MAPPING_FUNCTIONS.matcher.timeoutSeconds),
      { properties: 'read' },
      bucketEnvironment,
    );
    this.writer = make(
      'Writer',
      'functions/search/mapping-writer-handler.ts',
      'Property mapping: writes the property map and destination index',
      MAPPING_FUNCTIONS.writer.memoryMb,
      Duration.seconds(MAPPING_FUNCTIONS.writer.timeoutSeconds),
      { properties: 'readWrite' },
      bucketEnvironment,
    );
    this.grantObjects(this.reader, 'reader');
    this.grantObjects(this.matcher, 'matcher');
    this.grantObjects(this.writer, 'writer');

    const name = `hotel-api-${config.tenant}-${config.stage}-property-mapping`;
    this.stateMachineArn = stack.formatArn({
      service: 'states',
      resource: 'stateMachine',
      resourceName: name,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    const stackUuid = Fn.select(2, Fn.split('/', Aws.STACK_ID));
    const logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/vendedlogs/states/hotel-api-${config.tenant}-${config.stage}-property-mapping-${stackUuid}`,
      retention: logRetentionFor(config.stage),
      removalPolicy: removalPolicyFor(config.stage),
    });
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      stateMachineName: name,
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromString(readFileSync(repositoryPath(MAPPING_DEFINITION_PATH), 'utf8')),
      definitionSubstitutions: {
        MappingReaderArn: this.reader.function.functionArn,
        MappingMatcherArn: this.matcher.function.functionArn,
        MappingWriterArn: this.writer.function.functionArn,
        MappingBucket: this.bucket.bucketName,
      },
      tracingEnabled: true,
      // Every event (cdk-nag AwsSolutions-SF1), never the execution data (catalogue content and counts are in the bucket).
      logs: { destination: logGroup, level: LogLevel.ALL, includeExecutionData: false },
      removalPolicy: removalPolicyFor(config.stage),
    });
    this.grantWorkflow(name);

    this.schedule = new Rule(this, 'Schedule', {
      description: `Daily property mapping for ${config.tenant} (${config.stage})`,
      schedule: PROPERTY_MAPPING_SCHEDULE,
      targets: [new SfnStateMachine(this.stateMachine, { input: RuleTargetInput.fromObject({ reason: 'schedule' }), retryAttempts: 2 })],
    });

    // The first run, once the stack is created: a new stack's property map is built within minutes, not at 03:00.
    const startDeployRun = {
      service: 'SFN',
      action: 'startExecution',
      parameters: { stateMachineArn: this.stateMachine.stateMachineArn, input: JSON.stringify({ reason: 'deploy' }) },
      physicalResourceId: PhysicalResourceId.of(`${config.tenant}-${config.stage}-first-mapping-run`),
    };
    this.deployRun = new AwsCustomResource(this, 'FirstRun', {
      onCreate: startDeployRun,
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['states:StartExecution'], resources: [this.stateMachine.stateMachineArn] }),
      ]),
      installLatestAwsSdk: false,
    });
    settleCustomResourceSingleton(this);

    // A contract written: a run for its supplier (functions/search/mapping-trigger-handler.ts).
    this.trigger = make(
      'Trigger',
      'functions/search/mapping-trigger-handler.ts',
      'Property mapping: starts a run when a contract is written',
      256,
      Duration.seconds(30),
      {},
      { TENANT: config.tenant, MAPPING_WORKFLOW_ARN: this.stateMachine.stateMachineArn },
    );
    this.trigger.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['states:StartExecution'], resources: [this.stateMachine.stateMachineArn] }),
    );
    this.trigger.function.addEventSource(
      new DynamoEventSource(tables.get('contracts').table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        // The contracts an operator writes in one session start one run.
        maxBatchingWindow: Duration.seconds(30),
        retryAttempts: 5,
        maxRecordAge: Duration.hours(6),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.or('INSERT', 'MODIFY'),
            dynamodb: { NewImage: { kind: { S: FilterRule.isEqual('contract') } } },
          }),
        ],
      }),
    );
  }

  /** The work objects each function reads and writes, under the bucket's two prefixes, and listing them. */
  private grantObjects(fn: HotelFunction, role: 'reader' | 'matcher' | 'writer'): void {
    const runs = this.bucket.arnForObjects('runs/*');
    const state = this.bucket.arnForObjects('state/*');
    fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject'], resources: [runs] }));
    // The manifest: read by every stage that starts from the last run's state, advanced by Finish (the writer).
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: role === 'writer' ? ['s3:GetObject', 's3:PutObject'] : ['s3:GetObject'], resources: [state] }),
    );
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [this.bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': ['runs/*'] } },
      }),
    );
    const bucketId = Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnBucket);
    for (const prefix of ['runs/*', 'state/*']) {
      Validations.of(fn.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${prefix}]`,
        reason: "A run's objects are named by its run id and partitions, made at run time: the prefix is as narrow as the grant can be.",
      });
    }
  }

  /**
   * What the workflow calls: its three functions (the definition from a file grants nothing by itself), its
   * own child executions (Distributed Map), the items files its maps read and the results two of them write
   * (AWS's "IAM policies for using Distributed Map states").
   */
  private grantWorkflow(name: string): void {
    const role = this.stateMachine.role;
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [this.reader.function.functionArn, this.matcher.function.functionArn, this.writer.function.functionArn],
      }),
    );
    role.addToPrincipalPolicy(new PolicyStatement({ actions: ['states:StartExecution'], resources: [this.stateMachineArn] }));
    const executions = Stack.of(this).formatArn({
      service: 'states',
      resource: 'execution',
      resourceName: `${name}:*`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['states:DescribeExecution', 'states:StopExecution'], resources: [executions] }),
    );
    role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [this.bucket.arnForObjects('runs/*/items/*')] }));
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:GetObject', 's3:ListMultipartUploadParts', 's3:AbortMultipartUpload'],
        resources: [this.bucket.arnForObjects('runs/*/map-results/*')],
      }),
    );
    const bucketId = Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnBucket);
    for (const [id, reason] of [
      [`Resource::<${bucketId}.Arn>/runs/*/items/*`, "Each run's item lists sit under its run id, made at run time."],
      [
        `Resource::<${bucketId}.Arn>/runs/*/map-results/*`,
        "Each run's Distributed Map results (ResultWriter) sit under its run id, made at run time.",
      ],
      [
        `Resource::arn:<AWS::Partition>:states:<AWS::Region>:<AWS::AccountId>:execution:${name}:*`,
        'Distributed Map child executions of this one workflow, named at run time.',
      ],
      ['Resource::*', 'CloudWatch Logs delivery and X-Ray for Step Functions support no resource-level permissions.'],
    ] as const) {
      Validations.of(role as unknown as IConstruct).acknowledge({ id: `AwsSolutions-IAM5[${id}]`, reason });
    }
  }
}
