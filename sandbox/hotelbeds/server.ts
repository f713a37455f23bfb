import { WORLD_CONTENT_UPDATED } from '../world/content-dates.js';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatMinor, scaleMinor } from '../../functions/domain/money/money.js';
import { verifyHotelbedsSignature } from '../../functions/suppliers/hotelbeds/signature.js';
import type {
  WireAvailabilityRQ,
  WireBooking,
  WireBookingChangeRQ,
  WireBookingListItem,
  WireBookingRQ,
  WireCancellationPolicy,
  WireCheckRateRQ,
  WireContentHotel,
  WireHotel,
  WirePax,
  WireRate,
  WireRoom,
  WireTax,
} from '../../functions/suppliers/hotelbeds/wire.js';
import { hasScenario, parseScenarios, SANDBOX_SCENARIO_HEADER, type Scenario } from '../../functions/suppliers/scenario.js';
import { toLocalIsoWithOffset, utcToZonedLocal } from '../../functions/suppliers/time-zone.js';
import { sandboxContext, serveSandbox, type SandboxContext, pause, readRequestBody, type SandboxServerOptions } from '../http.js';
import { CITIES, findCity } from '../world/cities.js';
import { localCurrencyOf, MARKET_RESTRICTION_COMMENT, SELLING_FLOOR_FACTOR, specShapesFor, variantOf } from '../world/spec-shapes.js';
import { distanceMetres } from '../world/generate-world.js';
import { type CancellationTier, fromEurMinor, penaltyAt, quoteStay, type SandboxRate } from '../world/rates.js';
import type { SupplierProperty, SupplierView } from '../world/supplier-views.js';
import { mergeCancellationTiers, SandboxBookingStore, type SandboxBooking } from './bookings.js';
import { decodeRateKey, encodeRateKey } from './rate-key.js';
import { translatedContent } from '../world/translations.js';
import { languageOfHotelbedsCode } from '../../functions/suppliers/hotelbeds/languages.js';

/**
 * The Hotelbeds APItude sandbox: a real HTTP server speaking the published Hotel Booking API 1.0
 * (availability, checkrates, bookings, list, detail, change, cancellation) plus a paged catalogue in the
 * style of Hotelbeds' Content API, all drawn from the seeded world through the Hotelbeds supplier view.
 *
 *   POST   /hotel-api/1.0/hotels                      availability (stay, occupancies, geolocation or hotels)
 *   POST   /hotel-api/1.0/checkrates                  rate check (reprice scenario moves the price)
 *   POST   /hotel-api/1.0/bookings                    booking (clientReference = our booking id)
 *   GET    /hotel-api/1.0/bookings?from&to&start&end&clientReference   booking list
 *   GET    /hotel-api/1.0/bookings/reconfirmations?from&to&references|clientReferences|start&end&filterType
 *                                                     the hotels' reconfirmation numbers (asynchronous)
 *   GET    /hotel-api/1.0/bookings/{reference}        booking detail
 *   PUT    /hotel-api/1.0/bookings/{reference}        booking change (holder, paxes, remark)
 *   DELETE /hotel-api/1.0/bookings/{reference}?cancellationFlag=SIMULATION|CANCELLATION
 *   GET    /hotel-content-api/1.0/hotels?from=1&to=100 static content, 1-based inclusive range, max 1000
 *
 * Every call needs `Api-key` and `X-Signature` (SHA-256 hex of key + secret + Unix seconds).
 */
export interface HotelbedsSandboxOptions extends SandboxServerOptions {
  readonly signatureSkewSeconds?: number;
  /**
   * How long after a booking its hotel's reconfirmation number appears in GET /bookings/reconfirmations
   * (default 0: at once). Never in the booking's own answers: the spec says they are "not available at
   * the time of the booking".
   */
  readonly reconfirmAfterMs?: number;
}

export interface HotelbedsSandbox {
  readonly url: string;
  readonly port: number;
  readonly bookings: SandboxBookingStore;
  readonly view: SupplierView;
  close(): Promise<void>;
}

const SUPPLIER_ID = 'hotelbeds';
const BOOKING_BASE = '/hotel-api/1.0';
const CONTENT_BASE = '/hotel-content-api/1.0';
const BOARD_NAMES: Readonly<Record<string, string>> = {
  RO: 'ROOM ONLY',
  BB: 'BED AND BREAKFAST',
  HB: 'HALF BOARD',
  FB: 'FULL BOARD',
  AI: 'ALL INCLUSIVE',
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;

class WireFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function startHotelbedsSandbox(options: HotelbedsSandboxOptions): Promise<HotelbedsSandbox> {
  return serveSandbox(sandboxContext(SUPPLIER_ID, options, new SandboxBookingStore()), handle);
}

type HandlerContext = SandboxContext<SandboxBookingStore, HotelbedsSandboxOptions>;

interface CallState {
  readonly scenarios: readonly Scenario[];
  readonly token: string;
  readonly started: number;
  closed: boolean;
}

async function handle(ctx: HandlerContext, req: IncomingMessage, res: ServerResponse, latencyMs: number): Promise<void> {
  const call: CallState = {
    scenarios: parseScenarios(header(req, SANDBOX_SCENARIO_HEADER)),
    token: randomBytes(16).toString('hex').toUpperCase(),
    started: Date.now(),
    closed: false,
  };
  res.on('close', () => {
    call.closed = true;
  });
  try {
    const body = await readRequestBody(req, 1_000_000, () => new WireFailure(413, 'INVALID_REQUEST', 'Request too large'));
    const authFailure = authenticate(ctx, req);
    if (authFailure) {
      send(res, 401, { error: authFailure });
      return;
    }
    await pause(latencyMs, call);
    if (hasScenario(call.scenarios, 'slow', SUPPLIER_ID)) await pause(ctx.slowMs, call);
    if (call.closed) return;
    if (hasScenario(call.scenarios, 'error', SUPPLIER_ID)) throw new WireFailure(500, 'SYSTEM_ERROR', 'Internal server error');
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const result = await route(ctx, call, req.method ?? 'GET', url, body);
    if (!call.closed) send(res, result.status, result.body);
  } catch (error) {
    if (call.closed) return;
    if (error instanceof WireFailure) {
      send(res, error.status, { auditData: auditData(call), error: { code: `${error.code}-${call.token}`, message: error.message } });
    } else {
      send(res, 500, { auditData: auditData(call), error: { code: `SYSTEM_ERROR-${call.token}`, message: 'Internal server error' } });
    }
  }
}

function authenticate(ctx: HandlerContext, req: IncomingMessage): string | undefined {
  const apiKey = header(req, 'Api-key');
  const signature = header(req, 'X-Signature');
  if (!apiKey || !signature) return 'Authorization field missing';
  if (apiKey !== ctx.options.apiKey) return 'Request signature verification failed';
  const ok = verifyHotelbedsSignature(apiKey, ctx.options.secret, signature, ctx.clock(), ctx.options.signatureSkewSeconds ?? 300);
  return ok ? undefined : 'Request signature verification failed';
}

async function route(
  ctx: HandlerContext,
  call: CallState,
  method: string,
  url: URL,
  body: string,
): Promise<{ status: number; body: unknown }> {
  const path = url.pathname.replace(/\/+$/, '');
  if (method === 'POST' && path === `${BOOKING_BASE}/hotels`) return ok(availability(ctx, call, parseBody<WireAvailabilityRQ>(body)));
  if (method === 'POST' && path === `${BOOKING_BASE}/checkrates`) return ok(checkRates(ctx, call, parseBody<WireCheckRateRQ>(body)));
  if (method === 'POST' && path === `${BOOKING_BASE}/bookings`) return ok(await book(ctx, call, parseBody<WireBookingRQ>(body)));
  if (method === 'GET' && path === `${BOOKING_BASE}/bookings`) return ok(listBookings(ctx, call, url.searchParams));
  if (method === 'GET' && path === `${BOOKING_BASE}/bookings/reconfirmations`) return ok(reconfirmations(ctx, call, url.searchParams));
  const match = /^\/hotel-api\/1\.0\/bookings\/([^/]+)$/.exec(path);
  if (match) {
    const reference = decodeURIComponent(match[1] ?? '');
    if (method === 'GET') return ok({ auditData: auditData(call), booking: wireBooking(ctx, call, findBooking(ctx, reference)) });
    if (method === 'DELETE') return ok(cancelBooking(ctx, call, reference, url.searchParams.get('cancellationFlag') ?? 'CANCELLATION'));
    if (method === 'PUT') return ok(await changeBooking(ctx, call, reference, parseBody<WireBookingChangeRQ>(body)));
  }
  if (method === 'GET' && path === `${CONTENT_BASE}/hotels`) return ok(contentHotels(ctx, call, url.searchParams));
  throw new WireFailure(404, 'INVALID_REQUEST', `No operation ${method} ${path}`);
}

const ok = (body: unknown): { status: number; body: unknown } => ({ status: 200, body });

// ---------- availability ----------

function availability(ctx: HandlerContext, call: CallState, rq: WireAvailabilityRQ): unknown {
  const { checkIn, checkOut } = validateStay(ctx, rq.stay);
  if (!Array.isArray(rq.occupancies) || rq.occupancies.length === 0) invalid('occupancies', 'at least one occupancy is required');
  const occupancies = rq.occupancies.map((occ, i) => {
    if (!Number.isInteger(occ.rooms) || occ.rooms < 1) invalid(`occupancies[${i}].rooms`, 'must be at least 1');
    if (!Number.isInteger(occ.adults) || occ.adults < 1) invalid(`occupancies[${i}].adults`, 'must be at least 1');
    if (!Number.isInteger(occ.children) || occ.children < 0) invalid(`occupancies[${i}].children`, 'must be 0 or more');
    const ages = (occ.paxes ?? []).filter((pax) => pax.type === 'CH').map((pax) => pax.age ?? 8);
    while (ages.length < occ.children) ages.push(8);
    return { rooms: occ.rooms, adults: occ.adults, childrenAges: ages.slice(0, occ.children) };
  });
  const candidates = candidateProperties(ctx, rq);
  const max = rq.filter?.maxHotels ?? 2000;
  const hotels: WireHotel[] = [];
  const now = ctx.clock();
  for (const property of candidates) {
    if (hotels.length >= max) break;
    const perOccupancy = occupancies.map((occ) =>
      quoteStay({
        seed: ctx.seed,
        property,
        checkIn,
        checkOut,
        occupancy: occ,
        rooms: occ.rooms,
        now,
        repriced: false,
      }).map((rate) => ({ rate, key: rateKeyFor(ctx, property, checkIn, checkOut, rate) })),
    );
    if (perOccupancy.some((rates) => rates.length === 0)) continue;
    const rooms = new Map<string, WireRoom>();
    for (const { rate, key } of perOccupancy.flat()) {
      const room = rooms.get(rate.room.code) ?? { code: rate.room.code, name: rate.room.name, rates: [] };
      const wire = wireRate(property, rate, key, 'availability', call.scenarios);
      // Asked with `dailyRate: true`, every rate says what each night costs (ApiRate.dailyRates).
      room.rates!.push(rq.dailyRate === true ? { ...wire, dailyRates: dailyRatesOf(rate) } : wire);
      rooms.set(rate.room.code, room);
    }
    const amounts = perOccupancy.flat().map(({ rate }) => rate.totalMinor);
    hotels.push({
      ...hotelHeader(property),
      minRate: formatMinor(Math.min(...amounts), ctx.view.profile.currency),
      maxRate: formatMinor(Math.max(...amounts), ctx.view.profile.currency),
      currency: ctx.view.profile.currency,
      rooms: [...rooms.values()],
    });
  }
  return { auditData: auditData(call), hotels: { checkIn, checkOut, total: hotels.length, hotels } };
}

function candidateProperties(ctx: HandlerContext, rq: WireAvailabilityRQ): SupplierProperty[] {
  if (rq.hotels?.hotel && rq.hotels.hotel.length > 0) {
    return rq.hotels.hotel.map((code) => ctx.view.byPropertyId.get(String(code))).filter((p): p is SupplierProperty => p !== undefined);
  }
  const geo = rq.geolocation;
  if (!geo) invalid('hotels', 'a hotel list or a geolocation is required');
  const centre = { lat: Number(geo.latitude), lng: Number(geo.longitude) };
  const radiusKm = Number(geo.radius ?? '20') * (geo.unit === 'mi' ? 1.609344 : 1);
  if (!Number.isFinite(centre.lat) || !Number.isFinite(centre.lng)) invalid('geolocation', 'latitude and longitude must be numbers');
  if (!Number.isFinite(radiusKm) || radiusKm <= 0 || radiusKm > 200 * 1.609344) invalid('geolocation.radius', 'must be between 0 and 200');
  const out: SupplierProperty[] = [];
  for (const city of CITIES) {
    if (distanceMetres(centre, city.centre) > (radiusKm + city.radiusKm + 10) * 1000) continue;
    for (const property of ctx.view.byCity.get(city.code) ?? []) {
      if (distanceMetres(centre, property.geo) <= radiusKm * 1000) out.push(property);
    }
  }
  return out;
}

function hotelHeader(property: SupplierProperty): WireHotel {
  const city = findCity(property.cityCode);
  return {
    code: Number(property.supplierPropertyId),
    name: property.name,
    categoryCode: `${property.stars}EST`,
    categoryName: `${property.stars} STARS`,
    destinationCode: property.cityCode,
    destinationName: city?.name ?? property.cityCode,
    zoneCode: 10,
    zoneName: property.hotel.district,
    latitude: String(property.geo.lat),
    longitude: String(property.geo.lng),
  };
}

function rateKeyFor(ctx: HandlerContext, property: SupplierProperty, checkIn: string, checkOut: string, rate: SandboxRate): string {
  return encodeRateKey(
    {
      checkIn,
      checkOut,
      hotelCode: property.supplierPropertyId,
      roomCode: rate.room.code,
      planCode: rate.planCode,
      board: rate.board,
      rooms: rate.rooms,
      adults: rate.occupancy.adults,
      childrenAges: rate.occupancy.childrenAges,
    },
    ctx.options.secret,
  );
}

function wireRate(
  property: SupplierProperty,
  rate: SandboxRate,
  rateKey: string | undefined,
  shape: 'availability' | 'checkrate' | 'booking',
  scenarios: readonly Scenario[],
): WireRate {
  const currency = rate.currency;
  const zone = findCity(property.cityCode)?.timeZone ?? 'UTC';
  const payAtHotel = rate.payment === 'pay_at_hotel';
  const policies: WireCancellationPolicy[] = rate.cancellation.map((tier) => ({
    amount: formatMinor(tier.amountMinor, currency),
    // Hotelbeds writes deadlines in the destination's local time with its offset.
    from: toLocalIsoWithOffset(new Date(tier.from), zone),
  }));
  const wire: WireRate = {
    ...(rateKey ? { rateKey } : {}),
    rateClass: rate.refundable ? 'NOR' : 'NRF',
    rateType: 'BOOKABLE',
    net: formatMinor(rate.totalMinor - rate.commissionMinor, currency),
    ...(payAtHotel
      ? {
          sellingRate: formatMinor(rate.totalMinor, currency),
          hotelMandatory: true,
          commission: formatMinor(rate.commissionMinor, currency),
          commissionPCT: formatMinor(scaleMinor(rate.commissionMinor, 10_000, Math.max(1, rate.totalMinor)), 'EUR'),
        }
      : {}),
    ...(shape === 'availability' ? { allotment: 5 } : {}),
    paymentType: payAtHotel ? 'AT_HOTEL' : 'AT_WEB',
    packaging: false,
    boardCode: rate.board,
    boardName: BOARD_NAMES[rate.board] ?? rate.board,
    cancellationPolicies: policies,
    ...(rate.cityTaxMinor > 0
      ? {
          taxes: {
            allIncluded: false,
            taxes: [
              {
                included: false,
                amount: formatMinor(rate.cityTaxMinor, currency),
                currency,
                type: 'TAX',
                clientAmount: formatMinor(rate.cityTaxMinor, currency),
                clientCurrency: currency,
              },
            ],
          },
        }
      : {}),
    rooms: rate.rooms,
    adults: rate.occupancy.adults,
    children: rate.occupancy.childrenAges.length,
    ...(rate.occupancy.childrenAges.length > 0 ? { childrenAges: rate.occupancy.childrenAges.join(',') } : {}),
    ...(rate.refundable ? {} : { rateComments: 'Non-refundable rate. No amendments permitted.' }),
  };
  return withSpecShapes(wire, property, rate, scenarios, shape);
}

/**
 * The shapes of the published spec a real Hotelbeds rate carries and a plain sandbox rate would not
 * (sandbox/world/spec-shapes.ts decides which, per rate): taxes the hotel collects in its own currency (with
 * the client's figure beside it) or as a percentage, rate comments (the spec's market restriction among them),
 * a mandatory selling price above net on a prepaid rate, package-only rates, and penalties written as a
 * percentage or a number of nights (with the daily rates that make them up) wherever that is exact and the
 * operation's schema allows them.
 */
function withSpecShapes(
  wire: WireRate,
  property: SupplierProperty,
  rate: SandboxRate,
  scenarios: readonly Scenario[],
  shape: 'availability' | 'checkrate' | 'booking',
): WireRate {
  const label = `hotelbeds|${property.supplierPropertyId}|${rate.room.code}|${rate.planCode}|${rate.board}|${rate.payment}`;
  const shapes = specShapesFor(label, scenarios, SUPPLIER_ID);
  const currency = rate.currency;
  const shaped: WireRate = { ...wire };
  if (shapes.has('fees-at-property')) {
    const local = localCurrencyOf(findCity(property.cityCode)?.countryCode);
    const perNightEur = 150 * rate.occupancy.adults; // a resort or tourism fee per adult and night, in cents of a euro
    const feeEurMinor = perNightEur * rate.nightlyMinor.length * rate.rooms;
    const localMinor = fromEurMinor(feeEurMinor, local);
    const charge: WireTax =
      variantOf(label, 'fees-at-property', ['amount', 'percent'] as const) === 'percent'
        ? { included: false, percent: '5', type: 'TAX' }
        : {
            included: false,
            amount: formatMinor(localMinor, local),
            currency: local,
            type: 'FEE',
            clientAmount: formatMinor(fromEurMinor(feeEurMinor, currency), currency),
            clientCurrency: currency,
          };
    shaped.taxes = { allIncluded: false, taxes: [...(wire.taxes?.taxes ?? []), charge] };
  }
  if (shapes.has('remarks')) {
    const comment = variantOf(label, 'remarks', [
      MARKET_RESTRICTION_COMMENT,
      'Check-in hour 15:00 - 00:00. Car park NO. Key Collection 15:00. No hen/stag or any other parties allowed.',
      'Estimated total amount of taxes & fees for this booking payable on arrival. Identification card at arrival.',
    ]);
    shaped.rateComments = [wire.rateComments, comment].filter(Boolean).join(' . ');
  }
  if (shapes.has('selling-floor') && rate.payment === 'net') {
    const net = rate.totalMinor - rate.commissionMinor;
    shaped.sellingRate = formatMinor(scaleMinor(net, SELLING_FLOOR_FACTOR.numerator, SELLING_FLOOR_FACTOR.denominator), currency);
    shaped.hotelMandatory = true;
  }
  if (shapes.has('package-rates')) shaped.packaging = true;
  // The checkrates answer's penalties are amounts only (ApiCancellationPolicyCheckRate has no percent or nights).
  if (shapes.has('spec-penalties') && shape !== 'checkrate') {
    const total = rate.totalMinor - (rate.payment === 'net' ? rate.commissionMinor : 0);
    let usesNights = false;
    shaped.cancellationPolicies = (wire.cancellationPolicies ?? []).map((policy, i) => {
      const tier = rate.cancellation[i]!;
      const nights = nightsMaking(tier.amountMinor, rate.nightlyMinor);
      if (nights !== undefined) {
        usesNights = true;
        return { from: policy.from, numberOfNights: String(nights) };
      }
      if (total > 0 && (tier.amountMinor * 10_000) % total === 0)
        return { from: policy.from, percent: ((tier.amountMinor * 100) / total).toFixed(2) };
      return policy;
    });
    if (usesNights) shaped.dailyRates = dailyRatesOf(rate);
  }
  return shaped;
}

/**
 * A rate's price per night (ApiDailyRate): `dailyNet` adds up to the rate's net, and on a rate paid at the
 * hotel `dailySellingRate` to its selling rate (the commission taken night by night, what rounding leaves on
 * the last night).
 */
function dailyRatesOf(rate: SandboxRate): NonNullable<WireRate['dailyRates']> {
  const { currency, nightlyMinor, commissionMinor, totalMinor } = rate;
  let commissionLeft = commissionMinor;
  return nightlyMinor.map((minor, i) => {
    const last = i === nightlyMinor.length - 1;
    const commission = last ? commissionLeft : Math.floor((commissionMinor * minor) / Math.max(1, totalMinor));
    commissionLeft -= commission;
    return {
      offset: i + 1,
      dailyNet: formatMinor(minor - commission, currency),
      ...(rate.payment === 'pay_at_hotel' ? { dailySellingRate: formatMinor(minor, currency) } : {}),
    };
  });
}

/** How many first nights make exactly this penalty, if any number does (a penalty written as nights must be exact). */
function nightsMaking(amountMinor: number, nightlyMinor: readonly number[]): number | undefined {
  let sum = 0;
  for (const [i, night] of nightlyMinor.entries()) {
    sum += night;
    if (sum === amountMinor) return i + 1;
    if (sum > amountMinor) return undefined;
  }
  return undefined;
}

// ---------- checkrates and bookings ----------

interface ResolvedRate {
  readonly rateKey: string;
  readonly property: SupplierProperty;
  readonly rate: SandboxRate;
  readonly checkIn: string;
  readonly checkOut: string;
}

function resolveRateKeys(ctx: HandlerContext, call: CallState, rateKeys: readonly string[]): ResolvedRate[] {
  const now = ctx.clock();
  const resolved = rateKeys.map((rateKey) => {
    const parts = decodeRateKey(rateKey, ctx.options.secret);
    if (!parts) invalid('rooms.rateKey', 'The rateKey is not valid');
    const property = ctx.view.byPropertyId.get(parts.hotelCode);
    if (!property) invalid('rooms.rateKey', 'The rateKey is not valid');
    if (Date.parse(`${parts.checkIn}T00:00:00Z`) < Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`)) {
      invalid('stay', 'Check-in must be in the future');
    }
    const rate = quoteStay({
      seed: ctx.seed,
      property,
      checkIn: parts.checkIn,
      checkOut: parts.checkOut,
      occupancy: { adults: parts.adults, childrenAges: parts.childrenAges },
      rooms: parts.rooms,
      now,
      repriced: hasScenario(call.scenarios, 'reprice', SUPPLIER_ID),
    }).find((candidate) => candidate.room.code === parts.roomCode && candidate.planCode === parts.planCode);
    if (!rate) throw new WireFailure(500, 'PRODUCT_ERROR', 'Insufficient allotment: the room is no longer available');
    return { rateKey, property, rate, checkIn: parts.checkIn, checkOut: parts.checkOut };
  });
  const first = resolved[0];
  if (!first) invalid('rooms', 'at least one room is required');
  if (resolved.some((r) => r.property !== first.property || r.checkIn !== first.checkIn || r.checkOut !== first.checkOut)) {
    invalid('rooms', 'all rooms must be of the same hotel and stay');
  }
  return resolved;
}

function checkRates(ctx: HandlerContext, call: CallState, rq: WireCheckRateRQ): unknown {
  if (!Array.isArray(rq.rooms) || rq.rooms.length === 0) invalid('rooms', 'at least one room is required');
  const resolved = resolveRateKeys(
    ctx,
    call,
    rq.rooms.map((room) => String(room.rateKey ?? '')),
  );
  const first = resolved[0]!;
  const currency = ctx.view.profile.currency;
  const rooms = new Map<string, WireRoom>();
  for (const { rate, rateKey, property } of resolved) {
    const room = rooms.get(rate.room.code) ?? { code: rate.room.code, name: rate.room.name, rates: [] };
    room.rates!.push(wireRate(property, rate, rateKey, 'checkrate', call.scenarios));
    rooms.set(rate.room.code, room);
  }
  const total = resolved.reduce((sum, r) => sum + r.rate.totalMinor, 0);
  return {
    auditData: { token: call.token },
    hotels: {
      checkIn: first.checkIn,
      checkOut: first.checkOut,
      ...hotelHeader(first.property),
      totalNet: formatMinor(total, currency),
      currency,
      rooms: [...rooms.values()],
      modificationPolicies: { cancellation: true, modification: true },
    },
  };
}

async function book(ctx: HandlerContext, call: CallState, rq: WireBookingRQ): Promise<unknown> {
  if (!rq.holder?.name || !rq.holder?.surname) invalid('holder', 'name and surname are required');
  if (typeof rq.clientReference !== 'string' || rq.clientReference.length < 1 || rq.clientReference.length > 20) {
    invalid('clientReference', 'must be 1 to 20 characters');
  }
  if (!Array.isArray(rq.rooms) || rq.rooms.length === 0) invalid('rooms', 'at least one room is required');
  const resolved = resolveRateKeys(
    ctx,
    call,
    rq.rooms.map((room) => String(room.rateKey ?? '')),
  );
  if (hasScenario(call.scenarios, 'book-fail', SUPPLIER_ID)) {
    throw new WireFailure(500, 'PRODUCT_ERROR', 'Booking confirmation error: the hotel could not confirm the booking');
  }
  const first = resolved[0]!;
  const createdAt = ctx.clock();
  const booking: SandboxBooking = {
    reference: ctx.bookings.nextReference(),
    clientReference: rq.clientReference,
    createdAt,
    status: 'CONFIRMED',
    holder: { name: rq.holder.name, surname: rq.holder.surname },
    ...(rq.remark ? { remark: rq.remark } : {}),
    property: first.property,
    checkIn: first.checkIn,
    checkOut: first.checkOut,
    rooms: resolved.map((r, i) => ({ id: i + 1, rateKey: r.rateKey, rate: r.rate, paxes: (rq.rooms[i]?.paxes ?? []).map(cleanPax) })),
    totalMinor: resolved.reduce((sum, r) => sum + r.rate.totalMinor, 0),
    currency: ctx.view.profile.currency,
    cancellation: mergeCancellationTiers(resolved.map((r) => r.rate.cancellation)),
    modificationAllowed: !hasScenario(call.scenarios, 'no-modify', SUPPLIER_ID),
  };
  ctx.bookings.add(booking);
  // book-timeout: the booking exists, but the answer comes after the caller has given up.
  if (hasScenario(call.scenarios, 'book-timeout', SUPPLIER_ID)) await pause(ctx.lateAnswerMs, call);
  return { auditData: auditData(call), booking: wireBooking(ctx, call, booking) };
}

function cleanPax(pax: WirePax): WirePax {
  return {
    ...(pax.roomId !== undefined ? { roomId: pax.roomId } : {}),
    type: pax.type === 'CH' ? 'CH' : 'AD',
    ...(pax.age !== undefined ? { age: pax.age } : {}),
    ...(pax.name ? { name: pax.name } : {}),
    ...(pax.surname ? { surname: pax.surname } : {}),
  };
}

function findBooking(ctx: HandlerContext, reference: string): SandboxBooking {
  const booking = ctx.bookings.get(reference);
  if (!booking)
    throw new WireFailure(404, 'INVALID_DATA', 'Invalid data. The booking does not exist or you do not have permissions to access it.');
  return booking;
}

function wireBooking(
  ctx: HandlerContext,
  call: CallState,
  booking: SandboxBooking,
  cancellationAmountMinor?: number,
  options: { readonly daily?: boolean } = {},
): WireBooking {
  const currency = booking.currency;
  const confirmed = booking.status === 'CONFIRMED';
  const modifiable = confirmed && booking.modificationAllowed && !hasScenario(call.scenarios, 'no-modify', SUPPLIER_ID);
  const amount = cancellationAmountMinor ?? booking.cancellationAmountMinor;
  return {
    reference: booking.reference,
    ...(booking.cancellationReference ? { cancellationReference: booking.cancellationReference } : {}),
    clientReference: booking.clientReference,
    creationDate: utcToZonedLocal(booking.createdAt, 'Europe/Madrid').slice(0, 10),
    status: booking.status,
    modificationPolicies: { cancellation: confirmed, modification: modifiable },
    creationUser: ctx.options.apiKey,
    holder: booking.holder,
    ...(booking.remark ? { remark: booking.remark } : {}),
    totalNet: Number(formatMinor(booking.totalMinor, currency)),
    pendingAmount: Number(formatMinor(booking.totalMinor, currency)),
    currency,
    hotel: {
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      ...hotelHeader(booking.property),
      ...(amount !== undefined ? { cancellationAmount: formatMinor(amount, currency) } : {}),
      totalNet: Number(formatMinor(booking.totalMinor, currency)),
      currency,
      // The issuing company the voucher must name, as the spec's own booking examples give it.
      supplier: { name: 'HOTELBEDS PRODUCT,S.L.U.', vatNumber: 'ESB38877676' },
      rooms: booking.rooms.map((room) => ({
        status: booking.status,
        id: room.id,
        code: room.rate.room.code,
        name: room.rate.room.name,
        paxes: room.paxes,
        rates: [
          options.daily
            ? { ...wireRate(booking.property, room.rate, undefined, 'booking', call.scenarios), dailyRates: dailyRatesOf(room.rate) }
            : wireRate(booking.property, room.rate, undefined, 'booking', call.scenarios),
        ],
      })),
    },
  };
}

function listBookings(ctx: HandlerContext, call: CallState, query: URLSearchParams): unknown {
  for (const name of ['from', 'to', 'start', 'end']) if (!query.get(name)) invalid(name, 'is required');
  const from = Number(query.get('from'));
  const to = Number(query.get('to'));
  const start = query.get('start') ?? '';
  const end = query.get('end') ?? '';
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from) invalid('from', 'from and to must be a 1-based range');
  if (!DATE.test(start) || !DATE.test(end)) invalid('start', 'start and end must be dates');
  const filterType = query.get('filterType') ?? 'CHECKIN';
  const status = query.get('status') ?? 'ALL';
  const clientReference = query.get('clientReference');
  const matching = ctx.bookings.list().filter((booking) => {
    const day = filterType === 'CREATION' ? booking.createdAt.toISOString().slice(0, 10) : booking.checkIn;
    return (
      day >= start &&
      day <= end &&
      (status === 'ALL' || booking.status === status) &&
      (!clientReference || booking.clientReference === clientReference)
    );
  });
  const page = matching.slice(from - 1, to);
  const items: WireBookingListItem[] = page.map((booking) => ({
    reference: booking.reference,
    clientReference: booking.clientReference,
    creationDate: booking.createdAt.toISOString().slice(0, 10),
    status: booking.status,
    holder: booking.holder,
    hotel: {
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      code: Number(booking.property.supplierPropertyId),
      name: booking.property.name,
      destinationCode: booking.property.cityCode,
    },
    totalNet: formatMinor(booking.totalMinor, booking.currency),
    currency: booking.currency,
  }));
  return { auditData: auditData(call), bookings: { bookings: items, from, to, total: matching.length } };
}

/**
 * The hotels' reconfirmation numbers of the bookings asked for, by one filter: `references` or
 * `clientReferences` (up to 80, comma-separated), or a `start`..`end` range of check-in or reconfirmation
 * dates with `filterType`. A booking appears once its hotel has reconfirmed it (reconfirmAfterMs after it was
 * made), with each room's `supplierConfirmationCode`, as the spec's example answers.
 */
function reconfirmations(ctx: HandlerContext, call: CallState, query: URLSearchParams): unknown {
  for (const name of ['from', 'to']) if (!query.get(name)) invalid(name, 'is required');
  const from = Number(query.get('from'));
  const to = Number(query.get('to'));
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from) invalid('from', 'from and to must be a 1-based range');
  const list = (name: string) => (query.get(name) ?? '').split(',').filter((value) => value !== '');
  const references = list('references');
  const clientReferences = list('clientReferences');
  const start = query.get('start');
  const end = query.get('end');
  const filterType = query.get('filterType');
  const filters = [references.length > 0, clientReferences.length > 0, start !== null || end !== null].filter(Boolean).length;
  if (filters !== 1)
    invalid('filterType', 'exactly one filter is required: references, clientReferences, or start and end with filterType');
  if (references.length > 80 || clientReferences.length > 80) invalid('references', 'at most 80 values');
  if ((start !== null || end !== null) && (!DATE.test(start ?? '') || !DATE.test(end ?? '') || !filterType))
    invalid('start', 'start and end are dates, and filterType is required with them');
  const now = ctx.clock().getTime();
  const delay = ctx.options.reconfirmAfterMs ?? 0;
  const reconfirmedAt = (booking: SandboxBooking) => new Date(booking.createdAt.getTime() + delay);
  const matching = ctx.bookings.list().filter((booking) => {
    if (booking.createdAt.getTime() + delay > now) return false;
    if (references.length > 0) return references.includes(booking.reference);
    if (clientReferences.length > 0) return clientReferences.includes(booking.clientReference);
    const day = filterType === 'CHECKIN' ? booking.checkIn : reconfirmedAt(booking).toISOString().slice(0, 10);
    return day >= (start ?? '') && day <= (end ?? '');
  });
  return {
    auditData: auditData(call),
    bookings: matching.slice(from - 1, to).map((booking) => ({
      reference: booking.reference,
      clientReference: booking.clientReference,
      hotel: {
        rooms: booking.rooms.map((room) => ({
          id: room.id,
          code: room.rate.room.code,
          supplierConfirmationCode: [hotelConfirmationOf(booking)],
        })),
      },
    })),
  };
}

/** The hotel's own number for a booking, in the style of the spec's example ("HIL_Conf_444322"), derived from its reference. */
function hotelConfirmationOf(booking: SandboxBooking): string {
  const digits = booking.reference.replace(/\D/g, '');
  return `HTL_Conf_${String((Number(digits) * 7919) % 1_000_000).padStart(6, '0')}`;
}

function cancelBooking(ctx: HandlerContext, call: CallState, reference: string, flag: string): unknown {
  if (flag !== 'CANCELLATION' && flag !== 'SIMULATION') invalid('cancellationFlag', 'must be CANCELLATION or SIMULATION');
  const booking = findBooking(ctx, reference);
  if (booking.status === 'CANCELLED') throw new WireFailure(409, 'INVALID_DATA', 'The booking is already cancelled');
  let supplierNow = ctx.clock();
  if (flag === 'CANCELLATION' && hasScenario(call.scenarios, 'late-cancel', SUPPLIER_ID)) {
    // The free-cancellation deadline passes while the cancellation is processed: the supplier's clock
    // reads just after the first penalty starts.
    const next = booking.cancellation.find((tier) => tier.amountMinor > 0 && Date.parse(tier.from) > supplierNow.getTime());
    if (next) supplierNow = new Date(Date.parse(next.from) + 1_000);
  }
  const penalty = penaltyAt(booking.cancellation, supplierNow);
  if (flag === 'SIMULATION') return { auditData: auditData(call), booking: wireBooking(ctx, call, booking, penalty) };
  booking.status = 'CANCELLED';
  booking.cancellationAmountMinor = penalty;
  booking.cancellationReference = randomBytes(5).toString('hex').toUpperCase();
  booking.cancelledAt = supplierNow;
  return { auditData: auditData(call), booking: wireBooking(ctx, call, booking) };
}

/**
 * BookingChange. Holder, remark and names change in place; new dates or a room's new occupancy (its paxes)
 * requote every room for the new stay, same room and rate plan, as a new booking would be priced (`reprice`
 * raises it as at booking). SIMULATION answers the changed booking and keeps nothing; UPDATE keeps it. The
 * answer's rates carry their dailyRates. Scenarios: `no-modify` refuses, `change-unavailable` finds no
 * room for the new stay, `change-timeout` makes the change and answers after lateAnswerMs.
 */
async function changeBooking(ctx: HandlerContext, call: CallState, reference: string, rq: WireBookingChangeRQ): Promise<unknown> {
  if (rq.mode !== 'UPDATE' && rq.mode !== 'SIMULATION') invalid('mode', 'must be SIMULATION or UPDATE');
  if (!rq.booking || typeof rq.booking !== 'object') invalid('booking', 'is required');
  const booking = findBooking(ctx, reference);
  if (booking.status === 'CANCELLED') throw new WireFailure(409, 'INVALID_DATA', 'The booking is cancelled and cannot be modified');
  if (!booking.modificationAllowed || hasScenario(call.scenarios, 'no-modify', SUPPLIER_ID)) {
    throw new WireFailure(400, 'INVALID_DATA', 'Booking modification is not allowed for this booking');
  }
  const holder = rq.booking.holder;
  const asked = rq.booking.hotel;
  const paxesByRoom = new Map((asked?.rooms ?? []).map((room) => [room.id, room.paxes]));
  const stay = changedStay(ctx, call, booking, asked, paxesByRoom);
  if (rq.mode === 'UPDATE') {
    if (holder?.name && holder.surname) booking.holder = { name: holder.name, surname: holder.surname };
    if (rq.booking.remark !== undefined) booking.remark = rq.booking.remark;
    for (const room of booking.rooms) {
      const paxes = paxesByRoom.get(room.id);
      if (paxes) room.paxes = paxes.map(cleanPax);
    }
    if (stay) {
      booking.checkIn = stay.checkIn;
      booking.checkOut = stay.checkOut;
      booking.rooms.forEach((room, i) => (room.rate = stay.rates[i]!));
      booking.totalMinor = stay.totalMinor;
      booking.cancellation = stay.cancellation;
    }
    // change-timeout: the change is made, but the answer comes after the caller has given up.
    if (stay && hasScenario(call.scenarios, 'change-timeout', SUPPLIER_ID)) await pause(ctx.lateAnswerMs, call);
  }
  const shown: SandboxBooking = stay
    ? {
        ...booking,
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
        rooms: booking.rooms.map((room, i) => ({
          ...room,
          rate: stay.rates[i]!,
          paxes: (paxesByRoom.get(room.id) ?? room.paxes).map(cleanPax),
        })),
        totalMinor: stay.totalMinor,
        cancellation: stay.cancellation,
      }
    : booking;
  return { auditData: auditData(call), booking: wireBooking(ctx, call, shown, undefined, { daily: true }) };
}

/** The booking's rooms requoted for new dates or occupancies, when the change asks for either; undefined otherwise. */
function changedStay(
  ctx: HandlerContext,
  call: CallState,
  booking: SandboxBooking,
  asked: WireHotel | undefined,
  paxesByRoom: ReadonlyMap<number | undefined, WirePax[] | undefined>,
): { checkIn: string; checkOut: string; rates: SandboxRate[]; totalMinor: number; cancellation: CancellationTier[] } | undefined {
  const occupancyOf = (room: SandboxBooking['rooms'][number]) => {
    const paxes = paxesByRoom.get(room.id);
    if (!paxes) return room.rate.occupancy;
    const adults = paxes.filter((pax) => pax.type !== 'CH').length;
    return { adults, childrenAges: paxes.filter((pax) => pax.type === 'CH').map((pax) => pax.age ?? 8) };
  };
  const occupancies = booking.rooms.map(occupancyOf);
  const checkIn = asked?.checkIn ?? booking.checkIn;
  const checkOut = asked?.checkOut ?? booking.checkOut;
  const sameOccupancy = booking.rooms.every(
    (room, i) =>
      room.rate.occupancy.adults === occupancies[i]!.adults &&
      room.rate.occupancy.childrenAges.join(',') === occupancies[i]!.childrenAges.join(','),
  );
  if (checkIn === booking.checkIn && checkOut === booking.checkOut && sameOccupancy) return undefined;
  validateStay(ctx, { checkIn, checkOut });
  if (occupancies.some((occupancy) => occupancy.adults < 1)) invalid('hotel.rooms.paxes', 'every room needs an adult');
  const unavailable = () =>
    new WireFailure(500, 'PRODUCT_ERROR', 'Insufficient allotment: the room is no longer available for the new stay');
  if (hasScenario(call.scenarios, 'change-unavailable', SUPPLIER_ID)) throw unavailable();
  const now = ctx.clock();
  const rates = booking.rooms.map((room, i) => {
    const rate = quoteStay({
      seed: ctx.seed,
      property: booking.property,
      checkIn,
      checkOut,
      occupancy: occupancies[i]!,
      rooms: room.rate.rooms,
      now,
      repriced: hasScenario(call.scenarios, 'reprice', SUPPLIER_ID),
    }).find((candidate) => candidate.room.code === room.rate.room.code && candidate.planCode === room.rate.planCode);
    if (!rate) throw unavailable();
    return rate;
  });
  return {
    checkIn,
    checkOut,
    rates,
    totalMinor: rates.reduce((sum, rate) => sum + rate.totalMinor, 0),
    cancellation: mergeCancellationTiers(rates.map((rate) => rate.cancellation)),
  };
}

// ---------- static content (Content API style) ----------

function contentHotels(ctx: HandlerContext, call: CallState, query: URLSearchParams): unknown {
  const from = Number(query.get('from') ?? '1');
  const to = Number(query.get('to') ?? String(from + 99));
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from || to - from >= 1000) {
    invalid('from', 'from and to must be a 1-based range of at most 1000');
  }
  const code = query.get('language') ?? 'ENG';
  const language = languageOfHotelbedsCode(code);
  if (!language) invalid('language', `unknown language ${code}`);
  // useSecondaryLanguage=false (the default): a text with no translation is left out, not sent in English.
  const secondary = query.get('useSecondaryLanguage') === 'true';
  const codes = query.get('codes');
  // The Content API's change filter: hotels whose content changed on or after the day (none, after the world's date).
  const since = query.get('lastUpdateTime');
  if (since !== null && !/^\d{4}-\d{2}-\d{2}$/.test(since)) invalid('lastUpdateTime', 'lastUpdateTime must be a date (YYYY-MM-DD)');
  const lastUpdate = WORLD_CONTENT_UPDATED.slice(0, 10);
  const listed = codes
    ? codes
        .split(',')
        .map((c) => ctx.view.byPropertyId.get(c.trim()))
        .filter((p): p is SupplierProperty => p !== undefined)
    : ctx.view.properties;
  const all = since !== null && since > lastUpdate ? [] : listed;
  const hotels: WireContentHotel[] = all.slice(from - 1, to).map((property) => {
    const hotel = property.hotel;
    const translated = language === 'en' ? undefined : translatedContent(property, language);
    const english = language === 'en' || secondary;
    const description = translated?.description ?? (english ? hotel.description : undefined);
    return {
      code: Number(property.supplierPropertyId),
      name: { content: property.name },
      ...(description ? { description: { content: description } } : {}),
      countryCode: property.address.countryCode,
      destinationCode: property.cityCode,
      coordinates: { longitude: property.geo.lng, latitude: property.geo.lat },
      categoryCode: `${property.stars}EST`,
      address: { content: property.addressLine, street: property.address.street, number: property.address.number },
      postalCode: property.address.postalCode,
      city: { content: property.address.city.toUpperCase() },
      email: hotel.email,
      ...(property.phone ? { phones: [{ phoneNumber: property.phone, phoneType: 'PHONEBOOKING' }] } : {}),
      rooms: property.roomTypes.map((room) => {
        const name = translated?.roomNames.get(room.code) ?? (english ? room.name : undefined);
        return { roomCode: room.code, ...(name ? { description: name } : {}), maxPax: room.maxOccupancy, maxChildren: room.maxChildren };
      }),
      facilities: hotel.amenities.map((amenity) => ({ facilityCode: amenity, description: { content: amenity.replace(/_/g, ' ') } })),
      images: hotel.images.map((path, order) => ({ path, order: order + 1, imageTypeCode: order === 0 ? 'GEN' : 'HAB' })),
      checkInTime: hotel.checkInTime,
      checkOutTime: hotel.checkOutTime,
      lastUpdate,
    };
  });
  return { from, to: from + hotels.length - 1, total: all.length, auditData: auditData(call), hotels };
}

// ---------- plumbing ----------

function validateStay(ctx: HandlerContext, stay: WireAvailabilityRQ['stay'] | undefined): { checkIn: string; checkOut: string } {
  if (!stay || !DATE.test(stay.checkIn ?? '') || !DATE.test(stay.checkOut ?? ''))
    invalid('stay', 'checkIn and checkOut must be dates (YYYY-MM-DD)');
  const today = ctx.clock().toISOString().slice(0, 10);
  if (stay.checkIn < today) invalid('stay', 'Check-in must be in the future');
  if (stay.checkOut <= stay.checkIn) invalid('stay', 'Check-out must be after check-in');
  return { checkIn: stay.checkIn, checkOut: stay.checkOut };
}

function invalid(property: string, message: string): never {
  throw new WireFailure(400, 'INVALID_DATA', `Invalid data. Error at property ${property}: ${message}`);
}

function parseBody<T>(body: string): T {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') return parsed as T;
  } catch {
    // fall through to the spec's INVALID_REQUEST
  }
  throw new WireFailure(400, 'INVALID_REQUEST', 'The request is not compliant with the specified version of the API');
}

function auditData(call: CallState): Record<string, string> {
  const now = new Date();
  return {
    processTime: String(Date.now() - call.started),
    timestamp: `${now.toISOString().slice(0, 10)} ${now.toISOString().slice(11, 23)}`,
    requestHost: '127.0.0.1',
    serverId: 'sandbox-hotelbeds',
    environment: '[sandbox]',
    release: 'sandbox',
    token: call.token,
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json;charset=UTF-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
