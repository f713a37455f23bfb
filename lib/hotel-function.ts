/**
 * One Lambda function the way every function of this service is built: Node.js 24 on arm64, bundled by
 * the project's own esbuild (never Docker), ESM with source maps, X-Ray tracing, a log group of its own
 * and a role of its own whose only standing permission is writing to that log group. Callers add the
 * table, secret and state machine grants each function needs.
 */
import { type Duration, Validations } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { metricNamespace } from '../functions/shared/metric-names.js';
import { DATA_FILES_BESIDE_CODE, type FunctionAssets } from './function-assets.js';
import { repositoryPath } from './project-paths.js';
import { logRetentionFor, removalPolicyFor, type DeploymentConfig } from './stack-config.js';

export interface HotelFunctionProps {
  readonly config: DeploymentConfig;
  /** Entry module relative to the repository root; it exports `handler`. */
  readonly entry: string;
  readonly description: string;
  /** POWERTOOLS_SERVICE_NAME: the service dimension of metrics and the `service` key of log lines. */
  readonly serviceName: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  readonly environment?: Readonly<Record<string, string>>;
  /**
   * Caps concurrent containers. Only where the operator asks (the sandbox suppliers' bookings in one container,
   * lib/sandbox-suppliers.ts): a new account's quota leaves nothing to reserve.
   */
  readonly reservedConcurrentExecutions?: number;
  /** Files the code reads at run time, copied beside the bundle (lib/function-assets.ts). */
  readonly assets?: FunctionAssets;
}

/**
 * Lets CommonJS dependencies that call require() on Node built-ins run inside an ES module bundle
 * (esbuild turns those calls into a shim that needs a real `require`).
 */
export const ESM_REQUIRE_BANNER = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

export class HotelFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;
  /** The entry module (repository path): its configuration schema says what the environment must hold. */
  readonly entry: string;

  constructor(scope: Construct, id: string, props: HotelFunctionProps) {
    super(scope, id);
    const { config } = props;
    this.entry = props.entry;

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: logRetentionFor(config.stage),
      removalPolicy: removalPolicyFor(config.stage),
    });
    // A role per function instead of AWSLambdaBasicExecutionRole, whose log permissions cover every log
    // group of the account.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.description} (${config.tenant} ${config.stage})`.slice(0, 1000),
    });
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [this.logGroup.logGroupArn] }),
    );

    this.function = new NodejsFunction(this, 'Function', {
      entry: repositoryPath(props.entry),
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      role: this.role,
      logGroup: this.logGroup,
      tracing: Tracing.ACTIVE,
      projectRoot: repositoryPath('.'),
      depsLockFilePath: repositoryPath('package-lock.json'),
      environment: {
        STAGE: config.stage,
        POWERTOOLS_SERVICE_NAME: props.serviceName,
        POWERTOOLS_METRICS_NAMESPACE: metricNamespace(config.tenant, config.stage),
        POWERTOOLS_LOG_LEVEL: 'INFO',
        // No --enable-source-maps: Node then parses the bundle's source map at every cold start (130 ms of the
        // booking function's 345 ms on the build machine, npm run bench:cold-start). The map still ships
        // beside the bundle; `npm run map-stack` turns a logged stack into TypeScript positions.
        ...props.assets?.environment,
        ...props.environment,
      },
      bundling: {
        // Found in node_modules (aws-cdk-lib resolves esbuild/package.json and runs it through npx);
        // there is no Docker engine on the build machines, so never fall back to it.
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node24',
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        minify: true,
        // Non-ASCII text as UTF-8 (Node reads the bundle as UTF-8), not six-byte \u escapes; licence comments in
        // index.mjs.LEGAL.txt beside the bundle, which Node then does not read at a cold start. As esbuild's own
        // flags: this aws-cdk-lib declares a charset option but does not pass it on.
        esbuildArgs: { '--charset': 'utf8', '--legal-comments': 'external' },
        sourceMap: true,
        sourcesContent: false,
        // The AWS SDK is bundled at the version the tests ran against rather than taken from whatever
        // the runtime ships that month.
        externalModules: [],
        commandHooks: afterBundling(props.assets),
      },
    });

    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray tracing (Tracing.ACTIVE) needs xray:PutTraceSegments and xray:PutTelemetryRecords, which support no resource-level permissions; no other statement of this role uses a wildcard.',
    });
  }
}

function afterBundling(assets: FunctionAssets | undefined) {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir: string, outputDir: string) => [
      // The bundle names a data file exactly as the code wrote it ("./catalogue.json"): only those bundles get it.
      ...DATA_FILES_BESIDE_CODE.map((file) => {
        const name = file.slice(file.lastIndexOf('/') + 1);
        return `if grep -qF "./${name}" "${outputDir}/index.mjs"; then cp "${inputDir}/${file}" "${outputDir}/"; fi`;
      }),
      ...(assets
        ? [`mkdir -p "${outputDir}/${assets.dir}"`, ...assets.files.map((file) => `cp "${inputDir}/${file}" "${outputDir}/${assets.dir}/"`)]
        : []),
    ],
  };
}
