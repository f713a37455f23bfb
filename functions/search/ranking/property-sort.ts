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
import { Decimal, parseDecimal } from '../../domain/money/decimal.js';
import { parseUnsignedDecimal, pow10, type ScaledInteger } from '../../domain/money/scaled-integer.js';
import { NOT_EXACT, parseSafeMinorUnits } from '../../domain/pricing/safe-integer.js';
import type { GeoPoint } from '../../suppliers/port.js';
import { distanceMetres } from '../../domain/geo/distance.js';
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
  /** The cheapest total's text; undefined (ranks as +∞) for a property without rates. */
  readonly cheapest: string | undefined;
  /** The same total as an integer, when every property's is plain text of one scale (see amountsOf); else NaN. */
  amount: number;
  readonly stars: number;
  readonly distance: number;
}

const NAME_COLLATOR = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function sortProperties<R extends RankableRate, P extends RankableProperty<R>>(
  properties: readonly P[],
  options: SortOptions = {},
): P[] {
  const sort = options.sort ?? 'price';
  if (sort === 'distance' && !options.centre) throw new RangeError('sorting by distance needs the destination centre');
  const currency = properties[0]?.rates[0]?.price.currency;
  const keyed: Keyed<P>[] = properties.map((property) => ({
    property,
    cheapest: cheapestTotal(property, currency),
    amount: Number.NaN,
    stars: property.starRating ?? 0,
    // Only the distance order reads it: a haversine per property is most of a price sort's key-building.
    distance:
      sort === 'distance' && options.centre && property.geo ? distanceMetres(options.centre, property.geo) : Number.POSITIVE_INFINITY,
  }));
  // A sort compares each property about log2(n) times: totals read once as numbers when they can be, rather
  // than scanned as text in every comparison.
  const byPrice = amountsOf(keyed)
    ? (a: Keyed<P>, b: Keyed<P>): number => (a.amount === b.amount ? 0 : a.amount < b.amount ? -1 : 1)
    : (a: Keyed<P>, b: Keyed<P>): number => compareCheapest(a.cheapest, b.cheapest);
  const byStarsDescending = (a: Keyed<P>, b: Keyed<P>): number => b.stars - a.stars;
  const byDistance = (a: Keyed<P>, b: Keyed<P>): number => (a.distance === b.distance ? 0 : a.distance < b.distance ? -1 : 1);
  const [first, second] =
    sort === 'price' ? [byPrice, byStarsDescending] : sort === 'starRating' ? [byStarsDescending, byPrice] : [byDistance, byPrice];
  keyed.sort((a, b) => first(a, b) || second(a, b) || byName(a, b) || byPropertyId(a, b));
  return keyed.map((k) => k.property);
}

/**
 * Sets each entry's `amount` to its cheapest total in integer units of its scale (+∞ without a rate) when
 * every total is plain text of one scale whose units are a safe integer, as every priced total is: such
 * texts order as compareTotals orders them (by length, then digit by digit), and so do their integers.
 * False otherwise, and the amounts are not read.
 */
function amountsOf(keyed: Keyed<unknown>[]): boolean {
  let scale = -1;
  for (const entry of keyed) {
    const text = entry.cheapest;
    if (text === undefined) continue;
    const own = canonicalScale(text);
    if (own < 0 || (scale >= 0 && own !== scale)) return false;
    scale = own;
  }
  for (const entry of keyed) {
    const text = entry.cheapest;
    const amount = text === undefined ? Number.POSITIVE_INFINITY : parseSafeMinorUnits(text, scale);
    if (amount === NOT_EXACT) return false;
    entry.amount = amount;
  }
  return true;
}

/** The rate a property is shown with: lowest total; on equal totals a refundable one, then the first. */
export function cheapestRate<R extends RankableRate>(rates: readonly R[]): R | undefined {
  let best: R | undefined;
  let bestTotal: string | undefined;
  for (const rate of rates) {
    const total = rate.price.total;
    const compared = bestTotal === undefined ? requireTotal(total) : compareTotals(total, bestTotal);
    const cheaper = compared < 0 || (compared === 0 && rate.refundable && !best?.refundable);
    if (cheaper) {
      best = rate;
      bestTotal = total;
    }
  }
  return best;
}

/**
 * Whether `candidate` is shown instead of `incumbent` as a property's cheapest rate, whatever order they
 * arrive in: the answer cheapestRate gives over rates in supplier order (lower total; on equal totals a
 * refundable one, then the lower supplierId; same supplier: the incumbent, placed first).
 */
export function isPreferredRate<R extends RankableRate & { readonly supplierId: string }>(candidate: R, incumbent: R): boolean {
  const compared = compareTotals(candidate.price.total, incumbent.price.total);
  if (compared !== 0) return compared < 0;
  if (candidate.refundable !== incumbent.refundable) return candidate.refundable;
  return candidate.supplierId < incumbent.supplierId;
}

function cheapestTotal(property: RankableProperty, currency: string | undefined): string | undefined {
  let cheapest: string | undefined;
  for (const rate of property.rates) {
    if (rate.price.currency !== currency) {
      throw new RangeError(`property ${property.propertyId} has a ${rate.price.currency} price among ${currency} prices`);
    }
    const total = rate.price.total;
    if (cheapest === undefined ? requireTotal(total) < 0 : compareTotals(total, cheapest) < 0) cheapest = total;
  }
  return cheapest;
}

/**
 * Totals in value order, exactly ("100.0" equals "100.00", "9.50" is below "10.00"); text anything but
 * decimal (what parseDecimal refuses) throws. Every priced total is plain text in its currency's minor
 * unit, which compares without parsing: of two such texts with as many decimals and no leading zeros,
 * the longer is the larger, and equally long ones order as their characters do. Anything else (another
 * number of decimals, leading zeros, a sign) is parsed and compared as before.
 */
export function compareTotals(a: string, b: string): number {
  const scale = canonicalScale(a);
  if (scale >= 0 && scale === canonicalScale(b)) {
    if (a.length !== b.length) return a.length < b.length ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  return compareKeys(totalKey(a), totalKey(b));
}

/** A first total compared with none: -1 (the cheapest so far), once it is known to be decimal text (else throws, as comparing it would). */
function requireTotal(text: string): number {
  if (canonicalScale(text) < 0) totalKey(text);
  return -1;
}

const DIGIT_0 = 48;
const DIGIT_9 = 57;
const DOT = 46;

/**
 * The number of decimals of plain unsigned decimal text without superfluous leading zeros ("0.50",
 * "12", "100.00"); -1 for anything else ("012.5", "1.", ".5", "-1", "1e3", "").
 */
function canonicalScale(text: string): number {
  const length = text.length;
  if (length === 0) return -1;
  let dot = -1;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c >= DIGIT_0 && c <= DIGIT_9) continue;
    if (c !== DOT || dot !== -1 || i === 0 || i === length - 1) return -1;
    dot = i;
  }
  const integerDigits = dot === -1 ? length : dot;
  if (integerDigits > 1 && text.charCodeAt(0) === DIGIT_0) return -1;
  return dot === -1 ? 0 : length - dot - 1;
}

/**
 * A total parsed for comparing: an exact scaled integer for plain unsigned decimal text, a Decimal for
 * anything else parseDecimal accepts; what it refuses throws. Comparisons are exact either way, never textual.
 */
type TotalKey = ScaledInteger | Decimal;

function totalKey(text: string): TotalKey {
  return parseUnsignedDecimal(text) ?? parseDecimal(text);
}

function compareKeys(a: TotalKey, b: TotalKey): number {
  if ('units' in a && 'units' in b) {
    const x = a.scale < b.scale ? a.units * pow10(b.scale - a.scale) : a.units;
    const y = b.scale < a.scale ? b.units * pow10(a.scale - b.scale) : b.units;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return asDecimal(a).comparedTo(asDecimal(b));
}

function asDecimal(key: TotalKey): Decimal {
  return 'units' in key ? new Decimal(`${key.units}e-${key.scale}`) : key;
}

/** Cheapest totals, a property without rates ranking after every priced one. */
function compareCheapest(a: string | undefined, b: string | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  return compareTotals(a, b);
}

function byName<P extends RankableProperty>(a: { property: P }, b: { property: P }): number {
  const collated = NAME_COLLATOR.compare(a.property.name, b.property.name);
  if (collated !== 0) return collated;
  return a.property.name < b.property.name ? -1 : a.property.name > b.property.name ? 1 : 0;
}

function byPropertyId<P extends RankableProperty>(a: { property: P }, b: { property: P }): number {
  return a.property.propertyId < b.property.propertyId ? -1 : a.property.propertyId > b.property.propertyId ? 1 : 0;
}
