/**
 * What is known of a search before any supplier answers, stored while they are asked: what a rate check
 * and a booking validate a rateId against (the stay it was quoted for, its expiry). Search writes it and
 * reads it back with its rows; booking reads it through the SearchHeaders port, whose DynamoDB adapter is
 * functions/stores/dynamo-search-headers.ts.
 */
import type { SearchedStay } from './searched-stay.js';

export interface SearchHeader<Request extends SearchedStay = SearchedStay> {
  readonly searchId: string;
  readonly tenant: string;
  /** The search request as validated (search keeps all of it; a booking reads the stay). */
  readonly request: Request;
  readonly currency: string;
  /** UTC ISO instants. */
  readonly createdAt: string;
  readonly expiresAt: string;
}

export interface SearchHeaders {
  /** undefined when unknown or another tenant's; 'expired' once past its expiry (410, not 404). */
  find(tenant: string, searchId: string, now?: Date): Promise<SearchHeader | 'expired' | undefined>;
}
