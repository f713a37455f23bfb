/**
 * GET /v1/hotels/properties's use case: one page of the content of every mapped property in a city that
 * the account's suppliers carry, in propertyId order, optionally only those whose content changed since a
 * time (the mapping job's contentChangedAt). The city's entries come from the destination index (one read,
 * no content); only the page's properties are read, in BatchGetItem calls.
 *
 * A page holds at most `limit` properties and stops earlier once its content passes PAGE_BYTES, so an
 * answer stays well inside what API Gateway and Lambda carry; `next` goes on from there either way.
 */
import type { UnifiedProperty } from '../../domain/property/unified-property.js';
import type { DestinationEntry } from '../mapping/destination-index.js';
import type { PropertyView } from '../property-view.js';
import { decodeCatalogueCursor, encodeCatalogueCursor } from './catalogue-cursor.js';

export const CATALOGUE_LIMITS = { default: 100, max: 1_000 } as const;
export const PAGE_BYTES = 4 * 1024 * 1024;

export interface CataloguePorts {
  readonly entries: (cityCode: string) => Promise<readonly DestinationEntry[]>;
  readonly contents: (propertyIds: readonly string[]) => Promise<readonly UnifiedProperty[]>;
  readonly contractedSuppliers: () => Promise<ReadonlySet<string>>;
  /** The view of one property for the caller (texts in the language asked for, where a supplier has them). */
  readonly view: (properties: readonly UnifiedProperty[], contracted: ReadonlySet<string>) => Promise<(PropertyView | undefined)[]>;
  readonly now: () => Date;
}

export interface CatalogueQuery {
  readonly destination: string;
  readonly updatedSince?: string;
  readonly cursor?: string;
  readonly limit: number;
}

export interface CataloguePage {
  readonly destination: string;
  /** The time this sync began: send it as `updatedSince` next time to get only what changed since. */
  readonly asOf: string;
  /** How many properties the whole sync holds (all pages). */
  readonly totalProperties: number;
  readonly properties: readonly PropertyView[];
  readonly next?: string;
}

export async function cataloguePage(ports: CataloguePorts, query: CatalogueQuery): Promise<CataloguePage> {
  const cursor = query.cursor ? decodeCatalogueCursor(query.cursor, query) : undefined;
  const asOf = cursor?.asOf ?? ports.now().toISOString();
  const since = query.updatedSince ? Date.parse(query.updatedSince) : undefined;
  const [entries, contracted] = await Promise.all([ports.entries(query.destination), ports.contractedSuppliers()]);
  const listed = entries
    .filter((entry) => entry.supplierRefs.some((ref) => contracted.has(ref.supplierId)))
    // A property stored before the job recorded its changes has no date: it counts as changed.
    .filter((entry) => since === undefined || !entry.contentChangedAt || Date.parse(entry.contentChangedAt) >= since)
    .map((entry) => entry.propertyId)
    .sort();
  const start = cursor ? firstAfter(listed, cursor.after) : 0;
  const ids = listed.slice(start, start + query.limit);
  const contents = await ports.contents(ids);
  const views = await ports.view(contents, contracted);
  const properties: PropertyView[] = [];
  let bytes = 0;
  // Where the next page starts: after the page's last id, or before the first property that did not fit.
  let last = ids[ids.length - 1];
  for (const [index, view] of views.entries()) {
    if (!view) continue;
    const size = Buffer.byteLength(JSON.stringify(view));
    if (properties.length > 0 && bytes + size > PAGE_BYTES) {
      last = contents[index - 1]!.propertyId;
      break;
    }
    properties.push(view);
    bytes += size;
  }
  const more = last !== undefined && firstAfter(listed, last) < listed.length;
  return {
    destination: query.destination,
    asOf,
    totalProperties: listed.length,
    properties,
    ...(more && last
      ? { next: encodeCatalogueCursor({ destination: query.destination, updatedSince: query.updatedSince, after: last, asOf }) }
      : {}),
  };
}

/** The index of the first id after `after` in the ascending list (the one after it, if it is gone). */
function firstAfter(ids: readonly string[], after: string): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ids[middle]! <= after) low = middle + 1;
    else high = middle;
  }
  return low;
}
