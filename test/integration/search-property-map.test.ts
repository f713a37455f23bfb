import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient } from '../../functions/shared/dynamodb.js';
import { DynamoPropertyMapStore } from '../../functions/stores/dynamo-property-map-store.js';
import { runMappingJob, type StaticContentSource } from '../../functions/search/mapping/mapping-job.js';
import { matchUnmapped, ON_THE_FLY_RADIUS_METRES } from '../../functions/search/mapping/match-unmapped.js';
import { refKey } from '../../functions/domain/property/supplier-ref.js';
import { worldSupplierContent } from '../../sandbox/world/world-content.js';
import type { StaticContentPage, SupplierPropertyContent } from '../../functions/suppliers/port.js';
import { getSupplierView, SUPPLIER_IDS } from '../../sandbox/world/supplier-views.js';
import { freshTables } from '../support/dynamo.js';

beforeAll(async () => {
  await freshTables();
});

const noWait = async () => {};
const cityContent = (supplierId: (typeof SUPPLIER_IDS)[number], city: string) =>
  worldSupplierContent(supplierId).filter((p) => p.cityCode === city);

/** A supplier port's static content, served in pages with an opaque cursor, like an adapter's. */
function pagedPort(
  supplierId: string,
  properties: readonly SupplierPropertyContent[],
  pageSize = 40,
): StaticContentSource & { pagesServed: number } {
  const port = {
    supplierId,
    pagesServed: 0,
    async staticContent(request: { cursor?: string }): Promise<StaticContentPage> {
      port.pagesServed += 1;
      const from = request.cursor ? Number(request.cursor) : 0;
      const page = properties.slice(from, from + pageSize);
      return {
        supplierId,
        properties: page,
        total: properties.length,
        ...(from + pageSize < properties.length ? { nextCursor: String(from + pageSize) } : {}),
      };
    },
  };
  return port;
}

async function* stream(items: readonly SupplierPropertyContent[]): AsyncIterable<SupplierPropertyContent> {
  yield* items;
}

describe('property map on DynamoDB', () => {
  it('the job reads every page, writes the map and the content, and keeps every id when run again', async () => {
    const store = new DynamoPropertyMapStore({ sleep: noWait });
    const hotelbeds = pagedPort('hotelbeds', cityContent('hotelbeds', 'REK'));
    const sources = () => [hotelbeds, stream(cityContent('expedia', 'REK')), stream(cityContent('opentravel', 'REK'))];
    const first = await runMappingJob({ sources: sources(), store, pageSize: 40 });

    expect(hotelbeds.pagesServed).toBe(Math.ceil(cityContent('hotelbeds', 'REK').length / 40));
    expect(first.supplierProperties).toEqual({
      hotelbeds: cityContent('hotelbeds', 'REK').length,
      expedia: cityContent('expedia', 'REK').length,
      opentravel: cityContent('opentravel', 'REK').length,
    });
    // REK has 100 world hotels; every supplier property is in exactly one of them.
    expect(first.properties).toBeLessThanOrEqual(100);
    expect(first.newIds).toBe(first.properties);
    expect(first.sharedProperties).toBeGreaterThan(50);

    const allRefs = SUPPLIER_IDS.flatMap((id) => cityContent(id, 'REK'));
    const ids = await store.propertyIdsOf(allRefs);
    expect(ids.size).toBe(allRefs.length);

    const sample = allRefs[0]!;
    const property = await store.getProperty(ids.get(refKey(sample))!);
    expect(property?.supplierRefs).toContainEqual({ supplierId: sample.supplierId, supplierPropertyId: sample.supplierPropertyId });
    expect(property?.timeZone).toBe('Atlantic/Reykjavik');
    expect(property?.roomTypes.find((r) => r.supplierId === sample.supplierId)?.rooms).toEqual(sample.roomTypes);

    const second = await runMappingJob({
      sources: [
        pagedPort('hotelbeds', cityContent('hotelbeds', 'REK')),
        stream(cityContent('expedia', 'REK')),
        stream(cityContent('opentravel', 'REK')),
      ],
      store,
    });
    expect(second.keptIds).toBe(first.properties);
    expect(second.newIds).toBe(0);
    expect(await store.propertyIdsOf(allRefs)).toEqual(ids);
  });

  it('an offer missing from the map finds its stored property near it', async () => {
    const store = new DynamoPropertyMapStore({ sleep: noWait });
    const opentravel = cityContent('opentravel', 'RAK');
    // A hotel hotelbeds carries too, so that there is something to match.
    const hotelbedsHotels = new Set(getSupplierView('hotelbeds').groundTruth.values());
    const left = opentravel.find((p) => hotelbedsHotels.has(getSupplierView('opentravel').groundTruth.get(p.supplierPropertyId)!));
    const rest = opentravel.filter((p) => p !== left);
    await runMappingJob({ sources: [stream(cityContent('hotelbeds', 'RAK')), stream(cityContent('expedia', 'RAK')), stream(rest)], store });
    // The job without `left`, then the job with it: the id `left` gets then is the one on-the-fly matching must find.
    const near = await store.propertiesNear(left!.geo!, ON_THE_FLY_RADIUS_METRES);
    expect(near.length).toBeGreaterThan(0);
    const onTheFly = matchUnmapped(left!, near);
    expect(onTheFly.matched).toBe(true);

    await runMappingJob({
      sources: [stream(cityContent('hotelbeds', 'RAK')), stream(cityContent('expedia', 'RAK')), stream(opentravel)],
      store,
    });
    const mapped = (await store.propertyIdsOf([left!])).get(refKey(left!));
    expect(onTheFly.propertyId).toBe(mapped);
  });

  it('a property that splits keeps its id on one part; the other id it had points to its successor', async () => {
    const store = new DynamoPropertyMapStore({ sleep: noWait });
    const a = cityContent('hotelbeds', 'CPT')[0]!;
    const b = { ...a, supplierId: 'expedia', supplierPropertyId: 'X1' };
    const c = { ...a, supplierId: 'opentravel', supplierPropertyId: 'Y1' };
    await runMappingJob({ sources: [stream([a])], store });
    const idOfA = (await store.propertyIdsOf([a])).get(refKey(a))!;
    await runMappingJob({ sources: [stream([b, c])], store });
    const idOfB = (await store.propertyIdsOf([b])).get(refKey(b))!;
    // Now a joins b and c: the cluster keeps one of the two ids, the other is retired with a pointer.
    const report = await runMappingJob({ sources: [stream([a, b, c])], store });
    expect(report.retiredIds).toBe(1);
    const kept = (await store.propertyIdsOf([a])).get(refKey(a))!;
    expect([idOfA, idOfB]).toContain(kept);
    const retired = kept === idOfA ? idOfB : idOfA;
    expect((await store.getProperty(retired))?.propertyId).toBe(kept);
    expect((await store.propertiesNear(a.geo!, 500)).filter((p) => p.propertyId === retired)).toEqual([]);
  });

  it('batch writes retry the items DynamoDB hands back unprocessed', async () => {
    const real = dynamoClient();
    let handedBack = 0;
    // Hands back the second half of every first attempt, as a throttled table does.
    const flaky = {
      send: async (command: unknown) => {
        if (command instanceof BatchWriteCommand) {
          const [table, requests] = Object.entries(command.input.RequestItems ?? {})[0]!;
          if (requests.length > 1 && !(requests as { retried?: boolean }[]).some((r) => r.retried)) {
            const keep = requests.slice(0, Math.ceil(requests.length / 2));
            const back = requests.slice(keep.length);
            handedBack += back.length;
            await real.send(new BatchWriteCommand({ RequestItems: { [table]: keep } }));
            return { UnprocessedItems: { [table]: back.map((r) => Object.assign(r, { retried: true })) } };
          }
          const cleaned = (requests as Record<string, unknown>[]).map(({ retried: _r, ...rest }) => rest);
          return real.send(new BatchWriteCommand({ RequestItems: { [table]: cleaned as typeof requests } }));
        }
        return real.send(command as never);
      },
    } as unknown as DynamoDBDocumentClient;
    const store = new DynamoPropertyMapStore({ client: flaky, sleep: noWait });
    const content = cityContent('expedia', 'BUE');
    await runMappingJob({ sources: [stream(content)], store });
    expect(handedBack).toBeGreaterThan(0);
    expect((await new DynamoPropertyMapStore().propertyIdsOf(content)).size).toBe(content.length);
  });
});
