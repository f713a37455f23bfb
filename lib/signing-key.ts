/**
 * The access-token signing key: an ES256 private JWK in a Secrets Manager secret, written once at stack
 * creation by a custom resource (functions/auth/signing-key-initializer.ts). The key is generated inside
 * AWS and never appears in a template, an output or a log. The token function (signs) and the authorizer
 * (verifies) may read it, and nothing else may.
 */
import { CustomResource, Duration, Stack, Validations } from 'aws-cdk-lib';
import { Architecture, CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { PolicyStatement, Role, ServicePrincipal, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct, type IConstruct } from 'constructs';
import { HotelFunction } from './hotel-function.js';
import { logRetentionFor, removalPolicyFor, type DeploymentConfig } from './stack-config.js';

export interface SigningKeyProps {
  readonly config: DeploymentConfig;
}

export class SigningKey extends Construct {
  readonly secret: Secret;
  /** Completes once the key is in the secret; functions that read it depend on this. */
  readonly initialized: CustomResource;

  constructor(scope: Construct, id: string, props: SigningKeyProps) {
    super(scope, id);
    const { config } = props;

    // Created holding CloudFormation's generated placeholder; the initializer replaces it at Create.
    this.secret = new Secret(this, 'Secret', {
      description: `ES256 private JWK signing ${config.tenant} ${config.stage} access tokens`,
      removalPolicy: removalPolicyFor(config.stage),
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating the token signing key needs a published key set so tokens signed by the previous key stay verifiable for their 15 minutes; until that exists, a rotation would be a manual new stack-level key. The key never leaves Secrets Manager and the two auth functions.',
    });

    const initializer = new HotelFunction(this, 'Initializer', {
      config,
      entry: 'functions/auth/signing-key-initializer.ts',
      description: 'Writes the token signing key into its secret once, at stack creation',
      serviceName: 'hotel-api-signing-key',
      memorySize: 256,
      timeout: Duration.seconds(30),
    });
    initializer.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['secretsmanager:PutSecretValue'], resources: [this.secret.secretArn] }),
    );

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
      onEventHandler: initializer.function,
      frameworkOnEventRole: frameworkRole,
      logGroup: frameworkLogs,
    });
    runFrameworkOnArm(provider);

    // The framework grants itself invoke on the handler and on its versions (`<arn>:*`); it calls the
    // unqualified handler only, and that handler is this stack's initializer.
    const initializerLogicalId = Stack.of(this).getLogicalId(initializer.function.node.defaultChild as CfnFunction);
    Validations.of(frameworkRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${initializerLogicalId}.Arn>:*]`,
      reason:
        'The CDK provider framework grants lambda:InvokeFunction on its onEvent handler including qualified versions; the wildcard covers versions of the signing key initializer only.',
    });

    this.initialized = new CustomResource(this, 'Key', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::SigningKey',
      properties: { SecretArn: this.secret.secretArn },
    });
  }

  /** GetSecretValue on this secret only (no DescribeSecret, no listing). */
  grantRead(grantee: IGrantable & IConstruct): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.secret.secretArn] }),
    );
    // A function that reads the key must never run while the secret still holds the placeholder.
    grantee.node.addDependency(this.initialized);
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
