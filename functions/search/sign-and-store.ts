/**
 * Search's last stage: the first page described and its rates signed (shown-property.ts), the header's
 * write and the properties matched on the fly awaited, and the rows of every page handed back to be stored after the answer has gone (storeRows:
 * the search is pending until then, and a page asked for meanwhile waits for them).
 */
import type { SupplierAnswers } from './ask-suppliers.js';
import type { ShownAccumulated } from './offer-merger.js';
import { pageOf } from './ranking/paging-cursor.js';
import type { SearchDeps } from './search-ports.js';
import type { SearchRequest } from './search-request.js';
import type { SearchResponse, SupplierSummary } from './search-result.js';
import type { SearchSetup } from './search-setup.js';
import { showProperty } from './shown-property.js';

export interface SignedAndStored {
  readonly response: SearchResponse;
  readonly storeRows: () => Promise<void>;
}

export async function signAndStore(
  ranked: readonly ShownAccumulated[],
  answers: SupplierAnswers,
  setup: SearchSetup,
  request: Pick<SearchRequest, 'limit' | 'currency'>,
  deps: Pick<SearchDeps, 'searches'>,
): Promise<SignedAndStored> {
  const { header, stay } = setup;
  const suppliers: SupplierSummary[] = answers.outcomes.map(({ id, status, tookMs, results }) => ({ id, status, tookMs, results }));
  const partial = suppliers.some((s) => s.status !== 'ok');
  const search = { ...header, partial, suppliers, totalProperties: ranked.length };
  const page = pageOf(ranked, { limit: request.limit, searchId: stay.searchId, key: setup.cursorKey });
  const shownPage = page.items.map((property) => showProperty(property, { ...stay, tenant: header.tenant, rateIdKey: setup.rateIdKey }));
  // The header, and the properties matched on the fly: every id the answer carries is known once it goes.
  await Promise.all([setup.savingHeader, answers.remembered]);
  const storeRows = async () => {
    const rows = ranked.map((property) => answers.shown.row(property));
    await deps.searches.save(search, rows, answers.shown.fx.list);
  };
  return {
    response: {
      searchId: stay.searchId,
      currency: request.currency,
      partial,
      suppliers,
      totalProperties: page.totalProperties,
      properties: shownPage,
      ...(page.next ? { next: page.next } : {}),
    },
    storeRows,
  };
}
