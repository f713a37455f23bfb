/** A stored search of the caller's tenant, or the problem a partner should see: 404 unknown, 410 expired. */
import { HttpProblem } from '../shared/problem.js';
import type { SearchStore, StoredSearch } from './search-store.js';

export async function storedSearchOr404(store: SearchStore, tenant: string, searchId: string): Promise<StoredSearch> {
  const found = await store.find(tenant, searchId);
  if (found === 'expired') throw new HttpProblem('gone', `Search ${searchId} has expired; search again for current rates`);
  if (!found) throw new HttpProblem('not-found', `No search ${searchId}`);
  return found;
}
