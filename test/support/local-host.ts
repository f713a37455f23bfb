/**
 * A whole local host (gateway, authorizer, handlers, sandbox suppliers, Step Functions endpoint) per test
 * file, on the DynamoDB Local that global setup started, with its own tables and no supplier latency; with
 * E2E_BUNDLES (vitest.bundles.config.ts), its functions run from the bundles of a `cdk synth`.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { inject } from 'vitest';
import { NO_LATENCY } from '../../sandbox/latency.js';
import { startLocalHost, type LocalHost, type LocalHostOptions } from '../../local/host.js';
import { awsCallsDir } from './aws-calls-dir.js';

export async function startTestHost(
  options: Pick<
    LocalHostOptions,
    | 'throttling'
    | 'mapProperties'
    | 'interceptFlowStep'
    | 'onResponse'
    | 'authorizerCacheSeconds'
    | 'webhookSweepIntervalMs'
    | 'reconcileIntervalMs'
    | 'fxFeed'
  > = {},
): Promise<LocalHost> {
  const cdkOut = inject('bundlesDir');
  const calls = awsCallsDir();
  return startLocalHost({
    // The functions' own log lines come back to this process, where test/capture-logs.ts checks them too; their
    // AWS calls go to the log test/aws-calls/ checks against the template.
    ...(cdkOut
      ? {
          bundles: {
            cdkOut,
            output: (_name: string, line: string) => void process.stdout.write(`${line}\n`),
            ...(calls ? { awsCallLog: join(calls, `${randomUUID()}.jsonl`) } : {}),
          },
        }
      : {}),
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    s3Endpoint: inject('s3Endpoint'),
    tablePrefix: `e2e${randomUUID().slice(0, 8)}`,
    supplierLatency: NO_LATENCY,
    mapProperties: false,
    ...options,
  });
}

export async function tokenFor(host: LocalHost, tenant: string, scope?: string): Promise<string> {
  const client = host.clients.find((c) => c.tenant === tenant);
  if (!client) throw new Error(`no seeded client for tenant ${tenant}`);
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.secret });
  if (scope) form.set('scope', scope);
  const response = await fetch(`${host.url}/v1/oauth/token`, { method: 'POST', body: form });
  if (response.status !== 200) throw new Error(`token request failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Runs the property mapping job over one city of the sandbox world into the host's property map and
 * destination index: property content and mapped ids for that city in about a second, where the whole
 * world (startTestHost's mapProperties) takes about 50 s. Call it before searching the city.
 */
export async function mapCity(cityCode: string): Promise<void> {
  // Loaded here: Powertools and the table names are read when the modules load, after the host set them.
  const [{ runMappingJob }, { worldSupplierContent }, { DynamoPropertyMapStore }, { DynamoDestinationIndex }, { SUPPLIER_IDS }] =
    await Promise.all([
      import('../../functions/search/mapping/mapping-job.js'),
      import('../../sandbox/world/world-content.js'),
      import('../../functions/stores/dynamo-property-map-store.js'),
      import('../../functions/search/mapping/destination-index.js'),
      import('../../sandbox/world/supplier-views.js'),
    ]);
  async function* inCity(supplierId: (typeof SUPPLIER_IDS)[number]) {
    yield* worldSupplierContent(supplierId).filter((p) => p.cityCode === cityCode);
  }
  await runMappingJob({
    sources: SUPPLIER_IDS.map(inCity),
    store: new DynamoPropertyMapStore(),
    destinations: new DynamoDestinationIndex(),
  });
}
