import { hotelbedsLanguage } from './languages.js';
import { createHash } from 'node:crypto';
// The zones alone, not the whole catalogue: these adapters ride in every booking function.
import { cityTimeZone } from '../../domain/destinations/city-zone.js';
import { type Money, parseMinor } from '../../domain/money/money.js';
import type { SupplierAdapterOptions } from '../adapter-options.js';
import { parseJsonBody, supplierHttp } from '../http-client.js';
import type {
  AvailabilityRequest,
  AvailabilityResult,
  BookedRoom,
  BookingLookup,
  BookRequest,
  CallContext,
  CancellationQuote,
  CancellationResult,
  CancelRequest,
  CheckedRate,
  CheckRateRequest,
  ClientReferenceLookup,
  Guest,
  ModifyRequest,
  ModifyResult,
  ContentSlice,
  Occupancy,
  StayChangeCommit,
  StayChangeQuoteResult,
  StayChangeRequest,
  StayChangeResult,
  StaticContentPage,
  StaticContentRequest,
  SupplierBooking,
  SupplierOffer,
  SupplierPort,
  SupplierPropertyContent,
} from '../port.js';
import { formatScenarios, SANDBOX_SCENARIO_HEADER } from '../scenario.js';
import { LeftOut, refusal } from '../answer-refusal.js';
import { hotelConfirmationOf } from '../hotel-confirmation.js';
import { SupplierError } from '../supplier-error.js';
import {
  type AskedGroups,
  amount,
  bad,
  bookingFromWire,
  combineRates,
  occupancyKey,
  offerFromHotel,
  paxesFromGuests,
  requireString,
  SUPPLIER_ID,
  unpackRateKeys,
} from './map-wire.js';
import { hotelbedsAuthHeaders } from './signature.js';
import type {
  WireAvailabilityRQ,
  WireAvailabilityRS,
  WireBooking,
  WireBookingChangeRQ,
  WireBookingListRS,
  WireBookingRQ,
  WireBookingRS,
  WireCheckRateRQ,
  WireCheckRateRS,
  WireContentHotelsRS,
  WireOccupancy,
  WirePax,
  WireReconfirmationsRS,
} from './wire.js';
import { quotedStayChange } from '../stay-change-quote.js';

/** Base URL e.g. https://api.test.hotelbeds.com (paths /hotel-api/1.0/... are appended); Hotelbeds documents 5 s to 60 s timeouts. */
export type HotelbedsAdapterOptions = SupplierAdapterOptions;

/**
 * Hotels a content page holds at most. The Content API takes `from`/`to` up to 1,000 apart, but with
 * `fields=all` a real hotel runs to tens of KB (a live answer for two London hotels is 225 KB as saved), so
 * 1,000 could pass the 24 MB answer limit (answer-limits.ts) and be refused; 250 keeps a page of large hotels
 * near 10 MB.
 */
export const HOTELBEDS_CONTENT_PAGE_MAX = 250;
/** Hotels a slice of the catalogue holds: read at the same time as the others, a segment at a time. */
const CONTENT_SLICE = 25_000;
const CITY_EDGE_SLACK_KM = 5;

/**
 * The Hotelbeds APItude adapter: port calls → Hotel Booking API 1.0 requests, answers → port types.
 * Destinations travel as a geolocation circle (a city's, an airport's, a point's) or a `hotels` code list:
 * the published availabilityRQ has those two filters and no destination object.
 */
export class HotelbedsAdapter implements SupplierPort {
  readonly supplierId = SUPPLIER_ID;

  constructor(private readonly options: HotelbedsAdapterOptions) {}

  async searchAvailability(request: AvailabilityRequest): Promise<AvailabilityResult> {
    const groups = groupOccupancies(request.occupancies);
    const body: WireAvailabilityRQ = {
      stay: { checkIn: request.checkIn, checkOut: request.checkOut },
      occupancies: groups.map((group) => group.wire),
      // Each rate's price per night (ApiRate.dailyRates): what the API's nightly prices follow.
      dailyRate: true,
      ...(request.nationality ? { sourceMarket: request.nationality.toUpperCase() } : {}),
    };
    const { destination } = request;
    if (destination.kind === 'hotels') {
      const codes = destination.supplierPropertyIds.map(Number).filter(Number.isInteger);
      if (codes.length === 0) return { supplierId: SUPPLIER_ID, offers: [] };
      body.hotels = { hotel: codes };
    } else {
      // A city's hotels are geocoded by Hotelbeds, not by us: a few kilometres of slack keep those at its edge.
      const radiusKm = destination.kind === 'city' ? destination.radiusKm + CITY_EDGE_SLACK_KM : destination.radiusKm;
      body.geolocation = {
        latitude: String(destination.centre.lat),
        longitude: String(destination.centre.lng),
        radius: String(radiusKm),
        unit: 'km',
      };
    }
    const rs = await this.call<WireAvailabilityRS>('availability', 'POST', '/hotel-api/1.0/hotels', request, body);
    const hotels = rs.hotels?.hotels ?? [];
    if (!Array.isArray(hotels)) throw bad('availability', 'hotels.hotels is not a list');
    const asked: AskedGroups = new Map(groups.map((group) => [group.key, group.wire.rooms]));
    const leftOut = new LeftOut();
    const offers: SupplierOffer[] = [];
    for (const hotel of hotels) {
      try {
        const stated = { checkIn: rs.hotels?.checkIn, checkOut: rs.hotels?.checkOut, ...hotel };
        // The answer states its stay (hotels.checkIn/checkOut): a hotel priced for other dates is not an answer.
        if (!sameDate(stated.checkIn, request.checkIn) || !sameDate(stated.checkOut, request.checkOut))
          throw refusal(SUPPLIER_ID, 'stay_mismatch', 'availability', 'a hotel priced for another stay than the one asked');
        const offer = offerFromHotel(stated, asked, 'availability', leftOut);
        if (offer.rates.length > 0) offers.push(offer);
      } catch (error) {
        // A hotel we cannot read (no code, no currency) is left out and counted; the others are the answer.
        leftOut.add(error);
      }
    }
    return { supplierId: SUPPLIER_ID, offers, ...leftOut.result() };
  }

  /** The Content API's `lastUpdateTime` and each hotel's `lastUpdate`: a daily run reads only what changed. */
  readonly contentChangeDates = true;

  /** The catalogue as ranges of CONTENT_SLICE, read at the same time (its total from a one-hotel page). */
  async contentSlices(request: Omit<StaticContentRequest, 'cursor'>): Promise<readonly ContentSlice[]> {
    const { total } = await this.contentPage(1, 1, request);
    const slices: ContentSlice[] = [];
    for (let from = 1; from <= total; from += CONTENT_SLICE) {
      const end = Math.min(total, from + CONTENT_SLICE - 1);
      slices.push({ cursor: `${from}-${end}`, properties: end - from + 1 });
    }
    return slices;
  }

  /** A page from `from` (1-based); a cursor `from-end` is a slice's, read up to its end. */
  async staticContent(request: StaticContentRequest): Promise<StaticContentPage> {
    const cursor = /^(\d+)(?:-(\d+))?$/.exec(request.cursor ?? '1');
    const from = Number(cursor?.[1]);
    const end = cursor?.[2] ? Number(cursor[2]) : undefined;
    if (!cursor || !Number.isInteger(from) || from < 1 || (end !== undefined && end < from))
      throw new SupplierError('rejected', SUPPLIER_ID, 'bad content cursor', { operation: 'content' });
    const ids = request.supplierPropertyIds;
    const size = ids
      ? ids.length
      : Math.min(
          HOTELBEDS_CONTENT_PAGE_MAX,
          Math.max(1, request.pageSize ?? HOTELBEDS_CONTENT_PAGE_MAX),
          end !== undefined ? end - from + 1 : HOTELBEDS_CONTENT_PAGE_MAX,
        );
    const localized = request.language !== undefined && hotelbedsLanguage(request.language) !== 'ENG';
    const rs = await this.contentPage(from, size, request);
    const properties: SupplierPropertyContent[] = rs.hotels.map((hotel) => ({
      supplierId: SUPPLIER_ID,
      supplierPropertyId: String(hotel.code),
      name: requireString(hotel.name?.content, 'content', 'name'),
      ...(hotel.categoryCode && /^\d/.test(hotel.categoryCode) ? { stars: Number(hotel.categoryCode[0]) } : {}),
      ...(hotel.coordinates ? { geo: { lat: hotel.coordinates.latitude, lng: hotel.coordinates.longitude } } : {}),
      ...(hotel.address
        ? {
            address: {
              line: hotel.address.content,
              ...(hotel.postalCode ? { postalCode: hotel.postalCode } : {}),
              city: hotel.city?.content ?? '',
              countryCode: hotel.countryCode,
            },
          }
        : {}),
      ...(cityTimeZone(hotel.destinationCode) ? { cityCode: hotel.destinationCode } : {}),
      // A language Hotelbeds has no code for was asked in English: the texts say so.
      ...(request.language ? { language: localized ? request.language : 'en' } : {}),
      ...(hotel.description ? { description: hotel.description.content } : {}),
      amenities: (hotel.facilities ?? []).map((f) => f.facilityCode),
      images: (hotel.images ?? [])
        .filter((i) => !i.roomCode)
        .sort((a, b) => a.order - b.order)
        .map((i) => i.path),
      // In another language, a room without a translated description has no name to give: it is left out.
      roomTypes: (hotel.rooms ?? [])
        .filter((room) => !localized || room.description)
        .map((room) => ({
          code: room.roomCode,
          name: room.description ?? room.roomCode,
          ...(room.maxPax ? { maxOccupancy: room.maxPax } : {}),
        })),
      ...(hotel.checkInTime ? { checkInTime: hotel.checkInTime } : {}),
      ...(hotel.checkOutTime ? { checkOutTime: hotel.checkOutTime } : {}),
      ...(hotel.phones?.[0] ? { phone: hotel.phones[0].phoneNumber } : {}),
      ...(hotel.email ? { email: hotel.email } : {}),
      ...(hotel.lastUpdate && /^\d{4}-\d{2}-\d{2}$/.test(hotel.lastUpdate) ? { changedAt: `${hotel.lastUpdate}T00:00:00Z` } : {}),
    }));
    const next = from + rs.hotels.length;
    const last = Math.min(rs.total, end ?? rs.total);
    return {
      supplierId: SUPPLIER_ID,
      properties,
      total: rs.total,
      ...(rs.hotels.length > 0 && next <= last ? { nextCursor: end !== undefined ? `${next}-${end}` : String(next) } : {}),
    };
  }

  private async contentPage(from: number, size: number, request: Omit<StaticContentRequest, 'cursor'>): Promise<WireContentHotelsRS> {
    const ids = request.supplierPropertyIds;
    const localized = request.language !== undefined && hotelbedsLanguage(request.language) !== 'ENG';
    const query = new URLSearchParams({
      fields: 'all',
      language: hotelbedsLanguage(request.language ?? 'en'),
      // Without it Hotelbeds answers in English where it has no translation, and the text would be labelled wrongly.
      ...(localized ? { useSecondaryLanguage: 'false' } : {}),
      ...(ids ? { codes: ids.join(',') } : {}),
      from: String(from),
      to: String(from + size - 1),
      // The Content API's change filter: only hotels changed on or after the day.
      ...(request.changedSince ? { lastUpdateTime: request.changedSince } : {}),
    });
    const rs = await this.call<WireContentHotelsRS>('content', 'GET', `/hotel-content-api/1.0/hotels?${query}`, request);
    if (!Array.isArray(rs.hotels) || typeof rs.total !== 'number') throw bad('content', 'missing hotels or total');
    return rs;
  }

  async checkRate(request: CheckRateRequest): Promise<CheckedRate> {
    const keys = unpackRateKeys(request.supplierRateKey);
    const body: WireCheckRateRQ = { rooms: keys.map((rateKey) => ({ rateKey })) };
    const rs = await this.call<WireCheckRateRS>('checkrates', 'POST', '/hotel-api/1.0/checkrates', request, body);
    const hotel = rs.hotels ?? rs.hotel;
    if (!hotel) throw bad('checkrates', 'missing hotels');
    const currency = requireString(hotel.currency, 'checkrates', 'hotel.currency');
    const groupKeys = (hotel.rooms ?? [])
      .flatMap((room) => room.rates ?? [])
      .map((rate) => occupancyKey(rate.adults ?? 0, rate.childrenAges));
    const [rate] = combineRates(hotel, new Map([...new Set(groupKeys)].map((key) => [key, undefined])), currency, 'checkrates');
    if (!rate) throw new SupplierError('sold_out', SUPPLIER_ID, 'checkrates: the rate is no longer offered', { operation: 'checkrates' });
    return { supplierRateKey: rate.supplierRateKey, rate, supplierPropertyId: String(hotel.code ?? '') };
  }

  async book(request: BookRequest): Promise<SupplierBooking> {
    const keys = unpackRateKeys(request.supplierRateKey);
    // One wire room per rateKey; a rateKey for n identical rooms carries the guests of all n (roomId 1..n).
    let roomId = 0;
    const rooms = keys.map((rateKey, keyIndex) => {
      const roomsOfKey = keys.length === 1 ? request.rooms : [request.rooms[keyIndex] ?? { guests: [] }];
      return {
        rateKey,
        paxes: roomsOfKey.flatMap((room) => {
          roomId += 1;
          return paxesFromGuests(room.guests, roomId);
        }),
      };
    });
    const remark = remarkOf(request.remark, request.rooms);
    const body: WireBookingRQ = {
      holder: { name: request.holder.firstName, surname: request.holder.lastName },
      rooms,
      clientReference: wireClientReference(request.clientReference),
      ...(remark ? { remark } : {}),
    };
    const rs = await this.call<WireBookingRS>('booking', 'POST', '/hotel-api/1.0/bookings', request, body);
    return bookingFromWire(rs.booking, 'booking');
  }

  async findBookingByClientReference(request: ClientReferenceLookup): Promise<SupplierBooking | undefined> {
    const around = request.bookedAround ?? this.now();
    const day = 86_400_000;
    const start = new Date(around.getTime() - 7 * day).toISOString().slice(0, 10);
    const end = new Date(Math.max(around.getTime(), this.now().getTime()) + day).toISOString().slice(0, 10);
    const query = new URLSearchParams({
      filterType: 'CREATION',
      status: 'ALL',
      from: '1',
      to: '100',
      start,
      end,
      clientReference: wireClientReference(request.clientReference),
    });
    const rs = await this.call<WireBookingListRS>('bookingList', 'GET', `/hotel-api/1.0/bookings?${query}`, request);
    const items = rs.bookings?.bookings ?? [];
    // Several bookings under one reference should not happen; prefer a live one, then the latest.
    const chosen = [...items].reverse().find((item) => item.status === 'CONFIRMED') ?? items[items.length - 1];
    if (!chosen) return undefined;
    return this.getBooking({ ...contextOf(request), supplierReference: requireString(chosen.reference, 'bookingList', 'reference') });
  }

  async getBooking(request: BookingLookup): Promise<SupplierBooking> {
    const rs = await this.call<WireBookingRS>(
      'bookingDetail',
      'GET',
      `/hotel-api/1.0/bookings/${encodeURIComponent(request.supplierReference)}`,
      request,
    );
    return bookingFromWire(rs.booking, 'bookingDetail');
  }

  async cancel(request: CancelRequest): Promise<CancellationResult> {
    return this.cancellation(request, 'CANCELLATION');
  }

  /** What a cancellation would cost now, as Hotelbeds computes it on its own clock (cancellationFlag=SIMULATION); changes nothing. */
  async quoteCancellation(request: CancelRequest): Promise<CancellationQuote> {
    const { penalty } = await this.cancellation(request, 'SIMULATION');
    return { penalty };
  }

  /**
   * The hotel's confirmation number, which Hotelbeds obtains from the hotelier after the booking ("an
   * asynchronous service: reconfirmation numbers are not available at the time of the booking"): GET
   * /bookings/reconfirmations filtered by our booking's reference. Only the booking asked about counts.
   */
  async hotelConfirmationNumber(request: BookingLookup): Promise<string | undefined> {
    const query = new URLSearchParams({ from: '1', to: '10', references: request.supplierReference });
    const rs = await this.call<WireReconfirmationsRS>(
      'bookingReconfirmation',
      'GET',
      `/hotel-api/1.0/bookings/reconfirmations?${query}`,
      request,
    );
    if (rs.bookings !== undefined && !Array.isArray(rs.bookings)) throw bad('bookingReconfirmation', 'bookings is not a list');
    const booking = (rs.bookings ?? []).find((item) => item?.reference === request.supplierReference);
    const rooms = Array.isArray(booking?.hotel?.rooms) ? booking.hotel.rooms : [];
    return hotelConfirmationOf(
      rooms.flatMap((room) => (Array.isArray(room?.supplierConfirmationCode) ? room.supplierConfirmationCode : [])),
    );
  }

  /**
   * The changed stay as Hotelbeds prices it: PUT /bookings/{reference} with `mode: SIMULATION` (the spec's
   * BookingChange: "Change checkIn and checkOut date", passengers), which changes nothing. A booking whose
   * modificationPolicies.modification is false, or a change Hotelbeds refuses as not allowed, has no path.
   */
  async quoteStayChange(request: StayChangeRequest): Promise<StayChangeQuoteResult> {
    const current = await this.bookingDetail(request);
    if (current.modificationPolicies?.modification !== true) return NOT_MODIFIABLE;
    const simulated = await this.bookingChange('SIMULATION', request, current);
    if (simulated.kind === 'unsupported') return simulated;
    return quotedStayChange(simulated.booking);
  }

  /**
   * The change at the quoted price or not at all: simulated again first (a price that moved since the quote
   * changes nothing: `price-changed`), then made with `mode: UPDATE`.
   */
  async changeStay(request: StayChangeCommit): Promise<StayChangeResult> {
    const current = await this.bookingDetail(request);
    if (current.modificationPolicies?.modification !== true) return NOT_MODIFIABLE;
    const simulated = await this.bookingChange('SIMULATION', request, current);
    if (simulated.kind === 'unsupported') return simulated;
    if (!sameMoney(simulated.booking.price, request.quotedPrice)) return { kind: 'price-changed', price: simulated.booking.price };
    return this.bookingChange('UPDATE', request, current);
  }

  async modify(request: ModifyRequest): Promise<ModifyResult> {
    // The booking says whether it can be changed; ask first rather than guess from an error message.
    const detail = await this.call<WireBookingRS>(
      'bookingDetail',
      'GET',
      `/hotel-api/1.0/bookings/${encodeURIComponent(request.supplierReference)}`,
      request,
    );
    if (detail.booking?.modificationPolicies?.modification !== true) {
      return { kind: 'unsupported', reason: 'Hotelbeds does not allow modifying this booking' };
    }
    const body: WireBookingChangeRQ = {
      mode: 'UPDATE',
      booking: {
        ...(request.holder ? { holder: { name: request.holder.firstName, surname: request.holder.lastName } } : {}),
        ...(request.remark !== undefined ? { remark: request.remark } : {}),
        ...(request.rooms
          ? {
              hotel: { rooms: request.rooms.map((room, index) => ({ id: index + 1, paxes: paxesFromGuests(room.guests, index + 1) })) },
            }
          : {}),
      },
    };
    try {
      const rs = await this.call<WireBookingRS>(
        'bookingChange',
        'PUT',
        `/hotel-api/1.0/bookings/${encodeURIComponent(request.supplierReference)}`,
        request,
        body,
      );
      return { kind: 'modified', booking: bookingFromWire(rs.booking, 'bookingChange') };
    } catch (error) {
      if (error instanceof SupplierError && error.kind === 'rejected' && /modification is not allowed/i.test(error.message)) {
        return { kind: 'unsupported', reason: 'Hotelbeds does not allow modifying this booking' };
      }
      throw error;
    }
  }

  private async bookingDetail(request: BookingLookup): Promise<WireBooking> {
    const rs = await this.call<WireBookingRS>(
      'bookingDetail',
      'GET',
      `/hotel-api/1.0/bookings/${encodeURIComponent(request.supplierReference)}`,
      request,
    );
    if (!rs.booking) throw bad('bookingDetail', 'missing booking');
    return rs.booking;
  }

  /**
   * PUT /bookings/{reference} with the stay's new dates and each room's guests as the new occupancy asks
   * (names kept where the booking has them, in order): the changed booking, checked against the stay asked for.
   */
  private async bookingChange(
    mode: 'SIMULATION' | 'UPDATE',
    request: StayChangeRequest,
    current: WireBooking,
  ): Promise<{ kind: 'changed'; booking: SupplierBooking } | { kind: 'unsupported'; reason: string }> {
    const currentRooms = current.hotel?.rooms ?? [];
    if (currentRooms.length !== request.occupancies.length)
      throw new SupplierError('rejected', SUPPLIER_ID, 'bookingChange: the change must keep the booked rooms', {
        operation: 'bookingChange',
      });
    const body: WireBookingChangeRQ = {
      mode,
      booking: {
        hotel: {
          checkIn: request.checkIn,
          checkOut: request.checkOut,
          rooms: currentRooms.map((room, index) => {
            const roomId = room.id ?? index + 1;
            return { id: roomId, paxes: paxesOfOccupancy(request.occupancies[index]!, request.rooms?.[index]?.guests ?? [], roomId) };
          }),
        },
      },
    };
    let rs: WireBookingRS;
    try {
      rs = await this.call<WireBookingRS>(
        'bookingChange',
        'PUT',
        `/hotel-api/1.0/bookings/${encodeURIComponent(request.supplierReference)}`,
        request,
        body,
      );
    } catch (error) {
      if (error instanceof SupplierError && error.kind === 'rejected' && /modification is not allowed/i.test(error.message))
        return NOT_MODIFIABLE;
      throw error;
    }
    const booking = bookingFromWire(rs.booking, 'bookingChange');
    // The answer must be the stay asked for: another stay is not a quote of this change.
    if (booking.checkIn !== request.checkIn || booking.checkOut !== request.checkOut)
      throw bad('bookingChange', 'the answer is for another stay than the one asked');
    return { kind: 'changed', booking };
  }

  private async cancellation(request: CancelRequest, flag: 'CANCELLATION' | 'SIMULATION'): Promise<CancellationResult> {
    const rs = await this.call<WireBookingRS>(
      'bookingCancellation',
      'DELETE',
      `/hotel-api/1.0/bookings/${encodeURIComponent(request.supplierReference)}?cancellationFlag=${flag}`,
      request,
    );
    const booking = rs.booking;
    if (!booking) throw bad('bookingCancellation', 'missing booking');
    const currency = requireString(booking.currency, 'bookingCancellation', 'booking.currency');
    // A string in the schema, the number 0 in the spec's own example: both are what the cancellation cost.
    const penalty = amount(booking.hotel?.cancellationAmount ?? '0', currency, 'bookingCancellation', 'cancellationAmount');
    if (flag === 'CANCELLATION' && booking.status !== 'CANCELLED') throw bad('bookingCancellation', 'booking not cancelled');
    return {
      supplierReference: requireString(booking.reference, 'bookingCancellation', 'booking.reference'),
      status: 'cancelled',
      penalty,
      cancelledAt: this.now().toISOString(),
      ...(booking.cancellationReference ? { cancellationReference: booking.cancellationReference } : {}),
    };
  }

  private now(): Date {
    return this.options.clock?.() ?? new Date();
  }

  private async call<T>(
    operation: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    context: CallContext,
    body?: unknown,
  ): Promise<T> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Encoding': 'gzip',
      ...hotelbedsAuthHeaders(this.options.apiKey, this.options.secret, this.now()),
      // The spec lists Content-Type as a required header even on GET /bookings; it is harmless elsewhere.
      'Content-Type': 'application/json',
    };
    if (this.options.forwardScenarios && context.scenarios && context.scenarios.length > 0) {
      headers[SANDBOX_SCENARIO_HEADER] = formatScenarios(context.scenarios);
    }
    const response = await supplierHttp(
      {
        supplierId: SUPPLIER_ID,
        operation,
        method,
        headers,
        url: `${this.options.baseUrl.replace(/\/+$/, '')}${path}`,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(context.signal ? { signal: context.signal } : {}),
        timeoutMs: this.options.timeoutMs ?? 60_000,
      },
      this.options.fetch,
    );
    if (response.status >= 200 && response.status < 300) {
      const parsed = parseJsonBody(response.text, SUPPLIER_ID, operation);
      if (!parsed || typeof parsed !== 'object') throw bad(operation, 'body is not an object');
      // Every RS of the spec carries `error` (apiError) beside its content: an answer holding one is an error
      // whatever its status, never "ok, nothing found".
      if ('error' in parsed && (parsed as { error: unknown }).error) throw errorFromResponse(operation, response.status, response.text);
      return parsed as T;
    }
    throw errorFromResponse(operation, response.status, response.text);
  }
}

/**
 * Hotelbeds' error answers → SupplierError kinds (their codes are "<KIND>-<token>"). An error sent with a 2xx
 * is read the same way and marked `error_envelope`: a SYSTEM_ERROR is the supplier failing, anything else a refusal.
 */
function errorFromResponse(operation: string, status: number, text: string): SupplierError {
  let code = '';
  let message = `HTTP ${status}`;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'error' in parsed) {
      const error = (parsed as { error: unknown }).error;
      if (typeof error === 'string') message = error;
      else if (error && typeof error === 'object') {
        code = String((error as { code?: unknown }).code ?? '').replace(/-[0-9A-Fa-f-]+$/, '');
        message = String((error as { message?: unknown }).message ?? message);
      }
    }
  } catch {
    // an unreadable error body still has its status
  }
  const enveloped = status >= 200 && status < 300;
  const details = { status, supplierCode: code, operation, ...(enveloped ? { reason: 'error_envelope' as const } : {}) };
  const text2 = `${operation}: ${message}`;
  if (status === 404) return new SupplierError('not_found', SUPPLIER_ID, text2, details);
  if (code === 'PRODUCT_ERROR') {
    if (/price has increased/i.test(message)) return new SupplierError('price_changed', SUPPLIER_ID, text2, details);
    if (/allotment|stop sales|no longer available/i.test(message)) return new SupplierError('sold_out', SUPPLIER_ID, text2, details);
    return new SupplierError('rejected', SUPPLIER_ID, text2, details);
  }
  if (status === 401 || status === 403 || (status >= 400 && status < 500) || (enveloped && code !== 'SYSTEM_ERROR'))
    return new SupplierError('rejected', SUPPLIER_ID, text2, details);
  return new SupplierError('unavailable', SUPPLIER_ID, text2, details);
}

/** A date the answer states (YYYY-MM-DD, or a date-time as the spec's example writes hotels.checkIn) is the one asked; none stated passes. */
function sameDate(stated: unknown, asked: string): boolean {
  return stated === undefined || (typeof stated === 'string' && stated.slice(0, 10) === asked);
}

interface OccupancyGroup {
  readonly key: string;
  readonly wire: WireOccupancy;
}

/** Identical rooms travel as one Hotelbeds occupancy with `rooms: n`. */
function groupOccupancies(occupancies: AvailabilityRequest['occupancies']): OccupancyGroup[] {
  const groups = new Map<string, { adults: number; ages: number[]; rooms: number }>();
  for (const occupancy of occupancies) {
    const key = occupancyKey(occupancy.adults, occupancy.childrenAges);
    const group = groups.get(key) ?? { adults: occupancy.adults, ages: [...occupancy.childrenAges].sort((a, b) => a - b), rooms: 0 };
    group.rooms += 1;
    groups.set(key, group);
  }
  return [...groups.entries()].map(([key, group]) => ({
    key,
    wire: {
      rooms: group.rooms,
      adults: group.adults,
      children: group.ages.length,
      ...(group.ages.length > 0 ? { paxes: group.ages.map((age) => ({ type: 'CH' as const, age })) } : {}),
    },
  }));
}

/**
 * Hotelbeds limits clientReference to 20 characters. Ours fit as they are; a longer id is replaced by a
 * stable 20-character digest, so a retry or a lookup derives the same reference.
 */
export function wireClientReference(ourReference: string): string {
  if (ourReference.length >= 1 && ourReference.length <= 20) return ourReference;
  return `H${createHash('sha256').update(ourReference).digest('base64url').replace(/[-_]/g, 'x').slice(0, 19)}`;
}

const NOT_MODIFIABLE = { kind: 'unsupported', reason: 'Hotelbeds does not allow modifying this booking' } as const;

const sameMoney = (a: Money, b: Money) =>
  a.currency === b.currency && parseMinor(a.amount, a.currency) === parseMinor(b.amount, b.currency);

/**
 * A room's guests for a changed occupancy: its adults and its children with their ages, named as the booking
 * names them (adults and children in their order), a guest the booking does not have yet left unnamed.
 */
function paxesOfOccupancy(occupancy: Occupancy, guests: readonly Guest[], roomId: number): WirePax[] {
  const adults = guests.filter((guest) => guest.type === 'adult');
  const children = guests.filter((guest) => guest.type === 'child');
  const named = (guest: Guest | undefined) => (guest ? { name: guest.firstName, surname: guest.lastName } : {});
  return [
    ...Array.from({ length: occupancy.adults }, (_, i): WirePax => ({ roomId, type: 'AD', ...named(adults[i]) })),
    ...occupancy.childrenAges.map((age, i): WirePax => ({ roomId, type: 'CH', age, ...named(children[i]) })),
  ];
}

/** bookingRQ.remark is at most 2,000 characters. */
const REMARK_MAX = 2000;

/**
 * Hotelbeds takes one free text per booking (`remark`, "special requests to hotelier like: Non-smoking room
 * preferred, Twin bed please, Late arrival"): the booking's own remark, then each room's request, named by
 * its room when there are several. What does not fit the spec's 2,000 characters is cut, marked with "…".
 */
export function remarkOf(remark: string | undefined, rooms: readonly BookedRoom[]): string | undefined {
  const requests = rooms
    .map((room, index) =>
      room.specialRequest ? (rooms.length > 1 ? `Room ${index + 1}: ${room.specialRequest}` : room.specialRequest) : '',
    )
    .filter((text) => text !== '');
  const text = [remark ?? '', ...requests].filter((part) => part !== '').join('\n');
  if (text === '') return undefined;
  return text.length <= REMARK_MAX ? text : `${text.slice(0, REMARK_MAX - 1)}…`;
}

function contextOf(request: CallContext): CallContext {
  return { ...(request.signal ? { signal: request.signal } : {}), ...(request.scenarios ? { scenarios: request.scenarios } : {}) };
}
