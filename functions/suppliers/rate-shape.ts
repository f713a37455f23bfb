import type { CancellationPenalty } from '../domain/cancellation/cancellation-penalty.js';
import type { Money } from '../domain/money/money.js';
import type {
  PropertyCharge,
  PropertyChargeKind,
  RateTax,
  RemarkKind,
  SupplierRate,
  SupplierRemark,
} from '../domain/rate/supplier-rate.js';

/**
 * One object shape per kind for the rates the adapters hand to search. Search reads every rate of every
 * supplier answer (the offer merger → the rate pricer), and the last supplier's rates are priced on the latency
 * a partner waits for. Built by three adapters with their own key orders and with optional keys present
 * or left out, the same property reads met four or more V8 hidden classes and went megamorphic. Every
 * `SupplierRate`, its taxes and its cancellation penalties are therefore built here, and its `Money` amounts
 * by rateMoney (functions/domain/money/money.ts): one fixed key order (the port's) and every key always present.
 *
 * An optional value that is absent (a rate's `commission`, a tax's `description`) is a present key holding
 * `undefined`. That changes no value anywhere it goes: the port types allow it (the project does not use
 * exactOptionalPropertyTypes), JSON.stringify and the DynamoDB document client (removeUndefinedValues)
 * drop such keys, and vitest's toEqual ignores them. Test the value (`rate.commission !== undefined`),
 * never the key (`'commission' in rate`).
 *
 * Lists follow the same idea: joinLists keeps them packed arrays (Array.prototype.flatMap and flat make
 * holey ones, another hidden class for the same reads).
 */

export function rateTax(kind: RateTax['kind'], included: boolean, amount: Money, description: string | undefined): RateTax {
  return { kind, included, amount, description };
}

export function cancellationPenalty(from: string, penalty: Money): CancellationPenalty {
  return { from, penalty };
}

export function propertyCharge(kind: PropertyChargeKind, description: string | undefined, amount: Money): PropertyCharge {
  return { kind, description, amount };
}

/** A supplier text for the traveller; blank texts are dropped by the caller (see remarksOf). */
export function remark(kind: RemarkKind, text: string): SupplierRemark {
  return { kind, text };
}

/** Texts as remarks of one kind: trimmed, HTML tags the suppliers embed removed, blanks and repeats dropped. */
export function remarksOf(kind: RemarkKind, texts: readonly (string | undefined)[]): SupplierRemark[] {
  const out: SupplierRemark[] = [];
  for (const raw of texts) {
    const text = textOfHtml(raw);
    if (text && !out.some((r) => r.text === text)) out.push(remark(kind, text));
  }
  return out;
}

/**
 * Suppliers send some texts as HTML fragments (Rapid's instructions): the traveller sees them as text, on a
 * page and on a printed voucher, so tags go and control characters with them.
 */
function textOfHtml(raw: string | undefined): string {
  if (!raw) return '';
  return (
    raw
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this strips
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '')
      .replace(/<\s*(br|\/p|\/li|\/div)\s*\/?>/gi, '\n')
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter((line) => line !== '')
      .join('\n')
  );
}

/**
 * Copies the port's fields only, in the port's order; an absent optional value (`commission`, the supplier
 * obligations a rate does not carry) stays a key holding undefined.
 */
export function supplierRate(fields: SupplierRate): SupplierRate {
  return {
    supplierRateKey: fields.supplierRateKey,
    roomTypeCode: fields.roomTypeCode,
    roomTypeName: fields.roomTypeName,
    boardBasis: fields.boardBasis,
    refundable: fields.refundable,
    payment: fields.payment,
    price: fields.price,
    commission: fields.commission,
    cancellationPolicy: fields.cancellationPolicy,
    taxes: fields.taxes,
    payAtProperty: fields.payAtProperty,
    remarks: fields.remarks,
    minimumSellingPrice: fields.minimumSellingPrice,
    packageOnly: fields.packageOnly,
    nightly: fields.nightly,
  };
}

/** The lists one after the other, as a packed array (what flatMap would give, without its holey array). */
export function joinLists<T>(lists: readonly (readonly T[])[]): T[] {
  const joined: T[] = [];
  for (const list of lists) for (const item of list) joined.push(item);
  return joined;
}
