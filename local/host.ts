/**
 * The whole API on this machine: AWS's DynamoDB Local with the stack's tables, the sandbox suppliers, the
 * seeded tenants and their contracts, the StartSyncExecution endpoint running the booking ASL file, and the
 * local gateway in front of the same authorizer and handler modules CDK deploys. `npm start` runs it
 * (bin/local.ts); end-to-end tests start one per file.
 *
 * Handlers read only the environment, so the host configures them the way the stack does (table names,
 * signing key, Step Functions endpoint and state machine ARN) before it loads them.
 */
// First, as Lambda's runtime makes it before loading a handler: Powertools' constructors read it (AWS_LAMBDA_MAX_CONCURRENCY).
import { inInvocation } from './invocation-scope.js';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomBytes, randomUUID } from 'node:crypto';
import type { APIGatewayRequestAuthorizerEvent, APIGatewayAuthorizerResult } from 'aws-lambda';
import { generateSigningKeyJwk } from '../functions/auth/signing-key.js';
import type { ApiHandler } from '../functions/shared/http-handler.js';
import { HANDLER_GROUPS, type HandlerGroup } from '../functions/shared/routes.js';
import type { LatencyProfile } from '../sandbox/latency.js';
import type { FlowInvocation } from '../functions/booking/flow/index.js';
import { repositoryPath } from '../lib/project-paths.js';
import { createTables } from './create-tables.js';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local.js';
import { startLocalGateway, type LocalGateway, type LocalGatewayOptions } from './gateway.js';
import { startSandboxSuppliers, type RunningSandboxSupplier } from './sandbox-suppliers.js';
import type { MappingJobReport } from '../functions/search/mapping/mapping-job.js';
import { mapLocalProperties } from './map-properties.js';
import { seedClients, seedContracts, seededClients, seedWallets, type SeededClient } from './seed.js';
import { join } from 'node:path';
import { createSearchRowsBucket, startS3Local } from './s3-local.js';
import { startLambdaEndpoint, type InvokedHandler } from './lambda-endpoint.js';
import { startWebhookSender } from './webhook-sender.js';
import { startStepFunctionsEndpoint, type StepFunctionsEndpoint, type TaskHandler } from './step-functions-endpoint.js';

/** Locally a minute (AWS: five): a partner trying the 202 path sees it settle soon. */
const PENDING_RECONCILE_INTERVAL_MS = 60_000;

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
  /** Run the property mapping job over the sandbox catalogues at start (default true; tests that do not search skip it). */
  readonly mapProperties?: boolean;
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
   * Fault injection for tests, for real: the process kills itself (SIGKILL, nothing flushed or cleaned up)
   * right after a supplier confirmed a booking whose clientReference starts with this, before SaveBooking.
   */
  readonly crashAfterSupplierBooked?: string;
}

export interface LocalHost {
  readonly url: string;
  readonly dynamoEndpoint: string;
  readonly stepFunctionsEndpoint: string;
  readonly stateMachineArn: string;
  readonly clients: readonly SeededClient[];
  readonly suppliers: readonly RunningSandboxSupplier[];
  readonly contracts: Readonly<Record<string, string[]>>;
  readonly mapping: MappingJobReport | undefined;
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
  vouchers: () => import('../functions/booking/vouchers-entry.js'),
  webhooks: () => import('../functions/webhooks/index.js'),
  cars: () => import('../functions/cars/index.js'),
  docs: () => import('../functions/docs/index.js'),
};

export const LOCAL_STATE_MACHINE_ARN = 'arn:aws:states:us-east-1:000000000000:stateMachine:local-booking';
const LOCAL_VOUCHER_FUNCTION = 'local-vouchers';

/** What the stack sets on every function, with local values; an operator's own environment wins. */
function configureEnvironment(): void {
  const defaults: Record<string, string> = {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    STAGE: 'sandbox',
    POWERTOOLS_LOG_LEVEL: 'WARN',
    POWERTOOLS_METRICS_DISABLED: 'true',
    POWERTOOLS_TRACE_ENABLED: 'false',
    POWERTOOLS_METRICS_NAMESPACE: 'HotelApi',
    POWERTOOLS_SERVICE_NAME: 'hotel-api-local',
    // Webhooks may go to receivers on this machine over http (functions/webhooks/webhook-url.ts); deployed stacks are strict.
    WEBHOOK_URL_POLICY: 'local',
  };
  for (const [name, value] of Object.entries(defaults)) process.env[name] ??= value;
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
    Object.assign(process.env, await createTables(admin, options.tablePrefix ?? 'local'));
    admin.destroy();

    // The search rows' bucket, in a local S3-compatible server (lib/search-rows-bucket.ts on AWS).
    let s3Endpoint = options.s3Endpoint;
    if (!s3Endpoint) {
      const s3 = await startS3Local(options.dataDir ? { dataDir: join(options.dataDir, 's3') } : {});
      cleanups.push(() => s3.stop());
      s3Endpoint = s3.endpoint;
    }
    process.env.S3_ENDPOINT = s3Endpoint;
    process.env.SEARCH_ROWS_BUCKET = await createSearchRowsBucket(s3Endpoint, options.tablePrefix ?? 'local');

    // A fresh key per start, as the stack's custom resource makes one per deployment.
    process.env.TOKEN_SIGNING_KEY ??= JSON.stringify(await generateSigningKeyJwk());
    // Signs rateIds and paging cursors; on AWS a Secrets Manager secret (SEARCH_SECRET_ARN).
    process.env.SEARCH_SECRET ??= randomBytes(32).toString('base64url');

    const suppliers = options.externalSuppliers ? [...options.externalSuppliers] : await startSandboxSuppliers(options.supplierLatency ? { latency: options.supplierLatency } : {});
    if (!options.externalSuppliers) cleanups.push(async () => void (await Promise.all(suppliers.map((s) => s.close()))));
    const clients = seededClients();
    await seedClients(clients);
    const contracts = await seedContracts(suppliers);
    await seedWallets();
    // demo is contracted with every sandbox supplier, so its catalogues are the whole sandbox world.
    const mapping = options.mapProperties === false ? undefined : await mapLocalProperties('demo');

    // Loaded after the environment is set: Powertools reads its settings when the modules load.
    const { handler: flow } = await import('../functions/booking/flow/index.js');
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
          substitutions: { BookingFlowFunctionArn: { functionName: 'local-booking-flow', handler: runFlowStep, timeoutMs: 25_000 } },
        },
      ],
    });
    cleanups.push(() => stepFunctions.close());

    // The pending-booking reconciler, which AWS runs every five minutes (lib/pending-reconciler.ts).
    const { settleAllPending } = await import('../functions/booking/settle-pending.js');
    const { flowDeps } = await import('../functions/booking/flow/flow-deps.js');
    const tenants = [...new Set(clients.map((c) => c.tenant))];
    const reconciler = setInterval(() => {
      for (const tenant of tenants) inInvocation(randomUUID(), () => settleAllPending(tenant, flowDeps())).catch(() => undefined);
    }, options.reconcileIntervalMs ?? PENDING_RECONCILE_INTERVAL_MS);
    reconciler.unref();
    cleanups.push(async () => clearInterval(reconciler));
    process.env.SFN_ENDPOINT = stepFunctions.endpoint;

    // The webhook sender: the webhooks table's stream and the retry sweep (lib/webhook-sender.ts on AWS).
    const webhookSender = await startWebhookSender({ dynamoEndpoint, table: process.env.WEBHOOKS_TABLE!, tenants, sweepIntervalMs: options.webhookSweepIntervalMs ?? 500 });
    cleanups.push(() => webhookSender.stop());
    process.env.STATE_MACHINE_ARN = LOCAL_STATE_MACHINE_ARN;

    // The vouchers function, which the booking function hands each confirmed booking's voucher issue to.
    const vouchers = (await import('../functions/booking/vouchers-entry.js')).handler as InvokedHandler;
    const lambda = await startLambdaEndpoint({ [LOCAL_VOUCHER_FUNCTION]: { handler: vouchers, timeoutMs: 28_000 } });
    cleanups.push(() => lambda.close());
    process.env.LAMBDA_ENDPOINT = lambda.endpoint;
    process.env.VOUCHER_FUNCTION_NAME = LOCAL_VOUCHER_FUNCTION;

    const groups = Object.fromEntries(
      await Promise.all(HANDLER_GROUPS.map(async (group) => [group, (await GROUP_ENTRIES[group]()).routes] as const)),
    ) as Record<HandlerGroup, ApiHandler>;
    const { handler: authorizer } = (await import('../functions/auth/authorizer.js')) as {
      handler: (event: APIGatewayRequestAuthorizerEvent) => Promise<APIGatewayAuthorizerResult>;
    };
    const gateway: LocalGateway = await startLocalGateway({
      groups,
      authorizer,
      port: options.port ?? 0,
      ...(options.throttling ? { throttling: options.throttling } : {}),
      ...(options.authorizerCacheSeconds !== undefined ? { authorizerCacheSeconds: options.authorizerCacheSeconds } : {}),
      ...(options.onResponse ? { onResponse: options.onResponse } : {}),
    });
    cleanups.push(() => gateway.close());

    return {
      url: gateway.url,
      dynamoEndpoint,
      stepFunctionsEndpoint: stepFunctions.endpoint,
      stateMachineArn: LOCAL_STATE_MACHINE_ARN,
      clients,
      suppliers,
      contracts,
      mapping,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
