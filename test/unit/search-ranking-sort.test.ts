import { describe, expect, it } from 'vitest';
import { cheapestRate, sortProperties } from '../../functions/search/ranking/property-sort.js';
import type { RankableProperty, RankableRate } from '../../functions/search/ranking/rankable.js';
import { distanceMetres } from '../../functions/domain/geo/distance.js';
import { Rng } from '../../sandbox/world/prng.js';

const CENTRE = { lat: 48.8566, lng: 2.3522 }; // Paris

function rate(total: string, refundable = true, currency = 'EUR'): RankableRate & { total: string } {
  return { total, boardBasis: 'BB', refundable, cancellationPolicy: [], price: { total, currency } };
}

function property(
  propertyId: string,
  name: string,
  starRating: number | undefined,
  totals: string[],
  geo?: { lat: number; lng: number },
): RankableProperty {
  return { propertyId, name, starRating, rates: totals.map((t) => rate(t)), ...(geo ? { geo } : {}) };
}

const ids = (list: readonly RankableProperty[]) => list.map((p) => p.propertyId);

describe('sortProperties', () => {
  const list = [
    property('A', 'Hôtel du Nord', 3, ['120.00', '99.99'], { lat: 48.88, lng: 2.355 }),
    property('B', 'Grand Hotel', 5, ['99.99'], { lat: 48.87, lng: 2.33 }),
    property('C', 'apollo', 4, ['100.00'], { lat: 48.857, lng: 2.352 }),
    property('D', 'Apollo', 4, ['100.00']),
    property('G', 'Apollo', 4, ['100.00']),
    property('E', 'Budget Inn', undefined, ['1000.00', '9.50'], { lat: 48.9, lng: 2.4 }),
    property('F', 'Zenith', 4, ['100.0'], { lat: 48.857, lng: 2.352 }),
  ];

  it('by price (default): cheapest total ascending, then higher stars, then name, then id', () => {
    // E 9.50; B 99.99 (5★) before A 99.99 (3★); C/D/F/G all 100 and 4★: 'apollo' and 'Apollo' are equal to the
    // collator, code points then put 'Apollo' first; D and G have the same name → id; Zenith last.
    // The comparison is decimal, not text: "9.50" < "99.99" < "100.0" = "100.00" < "1000.00".
    expect(ids(sortProperties(list))).toEqual(['E', 'B', 'A', 'D', 'G', 'C', 'F']);
  });
  it('by star rating: higher first, then price, unknown stars last', () => {
    expect(ids(sortProperties(list, { sort: 'starRating' }))).toEqual(['B', 'D', 'G', 'C', 'F', 'A', 'E']);
  });
  it('by distance from the centre, then price; no coordinates last', () => {
    // C and F sit at the same spot and price: name decides.
    expect(ids(sortProperties(list, { sort: 'distance', centre: CENTRE }))).toEqual(['C', 'F', 'B', 'A', 'E', 'D', 'G']);
    expect(() => sortProperties(list, { sort: 'distance' })).toThrow(/centre/);
  });
  it('is deterministic whatever order the suppliers answered in', () => {
    const rng = new Rng(7);
    const expected = ids(sortProperties(list));
    for (let i = 0; i < 50; i += 1) {
      const shuffled = [...list].sort(() => rng.next() - 0.5);
      expect(ids(sortProperties(shuffled))).toEqual(expected);
      expect(ids(sortProperties(shuffled, { sort: 'distance', centre: CENTRE }))).toEqual(
        ids(sortProperties(list, { sort: 'distance', centre: CENTRE })),
      );
    }
  });
  it('refuses to rank prices of different currencies against each other', () => {
    const mixed = [property('A', 'A', 3, ['10.00']), { ...property('B', 'B', 3, []), rates: [rate('10', true, 'JPY')] }];
    expect(() => sortProperties(mixed)).toThrow(/JPY/);
  });
});

describe('cheapestRate', () => {
  it('takes the lowest total, a refundable one on ties', () => {
    const rates = [rate('120.00'), rate('80.00', false), rate('80.00', true), rate('80.0', true)];
    expect(cheapestRate(rates)).toBe(rates[2]);
    expect(cheapestRate([])).toBeUndefined();
  });
});

describe('distanceMetres', () => {
  it('measures Paris to London at about 344 km', () => {
    const metres = distanceMetres(CENTRE, { lat: 51.5074, lng: -0.1278 });
    expect(metres).toBeGreaterThan(340_000);
    expect(metres).toBeLessThan(348_000);
    expect(distanceMetres(CENTRE, CENTRE)).toBe(0);
  });
});
