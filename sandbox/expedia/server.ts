import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { distanceMetres } from '../../functions/domain/geo/distance.js';
import { formatMinor } from '../../functions/domain/money/money.js';
import { BOARD_AMENITIES } from '../../functions/suppliers/expedia/board-amenities.js';
import { parseOccupancy } from '../../functions/suppliers/expedia/occupancy.js';
import { verifyRapidAuthorization } from '../../functions/suppliers/expedia/signature.js';
import type {
  WireCancelPenalty,
  WireCreateItineraryRequest,
  WireError,
  WireItinerary,
  WireItineraryCreation,
  WirePricingInformation,
  WirePropertyAvailability,
  WirePropertyContent,
  WireRate,
  WireRegion,
  WireRoomAvailability,
  WireRoomItinerary,
  WireRoomPriceCheck,
} from '../../functions/suppliers/expedia/wire.js';
import { hasScenario, parseScenarios, SANDBOX_SCENARIO_HEADER, type Scenario } from '../../functions/suppliers/scenario.js';
import { toLocalIsoWithOffset, zonedLocalToUtc } from '../../functions/suppliers/time-zone.js';
import { sandboxContext, serveSandbox, type SandboxContext, pause, readRequestBody, type SandboxServerOptions } from '../http.js';
import { CITIES, findCity } from '../world/cities.js';
import { translatedContent } from '../world/translations.js';
import { guestRating } from '../world/guest-ratings.js';
import { hash32 } from '../world/prng.js';
import { penaltyAt, quoteStay, type CancellationTier, type SandboxRate } from '../world/rates.js';
import type { SupplierProperty, SupplierView } from '../world/supplier-views.js';
import type { SpecShape } from '../world/spec-shapes.js';
import { mergeTiers, SandboxItineraryStore, type SandboxItinerary, type SandboxItineraryRoom } from './bookings.js';
import {
  collectCurrencyOf,
  feeKindsOf,
  fromUsd,
  MANDATORY_FEE_USD_MINOR,
  penaltyFormOf,
  propertyHasRemarks,
  rateLabel,
  RESORT_FEE_USD_MINOR,
  sellingFloor,
  shapesOf,
} from './rate-shapes.js';
import { openToken, sealToken, type RateTokenPayload } from './token.js';

/**
 * The Expedia Rapid v3 sandbox: a real HTTP server speaking the published Rapid contract under `/v3` (as
 * the spec's server `https://test.ean.com/v3`), drawn from the seeded world through the Expedia supplier view.
 *
 *   GET    /v3/regions?include=property_ids&language&iata_location_code     geography: a city's property ids
 *   GET    /v3/properties/availability?checkin&checkout&occupancy&property_id...   shopping
 *   GET    /v3/properties/{property_id}/rooms/{room_id}/rates/{rate_id}?token      price check
 *   POST   /v3/itineraries?token                                           book (affiliate_reference_id)
 *   GET    /v3/itineraries?affiliate_reference_id&email                    retrieve by our reference
 *   GET    /v3/itineraries/{itinerary_id}?token|email                      retrieve
 *   DELETE /v3/itineraries/{itinerary_id}/rooms/{room_id}?token            cancel one room (204, no body)
 *   GET    /v3/properties/content?language&supply_source[&token]           content, 250 a page, `Link: rel="next"`
 *
 * Every call needs `Authorization: EAN APIKey=…,Signature=…,timestamp=…` and the headers the spec marks
 * required (Accept, Accept-Encoding, User-Agent; Customer-Ip on itinerary calls; Content-Type on POST).
 * Rapid's `Test` header is honoured where it matches a behaviour the sandbox has (see README.md).
 */
export interface ExpediaSandboxOptions extends SandboxServerOptions {
  readonly signatureSkewSeconds?: number;
}

export interface ExpediaSandbox {
  readonly url: string;
  readonly port: number;
  readonly bookings: SandboxItineraryStore;
  readonly view: SupplierView;
  /** What each authenticated call carried that Rapid uses to know who asks: tests assert on it. */
  readonly received: RapidReceived[];
  close(): Promise<void>;
}

/** The identity a call carried: the traveller's IP and session, and the point of sale of a shop. */
export interface RapidReceived {
  readonly operation: string;
  readonly customerIp?: string;
  readonly customerSessionId?: string;
  readonly countryCode?: string;
}

const SUPPLIER_ID = 'expedia';
const BASE = '/v3';
export const CONTENT_PAGE_SIZE = 250;
const MAX_PROPERTY_IDS = 250;
const MAX_ROOMS = 8;
const MAX_NIGHTS = 28;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Rapid rate ids are numeric strings; one per sandbox rate plan. */
const PLAN_RATE_IDS: Readonly<Record<string, string>> = {
  'RO-FLEX': '381001',
  'BB-FLEX': '381002',
  'BB-NRF': '381003',
  'RO-NRF': '381004',
  'HB-FLEX': '381005',
  'FB-FLEX': '381006',
  'AI-FLEX': '381007',
  'RO-PAH': '381008',
};
const SALES_CHANNELS = new Set(['website', 'agent_tool', 'mobile_app', 'mobile_web', 'meta', 'cache']);
const SALES_ENVIRONMENTS = new Set(['hotel_package', 'hotel_only', 'loyalty']);
const RATE_OPTIONS = new Set(['member', 'net_rates', 'cross_sell']);
const FORBIDDEN_REFERENCE_CHARACTERS = /[<>()&]/;
const RECEIVED_KEPT = 1_000;

type Operation =
  | 'regions'
  | 'geography'
  | 'availability'
  | 'priceCheck'
  | 'book'
  | 'retrieveByReference'
  | 'retrieve'
  | 'cancel'
  | 'content';

/** The `Test` values each operation documents; the sandbox's meaning of each is in README.md. */
const TEST_VALUES: Readonly<Partial<Record<Operation, readonly string[]>>> = {
  availability: ['standard', 'service_unavailable', 'unknown_internal_error'],
  priceCheck: ['available', 'price_changed', 'sold_out', 'service_unavailable', 'unknown_internal_error'],
  book: ['standard', 'service_unavailable', 'internal_server_error', 'price_mismatch', 'cc_declined', 'rooms_unavailable'],
  retrieveByReference: ['standard', 'service_unavailable', 'internal_server_error'],
  retrieve: ['standard', 'service_unavailable', 'internal_server_error'],
  cancel: ['standard', 'service_unavailable', 'unknown_internal_error', 'post_stay_cancel'],
};

class WireFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: WireError,
  ) {
    super(body.message);
  }
}

export async function startExpediaSandbox(options: ExpediaSandboxOptions): Promise<ExpediaSandbox> {
  const base = sandboxContext(SUPPLIER_ID, options, new SandboxItineraryStore());
  const received: RapidReceived[] = [];
  const server = await serveSandbox({ ...base, regions: buildRegions(base.view), received }, handle);
  return { ...server, received };
}

interface SandboxRegion {
  readonly id: string;
  readonly cityCode: string;
}

interface HandlerContext extends SandboxContext<SandboxItineraryStore, ExpediaSandboxOptions> {
  readonly regions: readonly SandboxRegion[];
  readonly received: RapidReceived[];
}

interface CallState {
  readonly scenarios: readonly Scenario[];
  readonly test: string | undefined;
  closed: boolean;
}

interface Answer {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Region ids look like Rapid's (numeric strings), stable per city. */
function buildRegions(view: SupplierView): SandboxRegion[] {
  const used = new Set<string>();
  return CITIES.filter((city) => (view.byCity.get(city.code) ?? []).length > 0).map((city) => {
    let id = String(100_000 + (hash32(`region|${city.code}`) % 900_000));
    while (used.has(id)) id = String(Number(id) + 1);
    used.add(id);
    return { id, cityCode: city.code };
  });
}

async function handle(ctx: HandlerContext, req: IncomingMessage, res: ServerResponse, latencyMs: number): Promise<void> {
  const call: CallState = { scenarios: parseScenarios(header(req, SANDBOX_SCENARIO_HEADER)), test: header(req, 'Test'), closed: false };
  res.on('close', () => {
    call.closed = true;
  });
  try {
    const body = await readRequestBody(
      req,
      1_000_000,
      () => new WireFailure(413, { type: 'invalid_input', message: 'Request too large.' }),
    );
    const verdict = verifyRapidAuthorization(
      header(req, 'Authorization'),
      ctx.options.apiKey,
      ctx.options.secret,
      ctx.clock(),
      ctx.options.signatureSkewSeconds ?? 300,
    );
    if (verdict !== 'ok') {
      send(res, { status: 401, headers: { 'WWW-Authenticate': 'EAN' }, body: unauthenticated(verdict) });
      return;
    }
    await pause(latencyMs, call);
    if (hasScenario(call.scenarios, 'slow', SUPPLIER_ID)) await pause(ctx.slowMs, call);
    if (call.closed) return;
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = req.method ?? 'GET';
    const operation = operationOf(method, url.pathname.replace(/\/+$/, ''));
    if (!operation) throw new WireFailure(404, { type: 'resource.not_found', message: `No operation ${method} ${url.pathname}` });
    const customerIp = header(req, 'Customer-Ip');
    const customerSessionId = header(req, 'Customer-Session-Id');
    const countryCode = operation === 'availability' ? url.searchParams.get('country_code') : null;
    ctx.received.push({
      operation,
      ...(customerIp !== undefined ? { customerIp } : {}),
      ...(customerSessionId !== undefined ? { customerSessionId } : {}),
      ...(countryCode !== null ? { countryCode } : {}),
    });
    // A deployed sandbox runs for days: only the latest calls are kept.
    if (ctx.received.length > RECEIVED_KEPT) ctx.received.splice(0, ctx.received.length - RECEIVED_KEPT);
    checkHeaders(req, operation);
    applyFailureTests(call, operation);
    if (hasScenario(call.scenarios, 'error', SUPPLIER_ID)) throw internalError();
    const answer = await route(ctx, call, req, operation, url, body);
    if (!call.closed) send(res, answer);
  } catch (error) {
    if (call.closed) return;
    if (error instanceof WireFailure) send(res, { status: error.status, body: error.body });
    else send(res, { status: 500, body: { type: 'unknown_internal_error', message: 'An internal server error has occurred.' } });
  }
}

function unauthenticated(verdict: 'missing' | 'bad_signature' | 'stale'): WireError {
  if (verdict === 'missing') {
    return {
      type: 'request_unauthenticated',
      message: 'Data required to authenticate your request is missing or incomplete.',
      fields: [{ name: 'authorization', type: 'header' }],
    };
  }
  return {
    type: 'request_unauthenticated',
    message:
      verdict === 'stale'
        ? 'Your request could not be authenticated: the timestamp is outside the allowed window.'
        : 'Your request could not be authenticated.',
    fields: [{ name: 'signature', type: 'header' }],
  };
}

function operationOf(method: string, path: string): Operation | undefined {
  if (method === 'GET' && path === `${BASE}/regions`) return 'regions';
  if (method === 'POST' && path === `${BASE}/properties/geography`) return 'geography';
  if (method === 'GET' && path === `${BASE}/properties/availability`) return 'availability';
  if (method === 'GET' && path === `${BASE}/properties/content`) return 'content';
  if (method === 'GET' && /^\/v3\/properties\/[^/]+\/rooms\/[^/]+\/rates\/[^/]+$/.test(path)) return 'priceCheck';
  if (method === 'POST' && path === `${BASE}/itineraries`) return 'book';
  if (method === 'GET' && path === `${BASE}/itineraries`) return 'retrieveByReference';
  if (method === 'GET' && /^\/v3\/itineraries\/[^/]+$/.test(path)) return 'retrieve';
  if (method === 'DELETE' && /^\/v3\/itineraries\/[^/]+\/rooms\/[^/]+$/.test(path)) return 'cancel';
  return undefined;
}

/** The headers the spec marks required for the operation; Rapid refuses a request without them. */
function checkHeaders(req: IncomingMessage, operation: Operation): void {
  const problems: { type: string; message: string; fields: { name: string; type: string; value?: string }[] }[] = [];
  const require = (name: string, ok: (value: string) => boolean, rule: string): void => {
    const value = header(req, name);
    if (value === undefined || value === '')
      problems.push({ type: `${name.toLowerCase()}.required`, message: `${name} header is required.`, fields: [{ name, type: 'header' }] });
    else if (!ok(value))
      problems.push({
        type: `${name.toLowerCase()}.invalid`,
        message: `${name} header ${rule}.`,
        fields: [{ name, type: 'header', value }],
      });
  };
  require('Accept', (v) => v.split(',').some((part) => part.trim().startsWith('application/json')), 'must be application/json');
  require('Accept-Encoding', (v) => /\bgzip\b/.test(v), 'must be gzip');
  require('User-Agent', () => true, '');
  // Required on itinerary calls; where it is optional (shopping) a value sent must still be an address. The
  // loopback address is not refused: locally the traveller's request really comes from it.
  if (
    operation === 'book' ||
    operation === 'retrieve' ||
    operation === 'retrieveByReference' ||
    operation === 'cancel' ||
    header(req, 'Customer-Ip') !== undefined
  ) {
    require('Customer-Ip', (v) => isIP(v) !== 0, 'must be an IP address');
  }
  if (operation === 'book') require('Content-Type', (v) => v.startsWith('application/json'), 'must be application/json');
  if (problems.length > 0)
    throw new WireFailure(400, {
      type: 'invalid_input',
      message: 'An invalid request was sent in, please check the nested errors for details.',
      errors: problems,
    });
}

/** Test values that stand for a failure answer the same way whatever the operation's input. */
function applyFailureTests(call: CallState, operation: Operation): void {
  if (call.test === undefined) return;
  const allowed = TEST_VALUES[operation];
  if (!allowed) return; // content and geography calls document no Test header; it is ignored.
  if (!allowed.includes(call.test) || call.test === 'cc_declined' || call.test === 'post_stay_cancel') {
    throw new WireFailure(400, {
      type: 'invalid_input',
      message: 'An invalid request was sent in, please check the nested errors for details.',
      errors: [
        {
          type: 'test.not_supported',
          message: `Test value "${call.test}" is not supported by this sandbox for this call.`,
          fields: [{ name: 'Test', type: 'header', value: call.test }],
        },
      ],
    });
  }
  if (call.test === 'service_unavailable')
    throw new WireFailure(503, { type: 'service_unavailable', message: 'This service is currently unavailable.' });
  if (call.test === 'unknown_internal_error' || call.test === 'internal_server_error') throw internalError();
}

function internalError(): WireFailure {
  return new WireFailure(500, { type: 'unknown_internal_error', message: 'An internal server error has occurred.' });
}

async function route(
  ctx: HandlerContext,
  call: CallState,
  req: IncomingMessage,
  operation: Operation,
  url: URL,
  body: string,
): Promise<Answer> {
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  switch (operation) {
    case 'regions':
      return { status: 200, body: regions(ctx, url.searchParams) };
    case 'geography':
      return { status: 200, body: propertiesInPolygon(ctx, url.searchParams, body) };
    case 'availability':
      return { status: 200, body: availability(ctx, call, url.searchParams) };
    case 'priceCheck':
      return { status: 200, body: priceCheck(ctx, call, segments[2] ?? '', segments[4] ?? '', segments[6] ?? '', url.searchParams) };
    case 'book':
      return { status: 201, body: await book(ctx, call, url.searchParams, body) };
    case 'retrieveByReference':
      return { status: 200, body: retrieveByReference(ctx, url.searchParams) };
    case 'retrieve':
      return { status: 200, body: wireItinerary(ctx, findItinerary(ctx, segments[2] ?? '', url.searchParams)) };
    case 'cancel':
      cancelRoom(ctx, call, segments[2] ?? '', segments[4] ?? '', url.searchParams);
      return { status: 204 };
    case 'content':
      return content(ctx, call, req, url.searchParams);
  }
}

// ---------- geography ----------

function regions(ctx: HandlerContext, query: URLSearchParams): WireRegion[] {
  const include = query.getAll('include');
  if (include.length === 0) invalid('include', 'querystring', 'include is required.');
  const language = query.get('language');
  if (!language) invalid('language', 'querystring', 'A language is required.');
  if (!/^[a-z]{2}-[A-Z]{2}$/.test(language))
    invalid('language', 'querystring', 'language must be a language-country pair such as en-US.', language);
  const iata = query.get('iata_location_code');
  if (iata !== null && !/^[A-Z]{3}$/.test(iata))
    invalid('iata_location_code', 'querystring', 'iata_location_code must be 3 upper case letters.', iata);
  const limit = Number(query.get('limit') ?? '100');
  const matching = ctx.regions.filter((region) => iata === null || region.cityCode === iata).slice(0, Math.max(1, limit));
  return matching.map((region) => {
    const city = findCity(region.cityCode)!;
    const properties = ctx.view.byCity.get(region.cityCode) ?? [];
    return {
      id: region.id,
      type: 'city',
      name: city.name,
      name_full: `${city.name}, ${city.countryCode}`,
      country_code: city.countryCode,
      iata_airport_metro_code: city.code,
      ...(include.includes('details') ? { coordinates: { center_latitude: city.centre.lat, center_longitude: city.centre.lng } } : {}),
      ...(include.includes('property_ids') ? { property_ids: properties.map((p) => p.supplierPropertyId) } : {}),
    };
  });
}

/** Rapid's limits on the polygon (spec: postGeography). */
const POLYGON_MAX_COORDINATES = 2000;
const POLYGON_MAX_DIAGONAL_KM = 500;

/** `POST /properties/geography`: every property inside a GeoJSON polygon, as a map of id to `{property_id}`. */
function propertiesInPolygon(ctx: HandlerContext, query: URLSearchParams, body: string): Record<string, { property_id: string }> {
  if (query.get('include') !== 'property_ids')
    invalid('include', 'querystring', 'include must be property_ids.', query.get('include') ?? undefined);
  if (query.getAll('supply_source').length !== 1) invalid('supply_source', 'querystring', 'supply_source is required, once.');
  const polygon = parseBody<{ type?: unknown; coordinates?: unknown }>(body);
  if (polygon.type !== 'Polygon') invalid('type', 'body', 'The only supported type is Polygon.');
  const ring = Array.isArray(polygon.coordinates) && polygon.coordinates.length === 1 ? polygon.coordinates[0] : undefined;
  if (!Array.isArray(ring) || ring.length < 4)
    invalid('coordinates', 'body', 'The polygon must have coordinates: one ring of at least four positions.');
  if (ring.length > POLYGON_MAX_COORDINATES)
    invalid('coordinates', 'body', `The polygon must have at most ${POLYGON_MAX_COORDINATES} coordinates.`);
  const points = ring.map((position: unknown) => {
    const [lng, lat] = Array.isArray(position) ? position : [];
    if (typeof lng !== 'number' || typeof lat !== 'number' || Math.abs(lat) > 90 || Math.abs(lng) > 180)
      invalid('coordinates', 'body', 'Each position must be [longitude, latitude] in degrees.');
    return { lat, lng };
  });
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const diagonal =
    distanceMetres({ lat: Math.min(...lats), lng: Math.min(...lngs) }, { lat: Math.max(...lats), lng: Math.max(...lngs) }) / 1000;
  if (diagonal >= POLYGON_MAX_DIAGONAL_KM)
    invalid('coordinates', 'body', `The polygon's diagonal must be less than ${POLYGON_MAX_DIAGONAL_KM} km.`);
  const shape = { type: 'Polygon' as const, coordinates: [ring as number[][]] };
  const out: Record<string, { property_id: string }> = {};
  for (const property of ctx.view.properties) {
    if (booleanPointInPolygon([property.geo.lng, property.geo.lat], shape))
      out[property.supplierPropertyId] = { property_id: property.supplierPropertyId };
  }
  return out;
}

// ---------- shopping ----------

interface ShopRequest {
  readonly checkin: string;
  readonly checkout: string;
  readonly occupancies: readonly string[];
}

function availability(ctx: HandlerContext, call: CallState, query: URLSearchParams): WirePropertyAvailability[] {
  const stay = validateStay(ctx, query.get('checkin'), query.get('checkout'));
  const currency = query.get('currency');
  if (!currency) invalid('currency', 'querystring', 'Currency is required.');
  if (currency !== ctx.view.profile.currency)
    invalid('currency', 'querystring', `This sandbox prices in ${ctx.view.profile.currency} only.`, currency);
  const country = query.get('country_code');
  if (!country || !/^[A-Z]{2}$/.test(country))
    invalid('country_code', 'querystring', 'country_code must be an ISO 3166-1 alpha-2 code.', country ?? undefined);
  const language = query.get('language');
  if (!language) invalid('language', 'querystring', 'A language is required.');
  if (!/^[a-z]{2}-[A-Z]{2}$/.test(language))
    invalid('language', 'querystring', 'language must be a language-country pair such as en-US.', language);
  const occupancies = query.getAll('occupancy');
  if (occupancies.length === 0 || occupancies.length > MAX_ROOMS)
    invalid('occupancy', 'querystring', `Between 1 and ${MAX_ROOMS} occupancies are required.`);
  for (const occupancy of occupancies)
    if (!parseOccupancy(occupancy))
      invalid('occupancy', 'querystring', 'Occupancy must be numberOfAdults[-childAge[,childAge]].', occupancy);
  const propertyIds = query.getAll('property_id');
  if (propertyIds.length === 0 || propertyIds.length > MAX_PROPERTY_IDS)
    invalid('property_id', 'querystring', `Between 1 and ${MAX_PROPERTY_IDS} property_id values are required.`);
  for (const id of propertyIds)
    if (!/^\d+$/.test(id)) invalid('property_id', 'querystring', 'All provided property_id query parameters must be numeric.', id);
  const ratePlanCount = Number(query.get('rate_plan_count'));
  if (!Number.isInteger(ratePlanCount) || ratePlanCount < 1 || ratePlanCount > 250)
    invalid('rate_plan_count', 'querystring', 'rate_plan_count must be between 1 and 250.');
  if (!SALES_CHANNELS.has(query.get('sales_channel') ?? ''))
    invalid('sales_channel', 'querystring', 'sales_channel is required and must be a documented value.');
  if (!SALES_ENVIRONMENTS.has(query.get('sales_environment') ?? ''))
    invalid('sales_environment', 'querystring', 'sales_environment is required and must be a documented value.');
  for (const option of query.getAll('rate_option'))
    if (!RATE_OPTIONS.has(option)) invalid('rate_option', 'querystring', 'Unknown rate_option.', option);

  const shop: ShopRequest = { ...stay, occupancies };
  const now = ctx.clock();
  const out: WirePropertyAvailability[] = [];
  for (const id of new Set(propertyIds)) {
    const property = ctx.view.byPropertyId.get(id);
    if (!property) continue;
    const rates = shopRates(ctx, property, shop, now, false).slice(0, ratePlanCount);
    if (rates.length === 0) continue;
    const rooms = new Map<string, WireRoomAvailability>();
    for (const shopped of rates) {
      const room = rooms.get(shopped.roomId) ?? { id: shopped.roomId, room_name: shopped.perOccupancy[0]!.room.name, rates: [] };
      room.rates!.push(
        wireShopRate(ctx, property, shop, shopped, shapesOf(rateLabel(id, shopped.roomId, shopped.planCode), call.scenarios)),
      );
      rooms.set(shopped.roomId, room);
    }
    out.push({
      property_id: id,
      status: 'available',
      score: Math.round(property.stars * 1000 + (hash32(id) % 1000)),
      rooms: [...rooms.values()],
    });
  }
  return out;
}

/** One Rapid rate: the same room and plan priced for every requested occupancy (one room each). */
interface ShoppedRate {
  readonly roomId: string;
  readonly planCode: string;
  /** Per requested room, in request order. */
  readonly perRoom: readonly SandboxRate[];
  /** Per distinct occupancy string. */
  readonly perOccupancy: readonly SandboxRate[];
  readonly occupancyKeys: readonly string[];
  readonly totalMinor: number;
}

function shopRates(ctx: HandlerContext, property: SupplierProperty, shop: ShopRequest, now: Date, repriced: boolean): ShoppedRate[] {
  const keys = [...new Set(shop.occupancies)];
  const quotes = new Map(
    keys.map((key) => [
      key,
      quoteStay({
        seed: ctx.seed,
        property,
        checkIn: shop.checkin,
        checkOut: shop.checkout,
        occupancy: parseOccupancy(key)!,
        rooms: 1,
        now,
        repriced,
      }),
    ]),
  );
  const first = quotes.get(keys[0]!) ?? [];
  const out: ShoppedRate[] = [];
  for (const candidate of first) {
    const perOccupancy = keys.map((key) =>
      quotes.get(key)?.find((rate) => rate.room.code === candidate.room.code && rate.planCode === candidate.planCode),
    );
    if (perOccupancy.some((rate) => rate === undefined)) continue;
    const byKey = new Map(keys.map((key, i) => [key, perOccupancy[i]!]));
    const perRoom = shop.occupancies.map((key) => byKey.get(key)!);
    out.push({
      roomId: candidate.room.code,
      planCode: candidate.planCode,
      perRoom,
      perOccupancy: perOccupancy as SandboxRate[],
      occupancyKeys: keys,
      totalMinor: perRoom.reduce((sum, rate) => sum + rate.totalMinor, 0),
    });
  }
  return out;
}

function wireShopRate(
  ctx: HandlerContext,
  property: SupplierProperty,
  shop: ShopRequest,
  shopped: ShoppedRate,
  shapes: readonly SpecShape[],
): WireRate {
  const first = shopped.perRoom[0]!;
  const rateId = PLAN_RATE_IDS[shopped.planCode] ?? '381000';
  const label = rateLabel(property.supplierPropertyId, shopped.roomId, shopped.planCode);
  const token = sealToken(
    {
      kind: 'price_check',
      propertyId: property.supplierPropertyId,
      checkin: shop.checkin,
      checkout: shop.checkout,
      occupancies: shop.occupancies,
      roomId: shopped.roomId,
      planCode: shopped.planCode,
      totalMinor: shopped.totalMinor,
      shapes,
    },
    ctx.options.secret,
  );
  const look = rateLook(property, label, shapes);
  const bedGroupId = `${shopped.roomId}01`;
  return {
    id: rateId,
    status: 'available',
    available_rooms: 5,
    refundable: first.refundable,
    current_refundability: first.refundable ? 'refundable' : 'non_refundable',
    sale_scenario: { package: look.has('package-rates'), member: false, corporate: false, distribution: false },
    merchant_of_record: first.payment === 'pay_at_hotel' ? 'property' : 'expedia',
    amenities: rateAmenities(first),
    bed_groups: {
      [bedGroupId]: {
        id: bedGroupId,
        description: first.room.beds.map((bed) => `${bed.count} ${bed.type.replace('_', ' ')}`).join(' and '),
        configuration: first.room.beds.map((bed) => ({ type: bed.type.replace('_', ''), size: bed.type, quantity: bed.count })),
        links: {
          price_check: {
            method: 'GET',
            href: `${BASE}/properties/${property.supplierPropertyId}/rooms/${shopped.roomId}/rates/${rateId}?token=${encodeURIComponent(token)}`,
          },
        },
      },
    },
    ...penaltyShapes(property, shop.checkin, shop.checkout, shopped.perRoom, look),
    occupancy_pricing: Object.fromEntries(shopped.occupancyKeys.map((key, i) => [key, pricing(shopped.perOccupancy[i]!, look)])),
  };
}

/** How one rate looks on the wire: its families, its label (for seeded variants), its hotel's currency. */
interface RateLook {
  has(shape: SpecShape): boolean;
  readonly label: string;
  readonly collectCurrency: string;
}

function rateLook(property: SupplierProperty, label: string, shapes: readonly string[]): RateLook {
  return { has: (shape) => shapes.includes(shape), label, collectCurrency: collectCurrencyOf(property.address.countryCode) };
}

/**
 * Penalties as the rate's family writes them, for all its rooms: Rapid's windows (amounts, or nights and
 * percentages), the first night as a non-refundable date range, a deposit. `nonrefundable_date_ranges` and
 * `deposits` are written only when the rate has them.
 */
function penaltyShapes(
  property: SupplierProperty,
  checkin: string,
  checkout: string,
  rooms: readonly SandboxRate[],
  look: RateLook,
): Pick<WireRate, 'cancel_penalties' | 'nonrefundable_date_ranges' | 'deposits'> {
  const currency = rooms[0]!.currency;
  const tiers = mergeTiers(rooms.map((rate) => rate.cancellation));
  const firstNight = rooms.reduce((sum, rate) => sum + (rate.nightlyMinor[0] ?? 0), 0);
  const total = rooms.reduce((sum, rate) => sum + rate.totalMinor, 0);
  const special = look.has('spec-penalties');
  const form = special ? penaltyFormOf(look.label) : undefined;
  return {
    cancel_penalties: cancelPenalties(property, checkout, tiers, currency, form === 'forms' ? { firstNight, total } : undefined),
    ...(form === 'nonrefundable-range' && rooms[0]!.refundable ? { nonrefundable_date_ranges: [{ start: checkin, end: checkin }] } : {}),
    ...(special ? { deposits: [{ value: formatMinor(firstNight, currency), due: checkin, currency }] } : {}),
  };
}

/** What one room's first night adds to its penalty when it is a non-refundable date (nothing otherwise). */
function nonrefundableMinor(rate: SandboxRate, look: RateLook): number {
  return look.has('spec-penalties') && penaltyFormOf(look.label) === 'nonrefundable-range' && rate.refundable
    ? (rate.nightlyMinor[0] ?? 0)
    : 0;
}

function rateAmenities(rate: SandboxRate): Record<string, { id: string; name: string }> {
  if (rate.board === 'RO') return {};
  const amenity = BOARD_AMENITIES[rate.board];
  return { [amenity.id]: { id: amenity.id, name: amenity.name } };
}

/**
 * One room's price: nightly base rates, totals, commission on property-collect rates, and what the property
 * collects: the city's tax always, resort and mandatory fees in the fees family, each in the hotel's currency
 * (`billable_currency`) beside USD (`request_currency`). `property_inclusive` is `inclusive` plus those fees,
 * as the spec defines it; a selling floor in its family.
 */
function pricing(rate: SandboxRate, look: RateLook): WirePricingInformation {
  const currency = rate.currency;
  const amount = (minor: number, c = currency) => ({ value: formatMinor(minor, c), currency: c });
  const charge = (minor: number) => ({ billable_currency: amount(minor), request_currency: amount(minor) });
  const collected = (usdMinor: number) => ({
    billable_currency: amount(fromUsd(usdMinor, look.collectCurrency), look.collectCurrency),
    request_currency: amount(usdMinor),
  });
  const nights = rate.nightlyMinor.length;
  const fees: Record<string, number> = {};
  if (rate.cityTaxMinor > 0) fees.mandatory_tax = rate.cityTaxMinor;
  if (look.has('fees-at-property')) {
    for (const kind of feeKindsOf(look.label))
      fees[kind] = (kind === 'resort_fee' ? RESORT_FEE_USD_MINOR : MANDATORY_FEE_USD_MINOR) * nights * rate.rooms;
  }
  const feesUsd = Object.values(fees).reduce((sum, minor) => sum + minor, 0);
  return {
    nightly: rate.nightlyMinor.map((minor) => [{ type: 'base_rate', value: formatMinor(minor, currency), currency }]),
    stay: [],
    totals: {
      inclusive: charge(rate.totalMinor),
      exclusive: charge(rate.totalMinor),
      property_inclusive: charge(rate.totalMinor + feesUsd),
      ...(rate.payment === 'pay_at_hotel' ? { marketing_fee: charge(rate.commissionMinor) } : {}),
      ...(look.has('selling-floor') ? { minimum_selling_price: charge(sellingFloor(rate.totalMinor)) } : {}),
      ...(feesUsd > 0 ? { property_fees: collected(feesUsd) } : {}),
    },
    ...(feesUsd > 0 ? { fees: Object.fromEntries(Object.entries(fees).map(([kind, minor]) => [kind, collected(minor)])) } : {}),
  };
}

/**
 * Tiers → Rapid penalty windows: each tier's amount applies from its start to the next tier's start (the
 * last to the end of the check-out day), written in hotel local time with its offset as Rapid does.
 */
function cancelPenalties(
  property: SupplierProperty,
  checkout: string,
  tiers: readonly CancellationTier[],
  currency: string,
  forms?: { readonly firstNight: number; readonly total: number },
): WireCancelPenalty[] {
  const zone = findCity(property.cityCode)?.timeZone ?? 'UTC';
  const lastEnd = zonedLocalToUtc(`${checkout}T23:59:00`, zone);
  return tiers.map((tier, i) => {
    // The spec's other forms for the same amounts: the first night as `nights`, everything as a percentage.
    const penalty =
      forms && tier.amountMinor === forms.total
        ? { percent: '100%' }
        : forms && tier.amountMinor === forms.firstNight
          ? { nights: '1' }
          : { amount: formatMinor(tier.amountMinor, currency) };
    return {
      currency,
      start: toLocalIsoWithOffset(new Date(tier.from), zone),
      end: toLocalIsoWithOffset(tiers[i + 1] ? new Date(tiers[i + 1]!.from) : lastEnd, zone),
      ...penalty,
    };
  });
}

// ---------- price check ----------

function priceCheck(
  ctx: HandlerContext,
  call: CallState,
  propertyId: string,
  roomId: string,
  rateId: string,
  query: URLSearchParams,
): WireRoomPriceCheck {
  const payload = openToken(query.get('token'), 'price_check', ctx.options.secret);
  if (!payload || payload.propertyId !== propertyId || payload.roomId !== roomId || PLAN_RATE_IDS[payload.planCode] !== rateId) {
    invalid('token', 'querystring', 'The token is not valid for this rate.');
  }
  const repriced = hasScenario(call.scenarios, 'reprice', SUPPLIER_ID) || call.test === 'price_changed';
  const shopped = call.test === 'sold_out' ? undefined : resolveRate(ctx, payload, repriced);
  if (!shopped) return { status: 'sold_out', links: { shop: { method: 'GET', href: `${BASE}/properties/availability` } } };
  const property = ctx.view.byPropertyId.get(payload.propertyId)!;
  const bookToken = sealToken({ ...payload, kind: 'book', totalMinor: shopped.totalMinor }, ctx.options.secret);
  const look = rateLook(property, rateLabel(payload.propertyId, payload.roomId, payload.planCode), payload.shapes ?? []);
  const { deposits } = penaltyShapes(property, payload.checkin, payload.checkout, shopped.perRoom, look);
  return {
    status: shopped.totalMinor === payload.totalMinor ? 'available' : 'price_changed',
    occupancy_pricing: Object.fromEntries(shopped.occupancyKeys.map((key, i) => [key, pricing(shopped.perOccupancy[i]!, look)])),
    ...(deposits ? { deposits } : {}),
    links: {
      book: { method: 'POST', href: `${BASE}/itineraries?token=${encodeURIComponent(bookToken)}` },
      additional_rates: { method: 'GET', href: `${BASE}/properties/${property.supplierPropertyId}/availability` },
    },
  };
}

/** The rate a token names, priced now; undefined when it is no longer sold for the stay. */
function resolveRate(ctx: HandlerContext, payload: RateTokenPayload, repriced: boolean): ShoppedRate | undefined {
  const property = ctx.view.byPropertyId.get(payload.propertyId);
  if (!property) return undefined;
  const today = ctx.clock().toISOString().slice(0, 10);
  if (payload.checkin < today) invalid('checkin', 'querystring', 'Check-in must be in the future.');
  return shopRates(ctx, property, payload, ctx.clock(), repriced).find(
    (rate) => rate.roomId === payload.roomId && rate.planCode === payload.planCode,
  );
}

// ---------- itineraries ----------

async function book(ctx: HandlerContext, call: CallState, query: URLSearchParams, body: string): Promise<WireItineraryCreation> {
  const payload = openToken(query.get('token'), 'book', ctx.options.secret);
  if (!payload) invalid('token', 'querystring', 'The token is not valid.');
  const rq = parseBody<WireCreateItineraryRequest>(body);
  if (typeof rq.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(rq.email)) invalid('email', 'body', 'A valid email is required.');
  if (
    !rq.phone ||
    typeof rq.phone.country_code !== 'string' ||
    typeof rq.phone.number !== 'string' ||
    !/^\d{1,15}$/.test(rq.phone.number)
  ) {
    invalid('phone', 'body', 'phone.country_code and phone.number (digits) are required.');
  }
  if (!Array.isArray(rq.rooms) || rq.rooms.length !== payload.occupancies.length)
    invalid('rooms', 'body', `Exactly ${payload.occupancies.length} rooms are required.`);
  rq.rooms.forEach((room, i) => {
    if (!room?.given_name || !room.family_name) invalid(`rooms[${i}]`, 'body', 'given_name and family_name are required.');
  });
  if (
    rq.affiliate_metadata !== undefined &&
    (typeof rq.affiliate_metadata !== 'string' ||
      rq.affiliate_metadata.length > 256 ||
      !/^[^:|]+:[^|]*(\|[^:|]+:[^|]*)*$/.test(rq.affiliate_metadata))
  ) {
    invalid('affiliate_metadata', 'body', "affiliate_metadata must be at most 256 characters in the format 'key1:value|key2:value'.");
  }
  const reference = rq.affiliate_reference_id;
  if (
    reference !== undefined &&
    (typeof reference !== 'string' || reference.length < 1 || reference.length > 28 || FORBIDDEN_REFERENCE_CHARACTERS.test(reference))
  ) {
    invalid('affiliate_reference_id', 'body', 'affiliate_reference_id must be 1 to 28 characters without < > ( ) &.', String(reference));
  }
  if (reference && ctx.bookings.byAffiliateReferenceId(reference)) {
    throw new WireFailure(409, {
      type: 'duplicate_itinerary',
      message: 'An itinerary with this affiliate_reference_id already exists.',
      fields: [{ name: 'affiliate_reference_id', type: 'body', value: reference }],
    });
  }
  if (call.test === 'price_mismatch') {
    throw new WireFailure(409, {
      type: 'price_mismatch',
      message: 'Payment amount did not match current price, please check price and try again.',
    });
  }
  const shopped =
    hasScenario(call.scenarios, 'book-fail', SUPPLIER_ID) || call.test === 'rooms_unavailable'
      ? undefined
      : resolveRate(ctx, payload, hasScenario(call.scenarios, 'reprice', SUPPLIER_ID));
  if (!shopped) throw new WireFailure(410, { type: 'rooms_unavailable', message: 'One or more requested rooms are unavailable.' });

  const itineraryId = ctx.bookings.nextItineraryId();
  const itinerary: SandboxItinerary = {
    itineraryId,
    affiliateReferenceId: reference ?? '',
    ...(typeof rq.affiliate_metadata === 'string' ? { affiliateMetadata: rq.affiliate_metadata.slice(0, 256) } : {}),
    email: rq.email,
    phone: {
      country_code: rq.phone.country_code,
      ...(rq.phone.area_code ? { area_code: rq.phone.area_code } : {}),
      number: rq.phone.number,
    },
    createdAt: ctx.clock(),
    property: ctx.view.byPropertyId.get(payload.propertyId)!,
    checkin: payload.checkin,
    checkout: payload.checkout,
    currency: ctx.view.profile.currency,
    rooms: payload.occupancies.map((occupancy, i): SandboxItineraryRoom => {
      const parsed = parseOccupancy(occupancy)!;
      const guest = rq.rooms[i]!;
      return {
        id: String(900_000_000 + (hash32(`${itineraryId}|${i}`) % 99_000_000)),
        occupancy,
        adults: parsed.adults,
        childAges: parsed.childrenAges,
        rate: shopped.perRoom[i]!,
        givenName: guest.given_name,
        familyName: guest.family_name,
        ...(guest.special_request ? { specialRequest: guest.special_request } : {}),
        shapes: payload.shapes ?? [],
        label: rateLabel(payload.propertyId, payload.roomId, payload.planCode),
        status: 'booked',
      };
    }),
  };
  ctx.bookings.add(itinerary);
  // book-timeout: the itinerary exists, but the answer comes after the caller has given up.
  if (hasScenario(call.scenarios, 'book-timeout', SUPPLIER_ID)) await pause(ctx.lateAnswerMs, call);
  return {
    itinerary_id: itineraryId,
    links: {
      retrieve: { method: 'GET', href: `${BASE}/itineraries/${itineraryId}?token=${encodeURIComponent(itineraryToken(ctx, itineraryId))}` },
    },
  };
}

function itineraryToken(ctx: HandlerContext, itineraryId: string): string {
  return sealToken({ kind: 'itinerary', itineraryId }, ctx.options.secret);
}

function retrieveByReference(ctx: HandlerContext, query: URLSearchParams): WireItinerary[] {
  const reference = query.get('affiliate_reference_id');
  const email = query.get('email');
  if (!reference) invalid('affiliate_reference_id', 'querystring', 'affiliate_reference_id is required.');
  if (!email) invalid('email', 'querystring', 'email is required.');
  const itinerary = ctx.bookings.byAffiliateReferenceId(reference);
  // The spec documents no 404 here: no match is an empty list.
  return itinerary && itinerary.email.toLowerCase() === email.toLowerCase() ? [wireItinerary(ctx, itinerary)] : [];
}

function findItinerary(ctx: HandlerContext, itineraryId: string, query: URLSearchParams): SandboxItinerary {
  const token = query.get('token');
  const email = query.get('email');
  if (!token && !email) invalid('email', 'querystring', 'Email is required if the token is not provided.');
  const itinerary = ctx.bookings.get(itineraryId);
  const allowed =
    itinerary &&
    (token
      ? openToken(token, 'itinerary', ctx.options.secret)?.itineraryId === itineraryId
      : itinerary.email.toLowerCase() === email!.toLowerCase());
  if (!itinerary || !allowed)
    throw new WireFailure(404, { type: 'resource_not_found', message: 'The requested resource could not be found.' });
  return itinerary;
}

function cancelRoom(ctx: HandlerContext, call: CallState, itineraryId: string, roomId: string, query: URLSearchParams): void {
  const payload = openToken(query.get('token'), 'itinerary', ctx.options.secret);
  if (!payload || payload.itineraryId !== itineraryId) invalid('token', 'querystring', 'The token is not valid for this itinerary.');
  const itinerary = ctx.bookings.get(itineraryId);
  const room = itinerary?.rooms.find((candidate) => candidate.id === roomId);
  if (!itinerary || !room)
    throw new WireFailure(404, { type: 'resource_not_found', message: 'The requested resource could not be found.' });
  if (room.status === 'canceled') {
    throw new WireFailure(400, {
      type: 'invalid_input',
      message: 'The room has already been canceled.',
      fields: [{ name: 'room_id', type: 'path', value: roomId }],
    });
  }
  let supplierNow = ctx.clock();
  if (hasScenario(call.scenarios, 'late-cancel', SUPPLIER_ID)) {
    // The free-cancellation deadline passes while the cancellation is processed: the supplier's clock
    // reads just after the next penalty starts.
    const next = room.rate.cancellation.find((tier) => tier.amountMinor > 0 && Date.parse(tier.from) > supplierNow.getTime());
    if (next) supplierNow = new Date(Date.parse(next.from) + 1_000);
  }
  // A night in a non-refundable date range is owed whatever the window (the adapter's documented rule).
  const look = rateLook(itinerary.property, room.label, room.shapes);
  const penalty = Math.min(room.rate.totalMinor, penaltyAt(room.rate.cancellation, supplierNow) + nonrefundableMinor(room.rate, look));
  room.status = 'canceled';
  // What comes back of what was paid: Expedia-collect rooms were paid in full; property-collect rooms were
  // paid nothing, so their refund is negative, the amount owed.
  room.cancelRefundMinor = room.rate.payment === 'pay_at_hotel' ? -penalty : room.rate.totalMinor - penalty;
  room.canceledAt = supplierNow;
}

function wireItinerary(ctx: HandlerContext, itinerary: SandboxItinerary): WireItinerary {
  const token = encodeURIComponent(itineraryToken(ctx, itinerary.itineraryId));
  return {
    itinerary_id: itinerary.itineraryId,
    property_id: itinerary.property.supplierPropertyId,
    email: itinerary.email,
    phone: itinerary.phone,
    rooms: itinerary.rooms.map((room): WireRoomItinerary => wireItineraryRoom(itinerary, room, token)),
    creation_date_time: itinerary.createdAt.toISOString(),
    ...(itinerary.affiliateReferenceId ? { affiliate_reference_id: itinerary.affiliateReferenceId } : {}),
    ...(itinerary.affiliateMetadata ? { affiliate_metadata: itinerary.affiliateMetadata } : {}),
  };
}

function wireItineraryRoom(itinerary: SandboxItinerary, room: SandboxItineraryRoom, token: string): WireRoomItinerary {
  const look = rateLook(itinerary.property, room.label, room.shapes);
  const refund = room.cancelRefundMinor === undefined ? undefined : formatMinor(room.cancelRefundMinor, itinerary.currency);
  return {
    id: room.id,
    confirmation_id: { expedia: `${itinerary.itineraryId}-${room.id.slice(-4)}`, property: `P${room.id.slice(-6)}` },
    bed_group_id: `${room.rate.room.code}01`,
    checkin: itinerary.checkin,
    checkout: itinerary.checkout,
    number_of_adults: room.adults,
    child_ages: [...room.childAges],
    given_name: room.givenName,
    family_name: room.familyName,
    status: room.status,
    ...(room.specialRequest ? { special_request: room.specialRequest } : {}),
    smoking: false,
    rate: {
      id: PLAN_RATE_IDS[room.rate.planCode] ?? '381000',
      merchant_of_record: room.rate.payment === 'pay_at_hotel' ? 'property' : 'expedia',
      refundable: room.rate.refundable,
      // The spec's own example sends this amount as a JSON number; rooms of the penalty family do too.
      ...(refund !== undefined
        ? { cancel_refund: { amount: look.has('spec-penalties') ? Number(refund) : refund, currency: itinerary.currency } }
        : {}),
      amenities: Object.keys(rateAmenities(room.rate)),
      ...penaltyShapes(itinerary.property, itinerary.checkin, itinerary.checkout, [room.rate], look),
      pricing: pricing(room.rate, look),
    },
    ...(room.status === 'booked'
      ? { links: { cancel: { method: 'DELETE', href: `${BASE}/itineraries/${itinerary.itineraryId}/rooms/${room.id}?token=${token}` } } }
      : {}),
  };
}

// ---------- content ----------

function content(ctx: HandlerContext, call: CallState, req: IncomingMessage, query: URLSearchParams): Answer {
  const language = query.get('language');
  if (!language) invalid('language', 'querystring', 'A language is required.');
  if (!/^[a-z]{2}-[A-Z]{2}$/.test(language))
    invalid('language', 'querystring', 'language must be a language-country pair such as en-US.', language);
  const supply = query.getAll('supply_source');
  if (supply.length !== 1 || (supply[0] !== 'expedia' && supply[0] !== 'vrbo'))
    invalid('supply_source', 'querystring', 'supply_source must be given once: expedia or vrbo.');
  const propertyIds = query.getAll('property_id');
  if (propertyIds.length > 0) {
    if (propertyIds.length > MAX_PROPERTY_IDS) invalid('property_id', 'querystring', `At most ${MAX_PROPERTY_IDS} property_id values.`);
    const found = propertyIds.map((id) => ctx.view.byPropertyId.get(id)).filter((p): p is SupplierProperty => p !== undefined);
    return {
      status: 200,
      body: Object.fromEntries(
        found.map((p) => [p.supplierPropertyId, selectFields(wireContent(p, call.scenarios, language), query.getAll('include'))]),
      ),
    };
  }
  // VRBO supply is not part of the sandbox world.
  const all = supply[0] === 'vrbo' ? [] : ctx.view.properties;
  const token = query.get('token');
  const offset = token === null ? 0 : openToken(token, 'content', ctx.options.secret)?.offset;
  if (offset === undefined) invalid('token', 'querystring', 'The token is not valid.');
  const page = all.slice(offset, offset + CONTENT_PAGE_SIZE);
  const headers: Record<string, string> = { 'Pagination-Total-Results': String(all.length) };
  const next = offset + page.length;
  if (next < all.length) {
    // The link repeats the original parameters beside the token (the spec declares no `token` here, and
    // `language` and `supply_source` are required), so following it unmodified is a valid request.
    const params = new URLSearchParams(query);
    params.set('token', sealToken({ kind: 'content', offset: next }, ctx.options.secret));
    const host = header(req, 'Host') ?? `127.0.0.1`;
    const expires = new Date(ctx.clock().getTime() + 3_600_000).toISOString();
    headers.Link = `<http://${host}${BASE}/properties/content?${params}>; rel="next"; expires=${expires}`;
  }
  return {
    status: 200,
    headers,
    body: Object.fromEntries(
      page.map((p) => [p.supplierPropertyId, selectFields(wireContent(p, call.scenarios, language), query.getAll('include'))]),
    ),
  };
}

/** `include=<field>` narrows the answer to those top-level fields; `property_id` is always returned. */
function selectFields(property: WirePropertyContent, include: readonly string[]): WirePropertyContent {
  const fields = include.filter((field) => field !== 'property_ids' && field !== 'catalog');
  if (fields.length === 0) return property;
  return Object.fromEntries(
    Object.entries(property).filter(([name]) => name === 'property_id' || fields.includes(name)),
  ) as WirePropertyContent;
}

/**
 * One property's content in the language asked: English is the world's own text; another language is the
 * sandbox's translation where this property has one (translations.ts), and without one the property's
 * descriptions and rooms are left out rather than sent in English under another language's name.
 */
function wireContent(property: SupplierProperty, scenarios: readonly Scenario[], language: string): WirePropertyContent {
  const hotel = property.hotel;
  const english = language.startsWith('en-');
  const translated = english ? undefined : translatedContent(property, language);
  const guest = guestRating(property);
  const texts = propertyHasRemarks(property.supplierPropertyId, scenarios);
  const image = (href: string, hero: boolean, caption: string) => ({
    hero_image: hero,
    category: hero ? 3 : 21001,
    caption,
    links: { '350px': { method: 'GET', href } },
  });
  return {
    property_id: property.supplierPropertyId,
    name: property.name,
    address: {
      line_1: property.addressLine,
      city: property.address.city,
      ...(property.address.postalCode ? { postal_code: property.address.postalCode } : {}),
      country_code: property.address.countryCode,
    },
    ratings: { property: { rating: `${property.stars}.0`, type: 'Star' }, ...(guest ? { guest } : {}) },
    location: { coordinates: { latitude: property.geo.lat, longitude: property.geo.lng } },
    ...(property.phone ? { phone: property.phone } : {}),
    checkin: {
      begin_time: hotel.checkInTime,
      // Rapid's content carries check-in instructions for nearly every property, as HTML.
      instructions:
        'Extra-person charges may apply and vary depending on property policy. &lt;br />Government-issued photo identification and a credit card or cash deposit are required at check-in for incidental charges. &lt;br />',
      ...(texts
        ? {
            special_instructions: `Front desk staff will greet guests on arrival. Arrivals after ${hotel.checkInTime} must contact the property in advance using the information on the booking confirmation.`,
          }
        : {}),
    },
    checkout: { time: hotel.checkOutTime },
    ...(texts
      ? {
          fees: {
            mandatory: `<p>You'll be asked to pay the following charges at the property:</p> <ul><li>City/local tax where the city levies one</li><li>Resort fee: ${formatMinor(RESORT_FEE_USD_MINOR, 'USD')} USD per accommodation, per night, where charged</li></ul> <p>We have included all charges provided to us by the property.</p>`,
            optional: '<ul><li>Fee for buffet breakfast: approximately 18 EUR per person</li><li>Late check-out fee: 30 EUR</li></ul>',
          },
          policies: {
            know_before_you_go:
              '<ul><li>Only registered guests are allowed in the guestrooms.</li><li>Quiet hours are observed from 22:00 to 07:00.</li></ul>',
          },
          rates: Object.fromEntries(
            Object.values(PLAN_RATE_IDS).map((id) => [
              id,
              {
                id,
                special_offer_description: `<strong>Rate ${id}</strong> - Rate includes accommodations as selected. Taxes collected by the property are not included.`,
              },
            ]),
          ),
        }
      : {}),
    onsite_payments: { currency: collectCurrencyOf(property.address.countryCode) },
    amenities: Object.fromEntries(
      hotel.amenities.map((amenity) => {
        const id = String(1000 + (hash32(amenity) % 9000));
        return [id, { id, name: amenity.replace(/_/g, ' ') }];
      }),
    ),
    images: hotel.images.map((href, i) => image(href, i === 0, i === 0 ? 'Featured Image' : 'Room')),
    rooms: Object.fromEntries(
      property.roomTypes.flatMap((room) => {
        const name = english ? room.name : translated?.roomNames.get(room.code);
        return name
          ? [
              [
                room.code,
                {
                  id: room.code,
                  name,
                  occupancy: { max_allowed: { total: room.maxOccupancy, children: room.maxChildren, adults: room.maxOccupancy } },
                },
              ],
            ]
          : [];
      }),
    ),
    ...((english ? hotel.description : translated?.description)
      ? { descriptions: { general: english ? hotel.description : translated!.description } }
      : {}),
    // Rapid names the nearest airport here; the sandbox gives the city's IATA metro code.
    airports: { preferred: { iata_airport_code: property.cityCode } },
    supply_source: 'expedia',
  };
}

// ---------- plumbing ----------

function validateStay(ctx: HandlerContext, checkin: string | null, checkout: string | null): { checkin: string; checkout: string } {
  if (!checkin || !DATE.test(checkin)) invalid('checkin', 'querystring', 'checkin must be a date (YYYY-MM-DD).', checkin ?? undefined);
  if (!checkout || !DATE.test(checkout)) invalid('checkout', 'querystring', 'checkout must be a date (YYYY-MM-DD).', checkout ?? undefined);
  const today = ctx.clock().toISOString().slice(0, 10);
  if (checkin < today) invalid('checkin', 'querystring', 'Check-in must be today or later.', checkin);
  const nights = (Date.parse(`${checkout}T00:00:00Z`) - Date.parse(`${checkin}T00:00:00Z`)) / 86_400_000;
  if (nights < 1) invalid('checkout', 'querystring', 'Check-out must be after check-in.', checkout);
  if (nights > MAX_NIGHTS) invalid('checkout', 'querystring', `Stays are limited to ${MAX_NIGHTS} nights.`, checkout);
  return { checkin, checkout };
}

function invalid(name: string, type: string, message: string, value?: string): never {
  throw new WireFailure(400, {
    type: 'invalid_input',
    message: 'An invalid request was sent in, please check the nested errors for details.',
    errors: [
      { type: `${name.replace(/\[\d+\]/, '')}.invalid`, message, fields: [{ name, type, ...(value !== undefined ? { value } : {}) }] },
    ],
  });
}

function parseBody<T>(body: string): T {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as T;
  } catch {
    // reported below
  }
  return invalid('body', 'body', 'The request body is not a JSON object.');
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Answers are plain JSON: Rapid gzips when asked, but the sandbox's answers also pass through the Lambda
 * bridge, whose fetch would decode the body while forwarding `Content-Encoding`; identity is always allowed.
 */
function send(res: ServerResponse, answer: Answer): void {
  const base: Record<string, string | number> = { Region: 'sandbox', ...(answer.headers ?? {}) };
  if (answer.body === undefined) {
    res.writeHead(answer.status, base);
    res.end();
    return;
  }
  const text = JSON.stringify(answer.body);
  res.writeHead(answer.status, { ...base, 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
