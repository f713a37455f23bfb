/**
 * The mapping job: reads every supplier's static content (all pages), matches it into properties,
 * keeps the ids the stored map already gives (property-id.ts), and writes the map and the unified
 * content. Run ahead of search (on a schedule, or after a supplier's catalogue changed); search resolves
 * offers through what it wrote and matches the rest on the fly (match-unmapped.ts).
 */
import { performance } from 'node:perf_hooks';
import type { PropertyMapStore } from '../../domain/property/property-map.js';
import { refKey } from '../../domain/property/supplier-ref.js';
import type { SupplierPropertyContent, SupplierPort } from '../../suppliers/port.js';
import { entriesByCity, type DestinationIndexStore } from './destination-index.js';
import { matchProperties } from './match-properties.js';
import { stampContentChanges } from './content-changes.js';
import { assignPropertyIds } from './property-id.js';
import { unifyProperty } from './unify-property.js';

/** A supplier's catalogue: its port (read page by page through staticContent) or any stream of content. */
export type StaticContentSource = Pick<SupplierPort, 'supplierId' | 'staticContent'> | AsyncIterable<SupplierPropertyContent>;

export interface MappingJobInput {
  readonly sources: readonly StaticContentSource[];
  readonly store: PropertyMapStore;
  /** Where search finds a city's properties in one read; rewritten for every city the run covers. */
  readonly destinations?: DestinationIndexStore;
  /** Page size asked of each supplier. */
  readonly pageSize?: number;
  readonly signal?: AbortSignal;
}

export interface MappingJobReport {
  readonly supplierProperties: Readonly<Record<string, number>>;
  readonly properties: number;
  /** Properties carried by two suppliers or more. */
  readonly sharedProperties: number;
  /** Ids kept from the stored map, minted afresh, and retired (no cluster carries them any more). */
  readonly keptIds: number;
  readonly newIds: number;
  readonly retiredIds: number;
  readonly candidatePairs: number;
  readonly timingsMs: { readonly read: number; readonly match: number; readonly write: number; readonly total: number };
}

export async function runMappingJob(input: MappingJobInput): Promise<MappingJobReport> {
  const started = performance.now();
  // Suppliers are read at the same time (each one's pages in order); kept in source order afterwards.
  const perSource = await Promise.all(
    input.sources.map(async (source) => {
      const read: SupplierPropertyContent[] = [];
      for await (const property of readAll(source, input.pageSize, input.signal)) read.push(property);
      return read;
    }),
  );
  const content: SupplierPropertyContent[] = perSource.flat();
  const bySupplier: Record<string, number> = {};
  for (const property of content) bySupplier[property.supplierId] = (bySupplier[property.supplierId] ?? 0) + 1;
  const read = performance.now();

  const matched = matchProperties(content);
  const previous = await input.store.propertyIdsOf(content);
  const ids = assignPropertyIds(matched.clusters, previous);
  const unified = matched.clusters.map((cluster, index) => unifyProperty(ids[index]!, cluster));
  const properties = stampContentChanges(unified, await input.store.contentStamps(ids), new Date());
  const match = performance.now();

  const current = new Set(ids);
  const replacedBy = new Map<string, string>();
  matched.clusters.forEach((cluster, index) => {
    for (const member of cluster) {
      const old = previous.get(refKey(member));
      if (old && !current.has(old) && !replacedBy.has(old)) replacedBy.set(old, ids[index]!);
    }
  });
  await input.store.putProperties(properties);
  if (replacedBy.size > 0) await input.store.retireProperties([...replacedBy].map(([propertyId, by]) => ({ propertyId, replacedBy: by })));
  if (input.destinations) {
    for (const [cityCode, entries] of entriesByCity(properties)) await input.destinations.putDestination(cityCode, entries);
  }
  const done = performance.now();

  const previousIds = new Set(previous.values());
  return {
    supplierProperties: bySupplier,
    properties: properties.length,
    sharedProperties: matched.clusters.filter((cluster) => cluster.length > 1).length,
    keptIds: ids.filter((id) => previousIds.has(id)).length,
    newIds: ids.filter((id) => !previousIds.has(id)).length,
    retiredIds: replacedBy.size,
    candidatePairs: matched.candidatePairs,
    timingsMs: { read: round(read - started), match: round(match - read), write: round(done - match), total: round(done - started) },
  };
}

async function* readAll(
  source: StaticContentSource,
  pageSize: number | undefined,
  signal: AbortSignal | undefined,
): AsyncIterable<SupplierPropertyContent> {
  if (Symbol.asyncIterator in source) {
    yield* source;
    return;
  }
  let cursor: string | undefined;
  do {
    const page = await source.staticContent({
      ...(cursor ? { cursor } : {}),
      ...(pageSize ? { pageSize } : {}),
      ...(signal ? { signal } : {}),
    });
    yield* page.properties;
    cursor = page.nextCursor;
  } while (cursor);
}

function round(ms: number): number {
  return Math.round(ms);
}
