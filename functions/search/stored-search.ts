/** A stored search of the caller's tenant, or the problem a partner should see: 404 unknown, 410 expired. */
import { HttpProblem } from '../shared/problem.js';
import { nightsBetween } from './run-search.js';
import type { PendingSearch, SearchStore, StoredSearch } from './search-store.js';
import type { QuotedStay } from '../domain/rate/shown-rate.js';

/** The search, possibly still pending its rows (enough for a rate check or a booking: its request, its expiry). */
export async function storedSearchOr404(store: SearchStore, tenant: string, searchId: string): Promise<StoredSearch | PendingSearch> {
  const found = await store.find(tenant, searchId);
  if (found === 'expired') throw searchGone(searchId);
  if (!found) throw new HttpProblem('not-found', `No search ${searchId}`);
  return found;
}

/**
 * How long a page waits for the rows of a search that answered before they were stored. They land a few
 * milliseconds after the answer; a search whose rows are still missing after this never stored them (its
 * invocation ended first, or it failed and its id was never given out) and is gone: search again.
 */
export const ROWS_WAIT_MS = 3_000;
const ROWS_POLL_MS = 20;

/** storedSearchOr404 for the calls that read the search's rows: waits for rows still being stored. */
export async function storedSearchWithRows(store: SearchStore, tenant: string, searchId: string, waitMs = ROWS_WAIT_MS): Promise<StoredSearch> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const search = await storedSearchOr404(store, tenant, searchId);
    if (!('rowsPending' in search)) return search;
    if (Date.now() >= deadline) throw searchGone(searchId);
    await new Promise((resolve) => setTimeout(resolve, ROWS_POLL_MS));
  }
}

/** 410: the search ended (or was stored in a layout this version no longer reads); search again. */
export function searchGone(searchId: string): HttpProblem {
  return new HttpProblem('gone', `Search ${searchId} has expired; search again for current rates`);
}

/** What the rateIds of a stored search's rates carry about the stay. */
export function quotedStayOf(search: StoredSearch): QuotedStay {
  return { searchId: search.searchId, nights: nightsBetween(search.request.checkIn, search.request.checkOut), rooms: search.request.occupancies.length, expiresAt: search.expiresAt };
}
