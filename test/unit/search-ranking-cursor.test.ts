import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  PagingError,
  decodeCursor,
  encodeCursor,
  pageOf,
  resolveLimit,
} from '../../functions/search/ranking/paging-cursor.js';

const KEY = 'test-cursor-key';
const SEARCH = 'srch_01HZX';
const ranked = Array.from({ length: 250 }, (_, i) => `P${i}`);

function expectInvalid(action: () => unknown): void {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(PagingError);
    expect((error as PagingError).code).toBe('invalid-cursor');
    return;
  }
  throw new Error('expected the cursor to be refused');
}

describe('paging a ranked search', () => {
  it('defaults to 100 a page and walks every item once with opaque cursors', () => {
    const first = pageOf(ranked, { searchId: SEARCH, key: KEY });
    expect(first.items).toEqual(ranked.slice(0, DEFAULT_LIMIT));
    expect(first.totalProperties).toBe(250);
    expect(first.next).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = pageOf(ranked, { searchId: SEARCH, key: KEY, cursor: first.next! });
    const third = pageOf(ranked, { searchId: SEARCH, key: KEY, cursor: second.next! });
    expect([...first.items, ...second.items, ...third.items]).toEqual(ranked);
    expect(third.next).toBeUndefined();
  });

  it('honours limit within 1..1000 and refuses anything else', () => {
    expect(pageOf(ranked, { searchId: SEARCH, key: KEY, limit: 1000 }).next).toBeUndefined();
    expect(pageOf(ranked, { searchId: SEARCH, key: KEY, limit: 7 }).items).toHaveLength(7);
    expect(resolveLimit(undefined)).toBe(100);
    for (const bad of [0, -1, MAX_LIMIT + 1, 2.5, Number.NaN]) {
      expect(() => resolveLimit(bad)).toThrow(expect.objectContaining({ code: 'invalid-limit' }));
    }
  });

  it('has no next cursor when everything fits, including an empty result', () => {
    expect(pageOf([], { searchId: SEARCH, key: KEY })).toEqual({ items: [], totalProperties: 0 });
  });

  it('round-trips a cursor', () => {
    expect(decodeCursor(encodeCursor({ offset: 300, searchId: SEARCH }, KEY), { searchId: SEARCH, key: KEY })).toEqual({
      offset: 300,
      searchId: SEARCH,
    });
  });

  it('refuses a cursor whose offset was edited, even when re-encoded properly', () => {
    const cursor = encodeCursor({ offset: 100, searchId: SEARCH }, KEY);
    const body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...body, o: 0 }), 'utf8').toString('base64url');
    expectInvalid(() => decodeCursor(forged, { searchId: SEARCH, key: KEY }));
  });

  it('refuses a cursor of another search, another key, or garbage', () => {
    const cursor = encodeCursor({ offset: 100, searchId: SEARCH }, KEY);
    expectInvalid(() => decodeCursor(cursor, { searchId: 'srch_other', key: KEY }));
    expectInvalid(() => decodeCursor(cursor, { searchId: SEARCH, key: 'another-deployment' }));
    expectInvalid(() => decodeCursor(`${cursor.slice(0, -2)}AA`, { searchId: SEARCH, key: KEY }));
    expectInvalid(() => decodeCursor(cursor.slice(0, 10), { searchId: SEARCH, key: KEY }));
    expectInvalid(() => decodeCursor('not a cursor!', { searchId: SEARCH, key: KEY }));
    expectInvalid(() => decodeCursor('', { searchId: SEARCH, key: KEY }));
    expectInvalid(() =>
      decodeCursor(Buffer.from('{"o":-5,"s":"srch_01HZX","m":"x"}').toString('base64url'), { searchId: SEARCH, key: KEY }),
    );
    expectInvalid(() => pageOf(ranked, { searchId: SEARCH, key: KEY, cursor: 'eyJ9' }));
  });
});
