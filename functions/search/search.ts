/** POST /v1/hotels/search: fan-out, unified properties, account pricing, ranking (run-search.ts). */
import { DomainError } from '../domain/errors/domain-error.js';
import { FxUnavailableError } from '../domain/fx/fx-rates.js';
import { fxUnavailable } from '../domain/fx/fx-unavailable.js';
import { httpHandler } from '../shared/http-handler.js';
import { travellerOf } from '../shared/traveller.js';
import { requestedScenarios } from '../suppliers/scenario.js';
import { runSearch } from './run-search.js';
import { searchConfig } from './search-config.js';
import { searchDeps } from './search-deps.js';
import { searchRequestSchema } from './search-request.js';

export const handler = httpHandler('searchHotels', { body: searchRequestSchema }, async (request) => {
  const scenarios = requestedScenarios(searchConfig().stage, request.headers);
  try {
    const traveller = travellerOf(request.event, request.headers);
    const { response, timings, storeRows } = await runSearch(
      { tenant: request.caller!.tenant, request: request.body, scenarios, traveller },
      searchDeps(),
    );
    // Server-Timing lets a partner (and our benchmarks) see what the suppliers took and what we added.
    const serverTiming = Object.entries(timings)
      .map(([name, ms]) => `${name};dur=${ms}`)
      .join(', ');
    return { status: 200, body: response, headers: { 'Server-Timing': serverTiming }, afterResponse: storeRows };
  } catch (error) {
    // A currency no source quotes is not one we quote in (400); one whose figure is too old is fx-unavailable (503).
    if (error instanceof FxUnavailableError && error.why === 'unquoted') {
      throw new DomainError('invalid', `Invalid field: currency`, {
        errors: [{ path: 'currency', message: `${request.body.currency} is not a currency we quote in` }],
      });
    }
    if (error instanceof FxUnavailableError) throw fxUnavailable(error);
    throw error;
  }
});
