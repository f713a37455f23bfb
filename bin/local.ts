/**
 * `npm start`: the whole API on this machine. PORT (default 3000) for the gateway, DATA_DIR to keep
 * DynamoDB Local's data between runs, DEMO_CLIENT_SECRET / ACME_CLIENT_SECRET to change the seeded secrets,
 * SUPPLIER_LATENCY_MS=<median>,<p95> to change the sandbox suppliers' latency (0 for none).
 *
 * `npm start -- --bundles` serves from the bundles of a `cdk synth` (into cdk.out, run first), each function
 * in a process of its own (local/cdk-bundles.ts); `--cdk-out <dir>` serves an existing synth output instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { repositoryPath } from '../lib/project-paths.js';
import { DEFAULT_LATENCY, type LatencyProfile } from '../sandbox/latency.js';
import { startLocalHost, type LocalHost } from '../local/host.js';
import { answerHelp } from './cli-help.js';

const USAGE = `usage: npm start [-- --bundles] [--cdk-out <dir>]

The whole API on this machine: the gateway, DynamoDB Local, a local S3, the Step Functions runner and the
sandbox suppliers; prints the base URL, the seeded credentials and a curl line. Ctrl-C stops all of it.

  --bundles        serve from the bundles of a cdk synth (run first, into cdk.out), each function in a
                   process of its own
  --cdk-out <dir>  serve the bundles of an existing synth output

Environment: PORT (default 3000), DATA_DIR (keep DynamoDB Local's data there), DEMO_CLIENT_SECRET and
ACME_CLIENT_SECRET (the seeded secrets), SUPPLIER_LATENCY_MS=<median>,<p95> (default 250,900; 0 for none).

Exit codes: 0 stopped by a signal, 1 the start failed, 2 usage.`;
answerHelp(USAGE);

function latencyFromEnvironment(): LatencyProfile {
  const raw = process.env.SUPPLIER_LATENCY_MS;
  if (!raw) return DEFAULT_LATENCY;
  const [median, p95] = raw.split(',').map(Number);
  if (!Number.isFinite(median) || median! < 0) throw new Error(`SUPPLIER_LATENCY_MS must be <median>[,<p95>] in ms, not ${raw}`);
  return { medianMs: median!, p95Ms: Number.isFinite(p95) ? p95! : median! };
}

const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${process.env.PORT}`);

const flags = (() => {
  try {
    return parseArgs({ options: { bundles: { type: 'boolean', default: false }, 'cdk-out': { type: 'string' } } }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
})();

const started = Date.now();
let host: LocalHost | undefined;
let synth: ChildProcess | undefined;
let stopping = false;

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the gateway, the suppliers and DynamoDB Local...`);
  // A host still starting stops through its own failure path; exiting closes the watchdog's pipe, which stops java.
  if (synth?.pid && synth.exitCode === null) process.kill(-synth.pid, 'SIGTERM');
  await host?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));
// Whoever started us (npm, a shell, a process manager) may die of a signal it did not pass on: this process
// is then re-parented, and stops rather than keep DynamoDB Local and the ports to itself.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && void shutdown(`parent process ${parent} ended`), 500).unref();

/** `cdk synth` as CI and a deployment run it, in a process group of its own so a signal to us can stop all of it. */
async function synthesize(): Promise<string> {
  const begun = Date.now();
  console.log('Synthesizing the stack (cdk synth: esbuild bundles every function)...');
  synth = spawn(repositoryPath('node_modules/.bin/cdk'), ['synth', '--quiet', '--no-notices'], {
    cwd: repositoryPath('.'),
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const code = await new Promise<number | null>((done) => synth!.once('exit', (exitCode) => done(exitCode)));
  if (code !== 0) throw new Error(`cdk synth failed (exit code ${code})`);
  console.log(`Synthesized in ${((Date.now() - begun) / 1000).toFixed(1)} s`);
  return repositoryPath('cdk.out');
}

try {
  const cdkOut = flags['cdk-out'] ? resolve(flags['cdk-out']) : flags.bundles ? await synthesize() : undefined;
  host = await startLocalHost({
    ...(cdkOut ? { bundles: { cdkOut } } : {}),
    port,
    ...(process.env.DATA_DIR ? { dataDir: process.env.DATA_DIR } : {}),
    supplierLatency: latencyFromEnvironment(),
    // Serve at once; the mapping job fills the property map meanwhile (search matches on the fly until then).
    mapProperties: 'background',
    onResponse: ({ method, path, status, ms, requestId }) =>
      console.log(`${new Date().toISOString()} ${method} ${path} ${status} ${ms}ms ${requestId}`),
  });
} catch (error) {
  console.error('The local API did not start:', error);
  process.exit(1);
}
void host.ended.then((reason) => shutdown(reason));
host.mappingDone?.then(
  (m) =>
    console.log(
      `Property map ready ${((Date.now() - started) / 1000).toFixed(1)} s after launch: ${m.settle?.properties ?? 0} properties from ${Object.values(m.read).reduce((a, b) => a + b, 0)} supplier properties (${m.settle?.shared ?? 0} carried by several suppliers), ${m.partitions.length} partitions mapped in ${(m.durationMs / 1000).toFixed(1)} s; a contract written with \`npm run admin -- contract set\` is mapped within a minute (\`npm run admin -- mapping status\`)`,
    ),
  (error: unknown) => !stopping && console.error('The property mapping run failed; search keeps matching offers on the fly:', error),
);

const demo = host.clients.find((c) => c.tenant === 'demo')!;
const isoDate = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
const searchBody = JSON.stringify({
  destination: { type: 'city', code: 'PAR' },
  checkIn: isoDate(30),
  checkOut: isoDate(33),
  occupancies: [{ adults: 2 }],
  currency: 'EUR',
  nationality: 'GB',
});
const lines = [
  '',
  `Hotel booking API ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${host.url}${flags.bundles || flags['cdk-out'] ? ' (each function from its bundle in cdk.out, started at its first call)' : ''}`,
  '',
  'Clients (OAuth 2.0 client credentials, POST /v1/oauth/token):',
  ...host.clients.map(
    (c) =>
      `  tenant ${c.tenant.padEnd(5)} client_id ${c.clientId.padEnd(12)} client_secret ${c.secret}   suppliers: ${(host!.contracts[c.tenant] ?? []).join(', ')}`,
  ),
  '',
  'Property map: its first run goes on meanwhile on worker threads (a few minutes; a line says when it is done). Until',
  'then a search matches its offers on the fly and stores them under the ids the run keeps: every propertyId it answers',
  'with works at once on GET /v1/hotels/properties/{id} and as a `properties` destination.',
  '',
  'Sandbox suppliers:',
  ...host.suppliers.map((s) => `  ${s.supplierId.padEnd(10)} ${s.endpoint}`),
  `DynamoDB Local ${host.dynamoEndpoint}${process.env.DATA_DIR ? ` (data in ${process.env.DATA_DIR})` : ' (in memory)'}; Step Functions ${host.stepFunctionsEndpoint}`,
  `Accounts (operators): npm run admin -- --endpoint ${host.dynamoEndpoint} --table-prefix local show demo`,
  `Mapping runs: npm run admin -- --endpoint ${host.dynamoEndpoint} --table-prefix local mapping status`,
  `  (a run now: ... --sfn-endpoint ${host.stepFunctionsEndpoint} --mapping-workflow-arn ${host.mappingWorkflowArn} mapping run [--full])`,
  '',
  'Try it:',
  `  TOKEN=$(curl -s ${host.url}/v1/oauth/token -d grant_type=client_credentials -d client_id=${demo.clientId} -d client_secret=${demo.secret} | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
  `  curl -s ${host.url}/v1/hotels/search -H "Authorization: Bearer $TOKEN" -H 'X-Service-Tenant: ${demo.tenant}' -H 'Content-Type: application/json' -d '${searchBody}'`,
  `  API reference: ${host.url}/docs (OpenAPI 3.1: ${host.url}/openapi.json)`,
  `  The whole journey (search, rate check, booking, replay, voucher, cancel) through the typed client, in another terminal: npm run demo${host.url === 'http://127.0.0.1:3000' ? '' : ` (API_URL=${host.url})`}`,
  '',
  'Ctrl-C stops everything.',
];
console.log(lines.join('\n'));
