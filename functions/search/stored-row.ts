/**
 * The compact text a stored search keeps each ranked property in: one JSON array per property, its head
 * (id, name, stars, coordinates, supplier refs) and the priced rate it is shown with, as priced, not as
 * described. Describing (the views, the policy in the quote currency, the rateId's content) happens when
 * a page is served, with the same describeRate the search's own page uses, so later pages read exactly
 * like the first.
 *
 * Why not the described form: a search ranks every property but serves one page, and the rows are made
 * after the last supplier answered, on the latency a partner waits for. Arrays without keys, the price's
 * fx stamp as an index into the search's few stamps, and nothing derived (views, quoted copy, deadline)
 * make a row a fraction of the described form's size and cost to write.
 *
 *   row  = [propertyId, name, stars|null, lat|null, lng|null, [[supplierId, supplierPropertyId], ...], rate]
 *   rate = [supplierId, supplierPropertyId, supplierRateKey, roomTypeName, boardBasis, refundable, payment,
 *           [[from, amount, currency], ...], net, markup, commission, tax, serviceFee, total,
 *           payableAtHotel, fxIndex(, obligations|0(, nightly))]
 *   obligations = [payAtProperty|0, remarks|0, minimumSellingPrice|0, packageOnly]   only on rates that carry any
 *                 (the supplier's charges at the property, its texts, its selling floor, package-only sale)
 *   nightly     = [amount, ...]   the supplier's own nightly figures, in its currency (fx.from), where it gave them:
 *                 the price's nightly split is made from them when the page is described
 */
import type { CancellationPenalty } from '../domain/cancellation/cancellation-penalty.js';
import { policyInQuoteCurrency } from '../domain/cancellation/policy-in-quote-currency.js';
import type { FxQuote } from '../domain/fx/fx-rates.js';
import type { DescribableRate } from '../domain/rate/priced-rate.js';
import type { Price, PropertyChargeQuote } from '../domain/pricing/price.js';
import type { BoardBasis, SupplierRemark } from '../suppliers/port.js';
import type { ShownProperty } from './shown-property.js';

/** The search's fx stamps, each stored once and referred to by index from the rows. */
export class FxStamps {
  private readonly byStamp = new Map<FxQuote, number>();
  private readonly byContent = new Map<string, number>();
  readonly list: FxQuote[] = [];

  indexOf(stamp: FxQuote): number {
    let index = this.byStamp.get(stamp);
    if (index !== undefined) return index;
    // The pricer hands out one stamp object per currency pair; equal stamps from elsewhere still share one entry.
    const content = `${stamp.from}\u0000${stamp.to}\u0000${stamp.rate}\u0000${stamp.source}\u0000${stamp.asOf}`;
    index = this.byContent.get(content);
    if (index === undefined) {
      index = this.list.length;
      this.list.push({ from: stamp.from, to: stamp.to, rate: stamp.rate, source: stamp.source, asOf: stamp.asOf });
      this.byContent.set(content, index);
    }
    this.byStamp.set(stamp, index);
    return index;
  }
}

/** The rate part of a row (JSON text), made once per shown rate. */
export function rateRowText(rate: DescribableRate, fx: FxStamps): string {
  const { price } = rate;
  return JSON.stringify([
    rate.supplierId,
    rate.supplierPropertyId,
    rate.rate.supplierRateKey,
    rate.rate.roomTypeName,
    rate.boardBasis,
    rate.refundable,
    rate.rate.payment,
    rate.cancellationPolicy.map((p) => policyRowEntry(p, price)),
    price.net,
    price.markup,
    price.commission,
    price.tax,
    price.serviceFee,
    price.total,
    price.payableAtHotel,
    fx.indexOf(price.fx),
    ...tailOf(rate),
  ]);
}

/**
 * One penalty as the row keeps it: in its own currency when the row's fx stamp converts it (the rate's
 * currency) or it is the quote currency; a penalty in a third currency (Rapid's CancelPenalty.currency) is
 * kept converted to the quote currency, with the stamp pricing gave it, since the row keeps one stamp only.
 */
function policyRowEntry(entry: CancellationPenalty, price: Price): [string, string, string] {
  const { currency } = entry.penalty;
  if (currency === price.fx.from || currency === price.currency || !price.feeFx?.some((stamp) => stamp.from === currency))
    return [entry.from, entry.penalty.amount, currency];
  const [converted] = policyInQuoteCurrency([entry], price);
  return [entry.from, converted!.penalty.amount, converted!.penalty.currency];
}

/** Elements 17 and 18: the obligations (0 when none), the supplier's nightly figures; left off while empty. */
function tailOf(rate: DescribableRate): [ObligationsRow | 0, string[]] | [ObligationsRow] | [] {
  const obligations = obligationsOf(rate);
  const nightly = rate.rate.nightly;
  if (!nightly || nightly.length === 0) return obligations;
  return [obligations[0] ?? 0, nightly.map((night) => night.amount)];
}

type ObligationsRow = [PropertyChargeQuote[] | 0, SupplierRemark[] | 0, string | 0, boolean];

/** The 17th element, for the minority of rates that carry a supplier obligation; none otherwise. */
function obligationsOf(rate: DescribableRate): [ObligationsRow] | [] {
  const charges = rate.price.payAtProperty ?? [];
  const remarks = rate.rate.remarks ?? [];
  const floor = rate.price.minimumSellingPrice;
  const packageOnly = rate.rate.packageOnly === true;
  if (charges.length === 0 && remarks.length === 0 && floor === undefined && !packageOnly) return [];
  return [[charges.length > 0 ? [...charges] : 0, remarks.length > 0 ? [...remarks] : 0, floor ?? 0, packageOnly]];
}

/** The start of a property's row: what does not change as suppliers answer (id, name, stars, coordinates). */
export function rowStart(property: Pick<ShownProperty, 'propertyId' | 'name' | 'starRating' | 'geo'>): string {
  const start = JSON.stringify([
    property.propertyId,
    property.name,
    property.starRating ?? null,
    property.geo?.lat ?? null,
    property.geo?.lng ?? null,
  ]);
  return `${start.slice(0, -1)},`;
}

/** A whole row: its start, the property's supplier refs and its rate's text. */
export function rowText(property: Omit<ShownProperty, 'rate'>, rateText: string, start: string = rowStart(property)): string {
  return `${start}${JSON.stringify(property.supplierRefs.map((r) => [r.supplierId, r.supplierPropertyId]))},${rateText}]`;
}

/** What reading rows needs from the stored search: its stamps and its quote currency. */
export interface RowContext {
  readonly fx: readonly FxQuote[];
  readonly currency: string;
}

type RateRow = [
  string,
  string,
  string,
  string,
  BoardBasis,
  boolean,
  'net' | 'pay_at_hotel',
  [string, string, string][],
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  number,
  (ObligationsRow | 0)?,
  string[]?,
];
type Row = [string, string, number | null, number | null, number | null, [string, string][], RateRow];

/** A row's text back to the property and its priced rate. */
export function readRow(text: string, context: RowContext): ShownProperty {
  const row = JSON.parse(text) as Row;
  if (!Array.isArray(row) || row.length !== 7 || !Array.isArray(row[6]) || row[6].length < 16 || row[6].length > 18)
    throw new Error('stored search row is not in the row format');
  const [propertyId, name, stars, lat, lng, refs, rate] = row;
  const [
    supplierId,
    supplierPropertyId,
    supplierRateKey,
    roomTypeName,
    boardBasis,
    refundable,
    payment,
    policy,
    net,
    markup,
    commission,
    tax,
    serviceFee,
    total,
    payableAtHotel,
    fxIndex,
    obligations,
    nightlyFigures,
  ] = rate;
  const [charges = 0, remarks = 0, floor = 0, packageOnly = false] = obligations || [];
  const fx = context.fx[fxIndex];
  if (!fx) throw new Error(`stored search row refers to fx stamp ${fxIndex}, which it does not have`);
  const nightly = nightlyFigures?.map((amount) => ({ amount, currency: fx.from }));
  return {
    propertyId,
    name,
    ...(stars !== null ? { starRating: stars } : {}),
    ...(lat !== null && lng !== null ? { geo: { lat, lng } } : {}),
    supplierRefs: refs.map(([s, p]) => ({ supplierId: s, supplierPropertyId: p })),
    rate: {
      supplierId,
      supplierPropertyId,
      rate: {
        supplierRateKey,
        roomTypeName,
        payment,
        ...(obligations ? { remarks: remarks || [], packageOnly } : {}),
        ...(nightly ? { nightly } : {}),
      },
      boardBasis,
      refundable,
      cancellationPolicy: policy.map(([from, amount, currency]) => ({ from, penalty: { amount, currency } })),
      price: {
        net,
        markup,
        commission,
        tax,
        serviceFee,
        total,
        currency: context.currency,
        payableAtHotel,
        fx,
        ...(charges ? { payAtProperty: charges } : {}),
        ...(floor ? { minimumSellingPrice: floor } : {}),
      },
    },
  };
}

/** Whether the row's text is the given property's, without parsing it (the property-rates lookup). */
export function isRowOf(text: string, propertyId: string): boolean {
  return text.startsWith(`[${JSON.stringify(propertyId)},`);
}
