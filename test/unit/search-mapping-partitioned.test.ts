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
