/**
 * How the mapping workflow reads each supplier's catalogue (the port's contentSlices and changedSince), over
 * the sandbox suppliers through the registry's adapters: the slices, read page by page, are the whole
 * catalogue, each property once; Hotelbeds (`lastUpdateTime`, `lastUpdate`) and Rapid (`date_updated_start`,
 * `dates.updated`, sliced by `country_code`) say when content changed and answer only what changed since a
 * day; OpenTravel has no change dates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refKey } from '../../functions/domain/property/supplier-ref.js';
import type { CatalogueSource } from '../../functions/search/mapping/partitioned/catalogue-source.js';
import { contractedCatalogues } from '../../functions/search/mapping-job-ports.js';
import type { SupplierPropertyContent } from '../../functions/suppliers/port.js';
import { NO_LATENCY } from '../../sandbox/latency.js';
import { WORLD_CONTENT_UPDATED } from '../../sandbox/world/content-dates.js';
import { getSupplierView, SUPPLIER_IDS } from '../../sandbox/world/supplier-views.js';
import { startSandboxSuppliers, type RunningSandboxSupplier } from '../../local/sandbox-suppliers.js';
import { seedContracts } from '../../local/seed.js';
import { freshTables } from '../support/dynamo.js';

let suppliers: RunningSandboxSupplier[] = [];
let sources: readonly CatalogueSource[];

beforeAll(async () => {
  await freshTables();
  suppliers = await startSandboxSuppliers({ latency: NO_LATENCY });
  await seedContracts(suppliers);
  sources = await contractedCatalogues('demo')();
}, 120_000);
afterAll(() => Promise.all(suppliers.map((s) => s.close())));

async function readSlices(source: CatalogueSource, changedSince?: string): Promise<SupplierPropertyContent[]> {
  const slices = (await source.contentSlices?.(changedSince ? { changedSince } : {})) ?? [{}];
  const read: SupplierPropertyContent[] = [];
  await Promise.all(
    slices.map(async (slice) => {
      let cursor = slice.cursor;
      do {
        const page = await source.staticContent({
          ...(cursor ? { cursor } : {}),
          pageSize: 1000,
          ...(changedSince ? { changedSince } : {}),
        });
        read.push(...page.properties);
        cursor = page.nextCursor;
      } while (cursor);
    }),
  );
  return read;
}

describe("the suppliers' catalogues in slices", () => {
  it.each(SUPPLIER_IDS)('%s: the slices together are the whole catalogue, each property once', async (supplierId) => {
    const source = sources.find((s) => s.supplierId === supplierId)!;
    const read = await readSlices(source);
    expect(read.length).toBe(getSupplierView(supplierId).properties.length);
    expect(new Set(read.map(refKey)).size).toBe(read.length);
  });

  it('Rapid is read by country, every ISO 3166 code, the first slice carrying the whole size', async () => {
    const slices = await sources.find((s) => s.supplierId === 'expedia')!.contentSlices!({});
    expect(slices.length).toBe(250);
    expect(slices.every((slice) => /[?&]country_code=[A-Z]{2}(&|$)/.test(slice.cursor!))).toBe(true);
    expect(slices[0]!.properties).toBe(getSupplierView('expedia').properties.length);
  });

  it("Rapid's changes since a day, when they fit one read, are one slice rather than a search per country", async () => {
    const since = WORLD_CONTENT_UPDATED.slice(0, 10);
    const slices = await sources.find((s) => s.supplierId === 'expedia')!.contentSlices!({ changedSince: since });
    expect(slices).toHaveLength(1);
    expect(slices[0]!.cursor).toContain(`date_updated_start=${since}`);
    expect(slices[0]!.cursor).not.toContain('country_code');
    expect(slices[0]!.properties).toBe(getSupplierView('expedia').properties.length);
  });

  it('Hotelbeds and Rapid say when content changed, and answer only what changed since a day', async () => {
    for (const supplierId of ['hotelbeds', 'expedia']) {
      const source = sources.find((s) => s.supplierId === supplierId)!;
      expect(source.contentChangeDates, supplierId).toBe(true);
      const first = await source.staticContent({ pageSize: 5 });
      expect(first.properties[0]!.changedAt!.slice(0, 10), supplierId).toBe(WORLD_CONTENT_UPDATED.slice(0, 10));
      expect(await readSlices(source, WORLD_CONTENT_UPDATED.slice(0, 10)), supplierId).not.toHaveLength(0);
      const dayAfter = new Date(Date.parse(WORLD_CONTENT_UPDATED) + 86_400_000).toISOString().slice(0, 10);
      expect(await readSlices(source, dayAfter), supplierId).toEqual([]);
    }
    expect(sources.find((s) => s.supplierId === 'opentravel')!.contentChangeDates).toBe(false);
  });
});
