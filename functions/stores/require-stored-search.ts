/**
 * A stored search of the caller's tenant, which must be there: unknown (or another tenant's) is a
 * `not-found` domain error, expired a `gone` one. Search's pages and property rates require it so, and so
 * does a booking sent with the searchId of its rate.
 */
import { DomainError } from '../domain/errors/domain-error.js';
import type { SearchHeader } from '../domain/stay/search-header.js';

export async function requireStoredSearch<Stored extends SearchHeader>(
  searches: { find(tenant: string, searchId: string): Promise<Stored | 'expired' | undefined> },
  tenant: string,
  searchId: string,
): Promise<Stored> {
  const found = await searches.find(tenant, searchId);
  if (found === 'expired') throw searchExpired(searchId);
  if (!found) throw new DomainError('not-found', `No search ${searchId}`);
  return found;
}

/** The search ended (or was stored in a layout this version no longer reads): search again. */
export function searchExpired(searchId: string): DomainError {
  return new DomainError('gone', `Search ${searchId} has expired; search again for current rates`);
}
