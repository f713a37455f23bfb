/** A stored search of the caller's tenant with its rows, which must be there: not found when unknown, gone once expired. */
import { searchExpired, requireStoredSearch } from '../stores/require-stored-search.js';
import type { SearchStore, StoredSearch } from './search-store.js';

/**
 * How long a page waits for the rows of a search that answered before they were stored. They land a few
 * milliseconds after the answer; a search whose rows are still missing after this never stored them (its
 * invocation ended first, or it failed and its id was never given out) and is gone: search again.
 */
export const ROWS_WAIT_MS = 3_000;
const ROWS_POLL_MS = 20;

/** requireStoredSearch for the calls that read the search's rows: waits for rows still being stored. */
export async function storedSearchWithRows(
  store: SearchStore,
  tenant: string,
  searchId: string,
  waitMs = ROWS_WAIT_MS,
): Promise<StoredSearch> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const search = await requireStoredSearch(store, tenant, searchId);
    if (!('rowsPending' in search)) return search;
    if (Date.now() >= deadline) throw searchExpired(searchId);
    await new Promise((resolve) => setTimeout(resolve, ROWS_POLL_MS));
  }
}
