/**
 * The partitioned mapping job (functions/search/mapping/partitioned/) gives the map one run over everything
 * gives (runMappingJob, mapping-job.ts): the same clusters, the same ids, the same unified content, on the
 * real-hotel set and on the sandbox world, with partitions cut fine enough that cities, key blocks and
 * clusters straddle them. Then its later runs: a run over unchanged catalogues matches nothing again and
 * writes nothing; a supplier's changes, read by its own change dates, re-match only the partitions they
 * touch, and the map is the one a run over everything would give.
 */
import { describe, expect, it } from 'vitest';
import { runMappingJob } from '../../functions/search/mapping/mapping-job.js';
import type { SupplierPropertyContent } from '../../functions/suppliers/port.js';
import { runMappingWorkflow } from '../../local/mapping-workflow.js';
import { worldSupplierContent } from '../../sandbox/world/world-content.js';
import { SUPPLIER_IDS } from '../../sandbox/world/supplier-views.js';
import { realHotelContent } from '../fixtures/real-hotels/real-hotels.js';
import { memoryCatalogue, memoryMapping, MemoryPropertyMap } from '../support/memory-mapping-ports.js';

const bySupplier = (content: readonly SupplierPropertyContent[]) => {
  const out = new Map<string, SupplierPropertyContent[]>();
  for (const p of content) out.set(p.supplierId, [...(out.get(p.supplierId) ?? []), p]);
  return out;
};

/** One run over everything, into a map of its own: the map the partitioned job must equal. */
async function reference(content: readonly SupplierPropertyContent[], start?: MemoryPropertyMap) {
  const map = start ?? new MemoryPropertyMap();
  const sources = [...bySupplier(content)].map(([, properties]) =>
    (async function* () {
      yield* properties;
    })(),
  );
  await runMappingJob({ sources, store: map as never });
  return map;
}

function expectSameMap(actual: MemoryPropertyMap, expected: MemoryPropertyMap) {
  expect(actual.ids.size).toBe(expected.ids.size);
  expect(Object.fromEntries(actual.ids)).toEqual(Object.fromEntries(expected.ids));
  const live = (map: MemoryPropertyMap) => new Set([...map.ids.values()]);
  for (const id of live(expected)) expect(actual.properties.get(id), id).toEqual(expected.properties.get(id));
}

describe('the partitioned mapping job', () => {
  it('maps the real-hotel set as one run over everything does, whatever the partitions', async () => {
    const { content } = realHotelContent();
    const expected = await reference(content);
    for (const [resolution, buckets] of [
      [5, 4],
      [7, 16],
      [9, 64],
    ] as const) {
      const mapping = memoryMapping(() =>
        [...bySupplier(content)].map(([id, properties]) => memoryCatalogue(id, () => properties, { pageSize: 7 })),
      );
      const report = await runMappingWorkflow(
        { reason: 'deploy', resolution, buckets },
        { call: mapping.call, objects: mapping.objects, concurrency: 4 },
      );
      expect(report.status).toBe('succeeded');
      expectSameMap(mapping.map, expected);
    }
  });

  it(
    'maps the sandbox world as one run over everything does, with cities cut across partitions',
    async () => {
      const content = SUPPLIER_IDS.flatMap((id) => worldSupplierContent(id));
      const expected = await reference(content);
      const mapping = memoryMapping(() =>
        SUPPLIER_IDS.map((id) => memoryCatalogue(id, () => worldSupplierContent(id), { pageSize: 1000 })),
      );
      const report = await runMappingWorkflow(
        { reason: 'deploy', resolution: 7, buckets: 16 },
        { call: mapping.call, objects: mapping.objects, concurrency: 2 },
      );
      expect(report.status).toBe('succeeded');
      expect(report.settle!.boundaryClusters).toBeGreaterThan(100);
      expectSameMap(mapping.map, expected);
      expect(mapping.destinations.cities.size).toBeGreaterThan(30);
    },
    15 * 60_000,
  );
});

describe('later runs of the partitioned mapping job', () => {
  const today = new Date().toISOString().slice(0, 10);
  const dated = (properties: SupplierPropertyContent[]) => properties.map((p) => ({ ...p, changedAt: '2025-01-01T00:00:00Z' }));
  const cloneMap = (map: MemoryPropertyMap) => {
    const copy = new MemoryPropertyMap();
    for (const [ref, id] of map.ids) copy.ids.set(ref, id);
    for (const [id, property] of map.properties) copy.properties.set(id, property);
    return copy;
  };

  /** Real hotels: hotelbeds and expedia publish change dates, opentravel does not. */
  function realSetup() {
    const catalogues = new Map([...bySupplier(realHotelContent().content)].map(([id, properties]) => [id, dated(properties)]));
    const mapping = memoryMapping(() =>
      [...catalogues].map(([id]) => memoryCatalogue(id, () => catalogues.get(id)!, { pageSize: 5, changeDates: id !== 'opentravel' })),
    );
    const run = (request: Parameters<typeof runMappingWorkflow>[0]) =>
      runMappingWorkflow(request, { call: mapping.call, objects: mapping.objects, concurrency: 3 });
    return { catalogues, mapping, run, content: () => [...catalogues.values()].flat() };
  }

  it('matches nothing again and writes nothing when no catalogue changed', async () => {
    const { mapping, run } = realSetup();
    await run({ reason: 'deploy', resolution: 7, buckets: 8 });
    const writes = mapping.map.writes;
    const again = await run({ reason: 'schedule' });
    expect(again.status).toBe('succeeded');
    // Hotelbeds and Expedia say nothing changed; OpenTravel has no change dates and is read whole.
    expect(again.read).toEqual({ hotelbeds: 0, expedia: 0, opentravel: expect.any(Number) });
    expect(again.read.opentravel).toBeGreaterThan(0);
    expect(again.partitions.every((p) => p.carried)).toBe(true);
    expect(mapping.map.writes).toBe(writes);
  });

  it("takes in a supplier's changes (its change dates, or content hashes) and maps as one run over everything would", async () => {
    const { catalogues, mapping, run, content } = realSetup();
    await run({ reason: 'deploy', resolution: 7, buckets: 8 });
    const before = cloneMap(mapping.map);
    // Hotelbeds renames one hotel and moves another 2 km (a corrected geocode); OpenTravel drops a listing.
    const hotelbeds = catalogues.get('hotelbeds')!;
    hotelbeds[0] = { ...hotelbeds[0]!, name: `${hotelbeds[0]!.name} Superior`, changedAt: `${today}T01:00:00Z` };
    hotelbeds[3] = {
      ...hotelbeds[3]!,
      geo: { lat: hotelbeds[3]!.geo!.lat + 0.02, lng: hotelbeds[3]!.geo!.lng },
      changedAt: `${today}T01:00:00Z`,
    };
    catalogues.get('opentravel')!.splice(2, 1);
    const report = await run({ reason: 'schedule' });
    expect(report.status).toBe('succeeded');
    expect(report.read.hotelbeds).toBe(2);
    expect(report.partitions.some((p) => p.carried)).toBe(true);
    expect(report.partitions.some((p) => !p.carried)).toBe(true);
    const expected = await reference(content(), before);
    // The listing opentravel dropped keeps its id in the map (ids are never taken back), as in one run over everything.
    expectSameMap(mapping.map, expected);
  });

  it("maps a new contract's supplier into the map the others made, reading only that supplier", async () => {
    const { catalogues, mapping, run, content } = realSetup();
    const expedia = catalogues.get('expedia')!;
    catalogues.delete('expedia');
    await run({ reason: 'deploy', resolution: 7, buckets: 8 });
    const before = cloneMap(mapping.map);
    catalogues.set('expedia', expedia);
    const report = await run({ reason: 'contract', suppliers: ['expedia'] });
    expect(Object.keys(report.read)).toEqual(['expedia']);
    expectSameMap(mapping.map, await reference(content(), before));
  });

  it('writes the rest of the map when a partition fails, and takes the partition in at the next run', async () => {
    const { mapping, run } = realSetup();
    // Fails all its tries (STAGE_ATTEMPTS) in the first run: one of 16 partitions, within the 10 % tolerated.
    const failing = { bucket: 3, left: 3 };
    const call = mapping.call;
    const flaky: typeof call = async (fn, event) => {
      const e = event as { stage: string; item?: { bucket: number } };
      if (e.stage === 'Match' && e.item?.bucket === failing.bucket && failing.left > 0) {
        failing.left -= 1;
        throw new Error('partition ran out of memory');
      }
      return call(fn, event);
    };
    const first = await runMappingWorkflow(
      { reason: 'deploy', resolution: 7, buckets: 16 },
      { call: flaky, objects: mapping.objects, concurrency: 3 },
    );
    expect(first.status).toBe('partial');
    expect(first.failedPartitions).toEqual(['p0003']);
    expect(mapping.map.ids.size).toBeGreaterThan(0);
    const records = await mapping.runs.recent(1);
    expect(records[0]).toMatchObject({ status: 'partial', failedPartitions: ['p0003'] });

    const second = await run({ reason: 'schedule' });
    expect(second.status).toBe('succeeded');
    // The partition's properties are now mapped as one run over everything maps them (the ids of clusters the
    // first run settled without them may differ from a first run's: ids are kept, never re-minted).
    const groups = (map: MemoryPropertyMap) => {
      const byId = new Map<string, string[]>();
      for (const [ref, id] of map.ids) byId.set(id, [...(byId.get(id) ?? []), ref]);
      return [...byId.values()].map((refs) => refs.sort().join(' ')).sort();
    };
    expect(groups(mapping.map)).toEqual(groups(await reference(realHotelContent().content)));
  });
});
