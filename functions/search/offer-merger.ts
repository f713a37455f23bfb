/**
 * Search's placing stage: supplier offers onto unified properties (through the mapping job's destination
 * index, or matched on the fly), every rate priced (price-offers.ts) as its supplier answers, and each
 * property keeping the rate it would be shown with.
 */
import type { RatePricer } from '../domain/pricing/rate-pricer.js';
import type { GeoPoint } from '../domain/property/geo-point.js';
import { compareRefs, type SupplierRef } from '../domain/property/supplier-ref.js';
import type { PricedRate } from '../domain/rate/priced-rate.js';
import type { SupplierOffer } from '../suppliers/port.js';
import type { DestinationEntry } from './mapping/destination-index.js';
import { FxUnavailableError } from '../domain/fx/fx-rates.js';
import { pricedRates, pricerFor, type PricingContext } from './price-offers.js';
import { isPreferredRate } from './ranking/property-sort.js';
import { RefMap } from './ref-map.js';
import { sellableOffer } from './sale-terms.js';
import { resolvePropertyIds, type PropertiesNear } from './resolve-property-ids.js';

/** A unified property as the merge builds it: its head, every supplier's ref and (unless shownOnly) every priced rate. */
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
 * Offers from every supplier → unified properties, each with every supplier's ref and every rate priced
 * for the account: the merge at the heart of search, apart from I/O so it can be measured on its own.
 */
export async function mergeOffers(
  offers: readonly SupplierOffer[],
  destination: readonly DestinationEntry[],
  propertiesNear: PropertiesNear,
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
/** How many rates of one supplier were left out, and the first few distinct reasons (all a log line shows). */
export interface LeftOutRates {
  count: number;
  readonly reasons: Set<string>;
}

export const LEFT_OUT_REASONS_KEPT = 5;

export class OfferMerger {
  private readonly properties = new Map<string, PropertyAccumulator>();
  private readonly unknown: SupplierOffer[] = [];
  /** Per supplier, how many of its rates could not be priced and were left out, and why (unpricedBySupplier). */
  private readonly unpriced = new Map<string, LeftOutRates>();
  /** The first pair a rate was left out for because its FX figure is past the maximum age (or not read yet). */
  private staleFx: FxUnavailableError | undefined;
  private readonly noteUnpriced = (supplierId: string, reason: string, error: unknown): void => {
    if (error instanceof FxUnavailableError && error.why === 'stale') this.staleFx ??= error;
    const leftOut = this.unpriced.get(supplierId) ?? { count: 0, reasons: new Set<string>() };
    this.unpriced.set(supplierId, leftOut);
    leftOut.count += 1;
    if (leftOut.reasons.size < LEFT_OUT_REASONS_KEPT) leftOut.reasons.add(reason);
  };
  private readonly pricer: RatePricer;
  /** Per property, the rate it would be shown with among the rates keepRate keeps (cheapestRate's pick). */
  private readonly best = new Map<string, PricedRate>();
  /** Properties whose shown rate changed since takeChanged() last looked. */
  private changed = new Set<PropertyAccumulator>();
  private readonly known: RefMap<DestinationEntry>;
  private readonly keepRate: (rate: PricedRate) => boolean;
  private readonly shownOnly: boolean;
  private readonly sellsPackages: (supplierId: string) => boolean;
  private readonly within: (geo: GeoPoint) => boolean;

  constructor(
    private readonly destination: readonly DestinationEntry[],
    private readonly propertiesNear: PropertiesNear,
    pricing: Omit<PricingContext, 'stars'>,
    options: {
      /** The search's rate filters: only rates it keeps can be a property's shown rate. */
      readonly keepRate?: (rate: PricedRate) => boolean;
      /** Keep only each property's shown rate (finishShown), not every priced rate (finish): a search shows one. */
      readonly shownOnly?: boolean;
      /** Whether the account sells a supplier's package-only rates (sale-terms.ts); by default it does not. */
      readonly sellsPackages?: (supplierId: string) => boolean;
      /** Where properties must lie (a geo search's circle); a property without a position is kept. */
      readonly within?: (geo: GeoPoint) => boolean;
    } = {},
  ) {
    this.keepRate = options.keepRate ?? (() => true);
    this.shownOnly = options.shownOnly ?? false;
    this.sellsPackages = options.sellsPackages ?? (() => false);
    this.within = options.within ?? (() => true);
    this.pricer = pricerFor(pricing);
    this.known = destinationIndexOf(destination);
  }

  /** The properties whose shown rate changed since the last call, with that rate. */
  takeChanged(): { property: PropertyAccumulator; rate: PricedRate }[] {
    const changed = [...this.changed].map((property) => ({ property, rate: this.best.get(property.propertyId)! }));
    this.changed = new Set();
    return changed;
  }

  /** The rates each supplier sent that could not be priced and were left out, with the pricer's reasons. */
  unpricedBySupplier(): ReadonlyMap<string, LeftOutRates> {
    return this.unpriced;
  }

  /** A pair some rates could not be converted with because its figure may not be used now, if any. */
  staleFxPair(): FxUnavailableError | undefined {
    return this.staleFx;
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
      out.push({
        propertyId: property.propertyId,
        name: property.name,
        starRating: property.starRating,
        geo: property.geo,
        supplierRefs: property.supplierRefs,
        rate,
        rates: [rate],
      });
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

  /**
   * What this merge matched on the fly, for search to store (rememberProperties) so that every id its answer
   * carries is usable at once: the offers of each id it minted, and the offers it joined to a stored property.
   */
  matchedOnTheFly(): {
    readonly minted: ReadonlyMap<string, readonly SupplierOffer[]>;
    readonly joined: readonly { readonly offer: SupplierOffer; readonly propertyId: string }[];
  } {
    return { minted: this.minted, joined: this.joined };
  }

  private readonly minted = new Map<string, SupplierOffer[]>();
  private readonly joined: { offer: SupplierOffer; propertyId: string }[] = [];

  private async resolveUnknown(): Promise<void> {
    if (this.unknown.length === 0) return;
    const unknown = this.unknown.splice(0);
    const { ids, minted } = await resolvePropertyIds(unknown, new RefMap<DestinationEntry>(), this.propertiesNear);
    const entries = destinationEntriesById(this.destination, ids);
    for (const offer of unknown) {
      const propertyId = ids.get(offer)!;
      this.place(offer, propertyId, entries.get(propertyId));
      if (minted.has(propertyId)) this.minted.set(propertyId, [...(this.minted.get(propertyId) ?? []), offer]);
      else this.joined.push({ offer, propertyId });
    }
  }

  private place(offer: SupplierOffer, propertyId: string, entry: DestinationEntry | undefined): void {
    let property = this.properties.get(propertyId);
    if (!property) {
      const geo = entry?.geo ?? offer.geo;
      // Suppliers draw circles loosely (a 2 km search came back with hotels 3.7 km away): ours is the circle asked.
      if (geo && !this.within(geo)) return;
      property = {
        propertyId,
        name: entry?.name ?? offer.name,
        starRating: entry?.starRating ?? offer.stars,
        geo,
        supplierRefs: [],
        rates: [],
      };
      this.properties.set(propertyId, property);
    }
    if (!property.supplierRefs.some((r) => r.supplierId === offer.supplierId && r.supplierPropertyId === offer.supplierPropertyId)) {
      property.supplierRefs.push({ supplierId: offer.supplierId, supplierPropertyId: offer.supplierPropertyId });
      let best = this.best.get(propertyId);
      for (const rate of pricedRates(
        sellableOffer(offer, this.sellsPackages(offer.supplierId)),
        property.starRating,
        this.pricer,
        this.noteUnpriced,
      )) {
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
