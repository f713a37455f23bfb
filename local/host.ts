/**
 * The whole API on this machine: AWS's DynamoDB Local with the stack's tables, the sandbox suppliers, the
 * seeded tenants and their contracts, the StartSyncExecution endpoint running the booking ASL file, and the
 * local gateway in front of the same authorizer and handler modules CDK deploys. `npm start` runs it
 * (bin/local.ts); end-to-end tests start one per file.
 *
 * Each function reads its environment once, as its entry loads (its configuration, parsed at the cold
 * start), so the host sets that environment the way the stack does (table names, endpoints, the state
 * machine and the vouchers function, this API's own host) before it loads the entry, never after.
 */
// First, as Lambda's runtime makes it before loading a handler: Powertools' constructors read it (AWS_LAMBDA_MAX_CONCURRENCY).
import { inInvocation } from './invocation-scope.js';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomBytes, randomUUID } from 'node:crypto';
import type { APIGatewayRequestAuthorizerEvent, APIGatewayAuthorizerResult } from 'aws-lambda';
import { ensureSigningKey, forgetCachedKeys } from '../functions/auth/signing-key.js';
import type { ApiHandler } from '../functions/shared/http-handler.js';
import { HANDLER_GROUPS, type HandlerGroup } from '../functions/shared/routes.js';
import type { LatencyProfile } from '../sandbox/latency.js';
import type { FlowInvocation } from '../functions/booking/flow/flow-handler.js';
import { supplierTimeoutsConfig } from '../functions/booking/flow/supplier-timeouts-config.js';
import { provideSharedConfig } from '../functions/shared/config.js';
import { defineConfig, sharedConfigFrom } from '../functions/shared/config-schema.js';
import { repositoryPath } from '../lib/project-paths.js';
import { createTables } from './create-tables.js';
import { LOCAL_FUNCTION_ENVIRONMENT } from './local-environment.js';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local.js';
import { startLocalGateway, type LocalGateway, type LocalGatewayOptions } from './gateway.js';

import { startSandboxSuppliers, type RunningSandboxSupplier } from './sandbox-suppliers.js';
import { startEcbSandbox, SANDBOX_FEED_SOURCE, type EcbSandbox } from '../sandbox/ecb/server.js';
import type { FxFeedReport } from '../functions/fx/run-fx-feed.js';
import type { RunReport } from '../functions/search/mapping/partitioned/stage-finish.js';
import type { RunRequest } from '../functions/search/mapping/partitioned/stage-plan.js';
import { S3MappingObjects } from '../functions/search/mapping/partitioned/s3-mapping-objects.js';
import { MappingWorkerPool } from './mapping-worker-pool.js';
import { runMappingWorkflow } from './mapping-workflow.js';
import { startContractTrigger } from './contract-trigger.js';
import { S3Client } from '@aws-sdk/client-s3';
import { seedClients, seedContracts, seededClients, seedFxRates, seedWallets, type SeededClient } from './seed.js';
import { join } from 'node:path';
import { createLocalBucket, createSearchRowsBucket, startS3Local } from './s3-local.js';
import { startLambdaEndpoint, type InvokedHandler } from './lambda-endpoint.js';
import { startWebhookSender } from './webhook-sender.js';
import { BundledFunction, type Invocation } from './bundled-function.js';
import { readSynthesizedFunctions } from './cdk-bundles.js';
import { apiModelFromSources, apiModelFromTemplate, type ApiGatewayModel } from './api-gateway-model.js';
import { readSynthesizedTemplate } from './synthesized-template.js';
import { openAwsCallLog, type AwsCallLog, type LocalResourceNames } from './aws-call-log.js';
import { TABLES } from '../functions/shared/tables.js';
import { type FUNCTION_TIMEOUT_SECONDS, functionTimeoutMs } from '../functions/shared/time-budgets.js';
import { lambdaContext } from './lambda-context.js';
import { deferAfterResponse } from '../functions/shared/after-response.js';
import type { Context } from 'aws-lambda';
import { startStepFunctionsEndpoint, type StepFunctionsEndpoint, type TaskHandler } from './step-functions-endpoint.js';

type Authorizer = (event: APIGatewayRequestAuthorizerEvent) => Promise<APIGatewayAuthorizerResult>;

interface LoadedFunctions {
  readonly groups: Record<HandlerGroup, ApiHandler>;
  readonly authorizer: Authorizer;
}

/** Locally a minute (AWS: five): a partner trying the 202 path sees it settle soon. */
const PENDING_RECONCILE_INTERVAL_MS = 60_000;
/** Locally every ten minutes (AWS: every hour): a host left running over midnight reads the next day's figures. */
const FX_FEED_INTERVAL_MS = 10 * 60_000;

export interface LocalHostOptions {
  /** Gateway port; 0 picks a free one. */
  readonly port?: number;
  /** Persist DynamoDB Local's data here; in memory when absent. */
  readonly dataDir?: string;
  /** Use an already running DynamoDB Local (tests share the one global setup started). */
  readonly dynamoEndpoint?: string;
  /** A running S3-compatible endpoint (tests share one); otherwise the host starts its own. */
  readonly s3Endpoint?: string;
  /** Physical table name prefix; tests use a unique one per host. */
  readonly tablePrefix?: string;
  readonly supplierLatency?: LatencyProfile;
  readonly throttling?: LocalGatewayOptions['throttling'];
  /** How long the gateway keeps an authorizer's answer per token (default API Gateway's 300 s, LIMITS). */
  readonly authorizerCacheSeconds?: number;
  readonly onResponse?: LocalGatewayOptions['onResponse'];
  /**
   * Run the property mapping workflow over the sandbox catalogues at start, as a new stack starts it once
   * created (default true; tests that do not search skip it), on worker threads, and a run whenever a
   * contract is written (the contracts table's stream, as on AWS). true: the host is handed out once the
   * first run has mapped; 'background': at once (npm start), `mappingDone` settling when the run has.
   */
  readonly mapProperties?: boolean | 'background';
  /**
   * Tests only: wraps each booking-flow Task as the state machine runs it, to make a step fail the way a
   * failing AWS dependency would (the table refusing the save, say) and watch the compensation.
   */
  readonly interceptFlowStep?: (invocation: FlowInvocation, run: () => Promise<unknown>) => Promise<unknown>;
  /**
   * Sandbox suppliers already running elsewhere (a test's own process), used instead of starting them here:
   * a host process that is killed and restarted then talks to suppliers that kept their bookings.
   */
  readonly externalSuppliers?: readonly RunningSandboxSupplier[];
  /** How often the pending-booking reconciler runs (default a minute; AWS runs it every five). */
  readonly reconcileIntervalMs?: number;
  /** How often the webhook retry sweep runs (default half a second; AWS runs it every minute). */
  readonly webhookSweepIntervalMs?: number;
  /**
   * The sandbox ECB feed the FX feed job reads (sandbox/ecb/): `ageDays` serves figures dated that many days
   * before today, as a feed that stopped would have left them. The job runs once before the host serves, then
   * every `intervalMs` (default ten minutes; AWS: every hour).
   */
  readonly fxFeed?: { readonly ageDays?: number; readonly intervalMs?: number };
  /**
   * Fault injection for tests, for real: the process kills itself (SIGKILL, nothing flushed or cleaned up)
   * right after a supplier confirmed a booking whose clientReference starts with this, before SaveBooking.
   */
  readonly crashAfterSupplierBooked?: string;
  /**
   * Serve from the bundles of a `cdk synth` output directory instead of the TypeScript sources: each
   * function (the handler groups, the authorizer, the booking flow's tasks) runs its own bundle in a process
   * of its own, with the template's environment made local (local/cdk-bundles.ts). What the host runs
   * itself (the mapping job, the reconciler, the webhook sender) stays in process.
   */
  readonly bundles?: {
    readonly cdkOut: string;
    readonly output?: (functionName: string, line: string) => void;
    /** A file each AWS call the bundled functions make is appended to (local/aws-call-log.ts), for test/aws-calls/. */
    readonly awsCallLog?: string;
  };
}

export interface LocalHost {
  readonly url: string;
  readonly dynamoEndpoint: string;
  readonly stepFunctionsEndpoint: string;
  readonly stateMachineArn: string;
  readonly clients: readonly SeededClient[];
  readonly suppliers: readonly RunningSandboxSupplier[];
  readonly contracts: Readonly<Record<string, string[]>>;
  /** The sandbox ECB feed the host's FX feed job reads (tests age it or stop it). */
  readonly fxFeed: EcbSandbox;
  /** Runs the FX feed job now, as its schedule does (its failure thrown, as the function's would be). */
  runFxFeed(): Promise<FxFeedReport>;
  readonly mapping: RunReport | undefined;
  /** With `mapProperties: 'background'`: the first run's report once it has written the property map. */
  readonly mappingDone?: Promise<RunReport>;
  /** The property mapping workflow's ARN on the local Step Functions endpoint (StartExecution). */
  readonly mappingWorkflowArn: string;
  /** Every mapping run the host has run or is running (the first, contract runs, runs asked for). */
  mappingRuns(): readonly Promise<RunReport>[];
  /** Settles when DynamoDB Local, started by this host, ended on its own: the host cannot serve on. */
  readonly ended: Promise<string>;
  stop(): Promise<void>;
}

/**
 * The routes of each handler group (its entry in lib/functions.ts), as CDK bundles them; the gateway plays the
 * Lambda entry's part of running what a route deferred until after its answer (after-response.ts).
 */
const GROUP_ENTRIES: Readonly<Record<HandlerGroup, () => Promise<{ routes: ApiHandler }>>> = {
  auth: () => import('../functions/auth/index.js'),
  search: () => import('../functions/search/index.js'),
  booking: () => import('../functions/booking/index.js'),
  vouchers: () => import('../functions/booking/voucher/vouchers-entry.js'),
  webhooks: () => import('../functions/webhooks/index.js'),
  cars: () => import('../functions/cars/index.js'),
  docs: () => import('../functions/docs/index.js'),
};

/** The construct id of each handler group's function (lib/functions.ts), which names it in the template. */
const GROUP_FUNCTIONS: Readonly<Record<HandlerGroup, string>> = {
  auth: 'Auth',
  search: 'Search',
  booking: 'Booking',
  vouchers: 'Vouchers',
  webhooks: 'Webhooks',
  cars: 'Cars',
  docs: 'Docs',
};

export const LOCAL_STATE_MACHINE_ARN = 'arn:aws:states:us-east-1:000000000000:stateMachine:local-booking';
export const LOCAL_MAPPING_WORKFLOW_ARN = 'arn:aws:states:us-east-1:000000000000:stateMachine:local-property-mapping';
const LOCAL_VOUCHER_FUNCTION = 'local-vouchers';

/** What the stack sets on every function, with local values; an operator's own environment wins. */
function configureEnvironment(): void {
  for (const [name, value] of Object.entries(LOCAL_FUNCTION_ENVIRONMENT)) process.env[name] ??= value;
}

/**
 * The host runs functions' code itself before and beside their entries (the signing key, the seeding, the
 * jobs AWS schedules), and tests read the stores through it: that code takes what the host set up as a
 * function takes its configuration. Only what it set: a test file's host finds the previous file's values
 * in the environment of the worker they share.
 */
function configureHostProcess(variables: Readonly<Record<string, string>>): void {
  provideSharedConfig(sharedConfigFrom(variables));
}

/** The pending reconciler's settings for the host's own runs of it (functions/booking/reconcile/reconciler-config.ts). */
const reconcilerTimeouts = defineConfig('local pending reconciler', {
  variables: supplierTimeoutsConfig.variables,
  read: supplierTimeoutsConfig.read,
});

interface BundledFunctions {
  /** Where the functions' AWS calls go, once the host knows its local names. */
  recordAwsCalls(names: LocalResourceNames): void;
  /** The REST API's settings as the template has them. */
  readonly model: ApiGatewayModel;
  /** A function's timeout as the template sets it. */
  timeoutMs(name: string): number;
  /** Reads the functions once the host has set every local value their references become. */
  prepare(): void;
  invoke(name: string, event: unknown, context: Context): Invocation;
}

/** What the host runs from bundles: the handler groups, the authorizer and the booking flow's tasks. */
const BUNDLED = [...Object.values(GROUP_FUNCTIONS), 'Authorizer', 'BookingFlow'];

/** The synthesized functions, each started at its own first invocation (a cold start). */
function bundledFunctions(options: NonNullable<LocalHostOptions['bundles']>, cleanups: (() => Promise<void>)[]): BundledFunctions {
  const output = options.output ?? ((name: string, line: string) => process.stdout.write(`[${name}] ${line}\n`));
  let functions: Map<string, BundledFunction> | undefined;
  let log: AwsCallLog | undefined;
  cleanups.push(async () => void (await Promise.all([...(functions?.values() ?? [])].map((f) => f.stop()))));
  const template = readSynthesizedTemplate(options.cdkOut);
  const timeouts = new Map(
    template
      .resourcesOfType('AWS::Lambda::Function')
      .map((resource) => [
        /\/([^/]+)\/Function\/Resource$/.exec(String(resource.metadata['aws:cdk:path'] ?? ''))?.[1],
        Number(resource.properties.Timeout ?? 3) * 1000,
      ]),
  );
  return {
    model: apiModelFromTemplate(template),
    recordAwsCalls(names) {
      if (options.awsCallLog) log = openAwsCallLog(options.awsCallLog, names);
    },
    timeoutMs(name) {
      const timeout = timeouts.get(name);
      if (timeout === undefined) throw new Error(`${options.cdkOut} has no function ${name}`);
      return timeout;
    },
    prepare() {
      functions = new Map(
        [...readSynthesizedFunctions(options.cdkOut, BUNDLED, process.env, template)].map(([id, definition]) => [
          id,
          new BundledFunction(definition, output, log ? (name, call) => log!.record(name, call) : undefined),
        ]),
      );
    },
    invoke(name, event, context) {
      if (!functions) throw new Error('the bundled functions are invoked before the host prepared them');
      return functions.get(name)!.invoke(event, context);
    },
  };
}

/** A group's routes as the gateway calls them: the answer when the function gives it, and its end as deferred work. */
function bundledRoutes(bundled: BundledFunctions, name: string): ApiHandler {
  return async (event, context) => {
    const { answer, done } = bundled.invoke(name, event, context);
    deferAfterResponse(context, () => done.catch(() => undefined));
    return (await answer) as Awaited<ReturnType<ApiHandler>>;
  };
}

/**
 * The mapping workflow as the host runs it: the stages on worker threads (terminated when the host stops;
 * a run cut short leaves its lock to expire, and the next run redoes its work), each run kept for tests.
 */
function localMapping(tenant: string, bucket: string, cleanups: (() => Promise<void>)[]) {
  const pool = new MappingWorkerPool({ kind: 'host', tenant, bucket });
  const objects = new S3MappingObjects(bucket, {
    client: new S3Client({ endpoint: process.env.S3_ENDPOINT, forcePathStyle: true, region: process.env.AWS_REGION }),
  });
  const runs: Promise<RunReport>[] = [];
  cleanups.push(() => pool.close());
  return {
    runs,
    start(request: RunRequest): Promise<RunReport> {
      const run = runMappingWorkflow(request, { call: (fn, event) => pool.call(fn, event), objects, concurrency: pool.size });
      runs.push(run);
      run.catch(() => undefined);
      return run;
    },
  };
}

export async function startLocalHost(options: LocalHostOptions = {}): Promise<LocalHost> {
  configureEnvironment();
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('[local] stop:', error));
    cleanups.length = 0;
  };

  try {
    let dynamo: DynamoDbLocal | undefined;
    let dynamoEndpoint = options.dynamoEndpoint;
    if (!dynamoEndpoint) {
      dynamo = await startDynamoDbLocal(options.dataDir ? { dataDir: options.dataDir } : {});
      cleanups.push(() => dynamo!.stop());
      dynamoEndpoint = dynamo.endpoint;
    }
    process.env.DYNAMODB_ENDPOINT = dynamoEndpoint;
    const admin = new DynamoDBClient({ endpoint: dynamoEndpoint, region: process.env.AWS_REGION });
    const tableNames = await createTables(admin, options.tablePrefix ?? 'local');
    Object.assign(process.env, tableNames);
    admin.destroy();
    configureHostProcess({ ...tableNames, DYNAMODB_ENDPOINT: dynamoEndpoint });

    // The search rows' bucket, in a local S3-compatible server (lib/search-rows-bucket.ts on AWS).
    let s3Endpoint = options.s3Endpoint;
    if (!s3Endpoint) {
      const s3 = await startS3Local(options.dataDir ? { dataDir: join(options.dataDir, 's3') } : {});
      cleanups.push(() => s3.stop());
      s3Endpoint = s3.endpoint;
    }
    process.env.S3_ENDPOINT = s3Endpoint;
    process.env.SEARCH_ROWS_BUCKET = await createSearchRowsBucket(s3Endpoint, options.tablePrefix ?? 'local');
    configureHostProcess({ S3_ENDPOINT: s3Endpoint, SEARCH_ROWS_BUCKET: process.env.SEARCH_ROWS_BUCKET });
    // The mapping workflow's work bucket (lib/property-mapping.ts on AWS).
    process.env.MAPPING_BUCKET = await createLocalBucket(s3Endpoint, options.tablePrefix ?? 'local', 'mapping');

    // The first signing key, as the stack's custom resource makes it at creation (kept on a DATA_DIR restart).
    forgetCachedKeys();
    await ensureSigningKey();
    // Signs rateIds and paging cursors; on AWS a Secrets Manager secret (SEARCH_SECRET_ARN).
    process.env.SEARCH_SECRET ??= randomBytes(32).toString('base64url');
    configureHostProcess({ SEARCH_SECRET: process.env.SEARCH_SECRET });

    const suppliers = options.externalSuppliers
      ? [...options.externalSuppliers]
      : await startSandboxSuppliers(options.supplierLatency ? { latency: options.supplierLatency } : {});
    if (!options.externalSuppliers) cleanups.push(async () => void (await Promise.all(suppliers.map((s) => s.close()))));
    const clients = seededClients();
    await seedClients(clients);
    const contracts = await seedContracts(suppliers);
    await seedWallets();

    // The FX feed: the sandbox ECB feed, and the job that reads it (lib/fx-feed.ts runs it every hour on AWS),
    // run once before the host serves so that the first quote has today's figures; operators' rates for the
    // currencies the sandbox world uses that the feed lacks.
    const fxFeed = await startEcbSandbox(options.fxFeed?.ageDays ? { ageDays: options.fxFeed.ageDays } : {});
    cleanups.push(() => fxFeed.close());
    const { fxFeedDeps, fxFeedJob } = await import('../functions/fx/fx-feed-job.js');
    const { DEFAULT_MAX_MOVE_PERCENT } = await import('../functions/domain/fx/feed-validation.js');
    const fxFeedConfig = { baseUrl: fxFeed.feedUrl, source: SANDBOX_FEED_SOURCE, maxMovePercent: DEFAULT_MAX_MOVE_PERCENT };
    const runFxFeed = () => inInvocation(randomUUID(), () => fxFeedJob(fxFeedDeps(fxFeedConfig), fxFeedConfig));
    await runFxFeed().catch((error: unknown) => console.error(`[local] the FX feed could not be read: ${(error as Error).message}`));
    await seedFxRates();
    const fxFeedTimer = setInterval(() => void runFxFeed().catch(() => undefined), options.fxFeed?.intervalMs ?? FX_FEED_INTERVAL_MS);
    fxFeedTimer.unref();
    cleanups.push(async () => clearInterval(fxFeedTimer));
    // The stack's tenant is demo here: contracted with every sandbox supplier, its catalogues are the whole world.
    const mapping = localMapping('demo', process.env.MAPPING_BUCKET, cleanups);

    const bundled = options.bundles ? bundledFunctions(options.bundles, cleanups) : undefined;
    // Each function's timeout: the template's in bundle mode, otherwise the time budgets the stack sets it from.
    const timeoutOf = (name: string, source: keyof typeof FUNCTION_TIMEOUT_SECONDS): number =>
      bundled ? bundled.timeoutMs(name) : functionTimeoutMs(source);
    const flowTimeoutMs = timeoutOf('BookingFlow', 'bookingFlow');
    // Loaded after the environment is set: Powertools reads its settings when the modules load.
    const flow = bundled
      ? (invocation: FlowInvocation) =>
          bundled.invoke('BookingFlow', invocation, lambdaContext('BookingFlow', randomUUID(), flowTimeoutMs)).answer
      : (await import('../functions/booking/flow/index.js')).handler;
    const runStep = (invocation: FlowInvocation): Promise<unknown> =>
      options.interceptFlowStep ? options.interceptFlowStep(invocation, () => flow(invocation)) : flow(invocation);
    const crashPrefix = options.crashAfterSupplierBooked;
    const runFlowStep: TaskHandler = async (payload) => {
      const invocation = payload as FlowInvocation;
      const result = await runStep(invocation);
      if (crashPrefix && invocation.step === 'BookWithSupplier' && invocation.input.request.clientReference?.startsWith(crashPrefix)) {
        process.kill(process.pid, 'SIGKILL');
      }
      return result;
    };
    const stepFunctions: StepFunctionsEndpoint = await startStepFunctionsEndpoint({
      machines: [
        {
          arn: LOCAL_STATE_MACHINE_ARN,
          definitionFile: repositoryPath('statemachines/booking.asl.json'),
          substitutions: { BookingFlowFunctionArn: { functionName: 'local-booking-flow', handler: runFlowStep, timeoutMs: flowTimeoutMs } },
        },
      ],
      asyncMachines: [{ arn: LOCAL_MAPPING_WORKFLOW_ARN, start: (input) => void mapping.start(input as RunRequest) }],
    });
    cleanups.push(() => stepFunctions.close());

    // The pending-booking reconciler, which AWS runs every five minutes (lib/pending-reconciler.ts), here for
    // every seeded tenant (a stack has one: its TENANT).
    const { reconcileTenant } = await import('../functions/booking/reconcile/reconcile-tenant.js');
    const { flowDeps } = await import('../functions/booking/flow/flow-deps.js');
    const reconcilerDeps = flowDeps(reconcilerTimeouts.parse(process.env));
    const tenants = [...new Set(clients.map((c) => c.tenant))];
    const reconciler = setInterval(() => {
      for (const tenant of tenants) inInvocation(randomUUID(), () => reconcileTenant(tenant, reconcilerDeps)).catch(() => undefined);
    }, options.reconcileIntervalMs ?? PENDING_RECONCILE_INTERVAL_MS);
    reconciler.unref();
    cleanups.push(async () => clearInterval(reconciler));
    process.env.SFN_ENDPOINT = stepFunctions.endpoint;

    // The webhook sender: the webhooks table's stream and the retry sweep (lib/webhook-sender.ts on AWS).
    const webhookSender = await startWebhookSender({
      dynamoEndpoint,
      table: process.env.WEBHOOKS_TABLE!,
      tenants,
      sweepIntervalMs: options.webhookSweepIntervalMs ?? 500,
    });
    cleanups.push(() => webhookSender.stop());
    process.env.STATE_MACHINE_ARN = LOCAL_STATE_MACHINE_ARN;

    // The vouchers function, which the booking function hands each confirmed booking's voucher issue to.
    const vouchers: InvokedHandler = bundled
      ? (event, context) => bundled.invoke(GROUP_FUNCTIONS.vouchers, event, context).answer
      : ((await import('../functions/booking/voucher/vouchers-entry.js')).handler as InvokedHandler);
    const lambda = await startLambdaEndpoint({
      [LOCAL_VOUCHER_FUNCTION]: { handler: vouchers, timeoutMs: timeoutOf(GROUP_FUNCTIONS.vouchers, 'vouchers') },
    });
    cleanups.push(() => lambda.close());
    process.env.LAMBDA_ENDPOINT = lambda.endpoint;
    process.env.VOUCHER_FUNCTION_NAME = LOCAL_VOUCHER_FUNCTION;

    // The gateway listens before the group functions and the authorizer load: the webhooks function's
    // configuration names this API's own host (API_HOST, the gateway's, known once it listens), and a function
    // reads its environment as it loads. Nothing calls the gateway before the host is handed out, so the
    // routes it holds meanwhile wait for nothing.
    let functionsLoaded!: (functions: LoadedFunctions) => void;
    const loaded = new Promise<LoadedFunctions>((resolve) => (functionsLoaded = resolve));
    const loadedGroup =
      (group: HandlerGroup): ApiHandler =>
      async (event, context) =>
        (await loaded).groups[group](event, context);
    const gateway: LocalGateway = await startLocalGateway({
      groups: Object.fromEntries(HANDLER_GROUPS.map((group) => [group, loadedGroup(group)])) as Record<HandlerGroup, ApiHandler>,
      authorizer: async (event) => (await loaded).authorizer(event),
      port: options.port ?? 0,
      ...(options.throttling ? { throttling: options.throttling } : {}),
      ...(options.authorizerCacheSeconds !== undefined ? { authorizerCacheSeconds: options.authorizerCacheSeconds } : {}),
      ...(options.onResponse ? { onResponse: options.onResponse } : {}),
      model: bundled?.model ?? apiModelFromSources(),
      functionTimeoutMs: Object.fromEntries(HANDLER_GROUPS.map((group) => [group, timeoutOf(GROUP_FUNCTIONS[group], group)])),
    });
    cleanups.push(() => gateway.close());
    // This API's own host, which webhooks may not be aimed at (the stack sets the API's domain on AWS).
    process.env.API_HOST = new URL(gateway.url).host;
    // The bundles read their environment now that it is whole; nothing has called them yet, as the host has
    // not been handed out.
    bundled?.recordAwsCalls({
      tables: Object.fromEntries(TABLES.map((table) => [tableNames[table.envVar]!, table.id])),
      buckets: { [process.env.SEARCH_ROWS_BUCKET!]: 'SearchRows' },
      stateMachines: { [LOCAL_STATE_MACHINE_ARN]: 'BookingWorkflow' },
      functions: { [LOCAL_VOUCHER_FUNCTION]: GROUP_FUNCTIONS.vouchers },
    });
    bundled?.prepare();

    const groups = Object.fromEntries(
      await Promise.all(
        HANDLER_GROUPS.map(
          async (group) =>
            [group, bundled ? bundledRoutes(bundled, GROUP_FUNCTIONS[group]) : (await GROUP_ENTRIES[group]()).routes] as const,
        ),
      ),
    ) as Record<HandlerGroup, ApiHandler>;
    const authorizer: Authorizer = bundled
      ? (event) =>
          bundled.invoke('Authorizer', event, lambdaContext('Authorizer', randomUUID(), timeoutOf('Authorizer', 'authorizer')))
            .answer as Promise<APIGatewayAuthorizerResult>
      : ((await import('../functions/auth/authorizer.js')) as { handler: Authorizer }).handler;
    functionsLoaded({ groups, authorizer });

    // Started last: the workers copy the environment, which is now complete, and the gateway is serving. The
    // first run is the one a new stack starts once created (lib/property-mapping.ts); then contract writes.
    let mappingDone: Promise<RunReport> | undefined;
    let mapped: RunReport | undefined;
    if (options.mapProperties !== false) {
      mappingDone = mapping.start({ reason: 'deploy' });
      if (options.mapProperties !== 'background') mapped = await mappingDone;
      process.env.TENANT ??= 'demo';
      process.env.MAPPING_WORKFLOW_ARN = LOCAL_MAPPING_WORKFLOW_ARN;
      const trigger = await startContractTrigger({ dynamoEndpoint, table: process.env.CONTRACTS_TABLE! });
      cleanups.push(() => trigger.stop());
    }

    return {
      url: gateway.url,
      dynamoEndpoint,
      stepFunctionsEndpoint: stepFunctions.endpoint,
      stateMachineArn: LOCAL_STATE_MACHINE_ARN,
      clients,
      suppliers,
      contracts,
      fxFeed,
      runFxFeed,
      mapping: mapped,
      ...(mappingDone && options.mapProperties === 'background' ? { mappingDone } : {}),
      mappingWorkflowArn: LOCAL_MAPPING_WORKFLOW_ARN,
      mappingRuns: () => mapping.runs,
      ended: dynamo?.ended ?? new Promise<string>(() => undefined),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
