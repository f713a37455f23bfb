/**
 * The supplier boundary's check of what an adapter read, against the question asked, for every adapter
 * alike (guarded-supplier.ts applies it to each call). An answer is untrusted input: a broken or compromised
 * supplier may send hotels nobody asked for, a free room, one rate key at two prices, a name of a megabyte.
 * What fails is dropped and counted by reason (answer-refusal.ts); the rest of the answer stands.
 *
 * Checked here, on the port's types: the hotels asked (a hotel list's codes; a city's or a circle's area),
 * known ISO 4217 currencies, prices above zero and no negative amount, one price per rate key, the caps on
 * hotels and rates per answer (ANSWER_LIMITS), and texts cut to their lengths. The stay and the occupancy an
 * answer states are wire facts: each adapter checks those while reading (refusal() in answer-refusal.ts).
 */
import { distanceMetres } from '../domain/geo/distance.js';
import { ANSWER_LIMITS } from './answer-limits.js';
import { refusal } from './answer-refusal.js';
import { RefusalTally, type RefusalReason } from './refusal-reason.js';
import { isKnownCurrency } from './known-currency.js';
import type {
  AvailabilityRequest,
  AvailabilityResult,
  CheckedRate,
  CheckRateRequest,
  Money,
  PropertyAddress,
  SupplierBooking,
  SupplierDestination,
  SupplierOffer,
  SupplierRate,
  SupplierRemark,
} from './port.js';
import { supplierRate } from './rate-shape.js';

const LIMITS = ANSWER_LIMITS;

/**
 * How far from a city's or a circle's centre a hotel may lie and still be an answer to it. Suppliers draw
 * their own areas (Hotelbeds is asked for the city's radius and 5 km more; Rapid's regions follow its own
 * borders; an airport's hotels spread along its roads), and search's own cut (a geo search's circle) comes
 * later; this bound only refuses what is plainly elsewhere.
 */
export function areaReachKm(radiusKm: number): number {
  return radiusKm * 2 + 25;
}

/** The answer with what fails the checks left out, and what was left out counted into `refused`. */
export function checkAvailability(request: AvailabilityRequest, result: AvailabilityResult): AvailabilityResult {
  const tally = new RefusalTally();
  tally.addAll(result.refused);
  const asked = hotelsAsked(request.destination);
  const seen = new Map<string, SeenKey>();
  const kept: SupplierOffer[] = [];
  for (const offer of result.offers) {
    if (kept.length >= LIMITS.maxOffers) {
      tally.add('too_many_items');
      continue;
    }
    if (!asked(offer)) {
      tally.add('hotel_not_asked');
      continue;
    }
    const checked = checkOffer(offer, tally, seen);
    if (checked) kept.push(checked);
  }
  // One key at two prices: no price of it can be trusted, so every rate under it goes.
  const doubtful = new Set([...seen].filter(([, key]) => key.prices > 1).map(([key]) => key));
  const offers = doubtful.size === 0 ? kept : withoutKeys(kept, doubtful, tally, seen);
  if (tally.empty && offers.length === result.offers.length && offers.every((offer, i) => offer === result.offers[i])) return result;
  return { ...result, offers, refused: tally.result() };
}

interface SeenKey {
  readonly amount: string;
  readonly currency: string;
  prices: number;
  /** Rates kept under the key (the first; the later ones at its price were dropped as repeats). */
  kept: number;
}

function hotelsAsked(destination: SupplierDestination): (offer: SupplierOffer) => boolean {
  if (destination.kind === 'hotels') {
    const codes = new Set(destination.supplierPropertyIds);
    return (offer) => codes.has(offer.supplierPropertyId);
  }
  const reachMetres = areaReachKm(destination.radiusKm) * 1000;
  // A hotel without a position cannot be placed here; search resolves it through the property map or drops it.
  return (offer) => !offer.geo || !isPosition(offer.geo) || distanceMetres(destination.centre, offer.geo) <= reachMetres;
}

function checkOffer(offer: SupplierOffer, tally: RefusalTally, seen: Map<string, SeenKey>): SupplierOffer | undefined {
  if (offer.supplierPropertyId.length === 0 || offer.supplierPropertyId.length > LIMITS.maxKeyChars) {
    tally.add('hotel_not_asked');
    return undefined;
  }
  const rates: SupplierRate[] = [];
  let changed = false;
  for (const rate of offer.rates) {
    if (rates.length >= LIMITS.maxRatesPerOffer) {
      tally.add('too_many_items');
      changed = true;
      continue;
    }
    const reason = rateRefusal(rate);
    if (reason) {
      tally.add(reason);
      changed = true;
      continue;
    }
    const key = seen.get(rate.supplierRateKey);
    if (key) {
      if (key.amount !== rate.price.amount || key.currency !== rate.price.currency) key.prices += 1;
      tally.add('duplicate_rate_key');
      changed = true;
      continue;
    }
    seen.set(rate.supplierRateKey, { amount: rate.price.amount, currency: rate.price.currency, prices: 1, kept: 1 });
    const bounded = boundedRate(rate, tally);
    if (bounded !== rate) changed = true;
    rates.push(bounded);
  }
  if (rates.length === 0) return undefined;
  const name = boundedText(offer.name, LIMITS.text.name, tally);
  const address = offer.address ? boundedAddress(offer.address, tally) : undefined;
  const stars =
    offer.stars !== undefined && Number.isInteger(offer.stars) && offer.stars >= 1 && offer.stars <= 5 ? offer.stars : undefined;
  const geo = offer.geo && isPosition(offer.geo) ? offer.geo : undefined;
  if (!changed && name === offer.name && address === offer.address && stars === offer.stars && geo === offer.geo) return offer;
  return {
    supplierId: offer.supplierId,
    supplierPropertyId: offer.supplierPropertyId,
    name,
    ...(stars !== undefined ? { stars } : {}),
    ...(geo ? { geo } : {}),
    ...(address ? { address } : {}),
    rates,
  };
}

function withoutKeys(
  offers: readonly SupplierOffer[],
  keys: ReadonlySet<string>,
  tally: RefusalTally,
  seen: ReadonlyMap<string, SeenKey>,
): SupplierOffer[] {
  for (const key of keys) tally.add('duplicate_rate_key', seen.get(key)?.kept ?? 0);
  return offers.flatMap((offer) => {
    if (!offer.rates.some((rate) => keys.has(rate.supplierRateKey))) return [offer];
    const rates = offer.rates.filter((rate) => !keys.has(rate.supplierRateKey));
    return rates.length > 0 ? [{ ...offer, rates }] : [];
  });
}

/**
 * Why a rate cannot be shown at all, or undefined when it can. Every amount of every rate of an answer passes
 * here while the partner waits: no list is built per rate.
 */
function rateRefusal(rate: SupplierRate): RefusalReason | undefined {
  if (rate.supplierRateKey.length === 0 || rate.supplierRateKey.length > LIMITS.maxKeyChars) return 'too_large';
  const { price } = rate;
  if (!isKnownCurrency(price.currency)) return 'unknown_currency';
  let worst = isPositive(price.amount) ? FINE : NEGATIVE;
  const currency = price.currency;
  if (rate.commission) worst = Math.max(worst, amountState(rate.commission, currency));
  if (rate.minimumSellingPrice) worst = Math.max(worst, amountState(rate.minimumSellingPrice, currency));
  for (const entry of rate.cancellationPolicy) worst = Math.max(worst, amountState(entry.penalty, currency));
  for (const tax of rate.taxes) worst = Math.max(worst, amountState(tax.amount, currency));
  if (rate.payAtProperty) for (const charge of rate.payAtProperty) worst = Math.max(worst, amountState(charge.amount, currency));
  // An unknown currency before a negative amount: a rate with both is counted under its currency.
  return worst === UNKNOWN ? 'unknown_currency' : worst === NEGATIVE ? 'price_not_positive' : undefined;
}

const FINE = 0;
const NEGATIVE = 1;
const UNKNOWN = 2;

/** One amount of a rate: fine, negative, or in an unknown currency (the rate's own currency is known already). */
function amountState(money: Money, rateCurrency: string): number {
  if (money.currency !== rateCurrency && !isKnownCurrency(money.currency)) return UNKNOWN;
  return isNegative(money.amount) ? NEGATIVE : FINE;
}

const ZERO = /^0*(\.0*)?$/;

function isNegative(amount: string): boolean {
  return amount.trimStart().startsWith('-');
}

function isPositive(amount: string): boolean {
  const text = amount.trim();
  return !isNegative(text) && !ZERO.test(text);
}

/** The rate with its texts cut to their lengths: the same object when nothing was cut. */
function boundedRate(rate: SupplierRate, tally: RefusalTally): SupplierRate {
  const roomTypeName = boundedText(rate.roomTypeName, LIMITS.text.roomTypeName, tally);
  const remarks = rate.remarks ? boundedRemarks(rate.remarks, tally) : rate.remarks;
  const charges = rate.payAtProperty;
  const payAtProperty = charges?.some((c) => (c.description?.length ?? 0) > LIMITS.text.chargeDescription)
    ? charges.map((c) => ({ ...c, description: c.description && boundedText(c.description, LIMITS.text.chargeDescription, tally) }))
    : charges;
  if (roomTypeName === rate.roomTypeName && remarks === rate.remarks && payAtProperty === charges) return rate;
  return supplierRate({ ...rate, roomTypeName, remarks, payAtProperty });
}

function boundedRemarks(remarks: readonly SupplierRemark[], tally: RefusalTally): readonly SupplierRemark[] {
  const tooMany = remarks.length > LIMITS.maxRemarksPerRate;
  if (!tooMany && remarks.every((r) => r.text.length <= LIMITS.text.remark)) return remarks;
  if (tooMany) tally.add('text_cut');
  return remarks
    .slice(0, LIMITS.maxRemarksPerRate)
    .map((r) => (r.text.length <= LIMITS.text.remark ? r : { kind: r.kind, text: boundedText(r.text, LIMITS.text.remark, tally) }));
}

function boundedAddress(address: PropertyAddress, tally: RefusalTally): PropertyAddress {
  const line = boundedText(address.line, LIMITS.text.address, tally);
  const city = boundedText(address.city, LIMITS.text.address, tally);
  const postalCode = address.postalCode === undefined ? undefined : boundedText(address.postalCode, LIMITS.text.address, tally);
  if (line === address.line && city === address.city && postalCode === address.postalCode) return address;
  return { ...address, line, city, ...(postalCode !== undefined ? { postalCode } : {}) };
}

/**
 * A text a partner, a page or a voucher shows, at most `max` characters: cut there (at a character, never
 * inside a surrogate pair) and counted as `text_cut`.
 */
export function boundedText(text: string, max: number, tally: RefusalTally): string {
  if (text.length <= max) return text;
  tally.add('text_cut');
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

function isPosition(geo: { lat: number; lng: number }): boolean {
  return Number.isFinite(geo.lat) && Number.isFinite(geo.lng) && Math.abs(geo.lat) <= 90 && Math.abs(geo.lng) <= 180;
}

/**
 * A rate check's answer: the rate must be for the hotel the rate was quoted for (when the caller says which),
 * and showable (known currencies, a price above zero, a key of sane length). Otherwise the check fails with
 * the reason: a booking never goes ahead on it.
 */
export function checkCheckedRate(
  request: CheckRateRequest,
  checked: CheckedRate,
  supplierId: string,
): { checked: CheckedRate; refused: RefusalTally } {
  const tally = new RefusalTally();
  if (
    request.supplierPropertyId !== undefined &&
    checked.supplierPropertyId !== '' &&
    checked.supplierPropertyId !== request.supplierPropertyId
  )
    throw refusal(supplierId, 'property_mismatch', 'checkRate', 'the rate check answered for another hotel than the one asked');
  const reason = rateRefusal(checked.rate);
  if (reason) throw refusal(supplierId, reason, 'checkRate', 'the checked rate cannot be shown or booked');
  const rate = boundedRate(checked.rate, tally);
  return { checked: rate === checked.rate ? checked : { ...checked, rate }, refused: tally };
}

/** A booking as the supplier answered it, with its texts cut to their lengths (a booking is never dropped). */
export function boundedBooking(booking: SupplierBooking, tally: RefusalTally): SupplierBooking {
  const propertyName = boundedText(booking.propertyName, LIMITS.text.name, tally);
  const rooms = booking.rooms.some((room) => (room.roomTypeName?.length ?? 0) > LIMITS.text.roomTypeName)
    ? booking.rooms.map((room) =>
        room.roomTypeName === undefined ? room : { ...room, roomTypeName: boundedText(room.roomTypeName, LIMITS.text.roomTypeName, tally) },
      )
    : booking.rooms;
  const remarks = booking.remarks ? boundedRemarks(booking.remarks, tally) : booking.remarks;
  if (propertyName === booking.propertyName && rooms === booking.rooms && remarks === booking.remarks) return booking;
  return { ...booking, propertyName, rooms, ...(remarks ? { remarks } : {}) };
}
