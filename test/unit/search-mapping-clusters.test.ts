import { describe, expect, it } from 'vitest';
import { matchProperties } from '../../functions/search/mapping/match-properties.js';
import { matchUnmapped } from '../../functions/search/mapping/match-unmapped.js';
import { assignPropertyIds, mintPropertyId } from '../../functions/search/mapping/property-id.js';
import { unifyProperty } from '../../functions/search/mapping/unify-property.js';
import { worldSupplierContent } from '../../sandbox/world/world-content.js';
import type { SupplierPropertyContent } from '../../functions/suppliers/port.js';

const hotel = (supplierId: string, supplierPropertyId: string, over: Partial<SupplierPropertyContent> = {}): SupplierPropertyContent => ({
  supplierId,
  supplierPropertyId,
  name: 'Hotel Golden Crown',
  stars: 4,
  geo: { lat: 51.5101, lng: -0.1301 },
  address: { line: 'Strand 81', postalCode: 'WC2N 5AB', city: 'London', countryCode: 'GB' },
  cityCode: 'LON',
  amenities: ['wifi'],
  images: [`https://img.example/${supplierId}/${supplierPropertyId}.jpg`],
  roomTypes: [{ code: `${supplierId}-DBL`, name: 'Double' }],
  ...over,
});

describe('clustering', () => {
  it('puts at most one property of a supplier in a cluster, keeping the better match', () => {
    // hotelbeds lists the hotel twice (a duplicate in its catalogue); only the closer copy may join.
    const exact = hotel('hotelbeds', 'A');
    const duplicate = hotel('hotelbeds', 'B', { name: 'Golden Crown Hotel & Spa', geo: { lat: 51.5106, lng: -0.1301 } });
    const other = hotel('expedia', '9');
    const { clusters } = matchProperties([duplicate, other, exact]);
    const withOther = clusters.find((cluster) => cluster.includes(other))!;
    expect(withOther.map((p) => `${p.supplierId}:${p.supplierPropertyId}`)).toEqual(['expedia:9', 'hotelbeds:A']);
    expect(clusters.every((cluster) => new Set(cluster.map((p) => p.supplierId)).size === cluster.length)).toBe(true);
    expect(clusters).toHaveLength(2);
  });

  it('never joins a third property that contradicts one member, even if it matches the other', () => {
    const a = hotel('hotelbeds', 'A');
    const b = hotel('expedia', 'B', { geo: { lat: 51.5112, lng: -0.1301 } });
    // Same name and street as b but another house number and postal code: a different building.
    const c = hotel('opentravel', 'C', {
      address: { line: 'Strand 12', postalCode: 'WC2N 9ZZ', city: 'London', countryCode: 'GB' },
      geo: { lat: 51.5125, lng: -0.1301 },
    });
    const { clusters } = matchProperties([a, b, c]);
    expect(clusters.find((cluster) => cluster.includes(a))).toEqual([b, a]);
    expect(clusters.find((cluster) => cluster.includes(c))).toEqual([c]);
  });

  it('gives the same clusters whatever order the suppliers pages came in', () => {
    const content = worldSupplierContent('hotelbeds')
      .filter((p) => p.cityCode === 'REK')
      .concat(
        worldSupplierContent('expedia').filter((p) => p.cityCode === 'REK'),
        worldSupplierContent('opentravel').filter((p) => p.cityCode === 'REK'),
      );
    const keys = (clusters: readonly (readonly SupplierPropertyContent[])[]) =>
      clusters.map((c) => c.map((p) => `${p.supplierId}:${p.supplierPropertyId}`).join(','));
    expect(keys(matchProperties([...content].reverse()).clusters)).toEqual(keys(matchProperties(content).clusters));
  });
});

describe('property ids', () => {
  const clusters = [
    [
      { supplierId: 'hotelbeds', supplierPropertyId: '77' },
      { supplierId: 'expedia', supplierPropertyId: '5' },
    ],
    [{ supplierId: 'opentravel', supplierPropertyId: 'OT1' }],
  ];

  it('are minted from the smallest supplier ref and are the same on every run', () => {
    const ids = assignPropertyIds(clusters, new Map());
    expect(ids).toEqual([
      mintPropertyId({ supplierId: 'expedia', supplierPropertyId: '5' }),
      mintPropertyId({ supplierId: 'opentravel', supplierPropertyId: 'OT1' }),
    ]);
    expect(ids[0]).toMatch(/^prop_[0-9a-f]{20}$/);
    expect(assignPropertyIds(clusters, new Map())).toEqual(ids);
  });

  it('are kept from the stored map when a supplier with a smaller ref joins the hotel', () => {
    const first = assignPropertyIds([[{ supplierId: 'hotelbeds', supplierPropertyId: '77' }]], new Map());
    const previous = new Map([['hotelbeds:77', first[0]!]]);
    expect(assignPropertyIds(clusters, previous)[0]).toBe(first[0]);
  });

  it('go to one cluster only when a stored property splits; the other gets a fresh id', () => {
    const previous = new Map([
      ['hotelbeds:77', 'prop_old'],
      ['expedia:5', 'prop_old'],
    ]);
    const split = [[{ supplierId: 'hotelbeds', supplierPropertyId: '77' }], [{ supplierId: 'expedia', supplierPropertyId: '5' }]];
    const ids = assignPropertyIds(split, previous);
    expect(ids).toEqual([mintPropertyId({ supplierId: 'hotelbeds', supplierPropertyId: '77' }), 'prop_old']);
  });
});

describe('matching an unmapped offer on the fly', () => {
  const stored = unifyProperty('prop_stored', [hotel('hotelbeds', 'A'), hotel('expedia', 'B')]);

  it('joins the stored property it matches', () => {
    const offer = {
      supplierId: 'opentravel',
      supplierPropertyId: 'OT9',
      name: 'GOLDEN CROWN HOTEL',
      stars: 4,
      geo: { lat: 51.5103, lng: -0.1302 },
      address: { line: 'Strand 81', city: 'London', countryCode: 'GB' },
    };
    expect(matchUnmapped(offer, [stored])).toMatchObject({ matched: true, propertyId: 'prop_stored' });
  });

  it('gets its own id when nothing near matches, or when the supplier already has its property there', () => {
    const elsewhere = {
      supplierId: 'opentravel',
      supplierPropertyId: 'OT9',
      name: 'Hotel Silver Arch',
      stars: 3,
      geo: { lat: 51.5103, lng: -0.1302 },
      address: { line: 'Strand 81', city: 'London', countryCode: 'GB' },
    };
    expect(matchUnmapped(elsewhere, [stored])).toEqual({ matched: false, propertyId: mintPropertyId(elsewhere) });
    const sameSupplier = { ...hotel('hotelbeds', 'Z') };
    expect(matchUnmapped(sameSupplier, [stored])).toEqual({ matched: false, propertyId: mintPropertyId(sameSupplier) });
  });
});

describe('unified content', () => {
  it('takes the readable name, the median stars and position, and keeps each supplier its rooms and images', () => {
    const property = unifyProperty('prop_x', [
      hotel('hotelbeds', 'A', { name: 'HOTEL GOLDEN CROWN', stars: 5 }),
      hotel('expedia', 'B', { name: 'Hotel Golden Crown', geo: { lat: 51.5103, lng: -0.1303 } }),
      hotel('opentravel', 'C', { name: 'ホテル', stars: 4, geo: { lat: 51.55, lng: -0.2 } }),
    ]);
    expect(property.name).toBe('Hotel Golden Crown');
    expect(property.starRating).toBe(4);
    expect(property.geo).toEqual({ lat: 51.5103, lng: -0.1303 });
    expect(property.timeZone).toBe('Europe/London');
    expect(property.roomTypes.map((r) => r.rooms[0]!.code)).toEqual(['expedia-DBL', 'hotelbeds-DBL', 'opentravel-DBL']);
    expect(property.images.map((i) => i.supplierId)).toEqual(['expedia', 'hotelbeds', 'opentravel']);
    expect(property.supplierRefs).toEqual([
      { supplierId: 'expedia', supplierPropertyId: 'B' },
      { supplierId: 'hotelbeds', supplierPropertyId: 'A' },
      { supplierId: 'opentravel', supplierPropertyId: 'C' },
    ]);
  });
});
