import { money, parseMinor, scaleMinor, type Money } from '../../domain/money/money.js';
import type { CancellationPenalty, Guest, PaymentModel, RateTax, SupplierBooking, SupplierRate } from '../port.js';
import { cancellationPenalty, rateTax, supplierRate } from '../rate-shape.js';
import { SupplierError } from '../supplier-error.js';
import { boardFromAmenities } from './board-amenities.js';
import { packRateKey, type ExpediaRateKey } from './rate-key.js';
import type { WireCancelPenalty, WireCharge, WireItinerary, WirePricingInformation, WireRate, WireRoomItinerary } from './wire.js';

/** Rapid wire → port types. Anything missing or malformed is a `bad_response`, never a crash. */

export const SUPPLIER_ID = 'expedia';

export function bad(operation: string, message: string, cause?: unknown): SupplierError {
  return new SupplierError('bad_response', SUPPLIER_ID, `${operation}: ${message}`, { operation }, cause === undefined ? undefined : { cause });
}

export function requireString(value: unknown, operation: string, field: string): string {
  if (typeof value !== 'string' || value.length === 0) throw bad(operation, `missing ${field}`);
  return value;
}

function minorOf(value: unknown, currency: string, operation: string, field: string): number {
  if (typeof value !== 'string') throw bad(operation, `missing ${field}`);
  try {
    return parseMinor(value, currency);
  } catch (error) {
    throw bad(operation, `${field} is not an amount`, error);
  }
}

/** A charge in the billable currency (what we are billed or the guest pays), as minor units. */
function chargeMinor(charge: WireCharge | undefined, operation: string, field: string): { minor: number; currency: string } {
  const amount = charge?.billable_currency;
  const currency = requireString(amount?.currency, operation, `${field}.billable_currency.currency`);
  return { minor: minorOf(amount?.value, currency, operation, `${field}.billable_currency.value`), currency };
}

/** One room's price: `property_inclusive` on property-collect rates (paid at the hotel), else `inclusive`. */
function roomPrice(pricing: WirePricingInformation | undefined, payment: PaymentModel, operation: string): { minor: number; currency: string } {
  const totals = pricing?.totals;
  if (!totals) throw bad(operation, 'missing pricing totals');
  return payment === 'pay_at_hotel' && totals.property_inclusive
    ? chargeMinor(totals.property_inclusive, operation, 'totals.property_inclusive')
    : chargeMinor(totals.inclusive, operation, 'totals.inclusive');
}

export interface RoomPricing {
  readonly price: Money;
  readonly commission?: Money;
  readonly taxes: RateTax[];
  /** Per night over all rooms, for penalties given in nights. */
  readonly nightlyMinor: number[];
}

/**
 * Prices for all requested rooms: `occupancy_pricing` is keyed by occupancy and priced for one room of it,
 * so each requested room adds its occupancy's price once (two identical rooms count it twice).
 */
export function pricingForRooms(occupancyPricing: Record<string, WirePricingInformation> | undefined, occupancies: readonly string[],
  payment: PaymentModel, operation: string): RoomPricing {
  if (!occupancyPricing || typeof occupancyPricing !== 'object') throw bad(operation, 'missing occupancy_pricing');
  return sumRoomPricing(occupancies.map((occupancy) => {
    const pricing = occupancyPricing[occupancy];
    if (!pricing) throw bad(operation, `no occupancy_pricing for ${occupancy}`);
    return pricing;
  }), payment, operation);
}

export function sumRoomPricing(rooms: readonly (WirePricingInformation | undefined)[], payment: PaymentModel, operation: string): RoomPricing {
  let currency: string | undefined;
  const same = (c: string): void => {
    if (currency !== undefined && currency !== c) throw bad(operation, `mixed currencies ${currency} and ${c}`);
    currency = c;
  };
  let total = 0;
  let commission = 0;
  let hasCommission = false;
  let tax = 0;
  const nightly: number[] = [];
  for (const pricing of rooms) {
    const price = roomPrice(pricing, payment, operation);
    same(price.currency);
    total += price.minor;
    if (payment === 'pay_at_hotel' && pricing?.totals?.marketing_fee) {
      const fee = chargeMinor(pricing.totals.marketing_fee, operation, 'totals.marketing_fee');
      same(fee.currency);
      commission += fee.minor;
      hasCommission = true;
    }
    if (pricing?.fees?.mandatory_tax) {
      const fee = chargeMinor(pricing.fees.mandatory_tax, operation, 'fees.mandatory_tax');
      same(fee.currency);
      tax += fee.minor;
    }
    (pricing?.nightly ?? []).forEach((charges, night) => {
      nightly[night] = (nightly[night] ?? 0) + (charges ?? []).reduce((sum, charge) => sum + minorOf(charge.value, price.currency, operation, 'nightly.value'), 0);
    });
  }
  if (currency === undefined) throw bad(operation, 'no rooms priced');
  return {
    price: money(total, currency),
    commission: hasCommission ? money(commission, currency) : undefined,
    taxes: tax > 0 ? [rateTax('tax', false, money(tax, currency), 'Mandatory tax payable at the property')] : [],
    nightlyMinor: nightly,
  };
}

/**
 * Rapid penalty windows → ascending UTC tiers. A window's penalty is an amount, a number of nights or a
 * percentage of the stay; the start carries the property's offset.
 */
export function cancellationPolicy(penalties: readonly WireCancelPenalty[] | undefined, pricing: RoomPricing, operation: string): CancellationPenalty[] {
  const currency = pricing.price.currency;
  const totalMinor = parseMinor(pricing.price.amount, currency);
  return (penalties ?? []).map((penalty) => {
    const start = Date.parse(requireString(penalty.start, operation, 'cancel_penalties.start'));
    if (Number.isNaN(start)) throw bad(operation, 'cancel_penalties.start is not a date-time');
    let minor: number;
    if (penalty.amount !== undefined) minor = minorOf(penalty.amount, penalty.currency ?? currency, operation, 'cancel_penalties.amount');
    else if (penalty.nights !== undefined) {
      const nights = Number(penalty.nights);
      if (!Number.isInteger(nights) || nights < 0) throw bad(operation, 'cancel_penalties.nights is not a count');
      minor = pricing.nightlyMinor.slice(0, nights).reduce((sum, night) => sum + night, 0);
    } else if (penalty.percent !== undefined) {
      const match = /^(\d+(?:\.\d{1,2})?)%?$/.exec(penalty.percent.trim());
      if (!match) throw bad(operation, 'cancel_penalties.percent is not a percentage');
      minor = scaleMinor(totalMinor, Math.round(Number(match[1]) * 100), 10_000);
    } else throw bad(operation, 'cancel_penalties entry without amount, nights or percent');
    return cancellationPenalty(new Date(start).toISOString(), money(minor, penalty.currency ?? currency));
  }).sort((a, b) => a.from.localeCompare(b.from));
}

export function paymentOf(merchant: string | undefined): PaymentModel {
  return merchant === 'property' ? 'pay_at_hotel' : 'net';
}

/** One wire rate (one bed group's price-check link) → a port rate covering every requested room. */
export function rateFromWire(rate: WireRate, room: { id?: string; room_name?: string }, propertyId: string,
  occupancies: readonly string[], operation: string): SupplierRate[] {
  const roomTypeCode = requireString(room.id, operation, 'rooms.id');
  const payment = paymentOf(rate.merchant_of_record);
  const pricing = pricingForRooms(rate.occupancy_pricing, occupancies, payment, operation);
  const boardBasis = boardFromAmenities(Object.values(rate.amenities ?? {}));
  const refundable = rate.refundable === true;
  const cancellation = cancellationPolicy(rate.cancel_penalties, pricing, operation);
  const bedGroups = Object.values(rate.bed_groups ?? {});
  if (bedGroups.length === 0) throw bad(operation, 'rate without bed_groups');
  return bedGroups.map((bedGroup) => {
    const key: ExpediaRateKey = {
      priceCheckHref: requireString(bedGroup.links?.price_check?.href, operation, 'bed_groups.links.price_check.href'),
      propertyId, occupancies, roomTypeCode, roomTypeName: room.room_name ?? roomTypeCode, boardBasis, refundable, payment,
      cancellationPolicy: cancellation,
    };
    return portRate(key, pricing);
  });
}

export function portRate(key: ExpediaRateKey, pricing: RoomPricing): SupplierRate {
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
  });
}

/** What the adapter stores in `affiliate_metadata` at booking: the room type, which itineraries do not name. */
export interface BookingMetadata {
  readonly roomTypeCode: string;
  readonly roomTypeName?: string;
}

export function formatBookingMetadata(metadata: BookingMetadata): string {
  // Rapid stores up to 256 characters; the name is dropped rather than cut when it does not fit.
  const full = JSON.stringify({ room: metadata.roomTypeCode, name: metadata.roomTypeName });
  return full.length <= 256 ? full : JSON.stringify({ room: metadata.roomTypeCode });
}

function parseBookingMetadata(text: string | undefined): BookingMetadata | undefined {
  if (!text) return undefined;
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
    ...(room.child_ages ?? []).map((age): Guest => ({ type: 'child', firstName: '', lastName: '', age })),
  ];
}

export function bookingFromWire(itinerary: WireItinerary | undefined, propertyName: string | undefined, operation: string): SupplierBooking {
  if (!itinerary || typeof itinerary !== 'object') throw bad(operation, 'missing itinerary');
  const rooms = itinerary.rooms;
  if (!Array.isArray(rooms) || rooms.length === 0) throw bad(operation, 'itinerary without rooms');
  const first = rooms[0]!;
  const payment: PaymentModel = rooms.every((room) => paymentOf(room.rate?.merchant_of_record) === 'pay_at_hotel') ? 'pay_at_hotel' : 'net';
  const perRoom = rooms.map((room) => {
    const pricing = sumRoomPricing([room.rate?.pricing], paymentOf(room.rate?.merchant_of_record), operation);
    return { pricing, policy: cancellationPolicy(room.rate?.cancel_penalties, pricing, operation) };
  });
  const currency = perRoom[0]!.pricing.price.currency;
  const price = money(perRoom.reduce((sum, room) => sum + parseMinor(room.pricing.price.amount, currency), 0), currency);
  const instants = [...new Set(perRoom.flatMap((room) => room.policy.map((p) => p.from)))].sort();
  const cancellation = instants.map((from) => cancellationPenalty(from, money(perRoom.reduce((total, room) => {
    let applied = 0;
    for (const entry of room.policy) if (entry.from <= from) applied = parseMinor(entry.penalty.amount, currency);
    return total + applied;
  }, 0), currency)));
  const statuses = rooms.map((room) => room.status);
  if (statuses.some((status) => status !== 'booked' && status !== 'canceled' && status !== 'pending')) throw bad(operation, 'missing rooms.status');
  const metadata = parseBookingMetadata(itinerary.affiliate_metadata);
  const created = itinerary.creation_date_time ? Date.parse(itinerary.creation_date_time) : Number.NaN;
  return {
    supplierId: SUPPLIER_ID,
    supplierReference: requireString(itinerary.itinerary_id, operation, 'itinerary_id'),
    clientReference: itinerary.affiliate_reference_id ?? '',
    // A pending room is accepted by Rapid and awaiting the property; it is held for the guest, not failed.
    status: statuses.every((status) => status === 'canceled') ? 'cancelled' : 'confirmed',
    supplierPropertyId: requireString(itinerary.property_id, operation, 'property_id'),
    propertyName: propertyName ?? '',
    checkIn: requireString(first.checkin, operation, 'rooms.checkin'),
    checkOut: requireString(first.checkout, operation, 'rooms.checkout'),
    holder: { firstName: first.given_name ?? '', lastName: first.family_name ?? '' },
    rooms: rooms.map((room) => ({
      roomTypeCode: metadata?.roomTypeCode ?? room.bed_group_id ?? '',
      ...(metadata?.roomTypeName ? { roomTypeName: metadata.roomTypeName } : {}),
      boardBasis: boardFromAmenities((room.rate?.amenities ?? []).map((id) => ({ id }))),
      guests: guestsOf(room),
    })),
    price,
    payment,
    cancellationPolicy: cancellation,
    ...(Number.isNaN(created) ? {} : { createdAt: new Date(created).toISOString() }),
  };
}

/** What the supplier kept on cancelled rooms: each room's charge less its `cancel_refund`. */
export function appliedPenalty(itinerary: WireItinerary, operation: string): Money {
  const rooms = (itinerary.rooms ?? []).filter((room) => room.status === 'canceled');
  if (rooms.length === 0) throw bad(operation, 'no cancelled room after cancellation');
  let total = 0;
  let currency: string | undefined;
  for (const room of rooms) {
    const price = roomPrice(room.rate?.pricing, paymentOf(room.rate?.merchant_of_record), operation);
    const refund = room.rate?.cancel_refund;
    if (!refund) throw bad(operation, 'cancelled room without cancel_refund');
    const refundCurrency = refund.currency ?? price.currency;
    if (refundCurrency !== price.currency || (currency !== undefined && currency !== price.currency)) throw bad(operation, 'mixed currencies');
    currency = price.currency;
    total += price.minor - minorOf(refund.amount, price.currency, operation, 'cancel_refund.amount');
  }
  return money(Math.max(0, total), currency!);
}
