/**
 * A partner's catalogue without I/O: the mapping job's change stamps, the keyset cursor and the page's
 * cuts (limit, bytes, visibility, updatedSince).
 */
import { describe, expect, it } from 'vitest';
import type { UnifiedProperty } from '../../functions/domain/property/unified-property.js';
import { CatalogueCursorError, decodeCatalogueCursor, encodeCatalogueCursor } from '../../functions/search/catalogue/catalogue-cursor.js';
import { cataloguePage, PAGE_BYTES, type CataloguePorts } from '../../functions/search/catalogue/catalogue-page.js';
import { contentHash, stampContentChanges } from '../../functions/search/mapping/content-changes.js';
import type { DestinationEntry } from '../../functions/search/mapping/destination-index.js';
import { propertyView } from '../../functions/search/property-view.js';

const property = (n: number, supplierId = 'hotelbeds', description = 'A hotel.'): UnifiedProperty => ({
  propertyId: `prop_${String(n).padStart(20, '0')}`,
  name: `Hotel ${n}`,
  description,
  amenities: [],
  images: [],
  policies: {},
  roomTypes: [],
  supplierRefs: [{ supplierId, supplierPropertyId: String(n) }],
  members: [{ supplierId, supplierPropertyId: String(n), name: `Hotel ${n}` }],
});

describe('content change stamps', () => {
  it('keep the stored time while the content is the same, and take the run time when it differs', () => {
    const before = new Date('2026-11-01T00:00:00Z');
    const [first] = stampContentChanges([property(1)], new Map(), before);
    expect(first).toMatchObject({ contentChangedAt: before.toISOString(), contentHash: contentHash(property(1)) });
    const stored = new Map([[first!.propertyId, { contentHash: first!.contentHash!, contentChangedAt: first!.contentChangedAt! }]]);
    const later = new Date('2026-11-02T00:00:00Z');
    expect(stampContentChanges([property(1)], stored, later)[0]!.contentChangedAt).toBe(before.toISOString());
    expect(stampContentChanges([property(1, 'hotelbeds', 'New text.')], stored, later)[0]!.contentChangedAt).toBe(later.toISOString());
    // The stamp itself is not content: a stamped property digests like the unstamped one.
    expect(contentHash(first!)).toBe(contentHash(property(1)));
  });
});

describe('catalogue cursor', () => {
  it('goes back and forth, and is refused for another query or when edited', () => {
    const cursor = { destination: 'PAR', updatedSince: '2026-11-01T00:00:00Z', after: 'prop_1', asOf: '2026-11-27T00:00:00.000Z' };
    const text = encodeCatalogueCursor(cursor);
    expect(decodeCatalogueCursor(text, { destination: 'PAR', updatedSince: '2026-11-01T00:00:00Z' })).toEqual(cursor);
    expect(() => decodeCatalogueCursor(text, { destination: 'LON', updatedSince: '2026-11-01T00:00:00Z' })).toThrow(CatalogueCursorError);
    expect(() => decodeCatalogueCursor(text, { destination: 'PAR' })).toThrow(CatalogueCursorError);
    expect(() => decodeCatalogueCursor(`${text}x`, { destination: 'PAR' })).toThrow(CatalogueCursorError);
  });
});

describe('catalogue page', () => {
  const entries = (properties: readonly UnifiedProperty[], changedAt: (n: number) => string | undefined): DestinationEntry[] =>
    properties.map((p, n) => ({
      propertyId: p.propertyId,
      name: p.name,
      supplierRefs: p.supplierRefs,
      ...(changedAt(n) ? { contentChangedAt: changedAt(n) } : {}),
    }));
  const ports = (
    properties: UnifiedProperty[],
    changedAt: (n: number) => string | undefined = () => '2026-11-01T00:00:00Z',
  ): CataloguePorts => ({
    entries: async () => entries(properties, changedAt).reverse(),
    contents: async (ids) => ids.flatMap((id) => properties.find((p) => p.propertyId === id) ?? []),
    contractedSuppliers: async () => new Set(['hotelbeds']),
    view: async (list, contracted) => list.map((p) => propertyView(p, contracted)),
    now: () => new Date('2026-11-27T12:00:00Z'),
  });
  const all = async (p: CataloguePorts, query: { destination: string; updatedSince?: string; limit: number }) => {
    const pages = [];
    let cursor: string | undefined;
    do {
      const page = await cataloguePage(p, { ...query, ...(cursor ? { cursor } : {}) });
      pages.push(page);
      cursor = page.next;
    } while (cursor);
    return pages;
  };

  it('pages in propertyId order, the account’s suppliers only, each once, with one asOf', async () => {
    const properties = Array.from({ length: 25 }, (_, n) => property(n, n % 5 === 0 ? 'opentravel' : 'hotelbeds'));
    const pages = await all(ports(properties), { destination: 'PAR', limit: 7 });
    const ids = pages.flatMap((page) => page.properties.map((p) => p.propertyId));
    expect(ids).toEqual(properties.filter((_, n) => n % 5 !== 0).map((p) => p.propertyId));
    expect(pages.map((page) => page.properties.length)).toEqual([7, 7, 6]);
    expect(new Set(pages.map((page) => page.asOf))).toEqual(new Set(['2026-11-27T12:00:00.000Z']));
    expect(pages[0]!.totalProperties).toBe(20);
  });

  it('keeps its place when the city changes between pages', async () => {
    const properties = Array.from({ length: 10 }, (_, n) => property(n));
    const first = await cataloguePage(ports(properties), { destination: 'PAR', limit: 4 });
    // The property the first page ended on is removed and another is added: the next page starts after it all the same.
    const changed = [property(100), ...properties.filter((p) => p.propertyId !== first.properties[3]!.propertyId)];
    const second = await cataloguePage(ports(changed), { destination: 'PAR', limit: 4, cursor: first.next! });
    expect(second.properties.map((p) => p.propertyId)).toEqual(properties.slice(4, 8).map((p) => p.propertyId));
  });

  it('returns with updatedSince what changed at or after it, and what carries no date', async () => {
    const properties = Array.from({ length: 6 }, (_, n) => property(n));
    const dates = [
      '2026-11-01T00:00:00Z',
      '2026-11-20T00:00:00Z',
      undefined,
      '2026-11-19T23:59:59Z',
      '2026-11-25T00:00:00Z',
      '2026-11-20T00:00:00Z',
    ];
    const [page] = await all(
      ports(properties, (n) => dates[n]),
      { destination: 'PAR', updatedSince: '2026-11-20T00:00:00Z', limit: 100 },
    );
    expect(page!.properties.map((p) => p.propertyId)).toEqual([1, 2, 4, 5].map((n) => properties[n]!.propertyId));
  });

  it('stops a page before its content passes the byte budget and goes on from there', async () => {
    const big = 'x'.repeat(Math.floor(PAGE_BYTES / 3));
    const properties = Array.from({ length: 5 }, (_, n) => property(n, 'hotelbeds', big));
    const pages = await all(ports(properties), { destination: 'PAR', limit: 100 });
    expect(pages.map((page) => page.properties.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((page) => page.properties.map((p) => p.propertyId))).toEqual(properties.map((p) => p.propertyId));
  });
});
