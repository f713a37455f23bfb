import { createHash, randomUUID } from 'node:crypto';
// The zones alone, not the whole catalogue: these adapters ride in every booking function.
import { cityTimeZone } from '../../domain/destinations/city-zone.js';
import { money, parseMinor, type Money } from '../../domain/money/money.js';
import type { SupplierAdapterOptions } from '../adapter-options.js';
import { supplierHttp } from '../http-client.js';
import type {
  AvailabilityRequest,
  AvailabilityResult,
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
  Holder,
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
} from '../port.js';
import { formatScenarios, SANDBOX_SCENARIO_HEADER } from '../scenario.js';
import { LeftOut, refusal } from '../answer-refusal.js';
import { SupplierError } from '../supplier-error.js';
import { AGE_ADULT, AGE_CHILD, CONTEXT_CLIENT, CONTEXT_SUPPLIER, ERR, EWT, SUPPLIER_ID, UIT_REQUESTOR, UIT_RESERVATION } from './codes.js';
import {
  addressOf,
  amountAttr,
  bad,
  bookingFromReservation,
  expandRoomStays,
  firstHotelTimes,
  geoOf,
  mergeRoomRates,
  percentOf,
  roomStayRate,
  starsOf,
  type RoomStayRate,
} from './map-wire.js';
import { decodeOtaRateKey, encodeOtaRateKey, type OtaRateKey } from './rate-key.js';
import {
  attr,
  child,
  children,
  otaMessage,
  OTA_VERSION,
  parseXml,
  rootOf,
  text,
  texts,
  XmlDoctypeError,
  XmlSyntaxError,
  type XmlNode,
} from './xml.js';
import { quotedStayChange } from '../stay-change-quote.js';

/**
 * Messages go to `${baseUrl}/ota`, the catalogue to `${baseUrl}/ota/catalogue`. apiKey is
 * POS/Source/RequestorID/@ID, secret its @MessagePassword (the XSD allows 1 to 16 characters).
 */
export type OpenTravelAdapterOptions = SupplierAdapterOptions;

const CATALOGUE_PAGE_MAX = 1000;
/** Hotels a slice of the catalogue holds: read at the same time as the others, a segment at a time. */
const CATALOGUE_SLICE = 25_000;
/** HotelRef maxOccurs="99" per Criterion in the XSD. */
const HOTEL_REFS_MAX = 99;
/** UniqueID/@ID is StringLength1to32 in the XSD. */
const UNIQUE_ID_MAX = 32;
/** RequestorID/@MessagePassword is StringLength1to16 in the XSD. */
const PASSWORD_MAX = 16;

/**
 * The OpenTravel (OTA 2015B XML) adapter. One endpoint receives every message; the root element says
 * what is asked. Reads use OTA_HotelResRQ ResStatus="Initiate" carrying only the reservation's UniqueID
 * (the first phase of OTA's two-phase transaction, never committed, so nothing changes), since the
 * published set has no OTA_ReadRQ. Price checks re-quote the one rate with a narrowed OTA_HotelAvailRQ.
 */
export class OpenTravelAdapter implements SupplierPort {
  readonly supplierId = SUPPLIER_ID;

  constructor(private readonly options: OpenTravelAdapterOptions) {}

  async searchAvailability(request: AvailabilityRequest): Promise<AvailabilityResult> {
    const criteria = searchCriteria(request.destination);
    if (criteria.length === 0) return { supplierId: SUPPLIER_ID, offers: [] };
    const stays = await this.availability(
      'availability',
      request,
      criteria,
      request.checkIn,
      request.checkOut,
      request.occupancies.map((occupancy) => ({ adults: occupancy.adults, childrenAges: occupancy.childrenAges })),
      [],
      request.nationality,
    );
    const { offers, leftOut } = offersFrom(expandRoomStays(stays.nodes), request, 'availability', this.now());
    return { supplierId: SUPPLIER_ID, offers, ...leftOut.result() };
  }

  async checkRate(request: CheckRateRequest): Promise<CheckedRate> {
    const key = decodeOtaRateKey(request.supplierRateKey);
    const plans = [...new Set(key.rooms.map((room) => room.ratePlanCode))];
    const stays = await this.availability(
      'priceCheck',
      request,
      [{ HotelRef: [{ '@_HotelCode': key.hotelCode }] }],
      key.checkIn,
      key.checkOut,
      key.rooms,
      plans,
    );
    const rate = combineForKey(expandRoomStays(stays.nodes), key, 'priceCheck', this.now());
    if (!rate) throw new SupplierError('sold_out', SUPPLIER_ID, 'priceCheck: the rate is no longer offered', { operation: 'priceCheck' });
    return { supplierRateKey: rate.supplierRateKey, rate, supplierPropertyId: key.hotelCode };
  }

  async book(request: BookRequest): Promise<SupplierBooking> {
    const key = decodeOtaRateKey(request.supplierRateKey);
    let rph = 0;
    const roomGuests = key.rooms.map((_, index) => (request.rooms[index]?.guests ?? []).map((guest) => ({ guest, rph: (rph += 1) })));
    const clientReference = wireClientReference(request.clientReference);
    const property = { '@_HotelCode': key.hotelCode, ...(key.cityCode ? { '@_HotelCityCode': key.cityCode } : {}) };
    const reservation = {
      UniqueID: [{ '@_Type': UIT_RESERVATION, '@_ID': clientReference, '@_ID_Context': CONTEXT_CLIENT }],
      RoomStays: {
        RoomStay: key.rooms.map((room, index) => ({
          '@_IndexNumber': String(index + 1),
          RoomTypes: { RoomType: [{ '@_RoomTypeCode': room.roomTypeCode, '@_NumberOfUnits': '1' }] },
          RatePlans: { RatePlan: [{ '@_RatePlanCode': room.ratePlanCode }] },
          GuestCounts: guestCounts(room.adults, room.childrenAges),
          TimeSpan: { '@_Start': key.checkIn, '@_End': key.checkOut },
          BasicPropertyInfo: property,
          ...(roomGuests[index]?.length ? { ResGuestRPHs: rphList(roomGuests[index].map((entry) => entry.rph)) } : {}),
          // The room's own request (HotelReservation RoomStay/SpecialRequests, after ResGuestRPHs in the XSD's sequence).
          ...specialRequestsOf(request.rooms[index]?.specialRequest),
        })),
      },
      ...(rph > 0 ? { ResGuests: { ResGuest: roomGuests.flat().map((entry) => resGuest(entry.guest, entry.rph)) } } : {}),
      ResGlobalInfo: {
        ...(request.remark ? { Comments: { Comment: [{ '@_GuestViewable': 'true', Text: [request.remark] }] } } : {}),
        HotelReservationIDs: {
          HotelReservationID: [{ '@_ResID_Type': UIT_RESERVATION, '@_ResID_Value': clientReference, '@_ResID_Source': CONTEXT_CLIENT }],
        },
        Profiles: holderProfiles(request.holder, request.nationality),
        BasicPropertyInfo: property,
      },
    };
    const rs = await this.send(
      'booking',
      'OTA_HotelResRQ',
      { ResStatus: 'Commit' },
      { HotelReservations: { HotelReservation: [reservation] } },
      request,
    );
    return bookingFromReservation(child(child(rs, 'HotelReservations'), 'HotelReservation'), 'booking', this.now());
  }

  async findBookingByClientReference(request: ClientReferenceLookup): Promise<SupplierBooking | undefined> {
    try {
      const found = await this.read(
        'bookingRead',
        { '@_Type': UIT_RESERVATION, '@_ID': wireClientReference(request.clientReference), '@_ID_Context': CONTEXT_CLIENT },
        request,
      );
      // Several reservations under one reference should not happen; prefer a live one, then the latest.
      return [...found].reverse().find((booking) => booking.status === 'confirmed') ?? found[found.length - 1];
    } catch (error) {
      if (error instanceof SupplierError && error.kind === 'not_found') return undefined;
      throw error;
    }
  }

  async getBooking(request: BookingLookup): Promise<SupplierBooking> {
    const found = await this.read(
      'bookingRead',
      { '@_Type': UIT_RESERVATION, '@_ID': request.supplierReference, '@_ID_Context': CONTEXT_SUPPLIER },
      request,
    );
    const booking = found.find((candidate) => candidate.supplierReference === request.supplierReference) ?? found[0];
    if (!booking) throw bad('bookingRead', 'no HotelReservation in the answer');
    return booking;
  }

  async cancel(request: CancelRequest): Promise<CancellationResult> {
    return this.cancellation(request, 'Commit');
  }

  /** What a cancellation would cost now (OTA_CancelRQ CancelType="Initiate", the first phase, never committed); changes nothing. */
  async quoteCancellation(request: CancelRequest): Promise<CancellationQuote> {
    const { penalty } = await this.cancellation(request, 'Initiate');
    return { penalty };
  }

  /** OpenTravel gives the hotel's own number with the reservation (a HotelReservationID of type Hotel), once the hotel has one. */
  async hotelConfirmationNumber(request: BookingLookup): Promise<string | undefined> {
    return (await this.getBooking(request)).hotelConfirmationNumber;
  }

  /**
   * The changed stay as the supplier prices it: OTA_HotelResModifyRQ with ResStatus="Quote" (a quote,
   * changing nothing), each RoomStay (by IndexNumber) with its new GuestCounts and TimeSpan.
   */
  async quoteStayChange(request: StayChangeRequest): Promise<StayChangeQuoteResult> {
    const quoted = await this.stayModify('bookingModifyQuote', 'Quote', request);
    if (quoted.kind === 'unsupported') return quoted;
    return quotedStayChange(quoted.booking);
  }

  /** The change at the quoted price or not at all: quoted again first, then made with ResStatus="Modify". */
  async changeStay(request: StayChangeCommit): Promise<StayChangeResult> {
    const quoted = await this.stayModify('bookingModifyQuote', 'Quote', request);
    if (quoted.kind === 'unsupported') return quoted;
    const { price } = quoted.booking;
    if (
      price.currency !== request.quotedPrice.currency ||
      parseMinor(price.amount, price.currency) !== parseMinor(request.quotedPrice.amount, price.currency)
    )
      return { kind: 'price-changed', price };
    return this.stayModify('bookingModify', 'Modify', request);
  }

  async modify(request: ModifyRequest): Promise<ModifyResult> {
    // The modification's ResGlobalInfo must name the hotel (BasicPropertyInfo is required there), and guest
    // ages are kept as booked: read the reservation first.
    const current = await this.getBooking(request);
    let rph = 0;
    const rooms = (request.rooms ?? []).map((room) => room.guests.map((guest) => ({ guest, rph: (rph += 1) })));
    const property = { '@_HotelCode': current.supplierPropertyId };
    const change = {
      UniqueID: [{ '@_Type': UIT_RESERVATION, '@_ID': request.supplierReference, '@_ID_Context': CONTEXT_SUPPLIER }],
      ...(rooms.length > 0
        ? {
            RoomStays: {
              RoomStay: rooms.map((guests, index) => ({
                '@_IndexNumber': String(index + 1),
                ResGuestRPHs: rphList(guests.map((entry) => entry.rph)),
              })),
            },
            ResGuests: { ResGuest: rooms.flat().map((entry) => resGuest(entry.guest, entry.rph)) },
          }
        : {}),
      ...(request.holder || request.remark !== undefined
        ? {
            ResGlobalInfo: {
              ...(request.remark !== undefined ? { Comments: { Comment: [{ '@_GuestViewable': 'true', Text: [request.remark] }] } } : {}),
              ...(request.holder ? { Profiles: holderProfiles(request.holder) } : {}),
              BasicPropertyInfo: property,
            },
          }
        : {}),
    };
    try {
      const rs = await this.send(
        'bookingModify',
        'OTA_HotelResModifyRQ',
        { ResStatus: 'Modify' },
        { HotelResModifies: { HotelResModify: [change] } },
        request,
      );
      return {
        kind: 'modified',
        booking: bookingFromReservation(child(child(rs, 'HotelResModifies'), 'HotelResModify'), 'bookingModify', this.now()),
      };
    } catch (error) {
      if (error instanceof SupplierError && error.details.supplierCode === ERR.modificationNotAllowed) {
        return { kind: 'unsupported', reason: 'OpenTravel does not allow modifying this reservation' };
      }
      throw error;
    }
  }

  /** The catalogue as ranges of CATALOGUE_SLICE, read at the same time (its total from a one-hotel page). It has no change dates: a daily run reads it whole and compares content hashes. */
  async contentSlices(request: Omit<StaticContentRequest, 'cursor'>): Promise<readonly ContentSlice[]> {
    const { total } = await this.cataloguePage(0, 1, request);
    const slices: ContentSlice[] = [];
    for (let start = 0; start < total; start += CATALOGUE_SLICE) {
      const end = Math.min(total, start + CATALOGUE_SLICE);
      slices.push({ cursor: `${start}-${end}`, properties: end - start });
    }
    return slices;
  }

  /** A page from `start` (0-based); a cursor `start-end` is a slice's, read up to (not including) its end. */
  async staticContent(request: StaticContentRequest): Promise<StaticContentPage> {
    const cursor = /^(\d+)(?:-(\d+))?$/.exec(request.cursor ?? '0');
    const start = Number(cursor?.[1]);
    const end = cursor?.[2] ? Number(cursor[2]) : undefined;
    if (!cursor || !Number.isInteger(start) || start < 0 || (end !== undefined && end <= start))
      throw new SupplierError('rejected', SUPPLIER_ID, 'bad content cursor', { operation: 'content' });
    const ids = request.supplierPropertyIds;
    const count = ids
      ? ids.length
      : Math.min(CATALOGUE_PAGE_MAX, Math.max(1, request.pageSize ?? 500), end !== undefined ? end - start : CATALOGUE_PAGE_MAX);
    const { root, total } = await this.cataloguePage(start, count, request);
    const properties = children(root, 'Hotel').map((hotel): SupplierPropertyContent => {
      const stars = starsOf({ Award: { '@_Rating': attr(hotel, 'Rating') } });
      const geo = geoOf(hotel);
      const address = addressOf(hotel);
      const cityCode = attr(hotel, 'HotelCityCode');
      const description = text(hotel, 'Description');
      const descriptionLanguage = attr(child(hotel, 'Description'), 'Language') ?? attr(root, 'LanguageCode');
      const phone = text(hotel, 'Phone');
      const email = text(hotel, 'Email');
      return {
        supplierId: SUPPLIER_ID,
        supplierPropertyId:
          attr(hotel, 'HotelCode') ??
          (() => {
            throw bad('content', 'missing Hotel/@HotelCode');
          })(),
        name:
          attr(hotel, 'HotelName') ??
          (() => {
            throw bad('content', 'missing Hotel/@HotelName');
          })(),
        ...(stars ? { stars } : {}),
        ...(geo ? { geo } : {}),
        ...(address ? { address } : {}),
        ...(cityCode && cityTimeZone(cityCode) ? { cityCode } : {}),
        ...(request.language ? { language: descriptionLanguage ?? request.language } : {}),
        ...(description ? { description } : {}),
        amenities: children(hotel, 'Amenity')
          .map((a) => attr(a, 'Code') ?? '')
          .filter((code) => code !== ''),
        images: children(hotel, 'Image')
          .map((i) => attr(i, 'URL') ?? '')
          .filter((url) => url !== ''),
        roomTypes: children(hotel, 'Room').map((room) => {
          const max = Number(attr(room, 'MaxOccupancy'));
          const code = attr(room, 'RoomTypeCode') ?? '';
          return { code, name: attr(room, 'Name') ?? code, ...(Number.isInteger(max) && max > 0 ? { maxOccupancy: max } : {}) };
        }),
        ...(attr(hotel, 'CheckInTime') ? { checkInTime: attr(hotel, 'CheckInTime')! } : {}),
        ...(attr(hotel, 'CheckOutTime') ? { checkOutTime: attr(hotel, 'CheckOutTime')! } : {}),
        ...(phone ? { phone } : {}),
        ...(email ? { email } : {}),
      };
    });
    const next = Number(attr(root, 'NextStart'));
    const more = Number.isInteger(next) && next > start && properties.length > 0 && (end === undefined || next < end);
    return {
      supplierId: SUPPLIER_ID,
      properties,
      total,
      ...(more ? { nextCursor: end !== undefined ? `${next}-${end}` : String(next) } : {}),
    };
  }

  private async cataloguePage(start: number, count: number, request: Omit<StaticContentRequest, 'cursor'>) {
    const query = new URLSearchParams({ start: String(start), count: String(count) });
    // OTA descriptive content names the texts' language LanguageCode (xs:language: BCP 47 as it is).
    if (request.language) query.set('LanguageCode', request.language);
    for (const id of request.supplierPropertyIds ?? []) query.append('HotelCode', id);
    const response = await this.http('content', 'GET', `/ota/catalogue?${query}`, request, undefined, {
      'X-Api-Key': this.options.apiKey,
      'X-Api-Secret': this.options.secret,
      Accept: 'application/xml',
    });
    const root = parseRoot(response.text, 'content', 'HotelCatalogue', response.status);
    if (response.status < 200 || response.status >= 300 || child(root, 'Errors')) throw errorFrom('content', response.status, root);
    const total = Number(attr(root, 'Total'));
    if (!Number.isInteger(total)) throw bad('content', 'missing HotelCatalogue/@Total');
    return { root, total };
  }

  // ---------- operations shared by several port calls ----------

  private async stayModify(
    operation: string,
    resStatus: 'Quote' | 'Modify',
    request: StayChangeRequest,
  ): Promise<{ kind: 'changed'; booking: SupplierBooking } | { kind: 'unsupported'; reason: string }> {
    const change = {
      UniqueID: [{ '@_Type': UIT_RESERVATION, '@_ID': request.supplierReference, '@_ID_Context': CONTEXT_SUPPLIER }],
      RoomStays: {
        RoomStay: request.occupancies.map((occupancy, index) => ({
          '@_IndexNumber': String(index + 1),
          GuestCounts: guestCounts(occupancy.adults, occupancy.childrenAges),
          TimeSpan: { '@_Start': request.checkIn, '@_End': request.checkOut },
        })),
      },
    };
    let rs: XmlNode;
    try {
      rs = await this.send(
        operation,
        'OTA_HotelResModifyRQ',
        { ResStatus: resStatus },
        { HotelResModifies: { HotelResModify: [change] } },
        request,
      );
    } catch (error) {
      if (error instanceof SupplierError && error.details.supplierCode === ERR.modificationNotAllowed)
        return { kind: 'unsupported', reason: 'OpenTravel does not allow modifying this reservation' };
      throw error;
    }
    const booking = bookingFromReservation(child(child(rs, 'HotelResModifies'), 'HotelResModify'), operation, this.now());
    // The answer must be this reservation, for the stay asked: anything else is not a quote of this change.
    if (
      booking.supplierReference !== request.supplierReference ||
      booking.checkIn !== request.checkIn ||
      booking.checkOut !== request.checkOut
    )
      throw bad(operation, 'the answer is for another reservation or stay than the one asked');
    return { kind: 'changed', booking };
  }

  private async availability(
    operation: string,
    context: CallContext,
    criteria: readonly Record<string, unknown>[],
    checkIn: string,
    checkOut: string,
    rooms: readonly { adults: number; childrenAges: readonly number[]; roomTypeCode?: string }[],
    ratePlans: readonly string[] = [],
    nationality?: string,
  ): Promise<{ nodes: XmlNode[] }> {
    const segment = {
      HotelSearchCriteria: { Criterion: criteria },
      StayDateRange: { '@_Start': checkIn, '@_End': checkOut },
      ...(ratePlans.length > 0 ? { RatePlanCandidates: { RatePlanCandidate: ratePlans.map((code) => ({ '@_RatePlanCode': code })) } } : {}),
      // The traveller's nationality, where the segment carries guests' profiles (Customer/CitizenCountryName).
      ...(isCountry(nationality)
        ? {
            Profiles: { ProfileInfo: [{ Profile: { '@_ProfileType': '1', Customer: { CitizenCountryName: { '@_Code': nationality } } } }] },
          }
        : {}),
      // One candidate per requested room (RPH = its position), so each room's rates are told apart.
      RoomStayCandidates: {
        RoomStayCandidate: rooms.map((room, index) => ({
          ...(room.roomTypeCode ? { '@_RoomTypeCode': room.roomTypeCode } : {}),
          '@_Quantity': '1',
          '@_RPH': String(index + 1),
          GuestCounts: guestCounts(room.adults, room.childrenAges),
        })),
      },
    };
    const rs = await this.send(operation, 'OTA_HotelAvailRQ', {}, { AvailRequestSegments: { AvailRequestSegment: segment } }, context);
    return { nodes: children(child(rs, 'RoomStays'), 'RoomStay') };
  }

  private async read(operation: string, uniqueId: Record<string, string>, context: CallContext): Promise<SupplierBooking[]> {
    const rs = await this.send(operation, 'OTA_HotelResRQ', { ResStatus: 'Initiate' }, { UniqueID: [uniqueId] }, context);
    const reservations = children(child(rs, 'HotelReservations'), 'HotelReservation');
    if (reservations.length === 0) throw bad(operation, 'missing HotelReservations');
    return reservations.map((reservation) => bookingFromReservation(reservation, operation, this.now()));
  }

  private async cancellation(request: CancelRequest, cancelType: 'Commit' | 'Initiate'): Promise<CancellationResult> {
    const operation = cancelType === 'Commit' ? 'cancellation' : 'cancellationQuote';
    const rs = await this.send(
      operation,
      'OTA_CancelRQ',
      { CancelType: cancelType },
      { UniqueID: [{ '@_Type': UIT_RESERVATION, '@_ID': request.supplierReference, '@_ID_Context': CONTEXT_SUPPLIER }] },
      request,
    );
    // From here on the supplier has answered Success: whatever we cannot read is a bad answer (an unknown
    // outcome the booking use case looks up), never a refusal.
    try {
      const status = attr(rs, 'Status');
      if (cancelType === 'Commit' && status !== 'Cancelled') throw bad(operation, 'OTA_CancelRS/@Status is not Cancelled');
      const info = child(rs, 'CancelInfoRS');
      const penalty = await this.appliedPenalty(children(child(info, 'CancelRules'), 'CancelRule'), request, operation);
      const reference =
        attr(
          children(rs, 'UniqueID').find((id) => attr(id, 'Type') === UIT_RESERVATION),
          'ID',
        ) ?? request.supplierReference;
      const cancellationReference = attr(child(info, 'UniqueID'), 'ID');
      return {
        supplierReference: reference,
        status: 'cancelled',
        penalty,
        cancelledAt: this.now().toISOString(),
        ...(cancellationReference ? { cancellationReference } : {}),
      };
    } catch (error) {
      if (error instanceof SupplierError && error.kind === 'bad_response') throw error;
      throw new SupplierError(
        'bad_response',
        SUPPLIER_ID,
        `${operation}: the cancellation answer could not be read`,
        { operation },
        { cause: error },
      );
    }
  }

  /**
   * The penalty the supplier applied, from CancelInfoRS/CancelRules in every form CancelRuleType allows: the
   * Charge and Forfeiture rules (or rules without a Type) added up, each an `Amount` (decimal, or minor units
   * with `DecimalPlaces`) in its `CurrencyCode`, or a `Percent` of the reservation; only `Refund` rules: the
   * reservation's total less what is refunded. A percentage, an amount without a currency or a refund-only
   * answer needs the reservation's total, which is read (OTA_HotelResRQ Initiate).
   */
  private async appliedPenalty(rules: readonly XmlNode[], request: CancelRequest, operation: string): Promise<Money> {
    if (rules.length === 0) throw bad(operation, 'missing CancelInfoRS/CancelRules: the applied penalty is unknown');
    let total: Money | undefined;
    const reservationTotal = async (): Promise<Money> => {
      if (!total) {
        try {
          total = (
            await this.getBooking({ supplierReference: request.supplierReference, ...(request.signal ? { signal: request.signal } : {}) })
          ).price;
        } catch (error) {
          throw new SupplierError(
            'bad_response',
            SUPPLIER_ID,
            `${operation}: the penalty is given against the reservation's total, which could not be read`,
            { operation },
            { cause: error },
          );
        }
      }
      return total;
    };
    const amountOfRule = async (rule: XmlNode): Promise<Money> => {
      const currency = attr(rule, 'CurrencyCode');
      if (attr(rule, 'Amount') !== undefined) {
        const amount = amountAttr(rule, 'Amount', currency ?? (await reservationTotal()).currency, operation, 'CancelRule/@Amount')!;
        // A zero Amount beside a Percent is the unused one of the pair.
        if (parseMinor(amount.amount, amount.currency) !== 0 || attr(rule, 'Percent') === undefined) return amount;
      }
      if (attr(rule, 'Percent') !== undefined) {
        const base = await reservationTotal();
        return money(
          percentOf(parseMinor(base.amount, base.currency), attr(rule, 'Percent'), operation, 'CancelRule/@Percent'),
          base.currency,
        );
      }
      throw bad(operation, 'a CancelRule with neither Amount nor Percent');
    };
    const charged = rules.filter((rule) => attr(rule, 'Type') !== 'Refund');
    const refunds = rules.filter((rule) => attr(rule, 'Type') === 'Refund');
    const sum = (amounts: readonly Money[]): Money => {
      const currency = amounts[0]!.currency;
      if (amounts.some((m) => m.currency !== currency)) throw bad(operation, 'CancelRules in more than one currency');
      return money(
        amounts.reduce((acc, m) => acc + parseMinor(m.amount, currency), 0),
        currency,
      );
    };
    if (charged.length > 0) {
      const amounts: Money[] = [];
      for (const rule of charged) amounts.push(await amountOfRule(rule));
      return sum(amounts);
    }
    const amounts: Money[] = [];
    for (const rule of refunds) amounts.push(await amountOfRule(rule));
    const refunded = sum(amounts);
    const whole = await reservationTotal();
    if (whole.currency !== refunded.currency) throw bad(operation, 'the refund is in another currency than the reservation');
    const kept = parseMinor(whole.amount, whole.currency) - parseMinor(refunded.amount, whole.currency);
    if (kept < 0) throw bad(operation, 'the refund is more than the reservation cost');
    return money(kept, whole.currency);
  }

  // ---------- transport ----------

  /** Sends one OTA message and returns the RS root when it reports Success; Errors become SupplierError. */
  private async send(
    operation: string,
    rqRoot: string,
    attributes: Readonly<Record<string, string | undefined>>,
    content: Readonly<Record<string, unknown>>,
    context: CallContext,
  ): Promise<XmlNode> {
    if (this.options.secret.length > PASSWORD_MAX || this.options.apiKey.length > UNIQUE_ID_MAX) {
      throw new SupplierError(
        'rejected',
        SUPPLIER_ID,
        `${operation}: the API key (≤ 32) or secret (≤ 16 characters) does not fit POS/RequestorID`,
        { operation },
      );
    }
    const body = otaMessage(
      rqRoot,
      {
        EchoToken: randomUUID(),
        TimeStamp: this.now().toISOString(),
        Version: OTA_VERSION,
        ...attributes,
      },
      {
        // The account's point of sale is the requesting party's country (Source/@ISOCountry), never the traveller's.
        POS: {
          Source: [
            {
              ...(isCountry(context.pointOfSale) ? { '@_ISOCountry': context.pointOfSale.toUpperCase() } : {}),
              RequestorID: { '@_Type': UIT_REQUESTOR, '@_ID': this.options.apiKey, '@_MessagePassword': this.options.secret },
            },
          ],
        },
        ...content,
      },
    );
    const response = await this.http(operation, 'POST', '/ota', context, body, {
      'Content-Type': 'application/xml; charset=utf-8',
      Accept: 'application/xml',
    });
    const rsRoot = `${rqRoot.slice(0, -2)}RS`;
    const root = parseRoot(response.text, operation, rsRoot, response.status);
    if (response.status < 200 || response.status >= 300 || child(root, 'Errors')) throw errorFrom(operation, response.status, root);
    if (!child(root, 'Success')) {
      // The XSDs' RS is a choice of (Success, Warnings?, content) or Errors; Warnings "used in conjunction with
      // the Success element to define a business error". Warnings alone are not a success: what was done is unknown.
      if (child(root, 'Warnings'))
        throw new SupplierError('bad_response', SUPPLIER_ID, `${operation}: ${rsRoot} has Warnings without Success`, {
          operation,
          status: response.status,
          reason: 'error_envelope',
        });
      throw bad(operation, `${rsRoot} has neither Success nor Errors`);
    }
    return root;
  }

  private async http(
    operation: string,
    method: 'GET' | 'POST',
    path: string,
    context: CallContext,
    body: string | undefined,
    headers: Record<string, string>,
  ): Promise<{ status: number; text: string }> {
    const allHeaders = { ...headers };
    if (this.options.forwardScenarios && context.scenarios && context.scenarios.length > 0) {
      allHeaders[SANDBOX_SCENARIO_HEADER] = formatScenarios(context.scenarios);
    }
    return supplierHttp(
      {
        supplierId: SUPPLIER_ID,
        operation,
        method,
        headers: allHeaders,
        url: `${this.options.baseUrl.replace(/\/+$/, '')}${path}`,
        ...(body !== undefined ? { body } : {}),
        ...(context.signal ? { signal: context.signal } : {}),
        timeoutMs: this.options.timeoutMs ?? 60_000,
      },
      this.options.fetch,
    );
  }

  private now(): Date {
    return this.options.clock?.() ?? new Date();
  }
}

/**
 * Parses the answer and returns its root when it is the expected element. A non-XML body on an HTTP
 * error is that error (a proxy's HTML 503 is `unavailable`, not a bad answer).
 */
function parseRoot(body: string, operation: string, expectedRoot: string, status: number): XmlNode {
  let document: XmlNode;
  try {
    document = parseXml(body);
  } catch (error) {
    if (error instanceof XmlDoctypeError)
      throw new SupplierError('bad_response', SUPPLIER_ID, `${operation}: ${error.message}`, {
        operation,
        status,
        reason: 'xml_doctype',
      });
    if (status >= 300) throw errorFrom(operation, status, undefined, body);
    if (error instanceof XmlSyntaxError)
      throw new SupplierError('bad_response', SUPPLIER_ID, `${operation}: malformed XML`, { operation }, { cause: error });
    throw error;
  }
  const root = rootOf(document);
  if (!root || root.name !== expectedRoot) {
    if (status >= 300) throw errorFrom(operation, status, undefined, body);
    throw bad(operation, `expected ${expectedRoot}, got ${root?.name ?? 'an empty document'}`);
  }
  return root.node;
}

/** OTA Errors (or a bare HTTP failure) → SupplierError of the right kind. */
function errorFrom(operation: string, status: number, root: XmlNode | undefined, body?: string): SupplierError {
  const error = child(child(root, 'Errors'), 'Error');
  const type = attr(error, 'Type');
  const code = attr(error, 'Code');
  const message = `${operation}: ${attr(error, 'ShortText') ?? texts(child(root, 'Errors'), 'Error')[0] ?? (body ? body.slice(0, 200) : `HTTP ${status}`)}`;
  const details = { status, operation, ...(code ? { supplierCode: code } : {}) };
  if (status >= 500 || code === ERR.systemError || type === EWT.processingException)
    return new SupplierError('unavailable', SUPPLIER_ID, message, details);
  if (code === ERR.bookingNotFound) return new SupplierError('not_found', SUPPLIER_ID, message, details);
  if (code === ERR.noAvailability) return new SupplierError('sold_out', SUPPLIER_ID, message, details);
  if (status >= 300 && status < 400) return new SupplierError('unavailable', SUPPLIER_ID, message, details);
  return new SupplierError('rejected', SUPPLIER_ID, message, details);
}

/** A room's special request as OpenTravel carries it: SpecialRequests/SpecialRequest (a ParagraphType) with its Text. */
function specialRequestsOf(request: string | undefined): { SpecialRequests?: { SpecialRequest: { Text: string[] }[] } } {
  return request ? { SpecialRequests: { SpecialRequest: [{ Text: [request] }] } } : {};
}

/** ResGuestRPHs is a whitespace-separated list of RPHs (ListOfRPH), not child elements. */
function rphList(rphs: readonly number[]): string {
  return rphs.join(' ');
}

function guestCounts(adults: number, childrenAges: readonly number[]): Record<string, unknown> {
  return {
    GuestCount: [
      { '@_AgeQualifyingCode': AGE_ADULT, '@_Count': String(adults) },
      ...childrenAges.map((age) => ({ '@_AgeQualifyingCode': AGE_CHILD, '@_Age': String(age), '@_Count': '1' })),
    ],
  };
}

function personName(firstName: string, lastName: string): Record<string, unknown> {
  return { PersonName: [{ ...(firstName ? { GivenName: [firstName] } : {}), Surname: lastName }] };
}

function resGuest(guest: Guest, rph: number): Record<string, unknown> {
  const isChild = guest.type === 'child';
  return {
    '@_ResGuestRPH': String(rph),
    '@_AgeQualifyingCode': isChild ? AGE_CHILD : AGE_ADULT,
    ...(isChild && guest.age !== undefined ? { '@_Age': String(guest.age) } : {}),
    Profiles: { ProfileInfo: [{ Profile: { '@_ProfileType': '1', Customer: personName(guest.firstName, guest.lastName) } }] },
  };
}

/** ISO 3166-1 alpha-2, the XSD's ISO3166 pattern. */
function isCountry(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z]{2}$/.test(value);
}

function holderProfiles(holder: Holder, nationality?: string): Record<string, unknown> {
  return {
    ProfileInfo: [
      {
        Profile: {
          '@_ProfileType': '1',
          Customer: {
            ...personName(holder.firstName, holder.lastName),
            ...(holder.phone ? { Telephone: [{ '@_PhoneNumber': holder.phone }] } : {}),
            ...(holder.email ? { Email: [holder.email] } : {}),
            ...(isCountry(nationality) ? { CitizenCountryName: { '@_Code': nationality.toUpperCase() } } : {}),
          },
        },
      },
    ],
  };
}

/**
 * Availability RoomStays → offers. Each RoomStay answers one requested room (RoomStayCandidateRPH); a port
 * rate is a room type × rate plan offered for every requested room, its parts added up.
 */
function offersFrom(
  nodes: readonly XmlNode[],
  request: AvailabilityRequest,
  operation: string,
  now: Date,
): { offers: SupplierOffer[]; leftOut: LeftOut } {
  const leftOut = new LeftOut();
  const unreadable = leftOut.unreadable;
  const byHotel = new Map<string, XmlNode[]>();
  for (const node of nodes) {
    const hotelCode = attr(child(node, 'BasicPropertyInfo'), 'HotelCode');
    if (!hotelCode) {
      unreadable.push('a RoomStay without BasicPropertyInfo/@HotelCode');
      continue;
    }
    const list = byHotel.get(hotelCode);
    if (list) list.push(node);
    else byHotel.set(hotelCode, [node]);
  }
  const offers: SupplierOffer[] = [];
  for (const [hotelCode, hotelNodes] of byHotel) {
    const properties = hotelNodes.map((node) => child(node, 'BasicPropertyInfo'));
    // The hotel's name, address and times may travel on one of its RoomStays only.
    const property = properties.find((p) => attr(p, 'HotelName') !== undefined);
    if (!property) {
      for (const _ of hotelNodes) unreadable.push('a hotel without BasicPropertyInfo/@HotelName: its rates are left out');
      continue;
    }
    const times = firstHotelTimes(properties);
    const stays: RoomStayRate[] = [];
    for (const node of hotelNodes) {
      const stay = readable(() => {
        answersTheStayAsked(node, request, operation);
        return roomStayRate(node, operation, { checkIn: request.checkIn, checkOut: request.checkOut, ...times, bookedAt: now });
      }, leftOut);
      if (stay) stays.push(stay);
    }
    const rates = combine(
      stays,
      request.occupancies,
      hotelCode,
      attr(property, 'HotelCityCode') ?? stays[0]?.cityCode,
      request.checkIn,
      request.checkOut,
      leftOut,
    );
    if (rates.length === 0) continue;
    const stars = starsOf(property);
    const geo = geoOf(properties.find((p) => child(p, 'Position')));
    const address = addressOf(properties.find((p) => child(p, 'Address')));
    offers.push({
      supplierId: SUPPLIER_ID,
      supplierPropertyId: hotelCode,
      name: attr(property, 'HotelName')!,
      ...(stars ? { stars } : {}),
      ...(geo ? { geo } : {}),
      ...(address ? { address } : {}),
      rates,
    });
  }
  return { offers, leftOut };
}

/**
 * Runs one rate's reading; a rate the answer does not let us read is left out and its reason kept, in our
 * words (the field and what is wrong with it; SupplierError messages here never quote the answer), and one
 * the boundary refuses is counted by its reason.
 */
function readable<T>(read: () => T, leftOut: LeftOut): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof SupplierError) leftOut.add(error, (e) => e.message.replace(/^[A-Za-z]+: /, ''));
    else leftOut.unreadable.push('a RoomStay that could not be read');
    return undefined;
  }
}

/**
 * A RoomStay may state its stay (TimeSpan) and its guests (GuestCounts); when it does, they must be the
 * ones asked for its room (RoomStayCandidateRPH): otherwise it prices something nobody asked for.
 */
function answersTheStayAsked(node: XmlNode, request: AvailabilityRequest, operation: string): void {
  const span = child(node, 'TimeSpan');
  const start = attr(span, 'Start')?.slice(0, 10);
  const end = attr(span, 'End')?.slice(0, 10);
  if ((start !== undefined && start !== request.checkIn) || (end !== undefined && end !== request.checkOut))
    throw refusal(SUPPLIER_ID, 'stay_mismatch', operation, 'a RoomStay for another stay than the one asked');
  const counts = children(child(node, 'GuestCounts'), 'GuestCount');
  if (counts.length === 0) return;
  const asked = request.occupancies[Number(attr(node, 'RoomStayCandidateRPH') ?? '1') - 1];
  let adults = 0;
  let minors = 0;
  const ages: number[] = [];
  for (const count of counts) {
    const n = Number(attr(count, 'Count') ?? '1');
    const code = attr(count, 'AgeQualifyingCode');
    // Only the two codes we ask with are compared; another (an infant, a senior) is not ours to judge.
    if (!Number.isInteger(n) || (code !== AGE_ADULT && code !== AGE_CHILD)) return;
    if (code === AGE_ADULT) adults += n;
    else {
      minors += n;
      if (attr(count, 'Age') !== undefined) for (let i = 0; i < n; i += 1) ages.push(Number(attr(count, 'Age')));
    }
  }
  const sorted = (list: readonly number[]) => [...list].sort((a, b) => a - b).join(',');
  const agesDiffer = ages.length === minors && sorted(ages) !== sorted(asked?.childrenAges ?? []);
  if (!asked || adults !== asked.adults || minors !== asked.childrenAges.length || agesDiffer)
    throw refusal(SUPPLIER_ID, 'occupancy_mismatch', operation, 'a RoomStay for other guests than the room asked');
}

function combine(
  stays: readonly RoomStayRate[],
  occupancies: readonly { adults: number; childrenAges: readonly number[] }[],
  hotelCode: string,
  cityCode: string | undefined,
  checkIn: string,
  checkOut: string,
  leftOut: LeftOut,
): SupplierRate[] {
  // The rate key is the room type and plan per room: one of them answered twice at two prices has no one
  // price, so it is refused (the boundary's one price per rate key); twice at one price is the same rate.
  const twoPrices = new Set<string>();
  const byRoom = occupancies.map((_, index) => {
    const rph = String(index + 1);
    const map = new Map<string, RoomStayRate>();
    for (const stay of stays) {
      if ((stay.candidateRph ?? '1') !== rph) continue;
      const combo = `${stay.roomTypeCode}|${stay.ratePlanCode}`;
      const first = map.get(combo);
      if (!first) map.set(combo, stay);
      else if (first.rate.price.amount !== stay.rate.price.amount || first.rate.price.currency !== stay.rate.price.currency)
        twoPrices.add(combo);
    }
    return map;
  });
  const out: SupplierRate[] = [];
  for (const [combo] of byRoom[0] ?? new Map<string, RoomStayRate>()) {
    const parts = byRoom.map((map) => map.get(combo));
    if (parts.some((part) => part === undefined)) continue;
    if (twoPrices.has(combo)) {
      leftOut.add(refusal(SUPPLIER_ID, 'duplicate_rate_key', 'availability', 'a room type and rate plan answered at two prices'));
      continue;
    }
    const present = parts as RoomStayRate[];
    const key: OtaRateKey = {
      hotelCode,
      ...(cityCode ? { cityCode } : {}),
      checkIn,
      checkOut,
      rooms: present.map((part, index) => ({
        roomTypeCode: part.roomTypeCode,
        ratePlanCode: part.ratePlanCode,
        adults: occupancies[index]!.adults,
        childrenAges: [...occupancies[index]!.childrenAges],
      })),
    };
    const rate = readable(
      () =>
        mergeRoomRates(
          present.map((part) => part.rate),
          encodeOtaRateKey(key),
        ),
      leftOut,
    );
    if (rate) out.push(rate);
  }
  return out;
}

/** The price check's answer → the one port rate the key names (undefined when it is gone). */
function combineForKey(nodes: readonly XmlNode[], key: OtaRateKey, operation: string, now: Date): SupplierRate | undefined {
  const mine = nodes.filter((node) => attr(child(node, 'BasicPropertyInfo'), 'HotelCode') === key.hotelCode);
  const times = firstHotelTimes(mine.map((node) => child(node, 'BasicPropertyInfo')));
  const codesOf = (node: XmlNode): { room?: string; plan?: string } => ({
    room:
      attr(child(child(node, 'RoomTypes'), 'RoomType'), 'RoomTypeCode') ??
      attr(child(child(node, 'RoomRates'), 'RoomRate'), 'RoomTypeCode'),
    plan:
      attr(child(child(node, 'RatePlans'), 'RatePlan'), 'RatePlanCode') ??
      attr(child(child(node, 'RoomRates'), 'RoomRate'), 'RatePlanCode'),
  });
  // Only the RoomStays the key names are read: another rate the answer garbles is not this one's business,
  // but this one unreadable is a bad answer (bad_response), not a rate that is gone.
  const parts = key.rooms.map((room, index) => {
    const node = mine.find(
      (candidate) =>
        (attr(candidate, 'RoomStayCandidateRPH') ?? '1') === String(index + 1) &&
        codesOf(candidate).room === room.roomTypeCode &&
        codesOf(candidate).plan === room.ratePlanCode,
    );
    return node ? roomStayRate(node, operation, { checkIn: key.checkIn, checkOut: key.checkOut, ...times, bookedAt: now }) : undefined;
  });
  if (parts.some((part) => part === undefined)) return undefined;
  return mergeRoomRates(
    (parts as RoomStayRate[]).map((part) => part.rate),
    encodeOtaRateKey(key),
  );
}

/**
 * UniqueID/@ID allows 32 characters. Ours fit as they are; a longer id is replaced by a stable
 * 32-character digest, so a retry or a lookup derives the same reference.
 */
export function wireClientReference(ourReference: string): string {
  if (ourReference.length >= 1 && ourReference.length <= UNIQUE_ID_MAX) return ourReference;
  return `C${createHash('sha256')
    .update(ourReference)
    .digest('base64url')
    .replace(/[-_]/g, 'x')
    .slice(0, UNIQUE_ID_MAX - 1)}`;
}

/**
 * HotelSearchCriteria in the forms OTA_HotelAvailRQ publishes: a city by HotelRef/@HotelCityCode, a circle
 * by Position and Radius in kilometres, hotels by HotelRef/@HotelCode, at most 99 refs to a Criterion (the XSD's
 * bound), so a longer list takes more criteria. No criteria for an empty hotel list: nothing to ask.
 */
export function searchCriteria(destination: SupplierDestination): Record<string, unknown>[] {
  switch (destination.kind) {
    case 'city':
      return [{ HotelRef: [{ '@_HotelCityCode': destination.cityCode }] }];
    case 'circle':
      return [
        {
          Position: { '@_Latitude': destination.centre.lat.toFixed(6), '@_Longitude': destination.centre.lng.toFixed(6) },
          Radius: { '@_Distance': String(destination.radiusKm), '@_DistanceMeasure': 'Kilometers' },
        },
      ];
    case 'hotels': {
      const criteria: Record<string, unknown>[] = [];
      const ids = destination.supplierPropertyIds;
      for (let i = 0; i < ids.length; i += HOTEL_REFS_MAX) {
        criteria.push({ HotelRef: ids.slice(i, i + HOTEL_REFS_MAX).map((code) => ({ '@_HotelCode': code })) });
      }
      return criteria;
    }
  }
}
