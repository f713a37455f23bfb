/**
 * The access-token signing keys (functions/auth/signing-key.ts): the private key that signs lives in the
 * signingKeys table, the public ring in the clients table. One job function (signing-key-rotator.ts)
 * makes the first key at stack creation (a custom resource, so no function runs without one) and rotates
 * on a schedule; `npm run admin -- keys rotate` rotates now. The signingKeys table is granted to the token
 * function (signs) and this job alone: the authorizer verifies with the public ring and cannot mint.
 */
import { CustomResource, Duration, Stack, Validations } from 'aws-cdk-lib';
import { Schedule, type Rule } from 'aws-cdk-lib/aws-events';
import { Architecture, CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct, type IConstruct } from 'constructs';
import type { HotelFunction } from './hotel-function.js';
import { ScheduledJob } from './scheduled-job.js';
import { logRetentionFor, removalPolicyFor, type DeploymentConfig } from './stack-config.js';
import type { HotelTables } from './tables.js';
import { FUNCTION_TIMEOUT_SECONDS } from '../functions/shared/time-budgets.js';

export interface SigningKeyProps {
  readonly config: DeploymentConfig;
  readonly tables: HotelTables;
}

/**
 * Monthly: a key that leaked unnoticed stops minting within a month, and each rotation costs verifiers
 * one fetch of the key set. Retired keys stay published RETIRED_KEY_KEEP_SECONDS (functions/auth/key-ring.ts).
 */
export const SIGNING_KEY_ROTATION_SCHEDULE = Schedule.rate(Duration.days(30));

export class SigningKey extends Construct {
  /** The job that makes the first key and rotates. */
  readonly job: HotelFunction;
  readonly schedule: Rule;
  /** Completes once the first key exists; functions that sign or verify depend on it. */
  readonly initialized: CustomResource;

  constructor(scope: Construct, id: string, props: SigningKeyProps) {
    super(scope, id);
    const { config, tables } = props;

    const scheduled = new ScheduledJob(this, 'Rotation', {
      config,
      entry: 'functions/auth/signing-key-rotator.ts',
      description: 'Makes the first token signing key at stack creation, and rotates the signing keys on a schedule',
      serviceName: 'hotel-api-signing-key',
      memorySize: 256,
      timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.signingKeyRotation),
      tables,
      // clients: the public key ring sits beside the clients (the authorizer reads that table already).
      tablesUsed: { clients: 'readWrite', signingKeys: 'readWrite' },
      schedule: SIGNING_KEY_ROTATION_SCHEDULE,
      scheduleDescription: `Token signing key rotation for ${config.tenant} (${config.stage})`,
      retryAttempts: 2,
      maxEventAge: Duration.hours(1),
    });
    this.job = scheduled.job;
    this.schedule = scheduled.schedule;

    const frameworkLogs = new LogGroup(this, 'ProviderLogs', {
      retention: logRetentionFor(config.stage),
      removalPolicy: removalPolicyFor(config.stage),
    });
    const frameworkRole = new Role(this, 'ProviderRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'CDK custom resource provider framework for the signing key',
    });
    frameworkRole.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [frameworkLogs.logGroupArn] }),
    );
    const provider = new Provider(this, 'Provider', {
      onEventHandler: this.job.function,
      frameworkOnEventRole: frameworkRole,
      logGroup: frameworkLogs,
    });
    runFrameworkOnArm(provider);

    // The framework grants itself invoke on the handler and on its versions (`<arn>:*`); it calls the
    // unqualified handler only, and that handler is this stack's signing key job.
    const jobLogicalId = Stack.of(this).getLogicalId(this.job.function.node.defaultChild as CfnFunction);
    Validations.of(frameworkRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${jobLogicalId}.Arn>:*]`,
      reason:
        'The CDK provider framework grants lambda:InvokeFunction on its onEvent handler including qualified versions; the wildcard covers versions of the signing key job only.',
    });

    this.initialized = new CustomResource(this, 'Key', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::SigningKey',
      properties: { Table: tables.get('signingKeys').table.tableName },
    });
  }

  /** A function that signs or verifies must never run before the first key exists. */
  requiredBy(dependant: IConstruct): void {
    dependant.node.addDependency(this.initialized);
  }
}

/**
 * The provider framework's own function is plain JavaScript CDK ships; it runs on arm64 like every other
 * function of the stack (cheaper per ms). The framework exposes no architecture option, hence the
 * override; a CDK upgrade that renames the construct fails synthesis here instead of silently skipping.
 */
function runFrameworkOnArm(provider: Provider): void {
  const framework = provider.node.tryFindChild('framework-onEvent');
  const cfn = framework?.node.defaultChild;
  if (!(cfn instanceof CfnFunction)) throw new Error('provider framework function not found: check the CDK upgrade');
  cfn.addPropertyOverride('Architectures', [Architecture.ARM_64.name]);
}
