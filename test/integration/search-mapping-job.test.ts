/**
 * The property mapping workflow end to end on this machine, as the local host runs it: the stages on worker
 * threads (local/mapping-worker-pool.ts) with the Lambda functions' own wiring (functions/search/
 * mapping-job-ports.ts): the three sandbox suppliers over HTTP (~39,000 catalogue properties read through the
 * real adapters, a slice at a time), tenant demo's seeded contracts, the work objects in the local S3, and
 * the property map, destination index and run log in DynamoDB Local.
 */
import { performance } from 'node:perf_hooks';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refKey } from '../../functions/domain/property/supplier-ref.js';
import { DynamoDestinationIndex } from '../../functions/search/mapping/destination-index.js';
import { DynamoMappingRuns } from '../../functions/search/mapping/partitioned/dynamo-mapping-runs.js';
import { S3MappingObjects } from '../../functions/search/mapping/partitioned/s3-mapping-objects.js';
import type { RunReport } from '../../functions/search/mapping/partitioned/stage-finish.js';
import type { RunRequest } from '../../functions/search/mapping/partitioned/stage-plan.js';
import { DynamoPropertyMapStore } from '../../functions/stores/dynamo-property-map-store.js';
import { NO_LATENCY } from '../../sandbox/latency.js';
import { getSupplierView, SUPPLIER_IDS } from '../../sandbox/world/supplier-views.js';
import { MappingWorkerPool } from '../../local/mapping-worker-pool.js';
import { runMappingWorkflow } from '../../local/mapping-workflow.js';
import { createLocalBucket } from '../../local/s3-local.js';
import { startSandboxSuppliers, type RunningSandboxSupplier } from '../../local/sandbox-suppliers.js';
import { seedContracts } from '../../local/seed.js';
import { freshTables } from '../support/dynamo.js';

const RUN_TIMEOUT_MS = 15 * 60_000;

let suppliers: RunningSandboxSupplier[] = [];
let pool: MappingWorkerPool;
let objects: S3MappingObjects;
let first: RunReport;
let firstIds: Map<string, string>;
const allRefs = SUPPLIER_IDS.flatMap((supplierId) =>
  getSupplierView(supplierId).properties.map((p) => ({ supplierId, supplierPropertyId: p.supplierPropertyId })),
);
const store = () => new DynamoPropertyMapStore();

async function run(request: RunRequest): Promise<RunReport> {
  const started = performance.now();
  const report = await runMappingWorkflow(request, { call: (fn, event) => pool.call(fn, event), objects, concurrency: pool.size });
  // Figures for the report, not a target: where a local run spends its time.
  console.info(
    `mapping run (${request.reason}): ${Math.round(performance.now() - started)} ms`,
    JSON.stringify({ ...report, partitions: report.partitions.length }),
  );
  return report;
}

beforeAll(async () => {
  const names = await freshTables();
  const bucket = await createLocalBucket(process.env.S3_ENDPOINT!, names.PROPERTIES_TABLE!.split('-')[0]!, 'mapping');
  suppliers = await startSandboxSuppliers({ latency: NO_LATENCY });
  await seedContracts(suppliers);
  pool = new MappingWorkerPool({ kind: 'host', tenant: 'demo', bucket });
  objects = new S3MappingObjects(bucket, {
    client: new S3Client({ endpoint: process.env.S3_ENDPOINT, forcePathStyle: true, region: process.env.AWS_REGION }),
  });
  first = await run({ reason: 'deploy' });
  firstIds = await store().propertyIdsOf(allRefs);
}, RUN_TIMEOUT_MS);

afterAll(async () => {
  await pool?.close();
  await Promise.all(suppliers.map((s) => s.close()));
});

describe('the mapping workflow over the sandbox suppliers', () => {
  it('reads every contracted supplier whole, through its adapter', () => {
    expect(first.status).toBe('succeeded');
    expect(first.read).toEqual(Object.fromEntries(SUPPLIER_IDS.map((id) => [id, getSupplierView(id).properties.length])));
    expect(first.partitions.length).toBeGreaterThanOrEqual(4);
  });

  it('maps every supplier property to a propertyId, one id per property', () => {
    expect(firstIds.size).toBe(allRefs.length);
    expect(new Set(firstIds.values()).size).toBe(first.settle!.properties);
  });

  it('gives a hotel every supplier carries one property that lists each supplier ref', async () => {
    const refsByHotel = new Map<string, { supplierId: string; supplierPropertyId: string }[]>();
    for (const supplierId of SUPPLIER_IDS) {
      for (const [supplierPropertyId, hotel] of getSupplierView(supplierId).groundTruth) {
        refsByHotel.set(hotel, [...(refsByHotel.get(hotel) ?? []), { supplierId, supplierPropertyId }]);
      }
    }
    const carriedByAll = [...refsByHotel.values()].filter((refs) => refs.length === SUPPLIER_IDS.length);
    expect(carriedByAll.length).toBeGreaterThan(1000);
    const together = carriedByAll.filter((refs) => new Set(refs.map((r) => firstIds.get(refKey(r)))).size === 1);
    expect(together.length / carriedByAll.length).toBeGreaterThan(0.97);
    for (const refs of together.slice(0, 25)) {
      const property = await store().getProperty(firstIds.get(refKey(refs[0]!))!);
      expect(property?.supplierRefs).toHaveLength(SUPPLIER_IDS.length);
      expect(property?.contentChangedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    }
  });

  it('indexes every mapped property under its city for search', async () => {
    const sample = getSupplierView('hotelbeds').properties[7]!;
    const ref = { supplierId: 'hotelbeds', supplierPropertyId: sample.supplierPropertyId };
    const entries = await new DynamoDestinationIndex().destination(sample.hotel.cityCode);
    expect(entries.map((e) => e.propertyId)).toContain(firstIds.get(refKey(ref)));
    // Each entry carries its property's change date: a partner's catalogue sync picks what changed from it.
    const entry = entries.find((e) => e.propertyId === firstIds.get(refKey(ref)))!;
    expect(entry.contentChangedAt).toBe((await store().getProperty(entry.propertyId))!.contentChangedAt);
  });

  it("keeps a property's change date while its content is the same, and moves it when the content changes", async () => {
    const sample = getSupplierView('hotelbeds').properties[11]!;
    const propertyId = firstIds.get(refKey({ supplierId: 'hotelbeds', supplierPropertyId: sample.supplierPropertyId }))!;
    const stored = (await store().getProperty(propertyId))!;
    const later = new Date(Date.parse(stored.contentChangedAt!) + 60_000);
    const same = await store().putProperties([stored], later);
    expect(same.get(propertyId)).toBe(stored.contentChangedAt);
    const { contentChangedAt: _at, ...content } = stored;
    const changed = await store().putProperties([{ ...content, description: `${stored.description ?? ''} Renovated.` }], later);
    expect(changed.get(propertyId)).toBe(later.toISOString());
    expect((await store().getProperty(propertyId))!.contentChangedAt).toBe(later.toISOString());
    await store().putProperties([content], new Date(stored.contentChangedAt!));
  });

  it('records the run for the operator', async () => {
    const [record] = await new DynamoMappingRuns().recent(1);
    expect(record).toMatchObject({
      runId: first.runId,
      reason: 'deploy',
      status: 'succeeded',
      full: true,
      properties: first.settle!.properties,
    });
    expect(record!.durationMs).toBeGreaterThan(0);
  });

  it(
    'keeps every id on the daily run, and matches and writes nothing again where nothing changed',
    async () => {
      const daily = await run({ reason: 'schedule' });
      expect(daily.status).toBe('succeeded');
      expect(daily.partitions.every((p) => p.carried)).toBe(true);
      expect(daily.written).toBe(0);
      expect(await store().propertyIdsOf(allRefs)).toEqual(firstIds);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'maps again, alone, the supplier whose contract changed',
    async () => {
      const contract = await run({ reason: 'contract', suppliers: ['opentravel'], requestedAt: new Date().toISOString() });
      expect(Object.keys(contract.read)).toEqual(['opentravel']);
      expect(await store().propertyIdsOf(allRefs)).toEqual(firstIds);
    },
    RUN_TIMEOUT_MS,
  );
});
