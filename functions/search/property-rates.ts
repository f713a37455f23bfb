/**
 * GET /v1/hotels/searches/{searchId}/properties/{propertyId}/rates: every rate of one property of a
 * stored search. The search keeps only each property's cheapest rate, so this asks the property's
 * suppliers again for just their property ids (the port's supplierPropertyIds), under the search's
 * budget, and prices and signs each rate like the search did. Sorted by total, refundable first on ties.
 */
import { stage } from '../shared/config.js';
import { httpHandler } from '../shared/http-handler.js';
import { HttpProblem } from '../shared/problem.js';
import { parseScenarios } from '../suppliers/scenario.js';
import { fanOut } from './fan-out.js';
import { parseDecimal } from './pricing/decimal.js';
import { nightsBetween, priceOffer, type PricedRate } from './run-search.js';
import { showRate } from './shown-rate.js';
import { searchDeps } from './search-deps.js';
import { applySearchFilters } from './ranking/search-filters.js';
import { searchGone, storedSearchWithRows } from './stored-search.js';
import { propertyRatesParams } from './search-params.js';


export const handler = httpHandler('listPropertyRates', { params: propertyRatesParams }, async (request) => {
  const deps = searchDeps();
  const tenant = request.caller!.tenant;
  const { searchId, propertyId } = request.params;
  const search = await storedSearchWithRows(deps.searches, tenant, searchId);
  const property = await deps.searches.property(search, propertyId);
  if (property === 'expired') throw searchGone(searchId);
  if (!property) throw new HttpProblem('not-found', `Property ${propertyId} is not in search ${searchId}`);

  const contracts = (await deps.contracts(tenant)).filter((c) => property.supplierRefs.some((r) => r.supplierId === c.supplierId));
  const [adapters, fx, rules, rateIdKey] = await Promise.all([
    Promise.all(contracts.map((c) => deps.adapterFor(c))),
    deps.fx(),
    deps.pricingRules(tenant),
    deps.rateIdKey(),
  ]);
  const { request: searched } = search;
  const scenarios = stage() === 'sandbox' ? parseScenarios(request.headers['x-sandbox-scenario']) : [];
  const outcomes = await Promise.all(
    adapters.map((adapter) =>
      fanOut(
        [adapter],
        {
          destination: searched.destination.code,
          checkIn: searched.checkIn,
          checkOut: searched.checkOut,
          occupancies: searched.occupancies.map((o) => ({ adults: o.adults, childrenAges: o.children ?? [] })),
          currency: searched.currency,
          nationality: searched.nationality,
          supplierPropertyIds: property.supplierRefs.filter((r) => r.supplierId === adapter.supplierId).map((r) => r.supplierPropertyId),
          scenarios,
        },
        { budgetMs: searched.timeoutMs },
      ).then(([outcome]) => outcome!),
    ),
  );
  const nights = nightsBetween(searched.checkIn, searched.checkOut);
  const rooms = searched.occupancies.length;
  const context = { stars: property.starRating, rules, quoteCurrency: searched.currency, fx, nights, rooms };
  const priced: PricedRate[] = outcomes.flatMap((o) => o.offers.flatMap((offer) => priceOffer(offer, context)));
  const [filtered] = applySearchFilters([{ ...property, starRating: property.starRating, rates: priced }], searched.filters, deps.now());
  const rates = [...(filtered?.rates ?? [])].sort(
    (a, b) => parseDecimal(a.price.total).comparedTo(parseDecimal(b.price.total)) || Number(b.refundable) - Number(a.refundable),
  );
  const stay = { searchId, tenant, nights, rooms, expiresAt: search.expiresAt, rateIdKey };
  return {
    status: 200,
    body: {
      searchId,
      propertyId,
      currency: searched.currency,
      partial: outcomes.some((o) => o.status !== 'ok'),
      suppliers: outcomes.map(({ id, status, tookMs, results }) => ({ id, status, tookMs, results })),
      rates: rates.map((rate) => showRate(rate, { propertyId, starRating: property.starRating }, stay)),
    },
  };
});
