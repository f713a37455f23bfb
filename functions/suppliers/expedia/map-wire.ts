import { money, parseMinor, scaleMinor, type Money } from '../../domain/money/money.js';
import { percentOfMinor, type PercentRules } from '../../domain/money/percentage.js';
import type {
  CancellationPenalty,
  Guest,
  PaymentModel,
  PropertyCharge,
  PropertyChargeKind,
  RateTax,
  SupplierBooking,
  SupplierRate,
  SupplierRemark,
} from '../port.js';
import { cancellationPenalty, propertyCharge, rateTax, remarksOf, supplierRate } from '../rate-shape.js';
import { refusal } from '../answer-refusal.js';
import { withHotelConfirmation } from '../hotel-confirmation.js';
import { SupplierError } from '../supplier-error.js';
import { boardFromAmenities } from './board-amenities.js';
import { packRateKey, type ExpediaRateKey } from './rate-key.js';
import type {
  WireCancelPenalty,
  WireCharge,
  WireDeposit,
  WireItinerary,
  WireNightCharge,
  WireNonrefundableDateRange,
  WirePricingInformation,
  WireRate,
  WireRoomItinerary,
} from './wire.js';

/**
 * Rapid wire → port types. Anything missing or malformed is a `bad_response`, never a crash. Messages name
 * the field and what is wrong with it, never a value from the answer (they reach logs and `unreadable`).
 */

export const SUPPLIER_ID = 'expedia';

export function bad(operation: string, message: string, cause?: unknown): SupplierError {
  return new SupplierError(
    'bad_response',
    SUPPLIER_ID,
    `${operation}: ${message}`,
    { operation },
    cause === undefined ? undefined : { cause },
  );
}

export function requireString(value: unknown, operation: string, field: string): string {
  if (typeof value !== 'string' || value.length === 0) throw bad(operation, `missing ${field}`);
  return value;
}

/**
 * A decimal as text. The schema types every amount as a string, but the spec's own examples send some as
 * JSON numbers (`cancel_refund.amount: -65.98`); a finite number reads as what it prints.
 */
function decimalText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function minorOf(value: unknown, currency: string, operation: string, field: string): number {
  const text = decimalText(value);
  if (text === undefined) throw bad(operation, `missing ${field}`);
  try {
    return parseMinor(text, currency);
  } catch (error) {
    throw bad(operation, `${field} is not an amount in its currency`, error);
  }
}

interface Minor {
  readonly minor: number;
  readonly currency: string;
}

/** A charge in the billable currency (what we are billed, or the guest pays for the room), as minor units. */
function chargeMinor(charge: WireCharge | undefined, operation: string, field: string): Minor {
  const amount = charge?.billable_currency;
  const currency = requireString(amount?.currency, operation, `${field}.billable_currency.currency`);
  return { minor: minorOf(amount?.value, currency, operation, `${field}.billable_currency.value`), currency };
}

/**
 * A fee the property collects, in the currency it collects it in. Rapid gives each fee twice: in the
 * `billable_currency` and in the `request_currency` (the currency we shop in, an estimate). The spec does not
 * name the property's currency in words, but its examples show it: the price-changed price check example bills
 * the room in USD and gives `mandatory_fee` as `billable_currency` 8.50 EUR beside `request_currency` 10.00 USD,
 * and the shopping example gives fees in CAD (the property's nightly currency) beside USD. So the fee's own
 * `billable_currency` is what the property will collect. When content names the currency the property
 * accepts on site (`onsite_payments.currency`) and one of the two amounts is in it, that one is taken.
 */
function collectedMinor(charge: WireCharge, collectCurrency: string | undefined, operation: string, field: string): Minor {
  const amounts = [
    ['billable_currency', charge.billable_currency],
    ['request_currency', charge.request_currency],
  ] as const;
  const present = amounts.filter(([, amount]) => amount !== undefined);
  if (present.length === 0) throw bad(operation, `${field} without an amount`);
  const [name, amount] = present.find(([, a]) => collectCurrency !== undefined && a?.currency === collectCurrency) ?? present[0]!;
  const currency = requireString(amount?.currency, operation, `${field}.${name}.currency`);
  return { minor: minorOf(amount?.value, currency, operation, `${field}.${name}.value`), currency };
}

export interface RoomPricing {
  readonly price: Money;
  readonly commission?: Money;
  /** Included taxes and fees, broken out of `price` (Rapid's nightly and stay breakdown). */
  readonly taxes: RateTax[];
  /** Per night over all rooms, for penalties given in nights and non-refundable nights. */
  readonly nightlyMinor: number[];
  /** `fees.*`: what the property collects at the stay, never part of `price`. */
  readonly payAtProperty: PropertyCharge[];
  /** `totals.minimum_selling_price` over all rooms, when the rooms carry one. */
  readonly minimumSellingPrice?: Money;
  /**
   * `totals.inclusive.request_currency` over all rooms, when every room gives it in one currency: the same
   * stay in the currency we shop in, Rapid's own figure (a penalty stated in that currency is read against it).
   */
  readonly requestTotal?: Money;
}

/** The property-collected fees Rapid lists, in our kinds; `mandatory_tax` is a tax the property collects. */
const FEES: readonly {
  readonly field: 'mandatory_fee' | 'resort_fee' | 'mandatory_tax';
  readonly kind: PropertyChargeKind;
  readonly description: string;
}[] = [
  { field: 'mandatory_tax', kind: 'tax', description: 'Mandatory tax, collected by the property' },
  { field: 'resort_fee', kind: 'resort_fee', description: 'Resort fee, collected by the property' },
  { field: 'mandatory_fee', kind: 'mandatory_fee', description: 'Mandatory fee, collected by the property' },
];

/** Breakdown types Rapid asks to show as "Taxes and Fees" / "Taxes", and the FTC "Property Fee": all included. */
const INCLUDED: Readonly<Partial<Record<string, { readonly kind: RateTax['kind']; readonly description: string }>>> = {
  tax_and_service_fee: { kind: 'tax', description: 'Taxes and fees' },
  recovery_charges_and_fees: { kind: 'tax', description: 'Taxes and fees' },
  sales_tax: { kind: 'tax', description: 'Taxes' },
  property_fee: { kind: 'fee', description: 'Property fee' },
};

/**
 * Prices for all requested rooms: `occupancy_pricing` is keyed by occupancy and priced for one room of it,
 * so each requested room adds its occupancy's price once (two identical rooms count it twice).
 */
export function pricingForRooms(
  occupancyPricing: Record<string, WirePricingInformation> | undefined,
  occupancies: readonly string[],
  payment: PaymentModel,
  operation: string,
  collectCurrency?: string,
): RoomPricing {
  if (!occupancyPricing || typeof occupancyPricing !== 'object') throw bad(operation, 'missing occupancy_pricing');
  return sumRoomPricing(
    occupancies.map((occupancy) => {
      const pricing = occupancyPricing[occupancy];
      // occupancy_pricing is keyed by the occupancies asked: a rate without one of them prices other rooms.
      if (!pricing) throw refusal(SUPPLIER_ID, 'occupancy_mismatch', operation, 'no occupancy_pricing for a requested occupancy');
      return pricing;
    }),
    payment,
    operation,
    collectCurrency,
  );
}

/**
 * One price over rooms. The price is `totals.inclusive` whoever collects it: on property-collect rates too,
 * because `property_inclusive` is `inclusive` plus the fees the property collects (resort and mandatory fees,
 * mandatory taxes), which go to `payAtProperty` and are never part of the price (taking `property_inclusive`
 * and then adding `mandatory_tax` counted that tax twice).
 */
export function sumRoomPricing(
  rooms: readonly (WirePricingInformation | undefined)[],
  payment: PaymentModel,
  operation: string,
  collectCurrency?: string,
): RoomPricing {
  let currency: string | undefined;
  const same = (c: string, field: string): void => {
    if (currency !== undefined && currency !== c) throw bad(operation, `${field} in a currency other than the price's`);
    currency = c;
  };
  let total = 0;
  let commission = 0;
  let hasCommission = false;
  let floor = 0;
  let floored = 0;
  let requested: Minor | undefined;
  let requestedInAll = true;
  const nightly: number[] = [];
  const included = new Map<string, { kind: RateTax['kind']; description: string; minor: number }>();
  const fees = new Map<string, { kind: PropertyChargeKind; description: string; minor: number; currency: string }>();
  for (const pricing of rooms) {
    const totals = pricing?.totals;
    if (!totals) throw bad(operation, 'missing pricing totals');
    const price = chargeMinor(totals.inclusive, operation, 'totals.inclusive');
    same(price.currency, 'totals.inclusive');
    total += price.minor;
    const request = totals.inclusive?.request_currency;
    if (request && typeof request.currency === 'string' && (requested === undefined || requested.currency === request.currency)) {
      const minor = minorOf(request.value, request.currency, operation, 'totals.inclusive.request_currency.value');
      requested = { minor: (requested?.minor ?? 0) + minor, currency: request.currency };
    } else requestedInAll = false;
    if (payment === 'pay_at_hotel' && totals.marketing_fee) {
      const fee = chargeMinor(totals.marketing_fee, operation, 'totals.marketing_fee');
      same(fee.currency, 'totals.marketing_fee');
      commission += fee.minor;
      hasCommission = true;
    }
    if (totals.minimum_selling_price) {
      const minimum = chargeMinor(totals.minimum_selling_price, operation, 'totals.minimum_selling_price');
      same(minimum.currency, 'totals.minimum_selling_price');
      floor += minimum.minor;
      floored += 1;
    }
    for (const { field, kind, description } of FEES) {
      const charge = pricing.fees?.[field];
      if (!charge) continue;
      const fee = collectedMinor(charge, collectCurrency, operation, `fees.${field}`);
      const key = `${kind}|${fee.currency}`;
      const entry = fees.get(key) ?? { kind, description, minor: 0, currency: fee.currency };
      entry.minor += fee.minor;
      fees.set(key, entry);
    }
    const breakdown = (charge: WireNightCharge, field: string): number => {
      // A breakdown line in another currency than the total is shown by Rapid for display only: not summed.
      if (charge?.currency !== undefined && charge.currency !== price.currency) return 0;
      const minor = minorOf(charge?.value, price.currency, operation, `${field}.value`);
      const tax = INCLUDED[charge.type];
      if (tax) {
        const entry = included.get(tax.description) ?? { ...tax, minor: 0 };
        entry.minor += minor;
        included.set(tax.description, entry);
      }
      return minor;
    };
    if (pricing.nightly !== undefined && !Array.isArray(pricing.nightly)) throw bad(operation, 'nightly is not a list');
    (pricing.nightly ?? []).forEach((charges, night) => {
      if (!Array.isArray(charges)) throw bad(operation, 'nightly entry is not a list');
      nightly[night] = (nightly[night] ?? 0) + charges.reduce((sum, charge) => sum + breakdown(charge, 'nightly'), 0);
    });
    for (const charge of Array.isArray(pricing.stay) ? pricing.stay : []) breakdown(charge as WireNightCharge, 'stay');
  }
  if (currency === undefined) throw bad(operation, 'no rooms priced');
  const priceCurrency = currency;
  return {
    price: money(total, priceCurrency),
    commission: hasCommission ? money(commission, priceCurrency) : undefined,
    taxes: [...included.values()]
      .filter((t) => t.minor > 0)
      .map((t) => rateTax(t.kind, true, money(t.minor, priceCurrency), t.description)),
    nightlyMinor: nightly,
    payAtProperty: [...fees.values()]
      .filter((f) => f.minor > 0)
      .map((f) => propertyCharge(f.kind, f.description, money(f.minor, f.currency))),
    // Floors add up over rooms as prices do; rooms without one add nothing to the floor.
    ...(floored > 0 ? { minimumSellingPrice: money(floor, priceCurrency) } : {}),
    ...(requested && requestedInAll ? { requestTotal: money(requested.minor, requested.currency) } : {}),
  };
}

/** What a cancellation policy needs besides the penalty windows: the stay and when the rate was read. */
export interface StayFacts {
  readonly checkIn: string;
  readonly checkOut: string;
  readonly now: Date;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * Rapid penalty windows → ascending UTC tiers. A window's penalty is an amount, a number of nights or a
 * percentage of the stay; the start carries the property's offset.
 *
 * `nonrefundable_date_ranges` (stay dates whose night is never refunded, "regardless of cancel penalty
 * windows") are folded in by this rule: their nights' charge is owed from now on (a tier starting now), and
 * added to every window's penalty, capped at the stay's total. A window that already charges one of those
 * nights then overstates the penalty by that night; the policy never understates what a cancellation costs.
 */
export function cancellationPolicy(
  penalties: readonly WireCancelPenalty[] | undefined,
  pricing: RoomPricing,
  operation: string,
  stay?: StayFacts,
  nonrefundable?: readonly WireNonrefundableDateRange[],
): CancellationPenalty[] {
  const currency = pricing.price.currency;
  const totalMinor = parseMinor(pricing.price.amount, currency);
  if (penalties !== undefined && !Array.isArray(penalties)) throw bad(operation, 'cancel_penalties is not a list');
  const windows = (penalties ?? [])
    .map((penalty) => {
      const start = Date.parse(requireString(penalty?.start, operation, 'cancel_penalties.start'));
      if (Number.isNaN(start)) throw bad(operation, 'cancel_penalties.start is not a date-time');
      // CancelPenalty.currency is the currency of its `amount`; nights and percentages are shares of the
      // stay's own charges, so they are in the price's currency whatever the window says.
      const penaltyCurrency = penalty.amount !== undefined ? (penalty.currency ?? currency) : currency;
      let minor: number;
      if (penalty.amount !== undefined) minor = minorOf(penalty.amount, penaltyCurrency, operation, 'cancel_penalties.amount');
      else if (penalty.nights !== undefined) {
        const nights = Number(decimalText(penalty.nights));
        if (!Number.isInteger(nights) || nights < 0) throw bad(operation, 'cancel_penalties.nights is not a count');
        minor = pricing.nightlyMinor.slice(0, nights).reduce((sum, night) => sum + night, 0);
      } else if (penalty.percent !== undefined) {
        minor = penaltyPercentOf(totalMinor, penalty.percent, operation);
      } else throw bad(operation, 'cancel_penalties entry without amount, nights or percent');
      return cancellationPenalty(new Date(start).toISOString(), money(minor, penaltyCurrency));
    })
    .sort((a, b) => a.from.localeCompare(b.from));
  if (!nonrefundable || nonrefundable.length === 0) return windows;
  if (!Array.isArray(nonrefundable)) throw bad(operation, 'nonrefundable_date_ranges is not a list');
  if (!stay) throw bad(operation, 'nonrefundable_date_ranges without the stay dates');
  const owed = nonrefundableMinor(nonrefundable, stay, pricing, totalMinor, operation);
  if (owed === 0) return windows;
  const now = new Date(Math.floor(stay.now.getTime() / 1000) * 1000).toISOString();
  // Each window is folded in its own currency: the owed nights as they are in the price's, or in the currency
  // we shop in at Rapid's own figures for the same stay (the spec's example: a USD penalty on a CAD rate).
  const request = pricing.requestTotal;
  const owedIn = (penaltyCurrency: string): { owed: number; total: number } | undefined => {
    if (penaltyCurrency === currency) return { owed, total: totalMinor };
    if (!request || request.currency !== penaltyCurrency || totalMinor === 0) return undefined;
    const requestMinor = parseMinor(request.amount, request.currency);
    return { owed: scaleMinor(owed, requestMinor, totalMinor), total: requestMinor };
  };
  // A window in a currency Rapid gives no figure for cannot be added to: the whole stay is owed from now,
  // stated in full rather than understated. The rate stays.
  if (windows.some((w) => owedIn(w.penalty.currency) === undefined)) return [cancellationPenalty(now, money(totalMinor, currency))];
  const folded = windows.map((w) => {
    const { owed: extra, total } = owedIn(w.penalty.currency)!;
    return cancellationPenalty(
      w.from,
      money(Math.min(total, parseMinor(w.penalty.amount, w.penalty.currency) + extra), w.penalty.currency),
    );
  });
  return windows.some((w) => w.from <= now) ? folded : [cancellationPenalty(now, money(Math.min(totalMinor, owed), currency)), ...folded];
}

/** Rapid's contract sets no ceiling on a penalty's percentage ("30%" of the total booking); none is imposed here. */
const PENALTY_PERCENT_RULES: PercentRules = { atMost100: false };

/** A penalty window's `percent` ("30%", "12.5", or a JSON number) of the stay's total, in its minor units. */
function penaltyPercentOf(totalMinor: number, percent: string | number, operation: string): number {
  const share = percentOfMinor(totalMinor, percent, PENALTY_PERCENT_RULES);
  if (typeof share !== 'number') throw bad(operation, 'cancel_penalties.percent is not a percentage');
  return share;
}

function nightsOf(stay: StayFacts): number | undefined {
  if (!DATE.test(stay.checkIn) || !DATE.test(stay.checkOut)) return undefined;
  const nights = Math.round((Date.parse(`${stay.checkOut}T00:00:00Z`) - Date.parse(`${stay.checkIn}T00:00:00Z`)) / DAY_MS);
  return nights > 0 ? nights : undefined;
}

/** The charge of the stay's nights inside the ranges: each night's own charge, or a share of the total. */
function nonrefundableMinor(
  ranges: readonly WireNonrefundableDateRange[],
  stay: StayFacts,
  pricing: RoomPricing,
  totalMinor: number,
  operation: string,
): number {
  if (!DATE.test(stay.checkIn) || !DATE.test(stay.checkOut)) throw bad(operation, 'stay dates are not dates');
  const first = Date.parse(`${stay.checkIn}T00:00:00Z`);
  const nights = Math.round((Date.parse(`${stay.checkOut}T00:00:00Z`) - first) / DAY_MS);
  if (!(nights > 0)) throw bad(operation, 'stay without nights');
  const dates = Array.from({ length: nights }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10));
  const inRange = new Set<number>();
  for (const range of ranges) {
    const start = requireString(range?.start, operation, 'nonrefundable_date_ranges.start');
    const end = requireString(range?.end, operation, 'nonrefundable_date_ranges.end');
    if (!DATE.test(start) || !DATE.test(end) || end < start) throw bad(operation, 'nonrefundable_date_ranges entry is not a date range');
    dates.forEach((date, i) => {
      if (date >= start && date <= end) inRange.add(i);
    });
  }
  if (inRange.size === 0) return 0;
  if (pricing.nightlyMinor.length === nights) return [...inRange].reduce((sum, i) => sum + pricing.nightlyMinor[i]!, 0);
  return scaleMinor(totalMinor, inRange.size, nights);
}

/**
 * Deposits the property or Rapid takes before the stay, as a policy text the traveller must see: the port
 * has no deposit field, and an unannounced deposit is what a traveller would notice.
 */
export function depositRemarks(
  deposits: readonly WireDeposit[] | undefined,
  fallbackCurrency: string,
  operation: string,
): SupplierRemark[] {
  if (deposits === undefined) return [];
  if (!Array.isArray(deposits)) throw bad(operation, 'deposits is not a list');
  return remarksOf(
    'policy',
    deposits.map((deposit) => {
      const currency = deposit?.currency ?? fallbackCurrency;
      const amount = money(minorOf(deposit?.value, currency, operation, 'deposits.value'), currency);
      const due = deposit.due === undefined ? undefined : Date.parse(deposit.due.length === 10 ? `${deposit.due}T00:00:00Z` : deposit.due);
      if (due !== undefined && Number.isNaN(due)) throw bad(operation, 'deposits.due is not a date');
      return `A deposit of ${amount.amount} ${amount.currency} is due${deposit.due ? ` by ${deposit.due}` : ' before the stay'}.`;
    }),
  );
}

export function paymentOf(merchant: string | undefined): PaymentModel {
  return merchant === 'property' ? 'pay_at_hotel' : 'net';
}

/** What the adapter knows of a property from Rapid's content, for every rate and booking of it. */
export interface PropertyFacts {
  readonly name?: string;
  /** The currency the property accepts on site (`onsite_payments.currency`). */
  readonly collectCurrency?: string;
  /** Check-in, fee and policy texts of the property. */
  readonly remarks: readonly SupplierRemark[];
  /** Rate plans' own texts by Rapid rate id (`rates.{id}.special_offer_description`). */
  readonly rateRemarks: Readonly<Record<string, readonly SupplierRemark[]>>;
}

export const NO_FACTS: PropertyFacts = { remarks: [], rateRemarks: {} };

/** A rate's remarks: its own text first, then the property's, then its deposits. */
export function rateRemarks(facts: PropertyFacts, rateId: string | undefined, deposits: readonly SupplierRemark[]): SupplierRemark[] {
  return [...(rateId ? (facts.rateRemarks[rateId] ?? []) : []), ...facts.remarks, ...deposits];
}

/** One wire rate (one bed group's price-check link) → a port rate covering every requested room. */
export function rateFromWire(
  rate: WireRate,
  room: { id?: string; room_name?: string },
  propertyId: string,
  occupancies: readonly string[],
  stay: StayFacts,
  facts: PropertyFacts,
  operation: string,
): SupplierRate[] {
  if (!rate || typeof rate !== 'object') throw bad(operation, 'rate is not an object');
  const roomTypeCode = requireString(room.id, operation, 'rooms.id');
  const payment = paymentOf(rate.merchant_of_record);
  const pricing = pricingForRooms(rate.occupancy_pricing, occupancies, payment, operation, facts.collectCurrency);
  // Rapid's shopping answer states no stay, but prices it night by night: nightly charges for another number
  // of nights than the stay asked are a rate for another stay. (A price check answers for the key's own stay.)
  const nights = operation === 'availability' ? nightsOf(stay) : undefined;
  if (pricing.nightlyMinor.length > 0 && nights !== undefined && pricing.nightlyMinor.length !== nights)
    throw refusal(SUPPLIER_ID, 'stay_mismatch', operation, 'nightly charges for another number of nights than the stay asked');
  const boardBasis = boardFromAmenities(Object.values(rate.amenities ?? {}));
  const refundable = rate.refundable === true;
  const cancellation = cancellationPolicy(rate.cancel_penalties, pricing, operation, stay, rate.nonrefundable_date_ranges);
  const remarks = rateRemarks(facts, rate.id, depositRemarks(rate.deposits, pricing.price.currency, operation));
  const bedGroups = Object.values(rate.bed_groups ?? {});
  if (bedGroups.length === 0) throw bad(operation, 'rate without bed_groups');
  return bedGroups.map((bedGroup) => {
    const key: ExpediaRateKey = {
      priceCheckHref: requireString(bedGroup?.links?.price_check?.href, operation, 'bed_groups.links.price_check.href'),
      propertyId,
      occupancies,
      roomTypeCode,
      roomTypeName: room.room_name ?? roomTypeCode,
      boardBasis,
      refundable,
      payment,
      cancellationPolicy: cancellation,
      ...(rate.id ? { rateId: rate.id } : {}),
      ...(rate.sale_scenario?.package === true ? { packageOnly: true } : {}),
    };
    return portRate(key, pricing, remarks);
  });
}

export function portRate(key: ExpediaRateKey, pricing: RoomPricing, remarks: readonly SupplierRemark[]): SupplierRate {
  return supplierRate({
    supplierRateKey: packRateKey(key),
    roomTypeCode: key.roomTypeCode,
    roomTypeName: key.roomTypeName,
    boardBasis: key.boardBasis,
    refundable: key.refundable,
    payment: key.payment,
    price: pricing.price,
    commission: pricing.commission,
    cancellationPolicy: key.cancellationPolicy,
    taxes: pricing.taxes,
    payAtProperty: pricing.payAtProperty,
    remarks,
    minimumSellingPrice: pricing.minimumSellingPrice,
    packageOnly: key.packageOnly === true,
    nightly: nightlyPrices(pricing),
  });
}

/** Rapid's `nightly` breakdown, night by night over all rooms, as the rate's nightly prices (none when it sends none). */
function nightlyPrices(pricing: RoomPricing): Money[] | undefined {
  const nights = pricing.nightlyMinor;
  if (nights.length === 0) return undefined;
  const out: Money[] = [];
  // Index by index: a night no room priced is a hole, which array methods would skip.
  for (let night = 0; night < nights.length; night += 1) {
    const minor = nights[night];
    if (minor === undefined) return undefined;
    out.push(money(minor, pricing.price.currency));
  }
  return out;
}

/** What the adapter stores in `affiliate_metadata` at booking: the room type, which itineraries do not name. */
export interface BookingMetadata {
  readonly roomTypeCode: string;
  readonly roomTypeName?: string;
}

/**
 * Rapid's `affiliate_metadata`: "up to 256 characters ... in the format 'key1:value|key2:value'", with
 * `< > ( ) &` re-encoded. Values are percent-encoded (the separators `:` and `|` and those five characters
 * with them), so they read back exactly; the name is dropped rather than cut when the whole does not fit.
 */
export function formatBookingMetadata(metadata: BookingMetadata): string {
  const room = `room:${metadataValue(metadata.roomTypeCode)}`;
  const full = metadata.roomTypeName !== undefined ? `${room}|name:${metadataValue(metadata.roomTypeName)}` : room;
  return full.length <= 256 ? full : room.slice(0, 256);
}

function metadataValue(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function parseBookingMetadata(text: string | undefined): BookingMetadata | undefined {
  if (!text) return undefined;
  const pairs = new Map<string, string>();
  for (const part of text.split('|')) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    try {
      pairs.set(part.slice(0, colon), decodeURIComponent(part.slice(colon + 1)));
    } catch {
      // a value we did not write: ignored
    }
  }
  const room = pairs.get('room');
  if (room) return { roomTypeCode: room, ...(pairs.has('name') ? { roomTypeName: pairs.get('name')! } : {}) };
  // Itineraries booked before the key:value format carried JSON.
  try {
    const parsed = JSON.parse(text) as { room?: unknown; name?: unknown };
    if (typeof parsed.room !== 'string') return undefined;
    return { roomTypeCode: parsed.room, ...(typeof parsed.name === 'string' ? { roomTypeName: parsed.name } : {}) };
  } catch {
    return undefined;
  }
}

/**
 * Rapid keeps one guest name per room with the number of adults and the children's ages; the other
 * guests come back unnamed so the room's head count survives.
 */
function guestsOf(room: WireRoomItinerary): Guest[] {
  const adults = typeof room.number_of_adults === 'number' && room.number_of_adults > 0 ? room.number_of_adults : 1;
  const lead: Guest = { type: 'adult', firstName: room.given_name ?? '', lastName: room.family_name ?? '' };
  return [
    lead,
    ...Array.from({ length: adults - 1 }, (): Guest => ({ type: 'adult', firstName: '', lastName: '' })),
    ...(Array.isArray(room.child_ages) ? room.child_ages : []).map((age): Guest => ({ type: 'child', firstName: '', lastName: '', age })),
  ];
}

export function bookingFromWire(itinerary: WireItinerary | undefined, facts: PropertyFacts, operation: string, now: Date): SupplierBooking {
  if (!itinerary || typeof itinerary !== 'object' || Array.isArray(itinerary)) throw bad(operation, 'missing itinerary');
  const rooms = itinerary.rooms;
  if (!Array.isArray(rooms) || rooms.length === 0) throw bad(operation, 'itinerary without rooms');
  const first = rooms[0]!;
  const payment: PaymentModel = rooms.every((room) => paymentOf(room?.rate?.merchant_of_record) === 'pay_at_hotel')
    ? 'pay_at_hotel'
    : 'net';
  const perRoom = rooms.map((room) => {
    if (!room || typeof room !== 'object') throw bad(operation, 'room is not an object');
    const pricing = sumRoomPricing([room.rate?.pricing], paymentOf(room.rate?.merchant_of_record), operation, facts.collectCurrency);
    const stay = { checkIn: room.checkin ?? '', checkOut: room.checkout ?? '', now };
    return {
      pricing,
      policy: cancellationPolicy(room.rate?.cancel_penalties, pricing, operation, stay, room.rate?.nonrefundable_date_ranges),
      deposits: depositRemarks(room.rate?.deposits, pricing.price.currency, operation),
    };
  });
  const currency = perRoom[0]!.pricing.price.currency;
  if (perRoom.some((room) => room.pricing.price.currency !== currency)) throw bad(operation, 'rooms priced in different currencies');
  const price = money(
    perRoom.reduce((sum, room) => sum + parseMinor(room.pricing.price.amount, currency), 0),
    currency,
  );
  const instants = [...new Set(perRoom.flatMap((room) => room.policy.map((p) => p.from)))].sort();
  const cancellation = instants.map((from) =>
    cancellationPenalty(
      from,
      money(
        perRoom.reduce((total, room) => {
          let applied = 0;
          for (const entry of room.policy) if (entry.from <= from) applied = parseMinor(entry.penalty.amount, currency);
          return total + applied;
        }, 0),
        currency,
      ),
    ),
  );
  const statuses = rooms.map((room) => room.status);
  if (statuses.some((status) => status !== 'booked' && status !== 'canceled' && status !== 'pending'))
    throw bad(operation, 'missing rooms.status');
  const metadata = parseBookingMetadata(itinerary.affiliate_metadata);
  const created = typeof itinerary.creation_date_time === 'string' ? Date.parse(itinerary.creation_date_time) : Number.NaN;
  const charges = new Map<string, PropertyCharge>();
  for (const charge of perRoom.flatMap((room) => room.pricing.payAtProperty)) {
    const key = `${charge.kind}|${charge.amount.currency}`;
    const before = charges.get(key);
    charges.set(
      key,
      before
        ? propertyCharge(
            charge.kind,
            charge.description,
            money(
              parseMinor(before.amount.amount, charge.amount.currency) + parseMinor(charge.amount.amount, charge.amount.currency),
              charge.amount.currency,
            ),
          )
        : charge,
    );
  }
  const remarks: SupplierRemark[] = [];
  for (const remark of [...facts.remarks, ...perRoom.flatMap((room) => room.deposits)]) {
    if (!remarks.some((r) => r.kind === remark.kind && r.text === remark.text)) remarks.push(remark);
  }
  return {
    supplierId: SUPPLIER_ID,
    supplierReference: requireString(itinerary.itinerary_id, operation, 'itinerary_id'),
    clientReference: itinerary.affiliate_reference_id ?? '',
    // A pending room is accepted by Rapid and awaiting the property; it is held for the guest, not failed.
    status: statuses.every((status) => status === 'canceled') ? 'cancelled' : 'confirmed',
    supplierPropertyId: requireString(itinerary.property_id, operation, 'property_id'),
    propertyName: facts.name ?? '',
    checkIn: requireString(first.checkin, operation, 'rooms.checkin'),
    checkOut: requireString(first.checkout, operation, 'rooms.checkout'),
    holder: { firstName: first.given_name ?? '', lastName: first.family_name ?? '' },
    rooms: rooms.map((room) => ({
      roomTypeCode: metadata?.roomTypeCode ?? room.bed_group_id ?? '',
      ...(metadata?.roomTypeName ? { roomTypeName: metadata.roomTypeName } : {}),
      boardBasis: boardFromAmenities((Array.isArray(room.rate?.amenities) ? room.rate.amenities : []).map((id) => ({ id }))),
      guests: guestsOf(room),
    })),
    price,
    payment,
    cancellationPolicy: cancellation,
    ...(Number.isNaN(created) ? {} : { createdAt: new Date(created).toISOString() }),
    remarks,
    payAtProperty: [...charges.values()],
    ...withHotelConfirmation(rooms.map((room) => room.confirmation_id?.property)),
  };
}

/**
 * What the supplier kept, or charges, on cancelled rooms: per room, what was paid up front less its
 * `cancel_refund`, never below zero. Expedia-collect rooms were paid in full at booking (`inclusive`);
 * property-collect rooms were paid nothing up front, so only a negative refund (an amount owed, as the
 * spec's example sends) is a penalty there. A negative refund on a prepaid room means the whole payment is
 * kept and more is owed: the penalty is then above the room's price, as the supplier states it.
 */
export function appliedPenalty(itinerary: WireItinerary, operation: string): Money {
  const rooms = (Array.isArray(itinerary.rooms) ? itinerary.rooms : []).filter((room) => room?.status === 'canceled');
  if (rooms.length === 0) throw bad(operation, 'no cancelled room after cancellation');
  let total = 0;
  let currency: string | undefined;
  for (const room of rooms) {
    const price = chargeMinor(room.rate?.pricing?.totals?.inclusive, operation, 'rate.pricing.totals.inclusive');
    const refund = room.rate?.cancel_refund;
    if (!refund || typeof refund !== 'object') throw bad(operation, 'cancelled room without cancel_refund');
    const refundCurrency = refund.currency ?? price.currency;
    if (refundCurrency !== price.currency || (currency !== undefined && currency !== price.currency))
      throw bad(operation, "cancel_refund in a currency other than the price's");
    currency = price.currency;
    const prepaid = paymentOf(room.rate?.merchant_of_record) === 'net' ? price.minor : 0;
    total += Math.max(0, prepaid - minorOf(refund.amount, price.currency, operation, 'cancel_refund.amount'));
  }
  return money(total, currency!);
}
