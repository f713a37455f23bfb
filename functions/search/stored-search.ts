/** A stored search of the caller's tenant, or the problem a partner should see: 404 unknown, 410 expired. */
import { HttpProblem } from '../shared/problem.js';
import { nightsBetween } from './run-search.js';
import type { SearchStore, StoredSearch } from './search-store.js';
import type { QuotedStay } from './shown-rate.js';

export async function storedSearchOr404(store: SearchStore, tenant: string, searchId: string): Promise<StoredSearch> {
  const found = await store.find(tenant, searchId);
  if (found === 'expired') throw searchGone(searchId);
  if (!found) throw new HttpProblem('not-found', `No search ${searchId}`);
  return found;
}

/** 410: the search ended (or was stored in a layout this version no longer reads); search again. */
export function searchGone(searchId: string): HttpProblem {
  return new HttpProblem('gone', `Search ${searchId} has expired; search again for current rates`);
}

/** What the rateIds of a stored search's rates carry about the stay. */
export function quotedStayOf(search: StoredSearch): QuotedStay {
  return { searchId: search.searchId, nights: nightsBetween(search.request.checkIn, search.request.checkOut), rooms: search.request.occupancies.length, expiresAt: search.expiresAt };
}
