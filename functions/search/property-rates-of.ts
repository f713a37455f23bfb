/**
 * Every rate of one property of a stored search. The search keeps only each property's shown rate, so this
 * asks the property's suppliers again for just their property ids (a `hotels` destination), under
 * the search's budget, and prices, filters and signs each rate as the search did. Sorted by total,
 * refundable first on ties.
 */
import { quotingOrUnavailable } from '../domain/fx/fx-unavailable.js';
import { DomainError } from '../domain/errors/domain-error.js';
import type { PricedRate } from '../domain/rate/priced-rate.js';
import { type ShownRate, showRate } from '../domain/rate/shown-rate.js';
import { quotedStayOf } from '../domain/stay/quoted-stay.js';
import { searchExpired } from '../stores/require-stored-search.js';
import type { Traveller } from '../shared/traveller.js';
import type { Scenario } from '../suppliers/scenario.js';
import { packageSellers, sellableOffer } from './sale-terms.js';
import { fanOut } from './fan-out.js';
import { priceOffer } from './price-offers.js';
import { compareTotals } from './ranking/property-sort.js';
import { applySearchFilters } from './ranking/search-filters.js';
import type { SearchDeps } from './search-ports.js';
import type { SupplierSummary } from './search-result.js';
import { storedSearchWithRows } from './stored-search.js';
import { stayQuestionOf } from './stay-question.js';

export interface PropertyRatesCall {
  readonly tenant: string;
  readonly searchId: string;
  readonly propertyId: string;
  readonly scenarios: readonly Scenario[];
  readonly traveller: Traveller;
}

export interface PropertyRates {
  readonly searchId: string;
  readonly propertyId: string;
  readonly currency: string;
  readonly partial: boolean;
  readonly suppliers: readonly SupplierSummary[];
  readonly rates: readonly ShownRate[];
}

export async function propertyRatesOf(call: PropertyRatesCall, deps: SearchDeps): Promise<PropertyRates> {
  const { tenant, searchId, propertyId } = call;
  const search = await storedSearchWithRows(deps.searches, tenant, searchId);
  const property = await deps.searches.property(search, propertyId);
  if (property === 'expired') throw searchExpired(searchId);
  if (!property) throw new DomainError('not-found', `Property ${propertyId} is not in search ${searchId}`);

  const contracts = (await deps.contracts(tenant)).filter((c) => property.supplierRefs.some((r) => r.supplierId === c.supplierId));
  const [adapters, fx, rules, rateIdKey] = await Promise.all([
    Promise.all(contracts.map((c) => deps.adapterFor(c))),
    deps.fx(),
    deps.pricingRules(tenant),
    deps.rateIdKey(),
  ]);
  const searched = search.request;
  // Asked again now, so at today's figures: without a usable one for the search's currency, 503 fx-unavailable.
  quotingOrUnavailable(() => fx.rate('EUR', searched.currency));
  const sellsPackages = packageSellers(contracts);
  const stayQuestion = stayQuestionOf(searched, { scenarios: call.scenarios, traveller: call.traveller });
  // Each supplier is asked for its own hotel codes of the property.
  const outcomes = await fanOut(
    adapters,
    (supplierId) => ({
      ...stayQuestion,
      destination: {
        kind: 'hotels',
        supplierPropertyIds: property.supplierRefs.filter((r) => r.supplierId === supplierId).map((r) => r.supplierPropertyId),
      },
    }),
    { budgetMs: searched.timeoutMs },
  );
  const stay = quotedStayOf(search);
  const context = { stars: property.starRating, rules, quoteCurrency: searched.currency, fx, nights: stay.nights, rooms: stay.rooms };
  const priced: PricedRate[] = outcomes.flatMap((o) =>
    o.offers.flatMap((offer) => priceOffer(sellableOffer(offer, sellsPackages(offer.supplierId)), context)),
  );
  const [filtered] = applySearchFilters([{ ...property, starRating: property.starRating, rates: priced }], searched.filters, deps.now());
  const rates = [...(filtered?.rates ?? [])].sort(
    (a, b) => compareTotals(a.price.total, b.price.total) || Number(b.refundable) - Number(a.refundable),
  );
  return {
    searchId,
    propertyId,
    currency: searched.currency,
    partial: outcomes.some((o) => o.status !== 'ok'),
    suppliers: outcomes.map(({ id, status, tookMs, results }) => ({ id, status, tookMs, results })),
    rates: rates.map((rate) => showRate(rate, property, { ...stay, tenant, rateIdKey })),
  };
}
