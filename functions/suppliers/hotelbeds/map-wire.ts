import { money, parseMinor, scaleMinor, type Money } from '../../domain/money/money.js';
import { percentOfMinor, type PercentRules } from '../../domain/money/percentage.js';
import { addNightly } from '../../domain/pricing/nightly-prices.js';
import type {
  BoardBasis,
  CancellationPenalty,
  Guest,
  Holder,
  PropertyCharge,
  RateTax,
  SupplierBooking,
  SupplierOffer,
  SupplierRate,
} from '../port.js';
import { cancellationPenalty, joinLists, propertyCharge, rateTax, remarksOf, supplierRate } from '../rate-shape.js';
import { type LeftOut, refusal } from '../answer-refusal.js';
import { SupplierError } from '../supplier-error.js';
import type { WireBooking, WireHotel, WirePax, WireRate, WireTax } from './wire.js';

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

/** Penalty and tax percentages are shares of the rate's price: never above all of it. */
const PERCENT_RULES: PercentRules = { atMost100: true };

/** `percent` (as the spec writes it: "100", "10.00", or the number 25) of the rate's price; undefined when it is not a percentage. */
function percentOfPrice(percent: string | number, price: Money): Money | undefined {
  const share = percentOfMinor(parseMinor(price.amount, price.currency), percent, PERCENT_RULES);
  return typeof share === 'number' ? money(share, price.currency) : undefined;
}

/**
 * The rate's own price per night (`dailyRates`, by `offset`): its selling rate on a rate paid at the hotel,
 * its net otherwise. Undefined when it gives none, or one we cannot read: the nightly split is then even,
 * and the rate is still sold.
 */
function dailyPrices(rate: WireRate, currency: string): Money[] | undefined {
  const days = rate.dailyRates;
  if (!Array.isArray(days) || days.length === 0) return undefined;
  const ordered = [...days].sort((a, b) => (a.offset ?? 0) - (b.offset ?? 0));
  const out: Money[] = [];
  for (const day of ordered) {
    const figure = rate.paymentType === 'AT_HOTEL' ? (day.dailySellingRate ?? day.dailyNet) : day.dailyNet;
    if (figure === undefined) return undefined;
    try {
      out.push(money(parseMinor(String(figure), currency), currency));
    } catch {
      return undefined;
    }
  }
  return out;
}

/** What a penalty in nights is made of: the rate's daily prices where it gives them, else its price spread evenly. */
function nightlyMinor(rate: WireRate, price: Money, nights: number | undefined, operation: string): (count: number) => number {
  const total = parseMinor(price.amount, price.currency);
  const daily = (rate.dailyRates ?? []).map(
    (day) => (rate.paymentType === 'AT_HOTEL' ? day.dailySellingRate : day.dailyNet) ?? day.dailyNet,
  );
  if (daily.length > 0 && daily.every((day) => day !== undefined)) {
    const minors = daily.map((day) => parseMinor(requireString(day, operation, 'dailyRates.dailyNet'), price.currency));
    return (count) => minors.slice(0, count).reduce((sum, minor) => sum + minor, 0);
  }
  if (!nights || nights < 1) throw bad(operation, 'cancellationPolicies.numberOfNights without dailyRates or a known stay');
  return (count) => scaleMinor(total, Math.min(count, nights), nights);
}

/**
 * Deadlines arrive with the destination's offset (or Z); we keep UTC instants, ascending. A tier's penalty is
 * its `amount` (a string, or the number the examples sometimes send), else a `percent` of the rate's price,
 * else its `numberOfNights` (ApiCancellationPolicy allows all three).
 */
export function cancellationPolicy(rate: WireRate, price: Money, operation: string, nights?: number): CancellationPenalty[] {
  const currency = price.currency;
  let nightly: ((count: number) => number) | undefined;
  return (rate.cancellationPolicies ?? [])
    .map((policy) => {
      const from = Date.parse(requireString(policy.from, operation, 'cancellationPolicies.from'));
      if (Number.isNaN(from)) throw bad(operation, 'cancellationPolicies.from is not a date-time');
      let penalty: Money;
      if (policy.amount !== undefined) penalty = amount(policy.amount, currency, operation, 'cancellationPolicies.amount');
      else if (policy.percent !== undefined) {
        const share = percentOfPrice(policy.percent, price);
        if (share === undefined) throw bad(operation, 'cancellationPolicies.percent is not a percentage');
        penalty = share;
      } else if (policy.numberOfNights !== undefined) {
        const count = Number(policy.numberOfNights);
        if (!Number.isInteger(count) || count < 0) throw bad(operation, 'cancellationPolicies.numberOfNights is not a count');
        nightly ??= nightlyMinor(rate, price, nights, operation);
        penalty = money(nightly(count), currency);
      } else throw bad(operation, 'cancellationPolicies entry without amount, percent or numberOfNights');
      return cancellationPenalty(new Date(from).toISOString(), penalty);
    })
    .sort((a, b) => a.from.localeCompare(b.from));
}

const TAX_LABEL = { TAX: 'Tax', FEE: 'Fee', TAXESANDFEES: 'Taxes and fees' } as const;

/**
 * A tax's amount: what the hotel charges (`amount` in `currency`), else the client's figure
 * (`clientAmount` in `clientCurrency`), else a `percent` of the rate's price. Undefined when none is readable.
 */
function taxAmount(tax: WireTax, price: Money, operation: string): Money | undefined {
  if (tax.amount !== undefined) return amount(tax.amount, tax.currency ?? price.currency, operation, 'taxes.amount');
  if (tax.clientAmount !== undefined)
    return amount(tax.clientAmount, tax.clientCurrency ?? price.currency, operation, 'taxes.clientAmount');
  return tax.percent === undefined ? undefined : percentOfPrice(tax.percent, price);
}

/**
 * Taxes the price includes, broken out in the rate's currency (one given only in another currency stays
 * inside the price, unbroken: converting it on a guess would misstate net), and those the hotel collects on
 * top, in the currency it collects them (payAtProperty: shown, never charged by us).
 */
function taxesOf(rate: WireRate, price: Money, operation: string): { taxes: RateTax[]; payAtProperty: PropertyCharge[] } {
  const taxes: RateTax[] = [];
  const payAtProperty: PropertyCharge[] = [];
  for (const tax of rate.taxes?.taxes ?? []) {
    const label = tax.type ? TAX_LABEL[tax.type] : 'Tax';
    const description =
      tax.percent !== undefined && tax.amount === undefined && tax.clientAmount === undefined ? `${label} (${tax.percent} %)` : label;
    if (tax.included === true) {
      const inRateCurrency =
        tax.currency === undefined || tax.currency === price.currency
          ? (tax.amount ?? (tax.clientCurrency === price.currency ? tax.clientAmount : undefined))
          : tax.clientCurrency === price.currency
            ? tax.clientAmount
            : undefined;
      if (inRateCurrency !== undefined)
        taxes.push(
          rateTax(tax.type === 'FEE' ? 'fee' : 'tax', true, amount(inRateCurrency, price.currency, operation, 'taxes.amount'), undefined),
        );
      continue;
    }
    const charge = taxAmount(tax, price, operation);
    if (charge) payAtProperty.push(propertyCharge(tax.type === 'FEE' ? 'mandatory_fee' : 'tax', description, charge));
  }
  return { taxes, payAtProperty };
}

/** One wire rate → a port rate for its own occupancy (key = the wire rateKey). `nights`: the stay's, for penalties in nights. */
export function singleRate(
  rate: WireRate,
  roomCode: string,
  roomName: string,
  currency: string,
  operation: string,
  nights?: number,
): SupplierRate {
  const payAtHotel = rate.paymentType === 'AT_HOTEL';
  const price = payAtHotel ? amount(rate.sellingRate, currency, operation, 'sellingRate') : amount(rate.net, currency, operation, 'net');
  const { taxes, payAtProperty } = taxesOf(rate, price, operation);
  return supplierRate({
    supplierRateKey: requireString(rate.rateKey, operation, 'rateKey'),
    roomTypeCode: roomCode,
    roomTypeName: roomName,
    boardBasis: boardBasis(rate.boardCode),
    refundable: rate.rateClass !== 'NRF',
    payment: payAtHotel ? 'pay_at_hotel' : 'net',
    price,
    commission: payAtHotel && rate.commission !== undefined ? amount(rate.commission, currency, operation, 'commission') : undefined,
    cancellationPolicy: cancellationPolicy(rate, price, operation, nights),
    taxes,
    payAtProperty: payAtProperty.length > 0 ? payAtProperty : undefined,
    remarks: rate.rateComments ? remarksOf('rate', [rate.rateComments]) : undefined,
    // hotelMandatory: the hotel's public price, which a reseller must not undercut (the spec's own example:
    // net 250.19, sellingRate 280.00). Without the flag sellingRate is only a recommendation.
    minimumSellingPrice:
      rate.hotelMandatory === true && rate.sellingRate !== undefined
        ? amount(rate.sellingRate, currency, operation, 'sellingRate')
        : undefined,
    packageOnly: rate.packaging === true ? true : undefined,
    nightly: dailyPrices(rate, currency),
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
 * The occupancy groups asked (occupancyKey), each with its number of identical rooms (`rooms: n` on the wire),
 * or undefined where the count is not known (a price check reads the groups from the answer itself).
 */
export type AskedGroups = ReadonlyMap<string, number | undefined>;

/**
 * A hotel's wire rates → port rates covering every requested room. Hotelbeds prices each occupancy group
 * separately; a port rate combines one wire rate per group with the same room, board, class and payment.
 * A rate for an occupancy not asked (other guests, or another number of rooms than the group's) prices
 * something else: with `leftOut` it is refused and counted, as one unreadable rate is (the others kept).
 */
export function combineRates(hotel: WireHotel, asked: AskedGroups, currency: string, operation: string, leftOut?: LeftOut): SupplierRate[] {
  const groupKeys = [...asked.keys()];
  const byGroup = new Map<string, Map<string, SupplierRate>>();
  const singles = new Map<string, SupplierRate[]>();
  const nights = stayNights(hotel);
  for (const room of hotel.rooms ?? []) {
    const roomCode = requireString(room.code, operation, 'rooms.code');
    for (const rate of room.rates ?? []) {
      const group = occupancyKey(rate.adults ?? 0, rate.childrenAges);
      let single: SupplierRate;
      try {
        single = singleRate(rate, roomCode, room.name ?? roomCode, currency, operation, nights);
        const rooms = asked.get(group);
        if (!asked.has(group) || (rooms !== undefined && rate.rooms !== undefined && rate.rooms !== rooms))
          throw refusal(SUPPLIER_ID, 'occupancy_mismatch', operation, 'a rate for another occupancy than the rooms asked');
      } catch (error) {
        // One rate we cannot read costs that rate, not the hotel's others or the supplier's whole answer.
        if (!leftOut) throw error;
        leftOut.add(error);
        continue;
      }
      const combo = `${roomCode}|${single.boardBasis}|${single.refundable}|${single.payment}`;
      const map = byGroup.get(group) ?? new Map<string, SupplierRate>();
      if (!map.has(combo)) map.set(combo, single);
      byGroup.set(group, map);
      singles.set(group, [...(singles.get(group) ?? []), single]);
    }
  }
  const [firstGroup, ...otherGroups] = groupKeys;
  // One occupancy: every rate the hotel offers is a rate of ours (the spec's example offers several of one
  // room and board, at different prices). Several: rates pair across the groups by room, board, class, payment.
  if (otherGroups.length === 0) return singles.get(firstGroup ?? '') ?? [];
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
  const ages =
    typeof childrenAges === 'string'
      ? childrenAges
          .split(/[,~]/)
          .filter((a) => a !== '')
          .map(Number)
      : [...(childrenAges ?? [])];
  return `${adults}|${ages.sort((a, b) => a - b).join(',')}`;
}

function mergeRates(parts: readonly SupplierRate[], currency: string): SupplierRate {
  const first = parts[0]!;
  if (parts.length === 1) return first;
  const sum = (pick: (rate: SupplierRate) => Money | undefined): Money | undefined => {
    const values = parts.map(pick).filter((m): m is Money => m !== undefined);
    return values.length === 0
      ? undefined
      : money(
          values.reduce((total, m) => total + parseMinor(m.amount, m.currency), 0),
          currency,
        );
  };
  const instants = [...new Set(parts.flatMap((rate) => rate.cancellationPolicy.map((p) => p.from)))].sort();
  const policy = instants.map((from) =>
    cancellationPenalty(
      from,
      money(
        parts.reduce((total, rate) => {
          let applied = 0;
          for (const entry of rate.cancellationPolicy) if (entry.from <= from) applied = parseMinor(entry.penalty.amount, currency);
          return total + applied;
        }, 0),
        currency,
      ),
    ),
  );
  const charges = joinLists(parts.map((rate) => rate.payAtProperty ?? []));
  const remarks = joinLists(parts.map((rate) => rate.remarks ?? [])).filter(
    (remark, i, all) => all.findIndex((r) => r.text === remark.text) === i,
  );
  return supplierRate({
    ...first,
    supplierRateKey: packRateKeys(parts.map((rate) => rate.supplierRateKey)),
    price: sum((rate) => rate.price)!,
    commission: sum((rate) => rate.commission),
    cancellationPolicy: policy,
    taxes: joinLists(parts.map((rate) => rate.taxes)),
    payAtProperty: charges.length > 0 ? charges : undefined,
    remarks: remarks.length > 0 ? remarks : undefined,
    // A room without a floor of its own may be sold at its price, no lower: the whole stay's floor is the sum.
    minimumSellingPrice: parts.some((rate) => rate.minimumSellingPrice) ? sum((rate) => rate.minimumSellingPrice ?? rate.price) : undefined,
    packageOnly: parts.some((rate) => rate.packageOnly) ? true : undefined,
    nightly: addNightly(parts.map((rate) => rate.nightly)),
  });
}

/** The stay's nights from the hotel's own dates, when it gives them (penalties counted in nights need them). */
function stayNights(hotel: WireHotel): number | undefined {
  if (!hotel.checkIn || !hotel.checkOut) return undefined;
  const nights = Math.round((Date.parse(`${hotel.checkOut}T00:00:00Z`) - Date.parse(`${hotel.checkIn}T00:00:00Z`)) / 86_400_000);
  return Number.isInteger(nights) && nights > 0 ? nights : undefined;
}

export function offerFromHotel(hotel: WireHotel, asked: AskedGroups, operation: string, leftOut?: LeftOut): SupplierOffer {
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
    rates: combineRates(hotel, asked, currency, operation, leftOut),
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
  const price =
    rates.length > 0
      ? money(
          rates.reduce((total, rate) => total + parseMinor(String(payAtHotel ? rate.sellingRate : rate.net), currency), 0),
          currency,
        )
      : amount(booking.totalNet, currency, operation, 'booking.totalNet');
  const nights = stayNights(hotel);
  const perRoomPolicies = rates.map((rate) =>
    cancellationPolicy(
      rate,
      amount(payAtHotel ? rate.sellingRate : rate.net, currency, operation, payAtHotel ? 'sellingRate' : 'net'),
      operation,
      nights,
    ),
  );
  const instants = [...new Set(perRoomPolicies.flat().map((p) => p.from))].sort();
  const policy = instants.map((from) =>
    cancellationPenalty(
      from,
      money(
        perRoomPolicies.reduce((total, entries) => {
          let applied = 0;
          for (const entry of entries) if (entry.from <= from) applied = parseMinor(entry.penalty.amount, currency);
          return total + applied;
        }, 0),
        currency,
      ),
    ),
  );
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
    ...(hotel.supplier?.name
      ? { issuer: { name: hotel.supplier.name, ...(hotel.supplier.vatNumber ? { vatNumber: hotel.supplier.vatNumber } : {}) } }
      : {}),
    ...bookingObligations(rates, currency, operation),
    ...nightlyOf(rates, currency),
  };
}

/** The booking's price per night over its rooms, where every rate gives its dailyRates. */
function nightlyOf(rates: readonly WireRate[], currency: string): Pick<SupplierBooking, 'nightly'> {
  const nightly = rates.length > 0 ? addNightly(rates.map((rate) => dailyPrices(rate, currency))) : undefined;
  return nightly ? { nightly } : {};
}

/** What the booking's rates say the traveller must see: their comments, and the taxes the hotel collects. */
function bookingObligations(
  rates: readonly WireRate[],
  currency: string,
  operation: string,
): Pick<SupplierBooking, 'remarks' | 'payAtProperty'> {
  const remarks = remarksOf(
    'rate',
    rates.map((rate) => rate.rateComments),
  );
  const charges = rates.flatMap((rate) => {
    const priced = rate.net ?? rate.sellingRate;
    return priced === undefined ? [] : taxesOf(rate, amount(priced, currency, operation, 'net'), operation).payAtProperty;
  });
  return { ...(remarks.length > 0 ? { remarks } : {}), ...(charges.length > 0 ? { payAtProperty: charges } : {}) };
}
