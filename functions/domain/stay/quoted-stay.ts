/** The search a rate was quoted in: what its rateId carries besides the rate (rate-id.ts). */
import { nightsBetween } from './nights.js';
import type { SearchHeader } from './search-header.js';

export interface QuotedStay {
  readonly searchId: string;
  /** YYYY-MM-DD: the first night, what a price's nightly split is dated from. */
  readonly checkIn: string;
  readonly nights: number;
  readonly rooms: number;
  readonly expiresAt: string;
}

/** What the rateIds of a stored search's rates carry about the stay. */
export function quotedStayOf(search: Pick<SearchHeader, 'searchId' | 'request' | 'expiresAt'>): QuotedStay {
  return {
    searchId: search.searchId,
    checkIn: search.request.checkIn,
    nights: nightsBetween(search.request.checkIn, search.request.checkOut),
    rooms: search.request.occupancies.length,
    expiresAt: search.expiresAt,
  };
}
