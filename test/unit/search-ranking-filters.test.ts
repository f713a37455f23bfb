import { describe, expect, it } from 'vitest';
import { cancellationDeadline, isFreeCancellation } from '../../functions/domain/cancellation/free-cancellation.js';
import type { RankableProperty, RankableRate } from '../../functions/search/ranking/rankable.js';
import { applySearchFilters } from '../../functions/search/ranking/search-filters.js';
import type { BoardBasis } from '../../functions/suppliers/port.js';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const eur = (amount: string) => ({ amount, currency: 'EUR' });

interface Rate extends RankableRate {
  readonly id: string;
}

function rate(
  id: string,
  boardBasis: BoardBasis,
  policy: 'free' | 'free-until-future' | 'penalty-now' | 'non-refundable' | 'zero-now',
): Rate {
  const base = { id, boardBasis, price: { total: '100.00', currency: 'EUR' } };
  switch (policy) {
    case 'free':
      return { ...base, refundable: true, cancellationPolicy: [] };
    case 'free-until-future':
      return {
        ...base,
        refundable: true,
        cancellationPolicy: [
          { from: '2026-05-10T16:00:00.000Z', penalty: eur('50.00') },
          { from: '2026-05-12T22:00:00.000Z', penalty: eur('100.00') },
        ],
      };
    case 'penalty-now':
      return { ...base, refundable: true, cancellationPolicy: [{ from: '2026-04-30T16:00:00.000Z', penalty: eur('50.00') }] };
    case 'zero-now':
      return {
        ...base,
        refundable: true,
        cancellationPolicy: [
          { from: '2026-04-01T00:00:00.000Z', penalty: eur('0.00') },
          { from: '2026-05-10T16:00:00.000Z', penalty: eur('50.00') },
        ],
      };
    case 'non-refundable':
      return { ...base, refundable: false, cancellationPolicy: [{ from: '2026-05-01T11:59:00.000Z', penalty: eur('100.00') }] };
  }
}

const property = (propertyId: string, starRating: number | undefined, rates: Rate[]): RankableProperty<Rate> & { extra: string } => ({
  propertyId,
  name: propertyId,
  starRating,
  rates,
  extra: `kept-${propertyId}`,
});

describe('free cancellation', () => {
  it('is free when refundable and no penalty is in force now', () => {
    expect(isFreeCancellation(rate('a', 'BB', 'free'), NOW)).toBe(true);
    expect(isFreeCancellation(rate('a', 'BB', 'free-until-future'), NOW)).toBe(true);
    expect(isFreeCancellation(rate('a', 'BB', 'zero-now'), NOW)).toBe(true);
  });
  it('is not free once a penalty applies, nor ever for a non-refundable rate', () => {
    expect(isFreeCancellation(rate('a', 'BB', 'penalty-now'), NOW)).toBe(false);
    expect(isFreeCancellation(rate('a', 'BB', 'non-refundable'), NOW)).toBe(false);
    expect(isFreeCancellation({ refundable: false, cancellationPolicy: [] }, NOW)).toBe(false);
    // The instant of the deadline itself already charges.
    expect(isFreeCancellation(rate('a', 'BB', 'free-until-future'), new Date('2026-05-10T16:00:00.000Z'))).toBe(false);
  });
  it('gives the first charging entry as the absolute deadline', () => {
    expect(cancellationDeadline(rate('a', 'BB', 'free-until-future').cancellationPolicy)).toBe('2026-05-10T16:00:00.000Z');
    expect(cancellationDeadline(rate('a', 'BB', 'zero-now').cancellationPolicy)).toBe('2026-05-10T16:00:00.000Z');
    expect(cancellationDeadline([])).toBeUndefined();
  });
});

describe('applySearchFilters', () => {
  const properties = [
    property('P1', 5, [rate('p1-ro', 'RO', 'free'), rate('p1-bb', 'BB', 'penalty-now')]),
    property('P2', 3, [rate('p2-bb', 'BB', 'free-until-future'), rate('p2-hb', 'HB', 'non-refundable')]),
    property('P3', undefined, [rate('p3-bb', 'BB', 'free')]),
    property('P4', 4, [rate('p4-ai', 'AI', 'non-refundable')]),
  ];
  const ids = (list: readonly { propertyId: string; rates: readonly Rate[] }[]) =>
    list.map((p) => `${p.propertyId}:${p.rates.map((r) => r.id).join(',')}`);

  it('keeps everything without filters, in the same objects', () => {
    const kept = applySearchFilters(properties, undefined, NOW);
    expect(kept).toHaveLength(4);
    expect(kept[0]).toBe(properties[0]);
    expect(applySearchFilters(properties, { boardBasis: [] }, NOW)).toHaveLength(4);
  });
  it('filters rates by board basis and drops properties left without rates', () => {
    expect(ids(applySearchFilters(properties, { boardBasis: ['BB'] }, NOW))).toEqual(['P1:p1-bb', 'P2:p2-bb', 'P3:p3-bb']);
    expect(ids(applySearchFilters(properties, { boardBasis: ['HB', 'AI'] }, NOW))).toEqual(['P2:p2-hb', 'P4:p4-ai']);
  });
  it('filters to free cancellation rates', () => {
    expect(ids(applySearchFilters(properties, { freeCancellationOnly: true }, NOW))).toEqual(['P1:p1-ro', 'P2:p2-bb', 'P3:p3-bb']);
  });
  it('filters by minimum star rating; an unknown rating never passes', () => {
    expect(ids(applySearchFilters(properties, { minStarRating: 4 }, NOW))).toEqual(['P1:p1-ro,p1-bb', 'P4:p4-ai']);
  });
  it("combines all filters, keeping the caller's own fields", () => {
    const kept = applySearchFilters(properties, { minStarRating: 3, boardBasis: ['BB'], freeCancellationOnly: true }, NOW);
    expect(ids(kept)).toEqual(['P2:p2-bb']);
    expect(kept[0]?.extra).toBe('kept-P2');
  });
});
