import { describe, expect, it } from 'vitest';
import { searchRequestSchema, todayIn } from '../../functions/search/search-request.js';
import { parseOrProblem } from '../../functions/shared/validation.js';
import { HttpProblem } from '../../functions/shared/problem.js';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const minimal = () => ({
  destination: { type: 'city', code: 'PAR' },
  checkIn: inDays(30),
  checkOut: inDays(33),
  occupancies: [{ adults: 2 }],
  currency: 'EUR',
  nationality: 'GB',
});

const fieldsOf = (value: unknown): string[] => {
  try {
    parseOrProblem(searchRequestSchema, value, 'body');
  } catch (error) {
    if (error instanceof HttpProblem) return ((error.extensions?.errors ?? []) as { path: string }[]).map((e) => e.path);
    throw error;
  }
  return [];
};

describe('search request', () => {
  it('accepts the minimal request of section 2.2 and fills the defaults', () => {
    const parsed = searchRequestSchema.parse(minimal());
    expect(parsed).toMatchObject({ timeoutMs: 6000, limit: 100, sort: 'price' });
  });

  it('names each offending field', () => {
    expect(fieldsOf({ ...minimal(), destination: { type: 'city', code: 'XXX' } })).toEqual(['body.destination.code']);
    expect(fieldsOf({ ...minimal(), timeoutMs: 199 })).toEqual(['body.timeoutMs']);
    expect(fieldsOf({ ...minimal(), timeoutMs: 20_001 })).toEqual(['body.timeoutMs']);
    expect(fieldsOf({ ...minimal(), occupancies: [] })).toEqual(['body.occupancies']);
    expect(fieldsOf({ ...minimal(), occupancies: Array(9).fill({ adults: 1 }) })).toEqual(['body.occupancies']);
    expect(fieldsOf({ ...minimal(), occupancies: [{ adults: 9 }] })).toEqual(['body.occupancies[0].adults']);
    expect(fieldsOf({ ...minimal(), occupancies: [{ adults: 2, children: [18] }] })).toEqual(['body.occupancies[0].children[0]']);
    expect(fieldsOf({ ...minimal(), checkOut: minimal().checkIn })).toEqual(['body.checkOut']);
    expect(fieldsOf({ ...minimal(), checkOut: inDays(61) })).toEqual(['body.checkOut']);
    expect(fieldsOf({ ...minimal(), checkIn: inDays(-2), checkOut: inDays(1) })).toEqual(['body.checkIn']);
    expect(fieldsOf({ ...minimal(), checkIn: '2027-02-30' })).toContain('body.checkIn');
    expect(fieldsOf({ ...minimal(), currency: 'eur', nationality: 'GBR' })).toEqual(['body.currency', 'body.nationality']);
    expect(fieldsOf({ ...minimal(), filters: { boardBasis: ['XX'] } })).toEqual(['body.filters.boardBasis[0]']);
    expect(fieldsOf({ ...minimal(), surprise: true })).toEqual(['body']);
  });

  it('allows exactly 30 nights', () => {
    expect(fieldsOf({ ...minimal(), checkOut: inDays(60) })).toEqual([]);
  });

  it("takes 'today' in the destination's zone", () => {
    const now = new Date('2027-01-01T20:00:00Z'); // already 2 January in Tokyo, still 1 January in New York
    expect(todayIn('Asia/Tokyo', now)).toBe('2027-01-02');
    expect(todayIn('America/New_York', now)).toBe('2027-01-01');
  });
});
