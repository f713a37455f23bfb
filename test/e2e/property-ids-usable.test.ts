/**
 * A propertyId any answer carried is usable at once (issue 38, item 4), and the map is built without
 * waiting for the night (items 1 and 3), on the local host as `npm start` runs it: the first mapping run
 * starts with the host and runs on worker threads while the host already serves. A search answered before
 * the map is there matched its offers on the fly and stored them: each of its ids opens the property's
 * content and is a `properties` destination, then and after the run. A contract written then starts a run
 * for its supplier (the contracts table's stream, as on AWS).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MappingRunRecord } from '../../functions/search/mapping/partitioned/mapping-run-log.js';
import { repositoryPath } from '../../lib/project-paths.js';
import type { SearchResponse } from '../../functions/search/search-result.js';
import { setContract } from '../../functions/accounts/account-admin.js';
import { listContracts } from '../../functions/suppliers/contracts.js';
import type { LocalHost } from '../../local/host.js';
import { startTestHost, tokenFor } from '../support/local-host.js';

let host: LocalHost;
let token: string;
const RUN_TIMEOUT_MS = 15 * 60_000;

beforeAll(async () => {
  // Every id a search answered is read back, hundreds of calls in a burst: past a partner's usage plan, which
  // is not what this file is about.
  const unthrottled = { ratePerSecond: 1e6, burst: 1e6 };
  host = await startTestHost({ mapProperties: 'background', throttling: { stage: unthrottled, perClient: unthrottled } });
  token = await tokenFor(host, 'demo');
}, 180_000);
afterAll(() => host?.stop());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
async function api(path: string, body?: unknown) {
  return fetch(`${host.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { Authorization: `Bearer ${token}`, 'X-Service-Tenant': 'demo', ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}
const search = async (destination: unknown) => {
  const response = await api('/v1/hotels/search', {
    destination,
    checkIn: inDays(40),
    checkOut: inDays(42),
    occupancies: [{ adults: 2 }],
    currency: 'EUR',
    nationality: 'GB',
    limit: 1000,
    timeoutMs: 15_000,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as SearchResponse;
};

/** Every id opens its content and, all together, is a destination answering with those same properties. */
async function expectUsable(ids: readonly string[]) {
  for (const id of ids) {
    const content = await api(`/v1/hotels/properties/${id}`);
    expect(content.status, id).toBe(200);
  }
  for (let at = 0; at < ids.length; at += 50) {
    const listed = ids.slice(at, at + 50);
    const answer = await search({ type: 'properties', propertyIds: listed });
    expect(answer.properties.length).toBeGreaterThan(0);
  }
}

describe('an id we gave is an id we know', () => {
  let before: string[];

  it('serves every id of a search answered before the first mapping run finished', async () => {
    const answer = await search({ type: 'city', code: 'REK' });
    before = answer.properties.map((p) => p.propertyId);
    expect(before.length).toBeGreaterThan(10);
    await expectUsable(before);
  });

  it(
    'keeps serving them once the first run has mapped the sandbox world, most under the same id',
    async () => {
      const report = await host.mappingDone!;
      expect(report.status).toBe('succeeded');
      await expectUsable(before);
      const after = new Set((await search({ type: 'city', code: 'REK' })).properties.map((p) => p.propertyId));
      // The job votes for the ids search stored; a cluster of several that search saw apart keeps one of them.
      expect(before.filter((id) => after.has(id)).length / before.length).toBeGreaterThan(0.9);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "maps a contract's supplier when the operator writes the contract, without waiting for the night",
    async () => {
      const runs = host.mappingRuns().length;
      const contract = (await listContracts('demo')).find((c) => c.supplierId === 'opentravel')!;
      // A change (DynamoDB streams nothing for a write that changes nothing): the account now sells packages.
      await setContract(
        'demo',
        {
          supplierId: contract.supplierId,
          adapter: contract.adapter,
          endpoint: contract.endpoint,
          sandbox: true,
          credentials: contract.credentials!,
          active: true,
          sellsPackages: !contract.sellsPackages,
        },
        'e2e-operator',
      );
      const started = Date.now();
      while (host.mappingRuns().length === runs && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 250));
      expect(host.mappingRuns().length).toBe(runs + 1);
      const report = await host.mappingRuns().at(-1)!;
      expect(report.status).toBe('succeeded');
      expect(Object.keys(report.read)).toEqual(['opentravel']);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'shows the runs to the operator, and starts one when asked (npm run admin -- mapping status, mapping run)',
    async () => {
      const admin = async (...args: string[]) => {
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [
            '--import',
            'tsx',
            repositoryPath('bin/admin.ts'),
            '--endpoint',
            host.dynamoEndpoint,
            '--clients-table',
            process.env.CLIENTS_TABLE!,
            '--contracts-table',
            process.env.CONTRACTS_TABLE!,
            '--properties-table',
            process.env.PROPERTIES_TABLE!,
            '--sfn-endpoint',
            host.stepFunctionsEndpoint,
            '--mapping-workflow-arn',
            host.mappingWorkflowArn,
            '--json',
            ...args,
          ],
          { cwd: repositoryPath('.') },
        );
        return JSON.parse(stdout) as unknown;
      };
      const runs = (await admin('mapping', 'status')) as MappingRunRecord[];
      expect(runs.map((r) => r.reason)).toContain('deploy');
      expect(runs.map((r) => r.reason)).toContain('contract');
      const first = runs.find((r) => r.reason === 'deploy')!;
      expect(first).toMatchObject({ status: 'succeeded', full: true });
      expect(first.durationMs).toBeGreaterThan(0);
      expect(first.properties).toBeGreaterThan(10_000);

      const before = host.mappingRuns().length;
      const started = (await admin('mapping', 'run')) as { executionArn: string };
      expect(started.executionArn).toContain(':execution:');
      expect(host.mappingRuns().length).toBe(before + 1);
      const report = await host.mappingRuns().at(-1)!;
      expect(report.status).toBe('succeeded');
      // Nothing changed since the last run: every partition left as it was, nothing written.
      expect(report.written).toBe(0);
    },
    RUN_TIMEOUT_MS,
  );
});
