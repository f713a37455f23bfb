/**
 * Orders a search's properties. Every order ends in a full tie-break (name, then propertyId), so the
 * result never depends on the suppliers' answer order and a page boundary never moves between reads.
 *
 * - price (default, API-SPEC): cheapest total ascending, then higher star rating, then name.
 * - starRating: higher star rating first, then cheapest total, then name.
 * - distance: nearest to the destination centre first, then cheapest total, then name. A property
 *   without coordinates sorts after every located one.
 *
 * A property's price is its cheapest rate's total (all in the quote currency; mixing currencies is a
 * programming error and throws). Unknown star ratings rank as 0. Names compare with a fixed,
 * case-insensitive English collation, then by code points, so the order is the same on every machine.
 */
import type { GeoPoint } from '../../suppliers/port.js';
import { Decimal, parseDecimal } from '../pricing/decimal.js';
import { distanceMetres } from './distance.js';
import type { RankableProperty, RankableRate } from './rankable.js';

export const SORT_ORDERS = ['price', 'starRating', 'distance'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface SortOptions {
  readonly sort?: SortOrder;
  /** Destination centre; required for `distance`. */
  readonly centre?: GeoPoint;
}

interface Keyed<P> {
  readonly property: P;
  readonly cheapest: Decimal;
  readonly stars: number;
  readonly distance: number;
}

const NAME_COLLATOR = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function sortProperties<R extends RankableRate, P extends RankableProperty<R>>(properties: readonly P[], options: SortOptions = {}): P[] {
  const sort = options.sort ?? 'price';
  if (sort === 'distance' && !options.centre) throw new RangeError('sorting by distance needs the destination centre');
  const currency = properties[0]?.rates[0]?.price.currency;
  const keyed: Keyed<P>[] = properties.map((property) => ({
    property,
    cheapest: cheapestTotal(property, currency),
    stars: property.starRating ?? 0,
    distance: options.centre && property.geo ? distanceMetres(options.centre, property.geo) : Number.POSITIVE_INFINITY,
  }));
  const byPrice = (a: Keyed<P>, b: Keyed<P>): number => a.cheapest.comparedTo(b.cheapest);
  const byStarsDescending = (a: Keyed<P>, b: Keyed<P>): number => b.stars - a.stars;
  const byDistance = (a: Keyed<P>, b: Keyed<P>): number => (a.distance === b.distance ? 0 : a.distance < b.distance ? -1 : 1);
  const primary = sort === 'price' ? [byPrice, byStarsDescending] : sort === 'starRating' ? [byStarsDescending, byPrice] : [byDistance, byPrice];
  const order = [...primary, byName, byPropertyId];
  keyed.sort((a, b) => {
    for (const compare of order) {
      const result = compare(a, b);
      if (result !== 0) return result;
    }
    return 0;
  });
  return keyed.map((k) => k.property);
}

/** The rate a property is shown with: lowest total; on equal totals a refundable one, then the first. */
export function cheapestRate<R extends RankableRate>(rates: readonly R[]): R | undefined {
  let best: R | undefined;
  let bestTotal: Decimal | undefined;
  for (const rate of rates) {
    const total = parseDecimal(rate.price.total);
    const cheaper = bestTotal === undefined || total.lessThan(bestTotal) || (total.equals(bestTotal) && rate.refundable && !best?.refundable);
    if (cheaper) {
      best = rate;
      bestTotal = total;
    }
  }
  return best;
}

function cheapestTotal(property: RankableProperty, currency: string | undefined): Decimal {
  let cheapest = new Decimal(Number.POSITIVE_INFINITY);
  for (const rate of property.rates) {
    if (rate.price.currency !== currency) {
      throw new RangeError(`property ${property.propertyId} has a ${rate.price.currency} price among ${currency} prices`);
    }
    const total = parseDecimal(rate.price.total);
    if (total.lessThan(cheapest)) cheapest = total;
  }
  return cheapest;
}

function byName<P extends RankableProperty>(a: { property: P }, b: { property: P }): number {
  const collated = NAME_COLLATOR.compare(a.property.name, b.property.name);
  if (collated !== 0) return collated;
  return a.property.name < b.property.name ? -1 : a.property.name > b.property.name ? 1 : 0;
}

function byPropertyId<P extends RankableProperty>(a: { property: P }, b: { property: P }): number {
  return a.property.propertyId < b.property.propertyId ? -1 : a.property.propertyId > b.property.propertyId ? 1 : 0;
}
