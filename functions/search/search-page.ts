/** GET /v1/hotels/searches/{searchId}?cursor=: the next page of a stored search, in the search's own order. */
import { DomainError } from '../domain/errors/domain-error.js';
import { quotedStayOf } from '../domain/stay/quoted-stay.js';
import { httpHandler } from '../shared/http-handler.js';
import { searchExpired } from '../stores/require-stored-search.js';
import { decodeCursor, encodeCursor, PagingError } from './ranking/paging-cursor.js';
import { searchDeps } from './search-deps.js';
import { searchPageParams, searchPageQuery } from './search-params.js';
import type { SearchResponse } from './search-result.js';
import { showProperty } from './shown-property.js';
import { storedSearchWithRows } from './stored-search.js';

export const handler = httpHandler('getSearchPage', { params: searchPageParams, query: searchPageQuery }, async (request) => {
  const deps = searchDeps();
  const tenant = request.caller!.tenant;
  const { searchId } = request.params;
  const search = await storedSearchWithRows(deps.searches, tenant, searchId);
  const key = await deps.cursorKey();
  let offset = 0;
  if (request.query.cursor) {
    try {
      offset = decodeCursor(request.query.cursor, { searchId, key }).offset;
    } catch (error) {
      if (error instanceof PagingError) {
        throw new DomainError('invalid', 'Invalid field: cursor', { errors: [{ path: 'query.cursor', message: error.message }] });
      }
      throw error;
    }
  }
  const limit = search.request.limit;
  const rateIdKey = await deps.rateIdKey();
  const rows = await deps.searches.slice(search, offset, limit);
  if (rows === 'expired') throw searchExpired(searchId);
  const stay = { ...quotedStayOf(search), tenant, rateIdKey };
  const properties = rows.map((row) => showProperty(row, stay));
  const end = offset + limit;
  const body: SearchResponse = {
    searchId,
    currency: search.currency,
    partial: search.partial,
    suppliers: search.suppliers,
    totalProperties: search.totalProperties,
    properties,
    ...(end < search.totalProperties ? { next: encodeCursor({ offset: end, searchId }, key) } : {}),
  };
  return { status: 200, body };
});
