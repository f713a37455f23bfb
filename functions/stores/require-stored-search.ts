/**
 * A stored search of the caller's tenant, or the problem a partner should see: 404 unknown (or another
 * tenant's), 410 expired. Search's pages and property rates answer so, and so does a booking sent with
 * the searchId of its rate.
 */
import type { SearchHeader } from '../domain/stay/search-header.js';
import { HttpProblem } from '../shared/problem.js';

export async function storedSearchOr404<Stored extends SearchHeader>(
  searches: { find(tenant: string, searchId: string): Promise<Stored | 'expired' | undefined> },
  tenant: string,
  searchId: string,
): Promise<Stored> {
  const found = await searches.find(tenant, searchId);
  if (found === 'expired') throw searchGone(searchId);
  if (!found) throw new HttpProblem('not-found', `No search ${searchId}`);
  return found;
}

/** 410: the search ended (or was stored in a layout this version no longer reads); search again. */
export function searchGone(searchId: string): HttpProblem {
  return new HttpProblem('gone', `Search ${searchId} has expired; search again for current rates`);
}
