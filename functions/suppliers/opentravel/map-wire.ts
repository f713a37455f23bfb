// The zones alone, not the whole catalogue: these adapters ride in every booking function.
import { cityTimeZone } from '../../domain/destinations/city-zone.js';
import { money, parseMinor, type Money } from '../../domain/money/money.js';
import type {
  BoardBasis, CancellationPenalty, Guest, Holder, PropertyAddress, RateTax, SupplierBooking, SupplierRate,
} from '../port.js';
import { cancellationPenalty, joinLists, rateTax, supplierRate } from '../rate-shape.js';
import { SupplierError } from '../supplier-error.js';
import { zonedLocalToUtc } from '../time-zone.js';
import {
  AGE_CHILD, BOARD_BY_MEAL_PLAN, CONTEXT_CLIENT, CONTEXT_SUPPLIER, RES_STATUS_CANCELLED, RES_STATUS_RESERVED, SUPPLIER_ID, UIT_RESERVATION,
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

/** The hotel's IANA zone, from the IATA city code the supplier gives with the property. */
export function zoneOf(cityCode: string | undefined, operation: string): string {
  const zone = cityCode ? cityTimeZone(cityCode) : undefined;
  if (!zone) throw bad(operation, `cannot place hotel city "${cityCode ?? ''}" in a time zone for its local deadlines`);
  return zone;
}

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A deadline as OTA suppliers write it: hotel local time without an offset ("2026-12-09T18:00:00"),
 * converted with the hotel's zone. One that does carry an offset or Z is taken as it is.
 */
export function deadlineToUtc(value: string | undefined, zone: string, operation: string): string {
  if (value && ZONED_DATE_TIME.test(value)) return new Date(value).toISOString();
  if (!value || !LOCAL_DATE_TIME.test(value)) throw bad(operation, `deadline "${value ?? ''}" is not a date-time`);
  return zonedLocalToUtc(value, zone).toISOString();
}

export function cancellationPolicy(penalties: XmlNode | undefined, zone: string, fallbackCurrency: string, operation: string): CancellationPenalty[] {
  return children(penalties, 'CancelPenalty').map((penalty) => {
    const amount = child(penalty, 'AmountPercent');
    return cancellationPenalty(
      deadlineToUtc(attr(child(penalty, 'Deadline'), 'AbsoluteDeadline'), zone, operation),
      amountOf(attr(amount, 'Amount'), attr(amount, 'CurrencyCode') ?? fallbackCurrency, operation, 'CancelPenalty/AmountPercent/@Amount'),
    );
  }).sort((a, b) => a.from.localeCompare(b.from));
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

function taxesOf(total: XmlNode | undefined, currency: string, operation: string): RateTax[] {
  return children(child(total, 'Taxes'), 'Tax').map((tax) => {
    const description = text(child(tax, 'TaxDescription'), 'Text');
    return rateTax(
      'tax',
      attr(tax, 'Type') === 'Inclusive',
      amountOf(attr(tax, 'Amount'), attr(tax, 'CurrencyCode') ?? currency, operation, 'Tax/@Amount'),
      description ? description : undefined,
    );
  });
}

/** One RoomStay (one room type × rate plan for one requested room) as its parts. */
export interface RoomStayRate {
  readonly hotelCode: string;
  readonly cityCode?: string;
  readonly candidateRph?: string;
  readonly roomTypeCode: string;
  readonly ratePlanCode: string;
  readonly rate: Omit<SupplierRate, 'supplierRateKey'>;
}

export function roomStayRate(stay: XmlNode, operation: string): RoomStayRate {
  const property = child(stay, 'BasicPropertyInfo');
  const hotelCode = requireAttr(property, 'HotelCode', operation, 'RoomStay/BasicPropertyInfo');
  const cityCode = attr(property, 'HotelCityCode');
  const roomType = child(child(stay, 'RoomTypes'), 'RoomType');
  const roomRate = child(child(stay, 'RoomRates'), 'RoomRate');
  const plan = child(child(stay, 'RatePlans'), 'RatePlan');
  const roomTypeCode = attr(roomType, 'RoomTypeCode') ?? requireAttr(roomRate, 'RoomTypeCode', operation, 'RoomStay/RoomRates/RoomRate');
  const ratePlanCode = attr(plan, 'RatePlanCode') ?? requireAttr(roomRate, 'RatePlanCode', operation, 'RoomStay/RoomRates/RoomRate');
  const total = child(stay, 'Total');
  const currency = attr(total, 'CurrencyCode');
  if (!currency) throw bad(operation, 'missing RoomStay/Total/@CurrencyCode');
  const price = amountOf(attr(total, 'AmountAfterTax') ?? attr(total, 'AmountBeforeTax'), currency, operation, 'RoomStay/Total/@AmountAfterTax');
  const payAtHotel = attr(plan, 'PrepaidIndicator') === 'false';
  const commission = child(child(plan, 'Commission'), 'CommissionPayableAmount');
  const penalties = child(stay, 'CancelPenalties');
  const policy = children(penalties, 'CancelPenalty').length > 0 ? cancellationPolicy(penalties, zoneOf(cityCode, operation), currency, operation) : [];
  return {
    hotelCode,
    ...(cityCode ? { cityCode } : {}),
    ...(attr(stay, 'RoomStayCandidateRPH') ? { candidateRph: attr(stay, 'RoomStayCandidateRPH') } : {}),
    roomTypeCode,
    ratePlanCode,
    rate: {
      roomTypeCode,
      roomTypeName: attr(child(roomType, 'RoomDescription'), 'Name') ?? roomTypeCode,
      boardBasis: boardOf(plan),
      refundable: !children(penalties, 'CancelPenalty').some((penalty) => attr(penalty, 'NonRefundable') === 'true'),
      payment: payAtHotel ? 'pay_at_hotel' : 'net',
      price,
      commission: payAtHotel && commission ? amountOf(attr(commission, 'Amount'), attr(commission, 'CurrencyCode') ?? currency, operation, 'Commission/@Amount') : undefined,
      cancellationPolicy: policy,
      taxes: taxesOf(total, currency, operation),
    },
  };
}

/** Several rooms' rates as one port rate: prices and commissions added, penalties summed per instant. */
export function mergeRoomRates(parts: readonly Omit<SupplierRate, 'supplierRateKey'>[], supplierRateKey: string): SupplierRate {
  const first = parts[0]!;
  const currency = first.price.currency;
  const add = (values: readonly (Money | undefined)[]): Money | undefined => {
    const present = values.filter((m): m is Money => m !== undefined);
    return present.length === 0 ? undefined : money(present.reduce((total, m) => total + parseMinor(m.amount, currency), 0), currency);
  };
  return supplierRate({
    ...first,
    supplierRateKey,
    price: add(parts.map((part) => part.price))!,
    commission: add(parts.map((part) => part.commission)),
    refundable: parts.every((part) => part.refundable),
    cancellationPolicy: mergePolicies(parts.map((part) => part.cancellationPolicy), currency),
    taxes: joinLists(parts.map((part) => part.taxes)),
  });
}

export function mergePolicies(policies: readonly (readonly CancellationPenalty[])[], currency: string): CancellationPenalty[] {
  if (policies.length === 1) return [...policies[0]!];
  const instants = [...new Set(policies.flat().map((entry) => entry.from))].sort();
  return instants.map((from) => cancellationPenalty(from, money(policies.reduce((total, entries) => {
    let applied = 0;
    for (const entry of entries) if (entry.from <= from) applied = parseMinor(entry.penalty.amount, currency);
    return total + applied;
  }, 0), currency)));
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
export function bookingFromReservation(reservation: XmlNode | undefined, operation: string): SupplierBooking {
  if (!reservation) throw bad(operation, 'missing HotelReservation');
  const global = child(reservation, 'ResGlobalInfo');
  const ids = children(child(global, 'HotelReservationIDs'), 'HotelReservationID');
  const uniqueIds = children(reservation, 'UniqueID');
  const idFrom = (context: string): string | undefined =>
    attr(ids.find((id) => attr(id, 'ResID_Source') === context && attr(id, 'ResID_Type') === UIT_RESERVATION), 'ResID_Value')
    ?? attr(uniqueIds.find((id) => attr(id, 'ID_Context') === context), 'ID');
  const supplierReference = idFrom(CONTEXT_SUPPLIER);
  if (!supplierReference) throw bad(operation, 'missing the supplier reservation id');
  const resStatus = attr(reservation, 'ResStatus');
  const status = resStatus === RES_STATUS_RESERVED ? 'confirmed' : resStatus === RES_STATUS_CANCELLED ? 'cancelled' : undefined;
  if (!status) throw bad(operation, `unexpected HotelReservation/@ResStatus "${resStatus ?? ''}"`);
  const stays = children(child(reservation, 'RoomStays'), 'RoomStay');
  if (stays.length === 0) throw bad(operation, 'missing RoomStays');
  const parts = stays.map((stay) => roomStayRate(stay, operation));
  const property = child(global, 'BasicPropertyInfo') ?? child(stays[0], 'BasicPropertyInfo');
  const cityCode = attr(property, 'HotelCityCode') ?? parts[0]!.cityCode;
  const currency = parts[0]!.rate.price.currency;
  const span = child(global, 'TimeSpan') ?? child(stays[0], 'TimeSpan');
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
  const policy = children(globalPenalties, 'CancelPenalty').length > 0
    ? cancellationPolicy(globalPenalties, zoneOf(cityCode, operation), currency, operation)
    : mergePolicies(parts.map((part) => part.rate.cancellationPolicy), currency);
  const created = Date.parse(attr(reservation, 'CreateDateTime') ?? '');
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
      guests: rphsOf(stay).map((rph) => guestsByRph.get(rph)).filter((g): g is Guest => g !== undefined),
    })),
    price: money(parts.reduce((total, part) => total + parseMinor(part.rate.price.amount, currency), 0), currency),
    payment: parts.every((part) => part.rate.payment === 'pay_at_hotel') ? 'pay_at_hotel' : 'net',
    cancellationPolicy: policy,
    ...(Number.isNaN(created) ? {} : { createdAt: new Date(created).toISOString() }),
  };
}
