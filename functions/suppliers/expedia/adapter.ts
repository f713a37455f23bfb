import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
// The zones alone, not the whole catalogue: these adapters ride in every booking function.
import { cityTimeZone } from '../../domain/destinations/city-zone.js';
import type { SupplierAdapterOptions } from '../adapter-options.js';
import { parseJsonBody, supplierHttp } from '../http-client.js';
import type {
  AvailabilityRequest,
  AvailabilityResult,
  BookingLookup,
  BookRequest,
  CallContext,
  CancellationResult,
  CancelRequest,
  CheckedRate,
  CheckRateRequest,
  ClientReferenceLookup,
  ModifyRequest,
  ModifyResult,
  ContentSlice,
  StayChangeCommit,
  StayChangeQuoteResult,
  StayChangeRequest,
  StayChangeResult,
  StaticContentPage,
  StaticContentRequest,
  SupplierBooking,
  SupplierDestination,
  SupplierOffer,
  SupplierPort,
  SupplierPropertyContent,
  SupplierRate,
  SupplierGuestRating,
} from '../port.js';
import { remarksOf } from '../rate-shape.js';
import { formatScenarios, hasScenario, SANDBOX_SCENARIO_HEADER, type Scenario } from '../scenario.js';
import { LeftOut, refusal } from '../answer-refusal.js';
import { SupplierError } from '../supplier-error.js';
import {
  appliedPenalty,
  bad,
  bookingFromWire,
  depositRemarks,
  formatBookingMetadata,
  NO_FACTS,
  portRate,
  pricingForRooms,
  rateFromWire,
  rateRemarks,
  requireString,
  SUPPLIER_ID,
  type PropertyFacts,
} from './map-wire.js';
import { parsePhone } from './phone.js';
import { circlePolygon } from './circle-polygon.js';
import { formatOccupancy } from './occupancy.js';
import { unpackRateKey, type ExpediaRateKey } from './rate-key.js';
import { rapidAuthorization } from './signature.js';
import { RAPID_COUNTRY_CODES } from './country-codes.js';
import type {
  WireCreateItineraryRequest,
  WireError,
  WireItinerary,
  WireItineraryCreation,
  WirePropertyAvailability,
  WireGuestRating,
  WirePropertyContent,
  WirePropertiesInPolygon,
  WireRegion,
  WireRoomPriceCheck,
} from './wire.js';

/**
 * baseUrl is the Rapid host, e.g. https://test.ean.com or the sandbox's URL; `/v3/...` paths are appended
 * (a base already ending in /v3, as the spec's `servers` entry does, is accepted too). forwardScenarios
 * also sends the matching Rapid `Test` header.
 */
export interface ExpediaAdapterOptions extends SupplierAdapterOptions {
  /** `User-Agent` Rapid requires: `{app name}/{app version}`. */
  readonly userAgent?: string;
  /**
   * The itinerary's e-mail when the holder gives none: a reservations mailbox the deployment really reads and
   * relays to the guest (Rapid requires an e-mail, and the property writes to it). No default: without the
   * holder's e-mail or this, a booking is refused rather than filed under a made-up address.
   */
  readonly contactEmail?: string;
  /** The itinerary's phone when the holder gives none that parses: a real reservations desk (E.164), no default. */
  readonly contactPhone?: string;
  /** Country of the billing contact for affiliate-collect payments. */
  readonly billingCountryCode?: string;
  /** How long a destination's property ids and names are reused (Rapid content changes slowly). */
  readonly regionCacheMs?: number;
}

const API = '/v3';
const LANGUAGE = 'en-US';
const MAX_PROPERTY_IDS = 250;
const CONCURRENT_CHUNKS = 4;
/**
 * What an offer needs of content, and the texts Rapid puts in content only although the traveller must see
 * them with the rate: check-in and special instructions, fee texts, know-before-you-go, each rate plan's own
 * text, and the currency the property collects its fees in.
 */
const SUMMARY_FIELDS = ['name', 'ratings', 'location', 'address', 'checkin', 'fees', 'policies', 'rates', 'onsite_payments'];

/** Cities and circles whose property ids a container keeps (a city's list is ~1,500 ids). */
const ID_CACHE_ENTRIES = 500;

type Operation =
  | 'regions'
  | 'summaries'
  | 'availability'
  | 'priceCheck'
  | 'book'
  | 'retrieve'
  | 'retrieveByReference'
  | 'cancel'
  | 'content';

/** Our scenarios → the `Test` value the operation documents for the same behaviour. */
const TEST_FOR: Readonly<Partial<Record<Operation, Partial<Record<'error' | 'reprice' | 'book-fail', string>>>>> = {
  availability: { error: 'unknown_internal_error' },
  priceCheck: { error: 'unknown_internal_error', reprice: 'price_changed' },
  book: { error: 'internal_server_error', 'book-fail': 'rooms_unavailable' },
  retrieve: { error: 'internal_server_error' },
  retrieveByReference: { error: 'internal_server_error' },
  cancel: { error: 'unknown_internal_error' },
};

interface PropertySummary {
  readonly name: string;
  readonly stars?: number;
  readonly geo?: { lat: number; lng: number };
  readonly address?: SupplierOffer['address'];
  readonly facts: PropertyFacts;
}

/** Operations whose spec declares `Customer-Ip`: optional on shopping, required on itinerary calls. */
const CUSTOMER_IP_OPTIONAL: ReadonlySet<Operation> = new Set(['availability', 'priceCheck']);
const CUSTOMER_IP_REQUIRED: ReadonlySet<Operation> = new Set(['book', 'retrieve', 'retrieveByReference', 'cancel']);

interface WireResponse<T> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

/**
 * The Expedia Rapid v3 adapter: port calls → Rapid requests, answers → port types.
 *
 * Rapid shops by property id only. A destination's ids come from the Geography API (a city:
 * `GET /regions?include=property_ids&iata_location_code=`; a circle: `POST /properties/geography` with its
 * polygon) and the names, stars and coordinates an offer needs from the Content API
 * (`GET /properties/content?property_id=…&include=name…`), both cached; shopping then goes out in chunks
 * of 250 ids.
 */
export class ExpediaAdapter implements SupplierPort {
  readonly supplierId = SUPPLIER_ID;
  private readonly origin: string;
  private readonly regionIds = new Map<string, { ids: Promise<string[]>; expires: number }>();
  private readonly summaries = new Map<string, { summary: PropertySummary; expires: number }>();

  constructor(private readonly options: ExpediaAdapterOptions) {
    this.origin = options.baseUrl.replace(/\/+$/, '').replace(/\/v3$/, '');
  }

  async searchAvailability(request: AvailabilityRequest): Promise<AvailabilityResult> {
    if (request.occupancies.length === 0 || request.occupancies.length > 8) {
      throw new SupplierError('rejected', SUPPLIER_ID, 'Rapid books 1 to 8 rooms at once', { operation: 'availability' });
    }
    // Rapid's country_code is "the traveler's point of sale ... where the shopping transaction is taking
    // place", required: the account's point of sale, never the traveller's nationality (Rapid has no
    // nationality parameter at all). Checked before any call, so a missing one asks Rapid nothing.
    const country = pointOfSaleOf(request);
    const ids = await this.propertyIdsOf(request.destination, request);
    if (ids.length === 0) return { supplierId: SUPPLIER_ID, offers: [] };
    const occupancies = request.occupancies.map(formatOccupancy);
    const stay = { checkIn: request.checkIn, checkOut: request.checkOut, now: this.now() };
    const [answers] = await Promise.all([
      inChunks(ids, (chunk) => {
        const query = new URLSearchParams({
          checkin: request.checkIn,
          checkout: request.checkOut,
          currency: 'USD',
          country_code: country,
          language: LANGUAGE,
        });
        for (const occupancy of occupancies) query.append('occupancy', occupancy);
        for (const id of chunk) query.append('property_id', id);
        query.set('rate_plan_count', '50');
        query.set('sales_channel', 'website');
        query.set('sales_environment', 'hotel_only');
        query.append('rate_option', 'net_rates');
        return this.call<WirePropertyAvailability[]>('availability', 'GET', `${API}/properties/availability?${query}`, request);
      }),
      this.ensureSummaries(ids, request),
    ]);
    const offers: SupplierOffer[] = [];
    // One rate Rapid sends in a shape we cannot read, or for another stay or occupancy than asked, costs that
    // rate, never the supplier's whole answer.
    const leftOut = new LeftOut();
    const prices = new PricesPerLink();
    const readable = <T>(read: () => T, fallback: T): T => {
      try {
        return read();
      } catch (error) {
        if (!(error instanceof SupplierError) || error.kind !== 'bad_response') throw error;
        leftOut.add(error);
        return fallback;
      }
    };
    for (const { body } of answers) {
      if (!Array.isArray(body)) throw bad('availability', 'body is not a list of properties');
      for (const property of body) {
        if (property?.status !== 'available') continue;
        const propertyId = readable(() => requireString(property.property_id, 'availability', 'property_id'), undefined);
        if (propertyId === undefined) continue;
        const facts = this.summaries.get(propertyId)?.summary.facts ?? NO_FACTS;
        const rooms = Array.isArray(property.rooms) ? property.rooms : [];
        const rates: SupplierRate[] = [];
        for (const room of rooms) {
          for (const rate of Array.isArray(room?.rates) ? room.rates : []) {
            if (rate?.status !== undefined && rate.status !== 'available') continue;
            const read = readable(() => rateFromWire(rate, room, propertyId, occupancies, stay, facts, 'availability'), []);
            // One port rate per bed group, in the bed groups' order: each is Rapid's price-check link's.
            const links = Object.values(rate.bed_groups ?? {}).map((group) => group?.links?.price_check?.href);
            read.forEach((port, i) => prices.note(links[i], port));
            rates.push(...read);
          }
        }
        if (rates.length === 0) continue;
        const summary = this.summaries.get(propertyId)?.summary;
        offers.push({
          supplierId: SUPPLIER_ID,
          supplierPropertyId: propertyId,
          // Names come from content; an id Rapid shops but has no content for keeps its id as its name.
          name: summary?.name ?? propertyId,
          ...(summary?.stars !== undefined ? { stars: summary.stars } : {}),
          ...(summary?.geo ? { geo: summary.geo } : {}),
          ...(summary?.address ? { address: summary.address } : {}),
          rates,
        });
      }
    }
    return { supplierId: SUPPLIER_ID, offers: prices.withoutTwoPriced(offers, leftOut), ...leftOut.result() };
  }

  /** Rapid's content search takes `date_updated_start`, and each property carries `dates.updated`. */
  readonly contentChangeDates = true;

  /**
   * The catalogue by country (`country_code`, every ISO 3166-1 code), read at the same time: Rapid pages a
   * search with its own links, one after another, so a million properties read as one would take hours.
   * The whole catalogue's size comes from one unfiltered page. What changed since a day, when that is at
   * most CHANGES_IN_ONE_SLICE, is one slice: 250 country searches, nearly all empty, would cost a read each.
   */
  async contentSlices(request: Omit<StaticContentRequest, 'cursor'>): Promise<readonly ContentSlice[]> {
    const { headers } = await this.call<Record<string, WirePropertyContent>>(
      'content',
      'GET',
      contentPath({ changedSince: request.changedSince }),
      request,
    );
    const total = Number(headers.get('Pagination-Total-Results') ?? Number.NaN);
    if (request.changedSince && Number.isInteger(total) && total <= CHANGES_IN_ONE_SLICE)
      return [{ cursor: contentPath({ changedSince: request.changedSince }), properties: total }];
    return RAPID_COUNTRY_CODES.map((country, index) => ({
      cursor: contentPath({ changedSince: request.changedSince, country }),
      ...(index === 0 && Number.isInteger(total) ? { properties: total } : {}),
    }));
  }

  async staticContent(request: StaticContentRequest): Promise<StaticContentPage> {
    // Rapid pages its catalogue at its own size (no page-size parameter), so `pageSize` is not used.
    const language = rapidLanguage(request.language ?? 'en');
    const path = request.cursor ?? contentPath({ language, changedSince: request.changedSince, propertyIds: request.supplierPropertyIds });
    if (!path.startsWith(`${API}/properties/content?`))
      throw new SupplierError('rejected', SUPPLIER_ID, 'bad content cursor', { operation: 'content' });
    const { body, headers } = await this.call<Record<string, WirePropertyContent>>('content', 'GET', path, request);
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad('content', 'body is not a map of properties');
    const properties = Object.entries(body).map(([id, property]) => contentFromWire(id, property, request.language ? language : undefined));
    const totalHeader = headers.get('Pagination-Total-Results');
    const total = totalHeader !== null && /^\d+$/.test(totalHeader) ? Number(totalHeader) : undefined;
    const next = nextLink(headers.get('Link'));
    return {
      supplierId: SUPPLIER_ID,
      properties,
      ...(total !== undefined ? { total } : {}),
      ...(next ? { nextCursor: next } : {}),
    };
  }

  async checkRate(request: CheckRateRequest): Promise<CheckedRate> {
    const key = unpackRateKey(request.supplierRateKey);
    const [{ checked, bookHref }, facts] = await Promise.all([this.priceCheck(key, request), this.factsOf(key.propertyId, request)]);
    const pricing = pricingForRooms(checked.occupancy_pricing, key.occupancies, key.payment, 'priceCheck', facts.collectCurrency);
    const remarks = rateRemarks(facts, key.rateId, depositRemarks(checked.deposits, pricing.price.currency, 'priceCheck'));
    const checkedKey: ExpediaRateKey = bookHref ? { ...key, bookHref } : { ...key, paymentSessionOnly: true };
    const rate = portRate(checkedKey, pricing, remarks);
    return { supplierRateKey: rate.supplierRateKey, rate, supplierPropertyId: key.propertyId };
  }

  async book(request: BookRequest): Promise<SupplierBooking> {
    const key = unpackRateKey(request.supplierRateKey);
    if (request.rooms.length !== key.occupancies.length) {
      throw new SupplierError('rejected', SUPPLIER_ID, `the rate is for ${key.occupancies.length} rooms, ${request.rooms.length} given`, {
        operation: 'book',
      });
    }
    // Checked before any call: Rapid refuses an itinerary call without the customer's IP.
    customerIpOf('book', request);
    const email = this.bookingEmail(request.holder.email, 'book');
    const phone = this.phoneOf(request.holder.phone);
    // A searched key goes through the price check first: Rapid's book link comes only from there. A checked
    // key that got a payment_session link instead is refused without asking again.
    const bookHref = key.bookHref ?? (key.paymentSessionOnly ? undefined : (await this.priceCheck(key, request)).bookHref);
    if (!bookHref) {
      throw new SupplierError(
        'rejected',
        SUPPLIER_ID,
        'book: Rapid asks for a PSD2 payment session for this rate (payment_session link), which this integration does not open',
        { operation: 'book', supplierCode: 'payment_session_required' },
      );
    }
    const body: WireCreateItineraryRequest = {
      affiliate_reference_id: wireAffiliateReference(request.clientReference),
      hold: false,
      email,
      phone,
      rooms: request.rooms.map((room, index) => {
        const lead = room.guests.find((guest) => guest.type === 'adult') ?? room.guests[0];
        return {
          given_name: lead?.firstName || request.holder.firstName,
          family_name: lead?.lastName || request.holder.lastName,
          ...specialRequestOf(index === 0 ? request.remark : undefined, room.specialRequest),
        };
      }),
      // Expedia-collect rates are paid by us on account; property-collect rates are paid at the hotel.
      ...(key.payment === 'net'
        ? {
            payments: [
              {
                type: 'affiliate_collect' as const,
                billing_contact: {
                  given_name: request.holder.firstName,
                  family_name: request.holder.lastName,
                  address: { country_code: this.options.billingCountryCode ?? 'US' },
                },
              },
            ],
          }
        : {}),
      affiliate_metadata: formatBookingMetadata({ roomTypeCode: key.roomTypeCode, roomTypeName: key.roomTypeName }),
    };
    let created: WireItineraryCreation;
    try {
      created = (await this.call<WireItineraryCreation>('book', 'POST', bookHref, request, body)).body;
    } catch (error) {
      // Rapid keeps affiliate references unique: a retried booking that already went through is that booking.
      if (error instanceof SupplierError && error.details.supplierCode === 'duplicate_itinerary') {
        const existing = await this.findBookingByClientReference({
          ...contextOf(request),
          clientReference: request.clientReference,
          holderEmail: email,
        });
        if (existing) return existing;
      }
      throw error;
    }
    const retrieve = created.links?.retrieve?.href;
    const path =
      retrieve ??
      `${API}/itineraries/${encodeURIComponent(requireString(created.itinerary_id, 'book', 'itinerary_id'))}?${new URLSearchParams({ email })}`;
    const { body: itinerary } = await this.call<WireItinerary>('retrieve', 'GET', path, request);
    return bookingFromWire(itinerary, await this.bookingFactsOf(key.propertyId, request), 'retrieve', this.now());
  }

  async findBookingByClientReference(request: ClientReferenceLookup): Promise<SupplierBooking | undefined> {
    const email = this.bookingEmail(request.holderEmail, 'retrieveByReference');
    const query = new URLSearchParams({ affiliate_reference_id: wireAffiliateReference(request.clientReference), email });
    const { body } = await this.call<WireItinerary[]>('retrieveByReference', 'GET', `${API}/itineraries?${query}`, request);
    if (!Array.isArray(body)) throw bad('retrieveByReference', 'body is not a list of itineraries');
    const [itinerary] = body;
    if (!itinerary) return undefined;
    return bookingFromWire(itinerary, await this.bookingFactsOf(itinerary.property_id, request), 'retrieveByReference', this.now());
  }

  async getBooking(request: BookingLookup): Promise<SupplierBooking> {
    const itinerary = await this.itinerary(request.supplierReference, request, request.holderEmail);
    return bookingFromWire(itinerary, await this.bookingFactsOf(itinerary.property_id, request), 'retrieve', this.now());
  }

  async cancel(request: CancelRequest): Promise<CancellationResult> {
    // Rapid cancels room by room through each room's cancel link; the penalty is read back afterwards.
    // Any answer we cannot read from here on is a `bad_response`: the booking use case takes it (as a
    // timeout) for an unknown outcome and looks the booking up, never for a refusal.
    const before = await this.itinerary(request.supplierReference, request, request.holderEmail);
    if (!Array.isArray(before.rooms)) throw bad('cancel', 'itinerary without rooms');
    const open = before.rooms.filter((room) => room?.status !== 'canceled');
    if (open.length === 0)
      throw new SupplierError('rejected', SUPPLIER_ID, 'cancel: the itinerary is already cancelled', { operation: 'cancel' });
    for (const room of open) {
      const href = requireString(room?.links?.cancel?.href, 'cancel', 'rooms.links.cancel.href');
      const { status } = await this.call<unknown>('cancel', 'DELETE', href, request);
      if (status !== 202 && status !== 204) throw bad('cancel', 'unexpected success status');
    }
    const after = await this.itinerary(request.supplierReference, request, request.holderEmail);
    return {
      supplierReference: request.supplierReference,
      status: 'cancelled',
      penalty: appliedPenalty(after, 'cancel'),
      cancelledAt: this.now().toISOString(),
    };
  }

  /** Rapid has no cancellation simulation: what cancelling would cost is the booking's stored policy (the caller's to read). */
  async quoteCancellation(_request: CancelRequest): Promise<undefined> {
    return undefined;
  }

  /** Rapid gives the property's confirmation with the itinerary (`confirmation_id.property`), once the property has one. */
  async hotelConfirmationNumber(request: BookingLookup): Promise<string | undefined> {
    return (await this.getBooking(request)).hotelConfirmationNumber;
  }

  /**
   * Rapid changes dates through its shop-for-change link and a commit link (PUT .../rooms/{room_id}/pricing),
   * which this integration does not drive yet: no path here, never a cancel and rebook.
   */
  async quoteStayChange(_request: StayChangeRequest): Promise<StayChangeQuoteResult> {
    return RAPID_CHANGE_UNSUPPORTED;
  }

  async changeStay(_request: StayChangeCommit): Promise<StayChangeResult> {
    return RAPID_CHANGE_UNSUPPORTED;
  }

  async modify(_request: ModifyRequest): Promise<ModifyResult> {
    // Rapid's change paths (room change, shop for change) are not part of this integration.
    return { kind: 'unsupported', reason: 'Expedia Rapid bookings cannot be modified through this integration; cancel and rebook instead' };
  }

  // ---------- helpers ----------

  /**
   * The price check's book link, or none when Rapid answers with a `payment_session` link instead (PSD2
   * applies to the partner: booking then needs a payment session first, which book() refuses plainly).
   */
  private async priceCheck(
    key: ExpediaRateKey,
    context: CallContext,
  ): Promise<{ checked: WireRoomPriceCheck; bookHref: string | undefined }> {
    const { body } = await this.call<WireRoomPriceCheck>('priceCheck', 'GET', key.priceCheckHref, context);
    if (body.status === 'sold_out')
      throw new SupplierError('sold_out', SUPPLIER_ID, 'priceCheck: the rate is sold out', {
        operation: 'priceCheck',
        supplierCode: 'sold_out',
      });
    if (body.status !== 'available' && body.status !== 'price_changed') throw bad('priceCheck', 'missing status');
    const book = body.links?.book?.href;
    if (typeof book === 'string' && book !== '') return { checked: body, bookHref: book };
    requireString(body.links?.payment_session?.href, 'priceCheck', 'links.book.href or links.payment_session.href');
    return { checked: body, bookHref: undefined };
  }

  private async itinerary(itineraryId: string, context: CallContext, holderEmail: string | undefined): Promise<WireItinerary> {
    const email = this.bookingEmail(holderEmail, 'retrieve');
    const { body } = await this.call<WireItinerary>(
      'retrieve',
      'GET',
      `${API}/itineraries/${encodeURIComponent(itineraryId)}?${new URLSearchParams({ email })}`,
      context,
    );
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad('retrieve', 'body is not an itinerary');
    return body;
  }

  /**
   * The e-mail an itinerary is booked and found with: the holder's, so the property can reach the guest
   * (the spec: "Email address for the customer"); the configured reservations mailbox when the partner gave
   * none. Lookups pass the holder's e-mail as it was at booking, and derive the same.
   */
  private bookingEmail(holderEmail: string | undefined, operation: Operation): string {
    const email = holderEmail?.trim();
    if (email && EMAIL.test(email)) return email;
    if (this.options.contactEmail) return this.options.contactEmail;
    throw new SupplierError(
      'rejected',
      SUPPLIER_ID,
      `${operation}: Rapid files itineraries under the customer's e-mail; the holder gave none and no reservations mailbox is configured`,
      { operation },
    );
  }

  /** The holder's phone split as Rapid asks (country code, then the rest); the configured desk's otherwise. */
  private phoneOf(phone: string | undefined): WireCreateItineraryRequest['phone'] {
    const parsed = parsePhone(phone);
    if (parsed) return parsed;
    const desk = parsePhone(this.options.contactPhone);
    if (desk) return desk;
    throw new SupplierError(
      'rejected',
      SUPPLIER_ID,
      'book: Rapid requires a customer phone; the holder gave none in international form (+country code) and no reservations phone is configured',
      { operation: 'book' },
    );
  }

  /**
   * Facts for a booking that exists: content that cannot be had now must not turn a booking Rapid holds into
   * an error (a booking answered with an error would be compensated or reported failed). The texts were on
   * the rate the traveller checked; the booking then carries what content gives, or none.
   */
  private async bookingFactsOf(propertyId: string | undefined, context: CallContext): Promise<PropertyFacts> {
    try {
      return await this.factsOf(propertyId, context);
    } catch (error) {
      if (error instanceof SupplierError && context.signal?.aborted !== true) return NO_FACTS;
      throw error;
    }
  }

  /** The property's texts and collect currency, from content (cached; one call when not). */
  private async factsOf(propertyId: string | undefined, context: CallContext): Promise<PropertyFacts> {
    if (!propertyId || !/^\d+$/.test(propertyId)) return NO_FACTS;
    await this.ensureSummaries([propertyId], context);
    const summary = this.summaries.get(propertyId)?.summary;
    return summary ? { ...summary.facts, name: summary.name } : NO_FACTS;
  }

  /**
   * Rapid shops by property id only, so every destination becomes ids first, in Rapid's own terms: a city
   * through the Geography API's regions by IATA code, a circle through its polygon endpoint, a hotel list
   * as it is. Ids of a city or a circle are cached (Rapid content changes slowly; a failed lookup is not).
   */
  private async propertyIdsOf(destination: SupplierDestination, context: CallContext): Promise<string[]> {
    switch (destination.kind) {
      case 'hotels':
        return [...new Set(destination.supplierPropertyIds)].filter((id) => /^\d+$/.test(id));
      case 'city':
        return this.cachedIds(`city:${destination.cityCode}`, async () => {
          const query = new URLSearchParams({ include: 'property_ids', language: LANGUAGE, iata_location_code: destination.cityCode });
          const { body } = await this.call<WireRegion[]>('regions', 'GET', `${API}/regions?${query}`, context);
          if (!Array.isArray(body)) throw bad('regions', 'body is not a list of regions');
          return body.flatMap((region) => (Array.isArray(region.property_ids) ? region.property_ids : []));
        });
      case 'circle': {
        const { centre, radiusKm } = destination;
        return this.cachedIds(`circle:${centre.lat},${centre.lng},${radiusKm}`, async () => {
          const query = new URLSearchParams({ include: 'property_ids', supply_source: 'expedia' });
          const polygon = circlePolygon(centre, radiusKm);
          const { body } = await this.call<WirePropertiesInPolygon>(
            'regions',
            'POST',
            `${API}/properties/geography?${query}`,
            context,
            polygon,
          );
          if (body === null || typeof body !== 'object' || Array.isArray(body)) throw bad('regions', 'body is not a map of properties');
          return Object.values(body).map((property) => requireString(property?.property_id, 'regions', 'property_id'));
        });
      }
    }
  }

  private cachedIds(key: string, lookUp: () => Promise<string[]>): Promise<string[]> {
    const cached = this.regionIds.get(key);
    if (cached && cached.expires > this.now().getTime()) return cached.ids;
    // Circles are the partner's points, nearly all different: the cache is bounded, oldest entry out first.
    if (!cached && this.regionIds.size >= ID_CACHE_ENTRIES) this.regionIds.delete(this.regionIds.keys().next().value!);
    const ids = lookUp().then((list) => [...new Set(list)]);
    this.regionIds.set(key, { ids, expires: this.now().getTime() + (this.options.regionCacheMs ?? 86_400_000) });
    ids.catch(() => this.regionIds.delete(key));
    return ids;
  }

  /** Names, stars and coordinates for offers, from content for the ids not cached yet. */
  private async ensureSummaries(ids: readonly string[], context: CallContext): Promise<void> {
    const now = this.now().getTime();
    const missing = ids.filter((id) => (this.summaries.get(id)?.expires ?? 0) <= now);
    if (missing.length === 0) return;
    const pages = await inChunks(missing, (chunk) => {
      const query = new URLSearchParams({ language: LANGUAGE, supply_source: 'expedia' });
      for (const id of chunk) query.append('property_id', id);
      for (const field of SUMMARY_FIELDS) query.append('include', field);
      return this.call<Record<string, WirePropertyContent>>('summaries', 'GET', `${API}/properties/content?${query}`, context);
    });
    const expires = now + (this.options.regionCacheMs ?? 86_400_000);
    for (const { body } of pages) {
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad('content', 'body is not a map of properties');
      for (const [id, property] of Object.entries(body)) {
        const content = contentFromWire(id, property);
        this.summaries.set(id, {
          summary: {
            facts: factsFromContent(property),
            name: content.name,
            ...(content.stars !== undefined ? { stars: content.stars } : {}),
            ...(content.geo ? { geo: content.geo } : {}),
            ...(content.address ? { address: content.address } : {}),
          },
          expires,
        });
      }
    }
  }

  private now(): Date {
    return this.options.clock?.() ?? new Date();
  }

  private async call<T>(
    operation: Operation,
    method: 'GET' | 'POST' | 'DELETE',
    pathOrHref: string,
    context: CallContext,
    body?: unknown,
  ): Promise<WireResponse<T>> {
    const customerIp = customerIpOf(operation, context);
    const sessionId = context.traveller?.sessionId?.trim();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Encoding': 'gzip',
      'User-Agent': this.options.userAgent ?? 'HotelBookingApi/1.0',
      ...(customerIp ? { 'Customer-Ip': customerIp } : {}),
      // Declared on every operation: the traveller's session ties a shop to its booking at Rapid.
      ...(sessionId ? { 'Customer-Session-Id': sessionId } : {}),
      Authorization: rapidAuthorization(this.options.apiKey, this.options.secret, this.now()),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    };
    const scenarios = context.scenarios ?? [];
    if (this.options.forwardScenarios && scenarios.length > 0) {
      headers[SANDBOX_SCENARIO_HEADER] = formatScenarios(scenarios);
      const test = testHeaderFor(operation, scenarios);
      if (test) headers.Test = test;
    }
    const response = await supplierHttp(
      {
        supplierId: SUPPLIER_ID,
        operation,
        method,
        headers,
        url: this.resolve(pathOrHref),
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(context.signal ? { signal: context.signal } : {}),
        timeoutMs: this.options.timeoutMs ?? 60_000,
      },
      this.options.fetch,
    );
    // Rapid pages content through response headers (Link, Pagination-Total-Results).
    const responseHeaders = response.headers;
    if (response.status >= 200 && response.status < 300) {
      if (response.status === 204 || response.text === '')
        return { status: response.status, body: undefined as T, headers: responseHeaders };
      const parsed = parseJsonBody(response.text, SUPPLIER_ID, operation);
      if (!parsed || typeof parsed !== 'object') throw bad(operation, 'body is not JSON object or list');
      // Rapid's Error ({type, message, fields?, errors?}) is defined for error statuses; one sent with a 2xx is
      // still an error, never an empty answer (no success body of the spec has a string `type` and `message`).
      if (isRapidError(parsed)) throw errorFromResponse(operation, response.status, response.text);
      return { status: response.status, body: parsed as T, headers: responseHeaders };
    }
    throw errorFromResponse(operation, response.status, response.text);
  }

  /**
   * Rapid's links are root-relative ("/v3/…") or, for content pages, absolute. Either way only the path and
   * query are taken and sent to our configured host, so credentials never follow a link elsewhere.
   */
  private resolve(pathOrHref: string): string {
    const url = new URL(pathOrHref, `${this.origin}/`);
    return `${this.origin}${url.pathname}${url.search}`;
  }
}

/**
 * Rapid's own rate key is the price-check link (its token names the rate): one link answered at two prices
 * has no one price, so every rate under it is refused (`duplicate_rate_key`). Our port keys pack more than
 * the link (the policy read from the price), so the boundary's check of port keys would not see it.
 */
class PricesPerLink {
  private readonly byLink = new Map<string, { price: string; rates: SupplierRate[]; twoPrices: boolean }>();

  note(link: string | undefined, rate: SupplierRate): void {
    if (!link) return;
    const price = `${rate.price.amount} ${rate.price.currency}`;
    const seen = this.byLink.get(link);
    if (!seen) this.byLink.set(link, { price, rates: [rate], twoPrices: false });
    else {
      seen.rates.push(rate);
      if (seen.price !== price) seen.twoPrices = true;
    }
  }

  withoutTwoPriced(offers: SupplierOffer[], leftOut: LeftOut): SupplierOffer[] {
    const doubtful = new Set<SupplierRate>();
    for (const seen of this.byLink.values()) if (seen.twoPrices) for (const rate of seen.rates) doubtful.add(rate);
    if (doubtful.size === 0) return offers;
    for (const _ of doubtful)
      leftOut.add(refusal(SUPPLIER_ID, 'duplicate_rate_key', 'availability', 'a price-check link answered at two prices'));
    return offers.flatMap((offer) => {
      const rates = offer.rates.filter((rate) => !doubtful.has(rate));
      return rates.length === 0 ? [] : [{ ...offer, rates }];
    });
  }
}

const EMAIL = /^[^@\s<>()&]+@[^@\s<>()&]+\.[^@\s<>()&]+$/;

/**
 * The `Customer-Ip` to send: the traveller's address (the partner's `Customer-Ip`, or its own source address,
 * as the booking API passes it), never one of ours or a placeholder. Where the spec declares the header
 * optional (shopping, price check) it is left out without a traveller; where it is required (every itinerary
 * call) a call without one is a programming error upstream, refused here before anything is sent.
 */
function customerIpOf(operation: Operation, context: CallContext): string | undefined {
  const ip = context.traveller?.ip?.trim();
  if (ip !== undefined && ip !== '' && isIP(ip) === 0) {
    throw new SupplierError('rejected', SUPPLIER_ID, `${operation}: the traveller's address is not an IP address`, { operation });
  }
  if (ip && (CUSTOMER_IP_OPTIONAL.has(operation) || CUSTOMER_IP_REQUIRED.has(operation))) return ip;
  if (CUSTOMER_IP_REQUIRED.has(operation)) {
    throw new SupplierError(
      'rejected',
      SUPPLIER_ID,
      `${operation}: Rapid requires the customer's IP (Customer-Ip) on itinerary calls, and the call carries no traveller`,
      { operation },
    );
  }
  return undefined;
}

function pointOfSaleOf(context: CallContext): string {
  const country = context.pointOfSale?.trim().toUpperCase();
  if (country && /^[A-Z]{2}$/.test(country)) return country;
  throw new SupplierError(
    'rejected',
    SUPPLIER_ID,
    'availability: Rapid requires the point of sale (country_code), and the call carries none',
    { operation: 'availability' },
  );
}

/** Rapid's check-in, fee and policy texts and rate plans' texts (content only) as remarks for every rate. */
function factsFromContent(property: WirePropertyContent | undefined): PropertyFacts {
  // Rapid escapes some tags inside its HTML texts ("&lt;br />"): unescaped first so they go as tags do.
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' ? value.replace(/&lt;/g, '<').replace(/&gt;/g, '>') : undefined;
  const rateRemarksById: Record<string, ReturnType<typeof remarksOf>> = {};
  for (const [id, rate] of Object.entries(property?.rates && typeof property.rates === 'object' ? property.rates : {})) {
    const remarks = remarksOf('rate', [text(rate?.special_offer_description)]);
    if (remarks.length > 0) rateRemarksById[rate?.id ?? id] = remarks;
  }
  const currency = property?.onsite_payments?.currency;
  return {
    remarks: [
      ...remarksOf('checkin', [text(property?.checkin?.instructions), text(property?.checkin?.special_instructions)]),
      ...remarksOf('fees', [text(property?.fees?.mandatory), text(property?.fees?.optional)]),
      ...remarksOf('policy', [text(property?.policies?.know_before_you_go)]),
    ],
    rateRemarks: rateRemarksById,
    ...(typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? { collectCurrency: currency } : {}),
  };
}

function testHeaderFor(operation: Operation, scenarios: readonly Scenario[]): string | undefined {
  const values = TEST_FOR[operation];
  if (!values) return undefined;
  if (values.error && hasScenario(scenarios, 'error', SUPPLIER_ID)) return values.error;
  if (values['book-fail'] && hasScenario(scenarios, 'book-fail', SUPPLIER_ID)) return values['book-fail'];
  if (values.reprice && hasScenario(scenarios, 'reprice', SUPPLIER_ID)) return values.reprice;
  return undefined;
}

function isRapidError(body: object): boolean {
  if (Array.isArray(body)) return false;
  const { type, message } = body as { type?: unknown; message?: unknown };
  return typeof type === 'string' && typeof message === 'string';
}

/** Rapid's error answers `{type, message}` → SupplierError kinds; one sent with a 2xx is marked `error_envelope`. */
function errorFromResponse(operation: string, status: number, text: string): SupplierError {
  let type = '';
  let message = `HTTP ${status}`;
  try {
    const parsed = JSON.parse(text) as Partial<WireError>;
    if (parsed && typeof parsed === 'object') {
      type = typeof parsed.type === 'string' ? parsed.type : '';
      if (typeof parsed.message === 'string') message = parsed.message;
      const nested = Array.isArray(parsed.errors)
        ? parsed.errors
            .map((e) => e?.message)
            .filter(Boolean)
            .join('; ')
        : '';
      if (nested) message = `${message} (${nested})`;
    }
  } catch {
    // an unreadable error body still has its status
  }
  const details = {
    status,
    supplierCode: type,
    operation,
    ...(status >= 200 && status < 300 ? { reason: 'error_envelope' as const } : {}),
  };
  const text2 = `${operation}: ${message}`;
  if (type === 'price_mismatch') return new SupplierError('price_changed', SUPPLIER_ID, text2, details);
  if (type === 'rooms_unavailable' || type === 'sold_out') return new SupplierError('sold_out', SUPPLIER_ID, text2, details);
  if (status === 404) return new SupplierError('not_found', SUPPLIER_ID, text2, details);
  if (status === 429 || status >= 500) return new SupplierError('unavailable', SUPPLIER_ID, text2, details);
  return new SupplierError('rejected', SUPPLIER_ID, text2, details);
}

/** The `next` target of an RFC 5988 Link header, as a path and query (our host is used to follow it). */
function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /<([^>]+)>\s*;(.*)$/.exec(part.trim());
    if (match && /\brel="?next"?/.test(match[2] ?? '')) {
      const url = new URL(match[1]!, 'http://link.invalid');
      return `${url.pathname}${url.search}`;
    }
  }
  return undefined;
}

/** Changed properties read as one slice: 100 of Rapid's pages, what one read segment takes (stage-read.ts). */
const CHANGES_IN_ONE_SLICE = 25_000;

/**
 * The content search's first page: Expedia supply in `language`, optionally one country, what changed since a
 * date, or only these properties.
 */
function contentPath(options: {
  readonly language?: string;
  readonly changedSince?: string | undefined;
  readonly country?: string;
  readonly propertyIds?: readonly string[] | undefined;
}): string {
  const query = new URLSearchParams({
    language: options.language ?? LANGUAGE,
    supply_source: 'expedia',
    ...(options.country ? { country_code: options.country } : {}),
    ...(options.changedSince ? { date_updated_start: options.changedSince } : {}),
  });
  for (const id of options.propertyIds ?? []) query.append('property_id', id);
  return `${API}/properties/content?${query}`;
}

function contentFromWire(id: string, property: WirePropertyContent | undefined, language?: string): SupplierPropertyContent {
  if (!property || typeof property !== 'object') throw bad('content', `property ${id} is not an object`);
  const rating = Number(property.ratings?.property?.rating);
  const guest = guestRatingOf(property.ratings?.guest);
  const lat = property.location?.coordinates?.latitude;
  const lng = property.location?.coordinates?.longitude;
  const address = property.address;
  const cityCode = property.airports?.preferred?.iata_airport_code;
  const hero = (property.images ?? []).slice().sort((a, b) => Number(b.hero_image === true) - Number(a.hero_image === true));
  return {
    supplierId: SUPPLIER_ID,
    supplierPropertyId: property.property_id ?? id,
    name: requireString(property.name, 'content', 'name'),
    ...(Number.isFinite(rating) && rating >= 1 ? { stars: Math.min(5, Math.round(rating)) } : {}),
    ...(typeof lat === 'number' && typeof lng === 'number' ? { geo: { lat, lng } } : {}),
    ...(address?.line_1 && address.country_code
      ? {
          address: {
            line: [address.line_1, address.line_2].filter(Boolean).join(', '),
            ...(address.postal_code ? { postalCode: address.postal_code } : {}),
            city: address.city ?? '',
            countryCode: address.country_code,
          },
        }
      : {}),
    ...(cityCode && cityTimeZone(cityCode) ? { cityCode } : {}),
    ...(language ? { language } : {}),
    ...(property.descriptions?.general ? { description: property.descriptions.general } : {}),
    amenities: Object.values(property.amenities ?? {})
      .map((amenity) => amenity.name ?? amenity.id ?? '')
      .filter(Boolean),
    images: hero.map((image) => firstHref(image.links)).filter((href): href is string => href !== undefined),
    roomTypes: Object.entries(property.rooms ?? {}).map(([roomId, room]) => ({
      code: room.id ?? roomId,
      name: room.name ?? roomId,
      ...(room.occupancy?.max_allowed?.total ? { maxOccupancy: room.occupancy.max_allowed.total } : {}),
      ...(room.images && room.images.length > 0
        ? { images: room.images.map((image) => firstHref(image.links)).filter((href): href is string => href !== undefined) }
        : {}),
    })),
    ...(property.checkin?.begin_time ? { checkInTime: property.checkin.begin_time } : {}),
    ...(property.dates?.updated && !Number.isNaN(Date.parse(property.dates.updated))
      ? { changedAt: new Date(property.dates.updated).toISOString() }
      : {}),
    ...(property.checkout?.time ? { checkOutTime: property.checkout.time } : {}),
    ...(property.phone ? { phone: property.phone } : {}),
    ...(guest ? { guestRating: guest } : {}),
  };
}

/** Rapid's overall guest score (1.0 to 5.0) and its review count; none when either is missing or out of range. */
function guestRatingOf(guest: WireGuestRating | undefined): SupplierGuestRating | undefined {
  const score = Number(guest?.overall);
  const count = guest?.count;
  if (!guest?.overall || !Number.isFinite(score) || score < 1 || score > 5) return undefined;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return undefined;
  return { score, scale: 5, count };
}

/**
 * Rapid takes a language as ISO 639-1 and ISO 3166-1 joined ("de-DE"); a tag without a region, or with one
 * Rapid has no content for, asks in the language's main market.
 */
const RAPID_LANGUAGES: Readonly<Record<string, string>> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
  pt: 'pt-BR',
  nl: 'nl-NL',
  sv: 'sv-SE',
  da: 'da-DK',
  nb: 'nb-NO',
  fi: 'fi-FI',
  pl: 'pl-PL',
  cs: 'cs-CZ',
  ru: 'ru-RU',
  tr: 'tr-TR',
  el: 'el-GR',
  ja: 'ja-JP',
  ko: 'ko-KR',
  zh: 'zh-CN',
  th: 'th-TH',
  ar: 'ar-SA',
};
const RAPID_REGIONAL = new Set([
  'en-GB',
  'en-AU',
  'en-CA',
  'fr-CA',
  'es-MX',
  'pt-PT',
  'zh-TW',
  'zh-HK',
  'de-AT',
  'de-CH',
  'fr-BE',
  'nl-BE',
]);

export function rapidLanguage(tag: string): string {
  const [language, region] = tag.split('-');
  const pair = region && /^[A-Za-z]{2}$/.test(region) ? `${language!.toLowerCase()}-${region.toUpperCase()}` : undefined;
  if (pair && (RAPID_REGIONAL.has(pair) || Object.values(RAPID_LANGUAGES).includes(pair))) return pair;
  return RAPID_LANGUAGES[language!.toLowerCase()] ?? 'en-US';
}

function firstHref(links: Record<string, { href?: string }> | undefined): string | undefined {
  return Object.values(links ?? {}).find((link) => typeof link.href === 'string')?.href;
}

/** Runs one request per chunk of ≤ 250 ids (Rapid's limit), a few at a time. */
async function inChunks<T>(ids: readonly string[], run: (chunk: readonly string[]) => Promise<T>): Promise<T[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += MAX_PROPERTY_IDS) chunks.push(ids.slice(i, i + MAX_PROPERTY_IDS));
  const out: T[] = new Array(chunks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < chunks.length) {
      const index = next;
      next += 1;
      out[index] = await run(chunks[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_CHUNKS, chunks.length) }, worker));
  return out;
}

/**
 * Rapid limits affiliate_reference_id to 28 characters without < > ( ) &, and requires it unique. Ours fit
 * as they are; anything else becomes a stable 28-character digest, so a retry or a lookup derives the same.
 */
export function wireAffiliateReference(ourReference: string): string {
  if (ourReference.length >= 1 && ourReference.length <= 28 && !/[<>()&]/.test(ourReference)) return ourReference;
  return `E${createHash('sha256').update(ourReference).digest('base64url').replace(/[-_]/g, 'x').slice(0, 27)}`;
}

function contextOf(request: CallContext): CallContext {
  return {
    ...(request.signal ? { signal: request.signal } : {}),
    ...(request.scenarios ? { scenarios: request.scenarios } : {}),
    ...(request.traveller ? { traveller: request.traveller } : {}),
    ...(request.pointOfSale ? { pointOfSale: request.pointOfSale } : {}),
  };
}

const RAPID_CHANGE_UNSUPPORTED = {
  kind: 'unsupported',
  reason: "Rapid's change of dates (shop for change, then commit) is not part of this integration",
} as const;

/**
 * Rapid's `special_request` is the room's own ("Any special request info associated with the room"): the
 * room's request, after the booking's remark on the first room. Bounded as the adapter always bounded it.
 */
function specialRequestOf(remark: string | undefined, request: string | undefined): { special_request?: string } {
  const text = [remark, request].filter((part): part is string => Boolean(part)).join('\n');
  return text ? { special_request: text.slice(0, 5000) } : {};
}
