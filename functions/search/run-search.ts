/**
 * The search use case, stage by stage: where it looks (search-area.ts), set up (contracts, adapters, fx,
 * rules, keys, the header's write), ask the suppliers and place, price and filter each answer as it comes,
 * rank, then sign the first page and hand back the rows to store after the answer. Everything it touches is behind the ports in SearchDeps.
 */
import { fxUnavailable } from '../domain/fx/fx-unavailable.js';
import { recordStaleFxQuote } from '../shared/metric-events.js';
import type { Traveller } from '../shared/traveller.js';
import type { Scenario } from '../suppliers/scenario.js';
import { askSuppliers } from './ask-suppliers.js';
import { rankSearch } from './rank-search.js';
import { searchArea } from './search-area.js';
import type { SearchDeps } from './search-ports.js';
import type { SearchRequest } from './search-request.js';
import type { SearchResponse } from './search-result.js';
import { setUpSearch } from './search-setup.js';
import { signAndStore } from './sign-and-store.js';

/** The route the FxQuotesStale metric counts a search under (functions/shared/routes.ts). */
const SEARCH_ROUTE = 'searchHotels';

export interface SearchCall {
  readonly tenant: string;
  readonly request: SearchRequest;
  readonly scenarios: readonly Scenario[];
  readonly traveller: Traveller;
}

/**
 * Where a search's time went, in ms (the handler sends them as Server-Timing): `suppliers` until the last
 * supplier answered (`setup` before the fan-out), then `merge` (its offers placed and priced, the merge
 * finished), `rank` (filter and rank) and `store` (the first page described and signed, the search's header
 * stored; its rows are written after the answer).
 */
export interface SearchTimings {
  readonly setup: number;
  readonly suppliers: number;
  readonly merge: number;
  readonly rank: number;
  readonly store: number;
}

export interface SearchOutcome {
  readonly response: SearchResponse;
  readonly timings: SearchTimings;
  /** Stores the rows of the search's pages: for after the answer has gone (the search is pending until then). */
  readonly storeRows: () => Promise<void>;
}

export async function runSearch(call: SearchCall, deps: SearchDeps): Promise<SearchOutcome> {
  const started = performance.now();
  const { tenant, request } = call;
  // Where it looks comes first: a property list can still be refused (an id we do not know), and a refused
  // search must not have begun writing its header.
  const area = await searchArea(request.destination, deps);
  const setup = await setUpSearch(tenant, request, deps);
  const answers = await askSuppliers({ request, scenarios: call.scenarios, traveller: call.traveller, area }, setup, deps);
  if (answers.staleFx) {
    // Rates whose conversion needs a figure past the maximum age were left out. Nothing else to show: the
    // answer is 503 fx-unavailable naming the pair, not an empty result; something else: it is shown, and counted.
    if (answers.properties.length === 0) throw fxUnavailable(answers.staleFx);
    recordStaleFxQuote(SEARCH_ROUTE);
  }
  const merged = performance.now();
  const ranked = rankSearch(answers.properties, request, area.centre);
  const rankedAt = performance.now();
  const { response, storeRows } = await signAndStore(ranked, answers, setup, request, deps);
  const savedAt = performance.now();
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    response,
    timings: {
      setup: round(answers.askedAt - started),
      suppliers: round(answers.lastAnswer - answers.askedAt),
      merge: round(merged - answers.lastAnswer),
      rank: round(rankedAt - merged),
      store: round(savedAt - rankedAt),
    },
    storeRows,
  };
}
