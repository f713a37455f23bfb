// The zones alone, not the whole catalogue: these adapters ride in every booking function.
import { cityTimeZone } from '../../domain/destinations/city-zone.js';
import { money, parseMinor, type Money } from '../../domain/money/money.js';
import { percentOfMinor, type PercentRules } from '../../domain/money/percentage.js';
import { addNightly } from '../../domain/pricing/nightly-prices.js';
import type {
  BoardBasis,
  CancellationPenalty,
  Guest,
  Holder,
  PropertyAddress,
  PropertyCharge,
  RateTax,
  SupplierBooking,
  SupplierRate,
  SupplierRemark,
} from '../port.js';
import { cancellationPenalty, joinLists, propertyCharge, rateTax, remarksOf, supplierRate } from '../rate-shape.js';
import { withHotelConfirmation } from '../hotel-confirmation.js';
import { SupplierError } from '../supplier-error.js';
import { penaltyStart, type DeadlineContext } from './deadlines.js';
import {
  AGE_CHILD,
  BOARD_BY_MEAL_PLAN,
  CONTEXT_CLIENT,
  CONTEXT_SUPPLIER,
  RES_STATUS_CANCELLED,
  RES_STATUS_RESERVED,
  SUPPLIER_ID,
  UIT_HOTEL,
  UIT_RESERVATION,
} from './codes.js';
import { attr, child, children, text, texts, type XmlNode } from './xml.js';

/** OTA wire (parsed XML) → port types. Anything missing or malformed is a `bad_response`, never a crash. */

export function bad(operation: string, message: string): SupplierError {
  return new SupplierError('bad_response', SUPPLIER_ID, `${operation}: ${message}`, { operation });
}

export function requireAttr(node: XmlNode | undefined, name: string, operation: string, where: string): string {
  const value = attr(node, name);
  if (!value) throw bad(operation, `missing ${where}/@${name}`);
  return value;
}

export function amountOf(value: string | undefined, currency: string | undefined, operation: string, field: string): Money {
  if (!value || !currency) throw bad(operation, `missing ${field}`);
  try {
    return money(parseMinor(value, currency), currency);
  } catch (error) {
    throw new SupplierError('bad_response', SUPPLIER_ID, `${operation}: ${field} is not an amount`, { operation }, { cause: error });
  }
}

/**
 * An OTA amount attribute (CurrencyAmountGroup, CurrencyCodeGroup, FeeTaxGroup) in every form the XSD allows:
 * a decimal ("125.50"), or minor units without a decimal point qualified by `DecimalPlaces` ("12550" with
 * DecimalPlaces="2"), in the element's `CurrencyCode` or, absent, the one the context gives. Undefined when
 * the attribute is absent.
 */
export function amountAttr(
  node: XmlNode | undefined,
  name: string,
  fallbackCurrency: string | undefined,
  operation: string,
  field: string,
  decimalPlacesFrom: XmlNode | undefined = node,
): Money | undefined {
  const value = attr(node, name);
  if (value === undefined) return undefined;
  const currency = attr(node, 'CurrencyCode') ?? fallbackCurrency;
  const places = attr(decimalPlacesFrom, 'DecimalPlaces');
  if (places !== undefined && /^\d+$/.test(value.trim())) {
    const digits = Number(places);
    if (!Number.isInteger(digits) || digits > 6) throw bad(operation, `${field} has unusable DecimalPlaces`);
    const text = value.trim().padStart(digits + 1, '0');
    return amountOf(digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`, currency, operation, field);
  }
  return amountOf(value, currency, operation, field);
}

/** The hotel's IANA zone, from the IATA city code the supplier gives with the property (undefined: not placeable). */
export function zoneOf(cityCode: string | undefined): string | undefined {
  return cityCode ? cityTimeZone(cityCode) : undefined;
}

export { deadlineToUtc } from './deadlines.js';

/** OTA's Percentage type: an xs:decimal from 0 to 100. */
const OTA_PERCENTAGE: PercentRules = { atMost100: true };

/** A percentage (OTA Percentage) of an amount in minor units, exactly, rounded half up. */
export function percentOf(minor: number, percent: string | undefined, operation: string, field: string): number {
  const share = percent === undefined ? 'not-a-percentage' : percentOfMinor(minor, percent, OTA_PERCENTAGE);
  if (typeof share === 'number') return share;
  const why = {
    'not-a-percentage': 'is not a percentage',
    'above-100': 'is above 100',
    'out-of-range': 'gives a share too large to hold exactly',
  }[share];
  throw bad(operation, `${field} ${why}`);
}

/** Text of a ParagraphType (its Text and ListItem children, in order), as one string per element. */
export function paragraphTexts(paragraphs: readonly XmlNode[]): string[] {
  return paragraphs.map((paragraph) =>
    [...texts(paragraph, 'Text'), ...texts(paragraph, 'ListItem')].filter((t) => t.trim() !== '').join('\n'),
  );
}

/**
 * What the stay is priced at, per night, as the first RoomRate's nightly `Rate/Base` says (a daily Rate
 * spanning several nights counts once per night); undefined when its Rates do not say it for every night.
 */
function givenNightly(roomRate: XmlNode | undefined, price: Money, nights: number, operation: string): number[] | undefined {
  const currency = price.currency;
  const out: number[] = [];
  for (const rate of children(child(roomRate, 'Rates'), 'Rate')) {
    const unit = attr(rate, 'RateTimeUnit');
    const multiplier = attr(rate, 'UnitMultiplier');
    if ((unit !== undefined && unit !== 'Day') || (multiplier !== undefined && multiplier !== '1')) return undefined;
    const base = child(rate, 'Base');
    const amount =
      amountAttr(base, 'AmountAfterTax', currency, operation, 'Rate/Base/@AmountAfterTax') ??
      amountAttr(base, 'AmountBeforeTax', currency, operation, 'Rate/Base/@AmountBeforeTax');
    if (!amount || amount.currency !== currency) return undefined;
    const from = attr(rate, 'EffectiveDate');
    const to = attr(rate, 'ExpireDate');
    const span = from && to ? Math.round((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / 86_400_000) : 1;
    for (let i = 0; i < (Number.isInteger(span) && span >= 1 ? span : 1); i += 1) out.push(parseMinor(amount.amount, currency));
  }
  return out.length === nights && nights > 0 ? out : undefined;
}

/** What the stay is priced at, per night: the supplier's own nightly figures, else the total spread evenly. */
function nightlyAmounts(given: number[] | undefined, price: Money, nights: number): number[] {
  return given ?? evenly(parseMinor(price.amount, price.currency), nights);
}

function evenly(total: number, nights: number): number[] {
  const n = Math.max(1, nights);
  const each = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => each + (i === 0 ? total - each * n : 0));
}

interface PenaltyBasis {
  /** What the rate costs (AmountAfterTax, else AmountBeforeTax), and before tax where given. */
  readonly price: Money;
  readonly beforeTax: Money | undefined;
  readonly nightly: readonly number[];
}

/**
 * An AmountPercent (AmountPercentType) → the penalty in the rate's currency. `Amount` when given; else
 * `NmbrOfNights` nights (from the first, or the first and last with BasisType FirstLast), taken at `Percent`
 * when both are given; else `Percent` of the full stay (BasisType FullStay or none) or of the first and last
 * nights (FirstLast). `TaxInclusive="false"` takes the percentage of the amount before tax. No AmountPercent on
 * a non-refundable penalty: the whole stay.
 */
function penaltyAmount(amountPercent: XmlNode | undefined, nonRefundable: boolean, basis: PenaltyBasis, operation: string): Money {
  const currency = basis.price.currency;
  if (!amountPercent) {
    if (nonRefundable) return basis.price;
    throw bad(operation, 'CancelPenalty has neither AmountPercent nor NonRefundable');
  }
  const amount = amountAttr(amountPercent, 'Amount', currency, operation, 'CancelPenalty/AmountPercent/@Amount');
  // An Amount of zero beside a Percent or a number of nights is the unused one of the pair, not a free cancellation.
  const amountIsPlaceholder =
    amount !== undefined &&
    parseMinor(amount.amount, amount.currency) === 0 &&
    (attr(amountPercent, 'Percent') !== undefined || attr(amountPercent, 'NmbrOfNights') !== undefined);
  if (amount && !amountIsPlaceholder) {
    if (amount.currency !== currency) throw bad(operation, 'CancelPenalty/AmountPercent is in another currency than the rate');
    return amount;
  }
  const percent = attr(amountPercent, 'Percent');
  const nightsText = attr(amountPercent, 'NmbrOfNights');
  const basisType = attr(amountPercent, 'BasisType');
  const nightly = basis.nightly;
  const firstLast = (): number => (nightly.length <= 1 ? (nightly[0] ?? 0) : nightly[0]! + nightly[nightly.length - 1]!);
  if (nightsText !== undefined) {
    const nights = /^\d+$/.test(nightsText) ? Number(nightsText) : Number.NaN;
    if (!Number.isInteger(nights)) throw bad(operation, 'CancelPenalty/AmountPercent/@NmbrOfNights is not a number of nights');
    const sum = basisType === 'FirstLast' ? firstLast() : nightly.slice(0, nights).reduce((total, n) => total + n, 0);
    return money(percent !== undefined ? percentOf(sum, percent, operation, 'CancelPenalty/AmountPercent/@Percent') : sum, currency);
  }
  if (percent !== undefined) {
    if (basisType === 'Nights') throw bad(operation, 'CancelPenalty/AmountPercent has BasisType Nights without NmbrOfNights');
    const whole = attr(amountPercent, 'TaxInclusive') === 'false' && basis.beforeTax ? basis.beforeTax : basis.price;
    const of = basisType === 'FirstLast' ? firstLast() : parseMinor(whole.amount, currency);
    return money(percentOf(of, percent, operation, 'CancelPenalty/AmountPercent/@Percent'), currency);
  }
  if (nonRefundable) return basis.price;
  throw bad(operation, 'CancelPenalty/AmountPercent has no Amount, Percent or NmbrOfNights');
}

export interface CancellationRead {
  readonly policy: CancellationPenalty[];
  /** PenaltyDescription texts, for the traveller. */
  readonly descriptions: string[];
  readonly refundable: boolean;
}

export function cancellationPolicy(
  penalties: XmlNode | undefined,
  context: DeadlineContext,
  basis: PenaltyBasis,
  operation: string,
): CancellationRead {
  const entries = children(penalties, 'CancelPenalty');
  const descriptions: string[] = [];
  const policy = entries
    .map((penalty) => {
      const nonRefundable = attr(penalty, 'NonRefundable') === 'true';
      descriptions.push(...paragraphTexts(children(penalty, 'PenaltyDescription')));
      return cancellationPenalty(
        penaltyStart(child(penalty, 'Deadline'), context, operation),
        penaltyAmount(child(penalty, 'AmountPercent'), nonRefundable, basis, operation),
      );
    })
    .sort((a, b) => a.from.localeCompare(b.from));
  return { policy, descriptions, refundable: !entries.some((penalty) => attr(penalty, 'NonRefundable') === 'true') };
}

function boardOf(plan: XmlNode | undefined): BoardBasis {
  const meals = child(plan, 'MealsIncluded');
  for (const code of (attr(meals, 'MealPlanCodes') ?? '').split(/\s+/)) {
    const board = BOARD_BY_MEAL_PLAN[code];
    if (board) return board;
  }
  // Codes beyond ours (continental, American, ...) still say whether breakfast is in.
  return attr(meals, 'Breakfast') === 'true' ? 'BB' : 'RO';
}

/** OTA Fee Tax Type (FTT) codes that name a city or tourism tax, and a resort fee. */
const FTT_CITY_TAXES: ReadonlySet<string> = new Set(['3', '18']);
const FTT_RESORT_FEE = '12';

interface TaxesRead {
  readonly taxes: RateTax[];
  readonly payAtProperty: PropertyCharge[];
}

/**
 * `Total/Taxes` → taxes included in the price, and charges not included (which the property collects, in the
 * tax's own `CurrencyCode`). A Tax is included when its `Type` says `Inclusive`, not when it says `Exclusive`;
 * with no Type (or `Cumulative`) it is included when the price is an AmountAfterTax ("including all associated
 * taxes") and the rate plan does not say `RatePlanInclusions/@TaxInclusive="false"`. An AmountBeforeTax price
 * includes no untyped tax. A Tax given as a `Percent` is taken of the amount before tax (else the price). A
 * `Taxes` element with a total `Amount` and no Tax is one tax.
 */
function taxesOf(
  total: XmlNode | undefined,
  price: Money,
  beforeTax: Money | undefined,
  untypedIncluded: boolean,
  operation: string,
): TaxesRead {
  const taxesNode = child(total, 'Taxes');
  const list = children(taxesNode, 'Tax');
  const entries = list.length > 0 ? list : taxesNode && attr(taxesNode, 'Amount') !== undefined ? [taxesNode] : [];
  const out: TaxesRead = { taxes: [], payAtProperty: [] };
  for (const tax of entries) {
    const type = attr(tax, 'Type');
    const included = type === 'Inclusive' || (type !== 'Exclusive' && untypedIncluded);
    const fallbackCurrency = attr(taxesNode, 'CurrencyCode') ?? price.currency;
    let amount = amountAttr(tax, 'Amount', fallbackCurrency, operation, 'Taxes/Tax/@Amount');
    if (!amount || (parseMinor(amount.amount, amount.currency) === 0 && attr(tax, 'Percent') !== undefined)) {
      const base = beforeTax ?? price;
      if (attr(tax, 'Percent') === undefined) throw bad(operation, 'Taxes/Tax has neither Amount nor Percent');
      amount = money(
        percentOf(parseMinor(base.amount, base.currency), attr(tax, 'Percent'), operation, 'Taxes/Tax/@Percent'),
        base.currency,
      );
    }
    const description = paragraphTexts(children(tax, 'TaxDescription')).join('\n') || undefined;
    if (included) {
      // Part of the price cannot be in another currency than the price (and pricing breaks it out of net).
      if (amount.currency !== price.currency) throw bad(operation, 'Taxes/Tax included in the price is in another currency than the price');
      out.taxes.push(rateTax('tax', true, amount, description));
    } else {
      const code = attr(tax, 'Code') ?? '';
      const kind = FTT_CITY_TAXES.has(code) ? 'city_tax' : code === FTT_RESORT_FEE ? 'resort_fee' : 'tax';
      out.payAtProperty.push(propertyCharge(kind, description, amount));
    }
  }
  return out;
}

/**
 * RoomStays as one rate each. The schema lets one RoomStay offer several rates (RoomTypes, RatePlans and
 * RoomRates are lists: a room type with each of its plans as a RoomRate with its own Rates and Total), as many
 * OTA suppliers answer; each RoomRate becomes a RoomStay of its own with its room type, its plan and its own
 * Total (the RoomStay's Total belongs to it only when it is the only RoomRate; one room type and plan over
 * several RoomRates is one rate in date segments, priced by the RoomStay's Total). The RoomStay's penalties,
 * guests, dates and property apply to each.
 */
export function expandRoomStays(nodes: readonly XmlNode[]): XmlNode[] {
  const out: XmlNode[] = [];
  for (const stay of nodes) {
    const roomRates = children(child(stay, 'RoomRates'), 'RoomRate');
    const combos = new Set(roomRates.map((rate) => `${attr(rate, 'RoomTypeCode') ?? ''}|${attr(rate, 'RatePlanCode') ?? ''}`));
    // One combination over several RoomRates is one rate in parts (a price change mid-stay): the RoomStay's Total prices it.
    if (roomRates.length <= 1 || combos.size < roomRates.length) {
      out.push(stay);
      continue;
    }
    const roomTypes = children(child(stay, 'RoomTypes'), 'RoomType');
    const ratePlans = children(child(stay, 'RatePlans'), 'RatePlan');
    for (const roomRate of roomRates) {
      const roomType = roomTypes.find((type) => attr(type, 'RoomTypeCode') === attr(roomRate, 'RoomTypeCode'));
      const ratePlan = ratePlans.find((plan) => attr(plan, 'RatePlanCode') === attr(roomRate, 'RatePlanCode'));
      const { Total: _stayTotal, ...rest } = stay as Record<string, unknown>;
      out.push({
        ...rest,
        RoomTypes: roomType ? { RoomType: [roomType] } : {},
        RatePlans: ratePlan ? { RatePlan: [ratePlan] } : {},
        RoomRates: { RoomRate: [roomRate] },
        ...(child(roomRate, 'Total') ? { Total: child(roomRate, 'Total') } : {}),
      });
    }
  }
  return out;
}

/**
 * Fees on the nightly rates (`RoomRate/Rates/Rate/Fees/Fee`, FeeType) the property collects: `Type="Exclusive"`,
 * or untyped when the Total says `AdditionalFeesExcludedIndicator="true"`; not when `MandatoryInd="false"` (an
 * optional extra is not an obligation). A Rate's fee is per unit of that Rate (per night for a daily rate, so
 * once per night of its EffectiveDate..ExpireDate span); an `Amount`, or a `Percent` of the Rate's Base. Kind
 * from the FTT code (12 resort fee, 3 and 18 city taxes), else `mandatory_fee`.
 */
function rateFeesAtProperty(
  roomRate: XmlNode | undefined,
  feesExcluded: boolean,
  fallbackCurrency: string,
  operation: string,
): PropertyCharge[] {
  const out: PropertyCharge[] = [];
  for (const rate of children(child(roomRate, 'Rates'), 'Rate')) {
    const from = attr(rate, 'EffectiveDate');
    const to = attr(rate, 'ExpireDate');
    const span = from && to ? Math.round((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / 86_400_000) : 1;
    const units = Number.isInteger(span) && span >= 1 ? span : 1;
    const base = child(rate, 'Base');
    for (const fee of children(child(rate, 'Fees'), 'Fee')) {
      const type = attr(fee, 'Type');
      if (!(type === 'Exclusive' || (type === undefined && feesExcluded)) || attr(fee, 'MandatoryInd') === 'false') continue;
      let amount = amountAttr(fee, 'Amount', attr(base, 'CurrencyCode') ?? fallbackCurrency, operation, 'Rate/Fees/Fee/@Amount');
      if (!amount || (parseMinor(amount.amount, amount.currency) === 0 && attr(fee, 'Percent') !== undefined)) {
        const of =
          amountAttr(base, 'AmountAfterTax', fallbackCurrency, operation, 'Rate/Base/@AmountAfterTax') ??
          amountAttr(base, 'AmountBeforeTax', fallbackCurrency, operation, 'Rate/Base/@AmountBeforeTax');
        if (!of || attr(fee, 'Percent') === undefined) throw bad(operation, 'Rate/Fees/Fee has neither Amount nor a Percent of a Base');
        amount = money(
          percentOf(parseMinor(of.amount, of.currency), attr(fee, 'Percent'), operation, 'Rate/Fees/Fee/@Percent'),
          of.currency,
        );
      }
      const code = attr(fee, 'Code') ?? '';
      const kind = code === FTT_RESORT_FEE ? 'resort_fee' : FTT_CITY_TAXES.has(code) ? 'city_tax' : 'mandatory_fee';
      const description = paragraphTexts(children(fee, 'Description')).join('\n') || undefined;
      out.push(propertyCharge(kind, description, money(parseMinor(amount.amount, amount.currency) * units, amount.currency)));
    }
  }
  return mergeCharges([out]);
}

/** One RoomStay (one room type × rate plan for one requested room) as its parts. */
export interface RoomStayRate {
  readonly hotelCode: string;
  readonly cityCode?: string;
  readonly candidateRph?: string;
  readonly roomTypeCode: string;
  readonly ratePlanCode: string;
  /** Per night, in the rate's currency minor units: what night-based penalties of the whole reservation count. */
  readonly nightly: readonly number[];
  readonly rate: Omit<SupplierRate, 'supplierRateKey'>;
}

/** What a RoomStay is read against beyond itself: the stay asked for, the hotel's times, the booking instant. */
export interface StayContext {
  /** Stay dates when the RoomStay carries no TimeSpan (availability answers need not). */
  readonly checkIn?: string | undefined;
  readonly checkOut?: string | undefined;
  /** Hotel local check-in and check-out times when another RoomStay of the hotel gave them. */
  readonly checkInTime?: string | undefined;
  readonly checkOutTime?: string | undefined;
  /** The booking's creation (reservations), or now (offers). */
  readonly bookedAt: Date;
}

/** The hotel's check-in and check-out times (BasicPropertyInfo/Policy), when given. */
export function hotelTimesOf(property: XmlNode | undefined): { checkInTime?: string; checkOutTime?: string } {
  const policy = child(property, 'Policy');
  const checkInTime = attr(policy, 'CheckInTime');
  const checkOutTime = attr(policy, 'CheckOutTime');
  return { ...(checkInTime ? { checkInTime } : {}), ...(checkOutTime ? { checkOutTime } : {}) };
}

/** Each of the hotel's times from the first of these nodes that gives it. */
export function firstHotelTimes(properties: readonly (XmlNode | undefined)[]): { checkInTime?: string; checkOutTime?: string } {
  const all = properties.map(hotelTimesOf);
  const checkInTime = all.find((times) => times.checkInTime)?.checkInTime;
  const checkOutTime = all.find((times) => times.checkOutTime)?.checkOutTime;
  return { ...(checkInTime ? { checkInTime } : {}), ...(checkOutTime ? { checkOutTime } : {}) };
}

export function roomStayRate(stay: XmlNode, operation: string, context: StayContext = { bookedAt: new Date() }): RoomStayRate {
  const property = child(stay, 'BasicPropertyInfo');
  const hotelCode = requireAttr(property, 'HotelCode', operation, 'RoomStay/BasicPropertyInfo');
  const cityCode = attr(property, 'HotelCityCode');
  const roomType = child(child(stay, 'RoomTypes'), 'RoomType');
  const roomRate = child(child(stay, 'RoomRates'), 'RoomRate');
  const plan = child(child(stay, 'RatePlans'), 'RatePlan');
  const roomTypeCode = attr(roomType, 'RoomTypeCode') ?? requireAttr(roomRate, 'RoomTypeCode', operation, 'RoomStay/RoomRates/RoomRate');
  const ratePlanCode = attr(plan, 'RatePlanCode') ?? requireAttr(roomRate, 'RatePlanCode', operation, 'RoomStay/RoomRates/RoomRate');
  // The RoomStay's Total, or its one RoomRate's (RoomStay/Total is optional in the schema).
  const total = child(stay, 'Total') ?? child(roomRate, 'Total');
  const currency = attr(total, 'CurrencyCode');
  if (!currency) throw bad(operation, 'missing RoomStay/Total/@CurrencyCode');
  const afterTax = amountAttr(total, 'AmountAfterTax', currency, operation, 'RoomStay/Total/@AmountAfterTax');
  const beforeTax = amountAttr(total, 'AmountBeforeTax', currency, operation, 'RoomStay/Total/@AmountBeforeTax');
  const price = afterTax ?? beforeTax;
  if (!price) throw bad(operation, 'RoomStay/Total has neither AmountAfterTax nor AmountBeforeTax');
  const planTaxInclusive = attr(child(plan, 'RatePlanInclusions'), 'TaxInclusive') !== 'false';
  const { taxes, payAtProperty: taxesAtProperty } = taxesOf(total, price, beforeTax, afterTax !== undefined && planTaxInclusive, operation);
  const payAtProperty = mergeCharges([
    taxesAtProperty,
    rateFeesAtProperty(roomRate, attr(total, 'AdditionalFeesExcludedIndicator') === 'true', currency, operation),
  ]);
  const payAtHotel = attr(plan, 'PrepaidIndicator') === 'false';
  const commission = child(child(plan, 'Commission'), 'CommissionPayableAmount');
  // The RoomStay's own penalties; a rate plan may carry them instead.
  const stayPenalties = child(stay, 'CancelPenalties');
  const penalties = children(stayPenalties, 'CancelPenalty').length > 0 ? stayPenalties : child(plan, 'CancelPenalties');
  const span = child(stay, 'TimeSpan');
  const checkIn = attr(span, 'Start') ?? context.checkIn;
  const checkOut = attr(span, 'End') ?? context.checkOut;
  const nights = checkIn && checkOut ? Math.round((Date.parse(checkOut.slice(0, 10)) - Date.parse(checkIn.slice(0, 10))) / 86_400_000) : 1;
  const times = hotelTimesOf(property);
  const stayNights = Number.isInteger(nights) && nights > 0 ? nights : 1;
  const given = givenNightly(roomRate, price, stayNights, operation);
  const nightly = nightlyAmounts(given, price, stayNights);
  const cancellation = cancellationPolicy(
    penalties,
    {
      zone: zoneOf(cityCode),
      checkIn,
      checkOut,
      bookedAt: context.bookedAt,
      checkInTime: times.checkInTime ?? context.checkInTime,
      checkOutTime: times.checkOutTime ?? context.checkOutTime,
    },
    { price, beforeTax, nightly },
    operation,
  );
  const details = children(child(plan, 'AdditionalDetails'), 'AdditionalDetail')
    .map((detail) => child(detail, 'DetailDescription'))
    .filter((d): d is XmlNode => d !== undefined);
  return {
    hotelCode,
    ...(cityCode ? { cityCode } : {}),
    ...(attr(stay, 'RoomStayCandidateRPH') ? { candidateRph: attr(stay, 'RoomStayCandidateRPH') } : {}),
    roomTypeCode,
    ratePlanCode,
    nightly,
    rate: {
      roomTypeCode,
      roomTypeName: attr(child(roomType, 'RoomDescription'), 'Name') ?? roomTypeCode,
      boardBasis: boardOf(plan),
      refundable: cancellation.refundable,
      payment: payAtHotel ? 'pay_at_hotel' : 'net',
      price,
      commission: payAtHotel && commission ? amountAttr(commission, 'Amount', currency, operation, 'Commission/@Amount') : undefined,
      cancellationPolicy: cancellation.policy,
      taxes,
      payAtProperty,
      remarks: [
        ...remarksOf('rate', paragraphTexts([...children(plan, 'RatePlanDescription'), ...details])),
        ...remarksOf('policy', cancellation.descriptions),
      ],
      // Only what the supplier said: a split it did not give is ours to make (domain/pricing/nightly-prices.ts).
      nightly: given?.map((minor) => money(minor, currency)),
    },
  };
}

/** Charges of several rooms: one per kind, description and currency, amounts added. */
function mergeCharges(lists: readonly (readonly PropertyCharge[])[]): PropertyCharge[] {
  const out: PropertyCharge[] = [];
  for (const charge of lists.flat()) {
    const index = out.findIndex(
      (c) => c.kind === charge.kind && c.description === charge.description && c.amount.currency === charge.amount.currency,
    );
    if (index < 0) out.push(charge);
    else {
      const currency = charge.amount.currency;
      out[index] = propertyCharge(
        charge.kind,
        charge.description,
        money(parseMinor(out[index]!.amount.amount, currency) + parseMinor(charge.amount.amount, currency), currency),
      );
    }
  }
  return out;
}

function mergeRemarks(lists: readonly (readonly SupplierRemark[])[]): SupplierRemark[] {
  const out: SupplierRemark[] = [];
  for (const r of lists.flat()) if (!out.some((o) => o.kind === r.kind && o.text === r.text)) out.push(r);
  return out;
}

/** The reservation's price per night over its rooms, where every room's Rates give it. */
function nightlyOfRooms(parts: readonly RoomStayRate[]): Pick<SupplierBooking, 'nightly'> {
  const nightly = addNightly(parts.map((part) => part.rate.nightly));
  return nightly ? { nightly } : {};
}

/** Several rooms' rates as one port rate: prices and commissions added, penalties summed per instant. */
export function mergeRoomRates(parts: readonly Omit<SupplierRate, 'supplierRateKey'>[], supplierRateKey: string): SupplierRate {
  const first = parts[0]!;
  const currency = first.price.currency;
  if (parts.some((part) => part.price.currency !== currency))
    throw bad('availability', 'the rooms of one rate are priced in different currencies');
  const add = (values: readonly (Money | undefined)[]): Money | undefined => {
    const present = values.filter((m): m is Money => m !== undefined);
    return present.length === 0
      ? undefined
      : money(
          present.reduce((total, m) => total + parseMinor(m.amount, currency), 0),
          currency,
        );
  };
  return supplierRate({
    ...first,
    supplierRateKey,
    price: add(parts.map((part) => part.price))!,
    commission: add(parts.map((part) => part.commission)),
    refundable: parts.every((part) => part.refundable),
    cancellationPolicy: mergePolicies(
      parts.map((part) => part.cancellationPolicy),
      currency,
    ),
    taxes: joinLists(parts.map((part) => part.taxes)),
    payAtProperty: mergeCharges(parts.map((part) => part.payAtProperty ?? [])),
    remarks: mergeRemarks(parts.map((part) => part.remarks ?? [])),
    nightly: addNightly(parts.map((part) => part.nightly)),
  });
}

export function mergePolicies(policies: readonly (readonly CancellationPenalty[])[], currency: string): CancellationPenalty[] {
  if (policies.length === 1) return [...policies[0]!];
  const instants = [...new Set(policies.flat().map((entry) => entry.from))].sort();
  return instants.map((from) =>
    cancellationPenalty(
      from,
      money(
        policies.reduce((total, entries) => {
          let applied = 0;
          for (const entry of entries) if (entry.from <= from) applied = parseMinor(entry.penalty.amount, currency);
          return total + applied;
        }, 0),
        currency,
      ),
    ),
  );
}

export function addressOf(property: XmlNode | undefined): PropertyAddress | undefined {
  const address = child(property, 'Address');
  if (!address) return undefined;
  const postalCode = text(address, 'PostalCode');
  return {
    line: texts(address, 'AddressLine').join(', '),
    ...(postalCode ? { postalCode } : {}),
    city: text(address, 'CityName') ?? '',
    countryCode: attr(child(address, 'CountryName'), 'Code') ?? '',
  };
}

export function geoOf(node: XmlNode | undefined): { lat: number; lng: number } | undefined {
  const position = child(node, 'Position');
  const lat = Number(attr(position, 'Latitude'));
  const lng = Number(attr(position, 'Longitude'));
  return position && Number.isFinite(lat) && Number.isFinite(lng) && attr(position, 'Latitude') !== undefined ? { lat, lng } : undefined;
}

export function starsOf(property: XmlNode | undefined): number | undefined {
  const rating = Number.parseInt(attr(child(property, 'Award'), 'Rating') ?? '', 10);
  return rating >= 1 && rating <= 5 ? rating : undefined;
}

/** The guests of a room: ResGuestRPHs is a whitespace-separated list of RPHs. */
export function rphsOf(stay: XmlNode | undefined): string[] {
  return (text(stay, 'ResGuestRPHs') ?? '').split(/\s+/).filter((rph) => rph !== '');
}

function personOf(customer: XmlNode | undefined): { firstName: string; lastName: string } {
  const name = child(customer, 'PersonName');
  return { firstName: texts(name, 'GivenName').join(' '), lastName: text(name, 'Surname') ?? '' };
}

function customerOf(profiles: XmlNode | undefined): XmlNode | undefined {
  return child(child(child(profiles, 'ProfileInfo'), 'Profile'), 'Customer');
}

/** A HotelReservation (book, read, modify answers) → the port's booking. */
export function bookingFromReservation(reservation: XmlNode | undefined, operation: string, now: Date = new Date()): SupplierBooking {
  if (!reservation) throw bad(operation, 'missing HotelReservation');
  const global = child(reservation, 'ResGlobalInfo');
  const ids = children(child(global, 'HotelReservationIDs'), 'HotelReservationID');
  const uniqueIds = children(reservation, 'UniqueID');
  const idFrom = (context: string): string | undefined =>
    attr(
      ids.find((id) => attr(id, 'ResID_Source') === context && attr(id, 'ResID_Type') === UIT_RESERVATION),
      'ResID_Value',
    ) ??
    attr(
      uniqueIds.find((id) => attr(id, 'ID_Context') === context),
      'ID',
    );
  const supplierReference = idFrom(CONTEXT_SUPPLIER);
  if (!supplierReference) throw bad(operation, 'missing the supplier reservation id');
  const resStatus = attr(reservation, 'ResStatus');
  const status = resStatus === RES_STATUS_RESERVED ? 'confirmed' : resStatus === RES_STATUS_CANCELLED ? 'cancelled' : undefined;
  if (!status) throw bad(operation, 'HotelReservation/@ResStatus is neither Reserved nor Cancelled');
  const stays = children(child(reservation, 'RoomStays'), 'RoomStay');
  if (stays.length === 0) throw bad(operation, 'missing RoomStays');
  const created = Date.parse(attr(reservation, 'CreateDateTime') ?? '');
  const bookedAt = Number.isNaN(created) ? now : new Date(created);
  const property = child(global, 'BasicPropertyInfo') ?? child(stays[0], 'BasicPropertyInfo');
  const span = child(global, 'TimeSpan') ?? child(stays[0], 'TimeSpan');
  const times = firstHotelTimes([property, ...stays.map((stay) => child(stay, 'BasicPropertyInfo'))]);
  const context: StayContext = { checkIn: attr(span, 'Start'), checkOut: attr(span, 'End'), ...times, bookedAt };
  const parts = stays.map((stay) => roomStayRate(stay, operation, context));
  const cityCode = attr(property, 'HotelCityCode') ?? parts[0]!.cityCode;
  const currency = parts[0]!.rate.price.currency;
  if (parts.some((part) => part.rate.price.currency !== currency))
    throw bad(operation, 'the rooms of the reservation are priced in different currencies');
  const price = money(
    parts.reduce((total, part) => total + parseMinor(part.rate.price.amount, currency), 0),
    currency,
  );
  const guestsByRph = new Map<string, Guest>();
  for (const guest of children(child(reservation, 'ResGuests'), 'ResGuest')) {
    const isChild = attr(guest, 'AgeQualifyingCode') === AGE_CHILD;
    const age = Number(attr(guest, 'Age'));
    guestsByRph.set(attr(guest, 'ResGuestRPH') ?? '', {
      type: isChild ? 'child' : 'adult',
      ...personOf(customerOf(child(guest, 'Profiles'))),
      ...(isChild && Number.isInteger(age) ? { age } : {}),
    });
  }
  const holderCustomer = customerOf(child(global, 'Profiles'));
  const email = text(holderCustomer, 'Email');
  const phone = attr(child(holderCustomer, 'Telephone'), 'PhoneNumber');
  const holder: Holder = { ...personOf(holderCustomer), ...(email ? { email } : {}), ...(phone ? { phone } : {}) };
  const globalPenalties = child(global, 'CancelPenalties');
  // The reservation's own penalties (all rooms together) when it gives them, else the rooms' added up.
  const global_ =
    children(globalPenalties, 'CancelPenalty').length > 0
      ? cancellationPolicy(
          globalPenalties,
          { zone: zoneOf(cityCode), ...context },
          {
            price,
            beforeTax: undefined,
            nightly: parts.reduce<number[]>((sum, part) => part.nightly.map((n, i) => n + (sum[i] ?? 0)), []),
          },
          operation,
        )
      : undefined;
  const policy =
    global_?.policy ??
    mergePolicies(
      parts.map((part) => part.rate.cancellationPolicy),
      currency,
    );
  const remarks = mergeRemarks([...parts.map((part) => part.rate.remarks ?? []), remarksOf('policy', global_?.descriptions ?? [])]);
  const payAtProperty = mergeCharges(parts.map((part) => part.rate.payAtProperty ?? []));
  const clientReference = idFrom(CONTEXT_CLIENT);
  return {
    supplierId: SUPPLIER_ID,
    supplierReference,
    clientReference: clientReference ?? '',
    status,
    supplierPropertyId: requireAttr(property, 'HotelCode', operation, 'BasicPropertyInfo'),
    propertyName: attr(property, 'HotelName') ?? '',
    checkIn: requireAttr(span, 'Start', operation, 'TimeSpan'),
    checkOut: requireAttr(span, 'End', operation, 'TimeSpan'),
    holder,
    rooms: stays.map((stay, index) => ({
      roomTypeCode: parts[index]!.roomTypeCode,
      roomTypeName: parts[index]!.rate.roomTypeName,
      boardBasis: parts[index]!.rate.boardBasis,
      guests: rphsOf(stay)
        .map((rph) => guestsByRph.get(rph))
        .filter((g): g is Guest => g !== undefined),
    })),
    price,
    payment: parts.every((part) => part.rate.payment === 'pay_at_hotel') ? 'pay_at_hotel' : 'net',
    cancellationPolicy: policy,
    ...(Number.isNaN(created) ? {} : { createdAt: new Date(created).toISOString() }),
    remarks,
    payAtProperty,
    ...nightlyOfRooms(parts),
    // The hotel's own number: a HotelReservationID of type Hotel (UIT 10), once the property gave one.
    ...withHotelConfirmation(ids.filter((id) => attr(id, 'ResID_Type') === UIT_HOTEL).map((id) => attr(id, 'ResID_Value'))),
  };
}
