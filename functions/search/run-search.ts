/**
 * The search use case: fan out to the caller's contracted suppliers under the budget, resolve every offer
 * to its unified property (the destination index, then on-the-fly matching for refs the mapping job has
 * not seen), price every rate with the account's rules in the quote currency, filter, rank, sign the shown
 * rates and store the ranked result for paging. Everything it touches is behind the ports in SearchDeps.
 */
import { randomUUID } from 'node:crypto';
import type { ContractedSuppliers } from '../suppliers/contracted-suppliers.js';
import type { Scenario } from '../suppliers/scenario.js';
import type { AvailabilityRequest, SupplierOffer } from '../suppliers/port.js';
import { findCity } from '../../sandbox/world/cities.js';
import { fanOut } from './fan-out.js';
import type { DestinationEntry } from './mapping/destination-index.js';
import { matchUnmapped, ON_THE_FLY_RADIUS_METRES } from './mapping/match-unmapped.js';
import type { PropertyMatchCandidate } from '../domain/property/property-map.js';
import { matchProperties } from './mapping/match-properties.js';
import { mintPropertyId } from './mapping/property-id.js';
import { compareRefs, refKey, type SupplierRef } from '../domain/property/supplier-ref.js';
import type { PricingSources } from '../domain/pricing/pricing-sources.js';
import type { PriceRateInput } from '../domain/pricing/price-rate-input.js';
import { createRatePricer, type RatePricer } from '../domain/pricing/rate-pricer.js';
import { pageOf } from './ranking/paging-cursor.js';
import { isPreferredRate, sortProperties } from './ranking/property-sort.js';
import { keepsProperty, rateFilter } from './ranking/search-filters.js';
import type { SearchRequest } from './search-request.js';
import type { SearchResponse, SupplierSummary } from './search-result.js';
import { showProperty } from './shown-property.js';
import type { PricedRate } from '../domain/rate/priced-rate.js';
import { nightsBetween } from '../domain/stay/nights.js';
import { ShownRates } from './shown-rates.js';
import { SEARCH_TTL_SECONDS, type SearchStore } from './search-store.js';

export interface SearchDeps extends ContractedSuppliers, PricingSources {
  /** The city's unified properties (the mapping job's destination index). */
  destination(cityCode: string): Promise<readonly DestinationEntry[]>;
  /** Stored properties near a point, for offers the index does not know. */
  propertiesNear(point: { lat: number; lng: number }, radiusMetres: number): Promise<PropertyMatchCandidate[]>;
  searches: SearchStore;
  rateIdKey(): Promise<Buffer>;
  cursorKey(): Promise<Buffer>;
  now(): Date;
}

export interface SearchCall {
  readonly tenant: string;
  readonly request: SearchRequest;
  readonly scenarios: readonly Scenario[];
}

export interface PropertyAccumulator {
  readonly propertyId: string;
  name: string;
  starRating: number | undefined;
  geo: { lat: number; lng: number } | undefined;
  readonly supplierRefs: SupplierRef[];
  readonly rates: PricedRate[];
}


/** A property with the one rate it is shown with, as ranking (rates) and the stored row (rate) read it. */
export type ShownAccumulated = Omit<PropertyAccumulator, 'rates'> & { readonly rate: PricedRate; readonly rates: readonly [PricedRate] };

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
  const city = findCity(request.destination.code)!;
  const now = deps.now();
  const searchId = `srch_${randomUUID().replaceAll('-', '')}`;
  const nights = nightsBetween(request.checkIn, request.checkOut);
  const rooms = request.occupancies.length;
  const expiresAt = new Date(now.getTime() + SEARCH_TTL_SECONDS * 1000).toISOString();
  const stay = { searchId, nights, rooms, expiresAt };

  const contracts = await deps.contracts(tenant);
  const [adapters, fx, rules, rateIdKey, cursorKey] = await Promise.all([
    Promise.all(contracts.map((c) => deps.adapterFor(c))),
    deps.fx(),
    deps.pricingRules(tenant),
    deps.rateIdKey(),
    deps.cursorKey(),
  ]);
  // The currency must be one we can quote in before any supplier is asked (FxUnavailableError otherwise).
  fx.rate(request.currency, request.currency);

  // What a rate check and a booking validate against is stored while the suppliers are asked, so the
  // answer waits for no write: the rows of the later pages are written after it has gone (storeRows), and
  // a page asked for meanwhile waits for them (stored-search.ts).
  const header = { searchId, tenant, request, currency: request.currency, createdAt: now.toISOString(), expiresAt };
  const savingHeader = deps.searches.savePending(header);
  savingHeader.catch(() => undefined); // awaited before answering; until then a failure is not unhandled

  // Everything that does not need the last answer happens while it is awaited: the destination index
  // loads; each supplier's offers are placed, priced and filtered as it answers, each property keeping the
  // rate it would show; and between answers those rates are written as the stored search's rows. The last
  // answer leaves its own offers, the ranking and the first page.
  const destination = deps.destination(city.code);
  const keepRate = rateFilter(request.filters, now);
  const merger = destination.then((entries) => new OfferMerger(entries, deps.propertiesNear, { rules, quoteCurrency: request.currency, fx, nights, rooms }, { keepRate, shownOnly: true }));
  const shown = new ShownRates();
  const merging: Promise<void>[] = [];
  // Awaited only once every supplier has settled; until then a failure must not count as unhandled.
  const later = <T>(promise: Promise<T>): Promise<T> => (promise.catch(() => undefined), promise);
  later(merger);
  let unanswered = adapters.length;
  const fannedOut = performance.now();
  let lastAnswer = fannedOut;
  const outcomes = await fanOut(
    adapters,
    availabilityOf(request, call.scenarios),
    {
      budgetMs: request.timeoutMs,
      onOutcome: (outcome) => {
        lastAnswer = performance.now();
        const more = --unanswered > 0;
        merging.push(
          later(
            merger.then((m) => {
              m.add(outcome.offers);
              if (more) shown.writeWhileWaiting(m);
            }),
          ),
        );
      },
    },
  );
  shown.stopWaiting();
  await Promise.all(merging);
  const properties = await (await merger).finishShown();
  const merged = performance.now();

  const kept = properties.filter((property) => keepsProperty(property.starRating, request.filters));
  const ranked = sortProperties(kept, { sort: request.sort, centre: city.centre });
  const rankedAt = performance.now();
  const suppliers: SupplierSummary[] = outcomes.map(({ id, status, tookMs, results }) => ({ id, status, tookMs, results }));
  const partial = suppliers.some((s) => s.status !== 'ok');
  const search = { ...header, partial, suppliers, totalProperties: ranked.length };
  const page = pageOf(ranked, { limit: request.limit, searchId, key: cursorKey });
  const shownPage = page.items.map((property) => showProperty(property, { ...stay, tenant, rateIdKey }));
  await savingHeader;
  const savedAt = performance.now();
  const storeRows = async () => {
    const rows = ranked.map((property) => shown.row(property));
    await deps.searches.save(search, rows, shown.fx.list);
  };
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    response: { searchId, currency: request.currency, partial, suppliers, totalProperties: page.totalProperties, properties: shownPage, ...(page.next ? { next: page.next } : {}) },
    timings: { setup: round(fannedOut - started), suppliers: round(lastAnswer - fannedOut), merge: round(merged - lastAnswer), rank: round(rankedAt - merged), store: round(savedAt - rankedAt) },
    storeRows,
  };
}

/** What every supplier is asked for a search's stay (its destination, dates, rooms, currency, nationality). */
export function availabilityOf(request: SearchRequest, scenarios: readonly Scenario[]): Omit<AvailabilityRequest, 'signal'> {
  return {
    destination: request.destination.code,
    checkIn: request.checkIn,
    checkOut: request.checkOut,
    occupancies: request.occupancies.map((o) => ({ adults: o.adults, childrenAges: o.children ?? [] })),
    currency: request.currency,
    nationality: request.nationality,
    scenarios,
  };
}

/** What pricing one offer's rates takes beyond the rates themselves (see priceRate). */
export type PricingContext = Pick<PriceRateInput, 'stars' | 'rules' | 'quoteCurrency' | 'fx' | 'nights' | 'rooms'>;

/** Every rate of one supplier offer, priced for the account in the quote currency. */
export function priceOffer(offer: SupplierOffer, context: PricingContext): PricedRate[] {
  return pricedRates(offer, context.stars, pricerFor(context));
}

function pricerFor(context: Omit<PricingContext, 'stars'>): RatePricer {
  const { rules, quoteCurrency, fx, nights, rooms } = context;
  return createRatePricer({ rules, quoteCurrency, fx, nights, rooms });
}

/** priceOffer with the search's pricer, whose caches (fx pairs, chosen rules, ...) every offer shares. */
function pricedRates(offer: SupplierOffer, stars: number | undefined, pricer: RatePricer): PricedRate[] {
  return offer.rates.map((rate) => ({
    supplierId: offer.supplierId,
    supplierPropertyId: offer.supplierPropertyId,
    rate,
    boardBasis: rate.boardBasis,
    refundable: rate.refundable,
    cancellationPolicy: rate.cancellationPolicy,
    price: pricer.price(rate, offer.supplierId, stars),
  }));
}

/**
 * Offers from every supplier → unified properties, each with every supplier's ref and every rate priced
 * for the account: the merge at the heart of search, apart from I/O so it can be measured on its own.
 */
export async function mergeOffers(
  offers: readonly SupplierOffer[],
  destination: readonly DestinationEntry[],
  propertiesNear: SearchDeps['propertiesNear'],
  pricing: Omit<PricingContext, 'stars'>,
): Promise<PropertyAccumulator[]> {
  const merger = new OfferMerger(destination, propertiesNear, pricing);
  merger.add(offers);
  return merger.finish();
}

/**
 * The merge, fed one supplier at a time as each answers: offers the destination index knows are placed
 * and priced at once, while slower suppliers are still being waited for, so little is left to do when the
 * last one answers. Offers the index does not know wait for finish(), where they are matched together
 * (the same hotel from two suppliers must meet before it gets an id).
 */
export class OfferMerger {
  private readonly properties = new Map<string, PropertyAccumulator>();
  private readonly unknown: SupplierOffer[] = [];
  private readonly pricer: RatePricer;
  /** Per property, the rate it would be shown with among the rates keepRate keeps (cheapestRate's pick). */
  private readonly best = new Map<string, PricedRate>();
  /** Properties whose shown rate changed since takeChanged() last looked. */
  private changed = new Set<PropertyAccumulator>();
  private readonly known: RefMap<DestinationEntry>;
  private readonly keepRate: (rate: PricedRate) => boolean;
  private readonly shownOnly: boolean;

  constructor(
    private readonly destination: readonly DestinationEntry[],
    private readonly propertiesNear: SearchDeps['propertiesNear'],
    pricing: Omit<PricingContext, 'stars'>,
    options: {
      /** The search's rate filters: only rates it keeps can be a property's shown rate. */
      readonly keepRate?: (rate: PricedRate) => boolean;
      /** Keep only each property's shown rate (finishShown), not every priced rate (finish): a search shows one. */
      readonly shownOnly?: boolean;
    } = {},
  ) {
    this.keepRate = options.keepRate ?? (() => true);
    this.shownOnly = options.shownOnly ?? false;
    this.pricer = pricerFor(pricing);
    this.known = destinationIndexOf(destination);
  }

  /** The properties whose shown rate changed since the last call, with that rate. */
  takeChanged(): { property: PropertyAccumulator; rate: PricedRate }[] {
    const changed = [...this.changed].map((property) => ({ property, rate: this.best.get(property.propertyId)! }));
    this.changed = new Set();
    return changed;
  }

  /**
   * finish() for a search: every property with a kept rate, carrying only the rate it is shown with (the
   * rates applySearchFilters would keep, ranked as sortProperties would rank them, shown as cheapestRate
   * would pick, without sorting or filtering every rate again).
   */
  async finishShown(): Promise<ShownAccumulated[]> {
    await this.resolveUnknown();
    const out: ShownAccumulated[] = [];
    for (const property of this.properties.values()) {
      const rate = this.best.get(property.propertyId);
      if (!rate) continue;
      property.supplierRefs.sort(compareRefs);
      out.push({ propertyId: property.propertyId, name: property.name, starRating: property.starRating, geo: property.geo, supplierRefs: property.supplierRefs, rate, rates: [rate] });
    }
    return out;
  }

  add(offers: readonly SupplierOffer[]): void {
    if (offers.length === 0) return;
    for (const offer of offers) {
      const entry = this.known.get(offer);
      if (entry) this.place(offer, entry.propertyId, entry);
      else this.unknown.push(offer);
    }
  }

  async finish(): Promise<PropertyAccumulator[]> {
    if (this.shownOnly) throw new Error('a merger keeping shown rates only cannot list every rate');
    await this.resolveUnknown();
    for (const property of this.properties.values()) {
      property.supplierRefs.sort(compareRefs);
      // Suppliers answer in any order; rates in supplier order keep ties (cheapestRate's "first") stable.
      property.rates.sort((a, b) => (a.supplierId < b.supplierId ? -1 : a.supplierId > b.supplierId ? 1 : 0));
    }
    return [...this.properties.values()];
  }

  private async resolveUnknown(): Promise<void> {
    if (this.unknown.length === 0) return;
    const unknown = this.unknown.splice(0);
    const ids = await resolvePropertyIds(unknown, new RefMap<DestinationEntry>(), this.propertiesNear);
    const entries = destinationEntriesById(this.destination, ids);
    for (const offer of unknown) {
      const propertyId = ids.get(offer)!;
      this.place(offer, propertyId, entries.get(propertyId));
    }
  }

  private place(offer: SupplierOffer, propertyId: string, entry: DestinationEntry | undefined): void {
    let property = this.properties.get(propertyId);
    if (!property) {
      property = { propertyId, name: entry?.name ?? offer.name, starRating: entry?.starRating ?? offer.stars, geo: entry?.geo ?? offer.geo, supplierRefs: [], rates: [] };
      this.properties.set(propertyId, property);
    }
    if (!property.supplierRefs.some((r) => r.supplierId === offer.supplierId && r.supplierPropertyId === offer.supplierPropertyId)) {
      property.supplierRefs.push({ supplierId: offer.supplierId, supplierPropertyId: offer.supplierPropertyId });
      let best = this.best.get(propertyId);
      for (const rate of pricedRates(offer, property.starRating, this.pricer)) {
        if (!this.shownOnly) property.rates.push(rate);
        if (this.keepRate(rate) && (!best || isPreferredRate(rate, best))) best = rate;
      }
      if (best && best !== this.best.get(propertyId)) {
        this.best.set(propertyId, best);
        this.changed.add(property);
      }
    }
  }
}

/**
 * Every ref of a destination → its entry (the last entry listing it, as a Map built in destination order
 * would answer). Built once per destination list: searchDeps keeps a city's list for minutes, so the
 * searches of a warm container only look refs up, and the first builds it while its suppliers are awaited.
 */
const destinationIndexes = new WeakMap<readonly DestinationEntry[], RefMap<DestinationEntry>>();

function destinationIndexOf(destination: readonly DestinationEntry[]): RefMap<DestinationEntry> {
  let index = destinationIndexes.get(destination);
  if (!index) {
    index = new RefMap<DestinationEntry>();
    for (const entry of destination) for (const ref of entry.supplierRefs) index.set(ref, entry);
    destinationIndexes.set(destination, index);
  }
  return index;
}

/** The destination entries of the resolved propertyIds (the last one on a repeated id, as a Map built in order). */
function destinationEntriesById(destination: readonly DestinationEntry[], propertyIdOf: RefMap<string>): Map<string, DestinationEntry> {
  const wanted = new Set(propertyIdOf.values());
  const byId = new Map<string, DestinationEntry>();
  for (const entry of destination) if (wanted.has(entry.propertyId)) byId.set(entry.propertyId, entry);
  return byId;
}

/**
 * A Map keyed by supplier ref with exactly the behaviour of a Map keyed by refKey(ref), without building a
 * refKey string per ref (search indexes every ref of the destination per request, where those strings
 * were most of the merge's time): supplierId → supplierPropertyId → value. The two differ only when a
 * supplierId contains the ":" refKey joins with (then two refs can share one refKey); on meeting such a
 * supplierId, the map switches to refKey strings for good.
 */
class RefMap<V> {
  private nested: Map<string, Map<string, V>> | undefined = new Map();
  private flat: Map<string, V> | undefined;

  get(ref: SupplierRef): V | undefined {
    if (!this.nested) return this.flat!.get(refKey(ref));
    const bySupplier = this.nested.get(ref.supplierId);
    if (bySupplier) return bySupplier.get(ref.supplierPropertyId);
    if (!ref.supplierId.includes(':')) return undefined;
    // Every stored supplierId is free of ":", so the stored ref with this refKey, if any, splits it at the first one.
    const key = refKey(ref);
    const colon = key.indexOf(':');
    return this.nested.get(key.slice(0, colon))?.get(key.slice(colon + 1));
  }

  *values(): IterableIterator<V> {
    if (!this.nested) {
      yield* this.flat!.values();
      return;
    }
    for (const bySupplier of this.nested.values()) yield* bySupplier.values();
  }

  set(ref: SupplierRef, value: V): void {
    if (this.nested) {
      let bySupplier = this.nested.get(ref.supplierId);
      if (!bySupplier && !ref.supplierId.includes(':')) this.nested.set(ref.supplierId, (bySupplier = new Map()));
      if (bySupplier) {
        bySupplier.set(ref.supplierPropertyId, value);
        return;
      }
      this.flat = new Map();
      for (const [supplierId, bySupplierId] of this.nested) {
        for (const [supplierPropertyId, v] of bySupplierId) this.flat.set(refKey({ supplierId, supplierPropertyId }), v);
      }
      this.nested = undefined;
    }
    this.flat!.set(refKey(ref), value);
  }
}

/** Beyond this many offers the mapping job has not seen, they are matched among themselves in memory. */
const NEARBY_LOOKUPS_MAX = 25;

/**
 * Every offer's unified propertyId: from the destination index when the mapping job knows its ref; a few
 * unknown ones are matched against the stored properties near them; many unknown ones (a catalogue the job
 * has not read yet) are clustered among themselves with the job's own matcher, so the same hotel from
 * two suppliers still appears once, under the id the job would give it.
 */
async function resolvePropertyIds(offers: readonly SupplierOffer[], known: RefMap<DestinationEntry>, propertiesNear: SearchDeps['propertiesNear']): Promise<RefMap<string>> {
  const ids = new RefMap<string>();
  const unknown: SupplierOffer[] = [];
  for (const offer of offers) {
    const entry = known.get(offer);
    if (entry) ids.set(offer, entry.propertyId);
    else unknown.push(offer);
  }
  if (unknown.length <= NEARBY_LOOKUPS_MAX) {
    await Promise.all(
      unknown.map(async (offer) => {
        const candidates = offer.geo ? await propertiesNear(offer.geo, ON_THE_FLY_RADIUS_METRES) : [];
        ids.set(offer, matchUnmapped(offer, candidates).propertyId);
      }),
    );
    return ids;
  }
  for (const cluster of matchProperties(unknown).clusters) {
    const propertyId = mintPropertyId([...cluster].sort(compareRefs)[0]!);
    for (const offer of cluster) ids.set(offer, propertyId);
  }
  return ids;
}
