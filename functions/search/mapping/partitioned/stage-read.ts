/**
 * Reads one part (slice) of a supplier's catalogue page by page, for as long as the budget allows, and
 * writes what it read as one segment: each property's lines to its partition and the neighbours' whose
 * halo it is in, and to the key buckets of its ref and blocking keys (route-property.ts). Returns where
 * to carry on; the workflow calls it again until the slice is read.
 */
import { performance } from 'node:perf_hooks';
import type { SupplierPropertyContent } from '../../../suppliers/port.js';
import type { CatalogueSource } from './catalogue-source.js';
import { mapLimit, putJson, putLines, type MappingObjects } from './mapping-objects.js';
import { routeProperty } from './route-property.js';
import { runFiles } from './run-files.js';
import type { GeoLine, KeyBucketLine } from './run-lines.js';
import { readPlan } from './run-state.js';
import type { ReadItem } from './stage-plan.js';

/** A segment: at most this many properties, or this long, whichever comes first. */
export const SEGMENT_PROPERTIES = 25_000;
export const SEGMENT_MS = 120_000;
/**
 * Properties asked per content page: the most OpenTravel's catalogue gives in one, half the requests of its
 * 500 default, so a supplier read whole (OpenTravel has no change dates) costs it half the calls. Each adapter
 * caps it at what its pages hold (Hotelbeds 250: its hotels are large); Rapid pages at its own size.
 */
export const MAPPING_PAGE_SIZE = 1000;

export interface ReadResult extends ReadItem {
  readonly done: boolean;
  readonly read: number;
}

export interface ReadDeps {
  readonly objects: MappingObjects;
  readonly source: (supplierId: string) => Promise<CatalogueSource>;
  readonly pageSize?: number;
  readonly segmentProperties?: number;
  readonly segmentMs?: number;
  readonly signal?: AbortSignal;
}

export interface SegmentSummary {
  readonly supplierId: string;
  readonly properties: number;
  /** A `changes` read: the refs it read (their earlier lines are replaced). */
  readonly refs?: readonly string[];
  readonly ms: number;
}

export async function readSlice(item: ReadItem, deps: ReadDeps): Promise<ReadResult> {
  const started = performance.now();
  const plan = await readPlan(deps.objects, item.runId);
  const supplier = plan.suppliers[item.supplierId];
  if (!supplier || (supplier.mode !== 'full' && supplier.mode !== 'changes'))
    throw new Error(`mapping run ${item.runId} does not read ${item.supplierId}`);
  const source = await deps.source(item.supplierId);
  const maxProperties = deps.segmentProperties ?? SEGMENT_PROPERTIES;
  const maxMs = deps.segmentMs ?? SEGMENT_MS;

  const read: SupplierPropertyContent[] = [];
  let cursor = item.cursor;
  let done = false;
  do {
    const page = await source.staticContent({
      ...(cursor ? { cursor } : {}),
      pageSize: deps.pageSize ?? MAPPING_PAGE_SIZE,
      ...(supplier.changedSince ? { changedSince: supplier.changedSince } : {}),
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
    for (const property of page.properties) {
      // A supplier answering for another (a misrouted contract) would write its properties under our name for it.
      if (property.supplierId !== item.supplierId)
        throw new Error(`${item.supplierId}'s catalogue returned a property of ${property.supplierId}`);
      read.push(property);
    }
    cursor = page.nextCursor;
    done = cursor === undefined;
  } while (!done && read.length < maxProperties && performance.now() - started < maxMs);

  const segment = `${item.supplierId}.${String(item.slice).padStart(4, '0')}.${String(item.part).padStart(4, '0')}`;
  await writeSegment(deps.objects, plan.runId, plan.layout, segment, read);
  const summary: SegmentSummary = {
    supplierId: item.supplierId,
    properties: read.length,
    ...(supplier.mode === 'changes' ? { refs: read.map((p) => `${p.supplierId}:${p.supplierPropertyId}`) } : {}),
    ms: Math.round(performance.now() - started),
  };
  await putJson(deps.objects, runFiles(plan.runId).segment(segment), summary);
  return {
    runId: item.runId,
    supplierId: item.supplierId,
    slice: item.slice,
    ...(cursor ? { cursor } : {}),
    part: item.part + 1,
    done,
    read: read.length,
  };
}

async function writeSegment(
  objects: MappingObjects,
  runId: string,
  layout: Parameters<typeof routeProperty>[0],
  segment: string,
  properties: readonly SupplierPropertyContent[],
): Promise<void> {
  const files = runFiles(runId);
  const geo = new Map<number, GeoLine[]>();
  const keys = new Map<number, KeyBucketLine[]>();
  const push = <L>(map: Map<number, L[]>, bucket: number, line: L): void => {
    const lines = map.get(bucket);
    if (lines) lines.push(line);
    else map.set(bucket, [line]);
  };
  for (const property of properties) {
    const routed = routeProperty(layout, property);
    for (const [bucket, line] of routed.geo) push(geo, bucket, line);
    push(keys, routed.refLine[0], routed.refLine[1]);
    for (const [keyBucket, line] of routed.keys) push(keys, keyBucket, line);
  }
  const writes: (() => Promise<void>)[] = [
    ...[...geo].map(
      ([bucket, lines]) =>
        () =>
          putLines(objects, files.deltaGeo(bucket, segment), lines),
    ),
    ...[...keys].map(
      ([keyBucket, lines]) =>
        () =>
          putLines(objects, files.deltaKeys(keyBucket, segment), lines),
    ),
  ];
  await mapLimit(writes, 16, (write) => write());
}
