import { money, parseMinor, type Money } from '../../domain/money/money.js';
import type {
  BoardBasis, CancellationPenalty, Guest, Holder, RateTax, SupplierBooking, SupplierOffer, SupplierRate,
} from '../port.js';
import { cancellationPenalty, joinLists, rateTax, supplierRate } from '../rate-shape.js';
import { SupplierError } from '../supplier-error.js';
import type { WireBooking, WireHotel, WirePax, WireRate } from './wire.js';

/** Hotelbeds wire → port types. Anything missing or malformed is a `bad_response`, never a crash. */

export const SUPPLIER_ID = 'hotelbeds';
const BOARDS: ReadonlySet<string> = new Set(['RO', 'BB', 'HB', 'FB', 'AI']);

export function bad(operation: string, message: string): SupplierError {
  return new SupplierError('bad_response', SUPPLIER_ID, `${operation}: ${message}`, { operation });
}

export function requireString(value: unknown, operation: string, field: string): string {
  if (typeof value !== 'string' || value.length === 0) throw bad(operation, `missing ${field}`);
  return value;
}

export function amount(value: unknown, currency: string, operation: string, field: string): Money {
  if (typeof value !== 'string' && typeof value !== 'number') throw bad(operation, `missing ${field}`);
  try {
    // Numbers appear only where the spec types booking totals as numbers; their text form is exact.
    return money(parseMinor(String(value), currency), currency);
  } catch (error) {
    throw new SupplierError('bad_response', SUPPLIER_ID, `${operation}: ${field} is not an amount`, { operation }, { cause: error });
  }
}

/** Board codes beyond ours (e.g. "SC" self catering) fold to room only; they carry no meals either. */
export function boardBasis(code: string | undefined): BoardBasis {
  return code && BOARDS.has(code) ? (code as BoardBasis) : 'RO';
}

/** Deadlines arrive with the destination's offset (or Z); we keep UTC instants, ascending. */
export function cancellationPolicy(rate: WireRate, currency: string, operation: string): CancellationPenalty[] {
  return (rate.cancellationPolicies ?? []).map((policy) => {
    const from = Date.parse(requireString(policy.from, operation, 'cancellationPolicies.from'));
    if (Number.isNaN(from)) throw bad(operation, 'cancellationPolicies.from is not a date-time');
    return cancellationPenalty(new Date(from).toISOString(), amount(policy.amount, currency, operation, 'cancellationPolicies.amount'));
  }).sort((a, b) => a.from.localeCompare(b.from));
}

function taxes(rate: WireRate, currency: string, operation: string): RateTax[] {
  return (rate.taxes?.taxes ?? []).filter((tax) => tax.amount !== undefined).map((tax) => rateTax(
    tax.type === 'FEE' ? 'fee' : 'tax',
    tax.included === true,
    amount(tax.amount, tax.currency ?? currency, operation, 'taxes.amount'),
    undefined,
  ));
}

/** One wire rate → a port rate for its own occupancy (key = the wire rateKey). */
export function singleRate(rate: WireRate, roomCode: string, roomName: string, currency: string, operation: string): SupplierRate {
  const payAtHotel = rate.paymentType === 'AT_HOTEL';
  const price = payAtHotel
    ? amount(rate.sellingRate, currency, operation, 'sellingRate')
    : amount(rate.net, currency, operation, 'net');
  return supplierRate({
    supplierRateKey: requireString(rate.rateKey, operation, 'rateKey'),
    roomTypeCode: roomCode,
    roomTypeName: roomName,
    boardBasis: boardBasis(rate.boardCode),
    refundable: rate.rateClass !== 'NRF',
    payment: payAtHotel ? 'pay_at_hotel' : 'net',
    price,
    commission: payAtHotel && rate.commission !== undefined ? amount(rate.commission, currency, operation, 'commission') : undefined,
    cancellationPolicy: cancellationPolicy(rate, currency, operation),
    taxes: taxes(rate, currency, operation),
  });
}

const MULTI_PREFIX = 'hbm:';

/** Several wire rateKeys (one per occupancy group) travel as one opaque port key. */
export function packRateKeys(keys: readonly string[]): string {
  return keys.length === 1 ? keys[0]! : `${MULTI_PREFIX}${Buffer.from(JSON.stringify(keys)).toString('base64url')}`;
}

export function unpackRateKeys(key: string): string[] {
  if (!key.startsWith(MULTI_PREFIX)) return [key];
  try {
    const parsed: unknown = JSON.parse(Buffer.from(key.slice(MULTI_PREFIX.length), 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.every((k) => typeof k === 'string')) return parsed;
  } catch {
    // reported below
  }
  throw new SupplierError('rejected', SUPPLIER_ID, 'not a Hotelbeds rate key', { operation: 'rateKey' });
}

/**
 * A hotel's wire rates → port rates covering every requested room. Hotelbeds prices each occupancy group
 * separately; a port rate combines one wire rate per group with the same room, board, class and payment.
 */
export function combineRates(hotel: WireHotel, groupKeys: readonly string[], currency: string, operation: string): SupplierRate[] {
  const byGroup = new Map<string, Map<string, SupplierRate>>();
  for (const room of hotel.rooms ?? []) {
    const roomCode = requireString(room.code, operation, 'rooms.code');
    for (const rate of room.rates ?? []) {
      const single = singleRate(rate, roomCode, room.name ?? roomCode, currency, operation);
      const group = occupancyKey(rate.adults ?? 0, rate.childrenAges);
      const combo = `${roomCode}|${single.boardBasis}|${single.refundable}|${single.payment}`;
      const map = byGroup.get(group) ?? new Map<string, SupplierRate>();
      if (!map.has(combo)) map.set(combo, single);
      byGroup.set(group, map);
    }
  }
  const [firstGroup, ...otherGroups] = groupKeys;
  const firstRates = byGroup.get(firstGroup ?? '') ?? new Map<string, SupplierRate>();
  const out: SupplierRate[] = [];
  for (const [combo, first] of firstRates) {
    const parts = [first, ...otherGroups.map((group) => byGroup.get(group)?.get(combo))];
    if (parts.some((part) => part === undefined)) continue;
    out.push(mergeRates(parts as SupplierRate[], currency));
  }
  return out;
}

export function occupancyKey(adults: number, childrenAges: string | readonly number[] | undefined): string {
  const ages = typeof childrenAges === 'string'
    ? childrenAges.split(/[,~]/).filter((a) => a !== '').map(Number)
    : [...(childrenAges ?? [])];
  return `${adults}|${ages.sort((a, b) => a - b).join(',')}`;
}

function mergeRates(parts: readonly SupplierRate[], currency: string): SupplierRate {
  const first = parts[0]!;
  if (parts.length === 1) return first;
  const sum = (pick: (rate: SupplierRate) => Money | undefined): Money | undefined => {
    const values = parts.map(pick).filter((m): m is Money => m !== undefined);
    return values.length === 0 ? undefined : money(values.reduce((total, m) => total + parseMinor(m.amount, m.currency), 0), currency);
  };
  const instants = [...new Set(parts.flatMap((rate) => rate.cancellationPolicy.map((p) => p.from)))].sort();
  const policy = instants.map((from) => cancellationPenalty(from, money(parts.reduce((total, rate) => {
    let applied = 0;
    for (const entry of rate.cancellationPolicy) if (entry.from <= from) applied = parseMinor(entry.penalty.amount, currency);
    return total + applied;
  }, 0), currency)));
  return supplierRate({
    ...first,
    supplierRateKey: packRateKeys(parts.map((rate) => rate.supplierRateKey)),
    price: sum((rate) => rate.price)!,
    commission: sum((rate) => rate.commission),
    cancellationPolicy: policy,
    taxes: joinLists(parts.map((rate) => rate.taxes)),
  });
}

export function offerFromHotel(hotel: WireHotel, groupKeys: readonly string[], operation: string): SupplierOffer {
  const currency = requireString(hotel.currency, operation, 'hotel.currency');
  const lat = Number(hotel.latitude);
  const lng = Number(hotel.longitude);
  const stars = /^(\d)/.exec(hotel.categoryCode ?? '')?.[1];
  if (hotel.code === undefined) throw bad(operation, 'missing hotel.code');
  return {
    supplierId: SUPPLIER_ID,
    supplierPropertyId: String(hotel.code),
    name: requireString(hotel.name, operation, 'hotel.name'),
    ...(stars ? { stars: Number(stars) } : {}),
    ...(Number.isFinite(lat) && Number.isFinite(lng) && hotel.latitude !== undefined ? { geo: { lat, lng } } : {}),
    rates: combineRates(hotel, groupKeys, currency, operation),
  };
}

export function guestsFromPaxes(paxes: readonly WirePax[] | undefined): Guest[] {
  return (paxes ?? []).map((pax) => ({
    type: pax.type === 'CH' ? 'child' : 'adult',
    firstName: pax.name ?? '',
    lastName: pax.surname ?? '',
    ...(pax.age !== undefined && pax.type === 'CH' ? { age: pax.age } : {}),
  }));
}

export function paxesFromGuests(guests: readonly Guest[], roomId: number): WirePax[] {
  return guests.map((guest) => ({
    roomId,
    type: guest.type === 'child' ? 'CH' : 'AD',
    ...(guest.type === 'child' && guest.age !== undefined ? { age: guest.age } : {}),
    name: guest.firstName,
    surname: guest.lastName,
  }));
}

export function bookingFromWire(booking: WireBooking | undefined, operation: string): SupplierBooking {
  if (!booking) throw bad(operation, 'missing booking');
  const currency = requireString(booking.currency, operation, 'booking.currency');
  const hotel = booking.hotel;
  if (!hotel || hotel.code === undefined) throw bad(operation, 'missing booking.hotel');
  const rooms = hotel.rooms ?? [];
  const rates = rooms.flatMap((room) => room.rates ?? []);
  const payAtHotel = rates.length > 0 && rates.every((rate) => rate.paymentType === 'AT_HOTEL');
  // Sum the rates' decimal strings; the booking's own totals are typed as JSON numbers in the spec.
  const price = rates.length > 0
    ? money(rates.reduce((total, rate) => total + parseMinor(String(payAtHotel ? rate.sellingRate : rate.net), currency), 0), currency)
    : amount(booking.totalNet, currency, operation, 'booking.totalNet');
  const perRoomPolicies = rates.map((rate) => cancellationPolicy(rate, currency, operation));
  const instants = [...new Set(perRoomPolicies.flat().map((p) => p.from))].sort();
  const policy = instants.map((from) => cancellationPenalty(from, money(perRoomPolicies.reduce((total, entries) => {
    let applied = 0;
    for (const entry of entries) if (entry.from <= from) applied = parseMinor(entry.penalty.amount, currency);
    return total + applied;
  }, 0), currency)));
  const status = booking.status === 'CANCELLED' ? 'cancelled' : booking.status === 'CONFIRMED' ? 'confirmed' : undefined;
  if (!status) throw bad(operation, 'missing booking.status');
  const holder: Holder = { firstName: booking.holder?.name ?? '', lastName: booking.holder?.surname ?? '' };
  return {
    supplierId: SUPPLIER_ID,
    supplierReference: requireString(booking.reference, operation, 'booking.reference'),
    clientReference: booking.clientReference ?? '',
    status,
    supplierPropertyId: String(hotel.code),
    propertyName: hotel.name ?? '',
    checkIn: requireString(hotel.checkIn, operation, 'hotel.checkIn'),
    checkOut: requireString(hotel.checkOut, operation, 'hotel.checkOut'),
    holder,
    rooms: rooms.map((room) => ({
      roomTypeCode: room.code ?? '',
      ...(room.name ? { roomTypeName: room.name } : {}),
      ...(room.rates?.[0]?.boardCode ? { boardBasis: boardBasis(room.rates[0].boardCode) } : {}),
      guests: guestsFromPaxes(room.paxes),
    })),
    price,
    payment: payAtHotel ? 'pay_at_hotel' : 'net',
    cancellationPolicy: policy,
    // creationDate is a date only (Spanish time), so no createdAt instant is claimed.
  };
}
