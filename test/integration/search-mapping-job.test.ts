/**
 * The mapping job end to end on this machine: the three sandbox suppliers over HTTP (~39,000 catalogue
 * properties read page by page through the real adapters), tenant demo's seeded contracts, and the
 * property map and destination index in DynamoDB Local.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScheduledEvent } from 'aws-lambda';
import { mapSupplierCatalogues } from '../../functions/search/mapping/map-supplier-catalogues.js';
import { DynamoDestinationIndex } from '../../functions/search/mapping/destination-index.js';
import { DynamoPropertyMapStore } from '../../functions/stores/dynamo-property-map-store.js';
import type { MappingJobReport } from '../../functions/search/mapping/mapping-job.js';
import { refKey } from '../../functions/domain/property/supplier-ref.js';
import { adapterFor } from '../../functions/suppliers/adapter-registry.js';
import { listContracts, type SupplierContract } from '../../functions/suppliers/contracts.js';
import type { SupplierPort, SupplierPropertyContent } from '../../functions/suppliers/port.js';
import { NO_LATENCY } from '../../sandbox/latency.js';
import { getSupplierView, SUPPLIER_IDS } from '../../sandbox/world/supplier-views.js';
import { mapLocalProperties } from '../../local/map-properties.js';
import { startSandboxSuppliers, type RunningSandboxSupplier } from '../../local/sandbox-suppliers.js';
import { seedContracts } from '../../local/seed.js';
import { lambdaContext } from '../../local/lambda-context.js';
import { freshTables } from '../support/dynamo.js';
import { stubFunctionEnvironment } from '../support/function-environment.js';

const RUN_TIMEOUT_MS = 15 * 60_000;

let suppliers: RunningSandboxSupplier[] = [];
let contracts: SupplierContract[];
/** Every catalogue property the adapters returned in the first run. */
const read: SupplierPropertyContent[] = [];
let first: MappingJobReport;
let firstIds: Map<string, string>;
const store = () => new DynamoPropertyMapStore();

/** The registry's adapter, noting every property its catalogue pages return. */
async function recordingAdapterFor(contract: SupplierContract): Promise<Pick<SupplierPort, 'supplierId' | 'staticContent'>> {
  const adapter = await adapterFor(contract);
  return {
    supplierId: adapter.supplierId,
    staticContent: async (request) => {
      const page = await adapter.staticContent(request);
      read.push(...page.properties);
      return page;
    },
  };
}

beforeAll(async () => {
  await freshTables();
  suppliers = await startSandboxSuppliers({ latency: NO_LATENCY });
  await seedContracts(suppliers);
  contracts = await listContracts('demo');

  const started = performance.now();
  first = await mapSupplierCatalogues(contracts, store(), { destinations: new DynamoDestinationIndex(), adapterFor: recordingAdapterFor });
  // Figures for the report, not a target: the timings only show where a local run spends its time.
  console.info(`mapping job, first run: ${Math.round(performance.now() - started)} ms`, JSON.stringify(first));
  firstIds = await store().propertyIdsOf(read);
}, RUN_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(suppliers.map((s) => s.close()));
});

describe('the mapping job over the sandbox suppliers', () => {
  it('reads each contracted supplier once, every page', () => {
    expect(contracts.map((c) => c.supplierId).sort()).toEqual([...SUPPLIER_IDS].sort());
    const expected = Object.fromEntries(SUPPLIER_IDS.map((id) => [id, getSupplierView(id).properties.length]));
    expect(first.supplierProperties).toEqual(expected);
    expect(read.length).toBe(Object.values(expected).reduce((a, b) => a + b, 0));
    expect(new Set(read.map(refKey)).size).toBe(read.length);
  });

  it('maps every supplier property it read to a propertyId', () => {
    expect(firstIds.size).toBe(read.length);
    expect(first.newIds).toBe(first.properties);
    expect(new Set(firstIds.values()).size).toBe(first.properties);
  });

  it('finds fewer properties than supplier properties, more than the largest catalogue', () => {
    const counts = Object.values(first.supplierProperties);
    expect(first.properties).toBeLessThan(counts.reduce((a, b) => a + b, 0));
    expect(first.properties).toBeGreaterThan(Math.max(...counts));
    expect(first.sharedProperties).toBeGreaterThan(0);
  });

  it('gives a hotel every supplier carries one property that lists each supplier ref', async () => {
    // The sandbox world's ground truth: which supplier properties are the same hotel.
    const refsByHotel = new Map<string, { supplierId: string; supplierPropertyId: string }[]>();
    for (const supplierId of SUPPLIER_IDS) {
      for (const [supplierPropertyId, hotel] of getSupplierView(supplierId).groundTruth) {
        refsByHotel.set(hotel, [...(refsByHotel.get(hotel) ?? []), { supplierId, supplierPropertyId }]);
      }
    }
    const carriedByAll = [...refsByHotel.values()].filter((refs) => refs.length === SUPPLIER_IDS.length);
    expect(carriedByAll.length).toBeGreaterThan(1000);
    const together = carriedByAll.filter((refs) => new Set(refs.map((r) => firstIds.get(refKey(r)))).size === 1);
    // Matching is measured, not perfect (bench/matching.ts): nearly all, not all.
    expect(together.length / carriedByAll.length).toBeGreaterThan(0.97);

    for (const refs of together.slice(0, 25)) {
      const property = await store().getProperty(firstIds.get(refKey(refs[0]!))!);
      expect(property?.supplierRefs).toHaveLength(SUPPLIER_IDS.length);
      for (const ref of refs) expect(property?.supplierRefs).toContainEqual(ref);
    }
  });

  it('indexes every mapped property under its city for search', async () => {
    const sample = read.find((p) => p.cityCode)!;
    const entries = await new DynamoDestinationIndex().destination(sample.cityCode!);
    expect(entries.map((e) => e.propertyId)).toContain(firstIds.get(refKey(sample)));
  });

  it(
    'keeps every id when run again, through the local host entry point',
    async () => {
      const started = performance.now();
      const second = await mapLocalProperties('demo');
      console.info(`mapping job, second run: ${Math.round(performance.now() - started)} ms`, JSON.stringify(second));
      expect(second.properties).toBe(first.properties);
      expect(second.keptIds).toBe(first.properties);
      expect(second.newIds).toBe(0);
      expect(second.retiredIds).toBe(0);
      expect(await store().propertyIdsOf(read)).toEqual(firstIds);
    },
    RUN_TIMEOUT_MS,
  );

  it('reads a supplier once however many contracts name it', async () => {
    const asked: string[] = [];
    const report = await mapSupplierCatalogues([...contracts, ...(await listContracts('acme'))], store(), {
      adapterFor: async (contract) => {
        asked.push(contract.supplierId);
        return { supplierId: contract.supplierId, staticContent: async () => ({ supplierId: contract.supplierId, properties: [] }) };
      },
    });
    expect(asked.sort()).toEqual([...SUPPLIER_IDS].sort());
    expect(report.properties).toBe(0);
  });
});

describe('the scheduled handler', () => {
  const scheduled = { time: '2025-01-01T03:00:00Z', 'detail-type': 'Scheduled Event', source: 'aws.events' } as ScheduledEvent;
  /** The job's function loaded as Lambda loads it in a stack of the tenant's: TENANT is read as its entry loads. */
  async function mappingJobOf(tenant: string) {
    vi.resetModules();
    stubFunctionEnvironment({ TENANT: tenant });
    return (await import('../../functions/search/mapping-job-handler.js')).handler;
  }

  it('gives up reading when too little time is left, and leaves the map as it was', async () => {
    const handler = await mappingJobOf('demo');
    // Three minutes are kept for matching and writing: a run with less than that left never reads.
    await expect(handler(scheduled, lambdaContext('mapping', 'r-1', 3 * 60_000))).rejects.toMatchObject({
      name: 'SupplierError',
      kind: 'timeout',
    });
    expect(await store().propertyIdsOf(read)).toEqual(firstIds);
  });

  it(
    "maps the catalogues of the stack tenant's suppliers",
    async () => {
      const handler = await mappingJobOf('acme');
      const report = await handler(scheduled, lambdaContext('mapping', 'r-2', 10 * 60_000));
      expect(Object.keys(report.supplierProperties).sort()).toEqual(['expedia', 'hotelbeds']);
      // Hotels of the two keep their ids; hotels only opentravel carried are not in this run. A renamed hotel
      // that one of the two shows under its old name without a phone (as real suppliers sometimes do) has only
      // its address to speak for it, and without opentravel's listing to bridge the two it splits: a handful of
      // new ids (2 of 17,267 at the default seed), never a lost one.
      expect(report.keptIds + report.newIds).toBe(report.properties);
      expect(report.newIds).toBeLessThan(report.properties * 0.001);
    },
    RUN_TIMEOUT_MS,
  );
});
