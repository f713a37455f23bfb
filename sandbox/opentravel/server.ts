import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatMinor } from '../../functions/domain/money/money.js';
import {
  AGE_CHILD,
  CONTEXT_CLIENT,
  CONTEXT_SUPPLIER,
  ERR,
  EWT,
  RES_STATUS_CANCELLED,
  RES_STATUS_RESERVED,
  SUPPLIER_ID,
  UIT_CANCELLATION,
  UIT_RESERVATION,
} from '../../functions/suppliers/opentravel/codes.js';
import { rphsOf } from '../../functions/suppliers/opentravel/map-wire.js';
import {
  attr,
  buildXml,
  child,
  children,
  otaMessage,
  OTA_VERSION,
  parseXml,
  rootOf,
  text,
  texts,
  XmlSyntaxError,
  type XmlNode,
} from '../../functions/suppliers/opentravel/xml.js';
import { hasScenario, parseScenarios, SANDBOX_SCENARIO_HEADER, type Scenario } from '../../functions/suppliers/scenario.js';
import { mergeCancellationTiers } from '../hotelbeds/bookings.js';
import { sandboxContext, serveSandbox, type SandboxContext, pause, readRequestBody, type SandboxServerOptions } from '../http.js';
import { CITIES } from '../world/cities.js';
import { distanceMetres } from '../world/generate-world.js';
import { type CancellationTier, penaltyAt, quoteStay, type SandboxRate, type StayOccupancy } from '../world/rates.js';
import { translatedContent } from '../world/translations.js';
import type { SupplierProperty, SupplierView } from '../world/supplier-views.js';
import { OtaSandboxBookingStore, type OtaSandboxBooking, type OtaSandboxGuest, type OtaSandboxHolder } from './bookings.js';
import { basicPropertyInfo, hotelReservation, roomStay } from './messages.js';

/**
 * The OpenTravel sandbox: a real HTTP server speaking OTA 2015B XML, drawn from the seeded world through
 * the `opentravel` supplier view, prices in GBP.
 *
 *   POST /ota                  one endpoint; the message's root element selects the operation:
 *     OTA_HotelAvailRQ           availability (HotelRef HotelCityCode | HotelRef HotelCode | Position + Radius)
 *     OTA_HotelResRQ             ResStatus="Commit": book; ResStatus="Initiate" with only UniqueID: read
 *     OTA_CancelRQ               CancelType="Commit": cancel; CancelType="Initiate": penalty quote
 *     OTA_HotelResModifyRQ       guest names, holder, remark
 *   GET  /ota/catalogue?start=0&count=500[&LanguageCode=de][&HotelCode=..]   static content, paged, in a language
 *                                          (not an OTA message; see README)
 *
 * Authentication: POS/Source/RequestorID with ID = API key and MessagePassword = secret. Failures of
 * any kind are answered in the operation's RS with an `Errors` element (HTTP 200, as OTA suppliers do),
 * except the `error:opentravel` scenario, which is an HTTP 500 carrying the same Errors shape.
 */
export type OpenTravelSandboxOptions = SandboxServerOptions;

export interface OpenTravelSandbox {
  readonly url: string;
  readonly port: number;
  readonly bookings: OtaSandboxBookingStore;
  readonly view: SupplierView;
  close(): Promise<void>;
}

export const OTA_ENDPOINT = '/ota';
export const CATALOGUE_PATH = '/ota/catalogue';
export const CATALOGUE_NAMESPACE = 'urn:sandbox:opentravel:catalogue';
const CATALOGUE_PAGE_MAX = 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An answer the operation's RS carries as Errors. */
class OtaFailure extends Error {
  constructor(
    readonly type: string,
    readonly code: string,
    message: string,
    readonly httpStatus = 200,
  ) {
    super(message);
  }
}

const RESPONSE_ROOTS: Readonly<Record<string, string>> = {
  OTA_HotelAvailRQ: 'OTA_HotelAvailRS',
  OTA_HotelResRQ: 'OTA_HotelResRS',
  OTA_CancelRQ: 'OTA_CancelRS',
  OTA_HotelResModifyRQ: 'OTA_HotelResModifyRS',
};

export async function startOpenTravelSandbox(options: OpenTravelSandboxOptions): Promise<OpenTravelSandbox> {
  return serveSandbox(sandboxContext(SUPPLIER_ID, options, new OtaSandboxBookingStore()), handle);
}

type HandlerContext = SandboxContext<OtaSandboxBookingStore, OpenTravelSandboxOptions>;

interface CallState {
  readonly scenarios: readonly Scenario[];
  readonly echoToken?: string;
  closed: boolean;
}

async function handle(ctx: HandlerContext, req: IncomingMessage, res: ServerResponse, latencyMs: number): Promise<void> {
  const call: CallState = { scenarios: parseScenarios(header(req, SANDBOX_SCENARIO_HEADER)), closed: false };
  res.on('close', () => {
    call.closed = true;
  });
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const path = url.pathname.replace(/\/+$/, '');
  let responseRoot = 'OTA_HotelAvailRS';
  try {
    const body = await readRequestBody(
      req,
      2_000_000,
      () => new OtaFailure(EWT.requiredFieldMissing, ERR.invalidValue, 'Request too large', 413),
    );
    await pause(latencyMs, call);
    if (hasScenario(call.scenarios, 'slow', SUPPLIER_ID)) await pause(ctx.slowMs, call);
    if (call.closed) return;
    if (req.method === 'GET' && path === CATALOGUE_PATH) {
      const page = hasScenario(call.scenarios, 'error', SUPPLIER_ID)
        ? catalogueError(500, EWT.processingException, ERR.systemError, 'System error')
        : catalogue(ctx, req, url.searchParams);
      sendXml(res, page.status, page.body);
      return;
    }
    if (req.method !== 'POST' || path !== OTA_ENDPOINT) {
      sendText(res, 404, `No operation ${req.method ?? ''} ${path}`);
      return;
    }
    let document: XmlNode;
    try {
      document = parseXml(body);
    } catch (error) {
      if (error instanceof XmlSyntaxError) {
        sendText(res, 400, `The request is not well-formed XML: ${error.message}`);
        return;
      }
      throw error;
    }
    const root = rootOf(document);
    const rsName = root ? RESPONSE_ROOTS[root.name] : undefined;
    if (!root || !rsName) {
      sendText(res, 400, `Unsupported message ${root?.name ?? '(none)'}; send one of ${Object.keys(RESPONSE_ROOTS).join(', ')}`);
      return;
    }
    responseRoot = rsName;
    const echo = { ...call, ...(attr(root.node, 'EchoToken') ? { echoToken: attr(root.node, 'EchoToken') } : {}) };
    authenticate(ctx, root.node);
    if (hasScenario(call.scenarios, 'error', SUPPLIER_ID))
      throw new OtaFailure(EWT.processingException, ERR.systemError, 'System error', 500);
    const answer = await dispatch(ctx, echo, root.name, root.node);
    if (!call.closed) sendXml(res, 200, otaMessage(rsName, envelope(ctx, echo, answer.attributes), answer.content));
  } catch (error) {
    if (call.closed) return;
    const failure = error instanceof OtaFailure ? error : new OtaFailure(EWT.processingException, ERR.systemError, 'System error', 500);
    const attributes: Record<string, string> = responseRoot === 'OTA_CancelRS' ? { Status: 'Unsuccessful' } : {};
    sendXml(
      res,
      failure.httpStatus,
      otaMessage(responseRoot, envelope(ctx, call, attributes), {
        Errors: {
          Error: [
            { '@_Type': failure.type, '@_Code': failure.code, '@_ShortText': failure.message.slice(0, 64), '#text': failure.message },
          ],
        },
      }),
    );
  }
}

function envelope(ctx: HandlerContext, call: CallState, attributes: Readonly<Record<string, string>>): Record<string, string | undefined> {
  return { Version: OTA_VERSION, TimeStamp: ctx.clock().toISOString(), EchoToken: call.echoToken, ...attributes };
}

interface Answer {
  readonly attributes: Readonly<Record<string, string>>;
  readonly content: Readonly<Record<string, unknown>>;
}

async function dispatch(ctx: HandlerContext, call: CallState, root: string, node: XmlNode): Promise<Answer> {
  switch (root) {
    case 'OTA_HotelAvailRQ':
      return availability(ctx, call, node);
    case 'OTA_HotelResRQ': {
      const status = attr(node, 'ResStatus');
      if (status === 'Commit' || status === 'Book') return book(ctx, call, node);
      if (status === 'Initiate' && !child(node, 'HotelReservations')) return readReservations(ctx, call, node);
      throw invalid('ResStatus', 'use Commit to book, or Initiate with a UniqueID only to read a reservation');
    }
    case 'OTA_CancelRQ':
      return cancel(ctx, call, node);
    default:
      return modify(ctx, call, node);
  }
}

function authenticate(ctx: HandlerContext, root: XmlNode): void {
  const requestor = child(child(child(root, 'POS'), 'Source'), 'RequestorID');
  const id = attr(requestor, 'ID');
  const password = attr(requestor, 'MessagePassword');
  if (!id || !password)
    throw new OtaFailure(EWT.authentication, ERR.authorization, 'POS/Source/RequestorID with ID and MessagePassword is required');
  if (id !== ctx.options.apiKey || password !== ctx.options.secret)
    throw new OtaFailure(EWT.authentication, ERR.authorization, 'Authorization failed: unknown requestor or wrong password');
}

// ---------- availability ----------

interface Candidate {
  readonly rph: string;
  readonly quantity: number;
  readonly occupancy: StayOccupancy;
  readonly roomTypeCode?: string;
}

function availability(ctx: HandlerContext, call: CallState, root: XmlNode): Answer {
  const segment = child(child(root, 'AvailRequestSegments'), 'AvailRequestSegment');
  if (!segment) throw invalid('AvailRequestSegments', 'one AvailRequestSegment is required');
  const { checkIn, checkOut } = stayDates(ctx, child(segment, 'StayDateRange'));
  const candidates = children(child(segment, 'RoomStayCandidates'), 'RoomStayCandidate').map((candidate, index): Candidate => {
    const quantity = Number(attr(candidate, 'Quantity') ?? '1');
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 9) throw invalid('RoomStayCandidate/@Quantity', 'must be 1 to 9');
    const roomTypeCode = attr(candidate, 'RoomTypeCode');
    return {
      rph: attr(candidate, 'RPH') ?? String(index + 1),
      quantity,
      occupancy: occupancyOf(child(candidate, 'GuestCounts'), 'RoomStayCandidate/GuestCounts'),
      ...(roomTypeCode ? { roomTypeCode } : {}),
    };
  });
  if (candidates.length === 0) throw invalid('RoomStayCandidates', 'at least one RoomStayCandidate is required');
  const planFilter = new Set(
    children(child(segment, 'RatePlanCandidates'), 'RatePlanCandidate')
      .map((c) => attr(c, 'RatePlanCode'))
      .filter((c): c is string => !!c),
  );
  const properties = candidateProperties(ctx, children(child(segment, 'HotelSearchCriteria'), 'Criterion'));
  const max = Number(attr(root, 'MaxResponses') ?? '5000');
  const now = ctx.clock();
  const stays: Record<string, unknown>[] = [];
  let hotels = 0;
  // A request narrowed to rate plans is a price check (re-quote); the reprice scenario moves it up.
  const priceCheck = planFilter.size > 0;
  for (const property of properties) {
    if (hotels >= max) break;
    const perCandidate = candidates.map((candidate) =>
      quoteStay({
        seed: ctx.seed,
        property,
        checkIn,
        checkOut,
        occupancy: candidate.occupancy,
        rooms: candidate.quantity,
        now,
        repriced: priceCheck && hasScenario(call.scenarios, 'reprice', SUPPLIER_ID),
      }).filter(
        (rate) =>
          (planFilter.size === 0 || planFilter.has(rate.planCode)) &&
          (!candidate.roomTypeCode || candidate.roomTypeCode === rate.room.code),
      ),
    );
    // A property is available only when every requested room can be had.
    if (perCandidate.some((rates) => rates.length === 0)) continue;
    hotels += 1;
    let first = true;
    perCandidate.forEach((rates, c) => {
      for (const rate of rates) {
        // The property's address and position travel once, on its first RoomStay; the rest name it only.
        stays.push(
          roomStay(property, rate, {
            checkIn,
            checkOut,
            candidateRph: candidates[c]!.rph,
            rph: String(stays.length + 1),
            briefProperty: !first,
            scenarios: call.scenarios,
          }),
        );
        first = false;
      }
    });
  }
  return { attributes: {}, content: { Success: '', ...(stays.length > 0 ? { RoomStays: { RoomStay: stays } } : {}) } };
}

function candidateProperties(ctx: HandlerContext, criteria: readonly XmlNode[]): SupplierProperty[] {
  if (criteria.length === 0) throw invalid('HotelSearchCriteria', 'at least one Criterion is required');
  const out: SupplierProperty[] = [];
  const seen = new Set<string>();
  const add = (property: SupplierProperty | undefined): void => {
    if (property && !seen.has(property.supplierPropertyId)) {
      seen.add(property.supplierPropertyId);
      out.push(property);
    }
  };
  for (const criterion of criteria) {
    const refs = children(criterion, 'HotelRef');
    for (const ref of refs) {
      const code = attr(ref, 'HotelCode');
      const city = attr(ref, 'HotelCityCode');
      if (code) add(ctx.view.byPropertyId.get(code));
      else if (city) for (const property of ctx.view.byCity.get(city.toUpperCase()) ?? []) add(property);
    }
    const position = child(criterion, 'Position');
    if (position && refs.length === 0) {
      const centre = { lat: Number(attr(position, 'Latitude')), lng: Number(attr(position, 'Longitude')) };
      if (!Number.isFinite(centre.lat) || !Number.isFinite(centre.lng)) throw invalid('Position', 'Latitude and Longitude must be numbers');
      const radius = child(criterion, 'Radius');
      const distance = Number(attr(radius, 'Distance') ?? '20');
      const miles = /^mi/i.test(attr(radius, 'DistanceMeasure') ?? '');
      const radiusKm = distance * (miles ? 1.609344 : 1);
      if (!Number.isFinite(radiusKm) || radiusKm <= 0 || radiusKm > 300) throw invalid('Radius', 'Distance must be between 0 and 300 km');
      for (const city of CITIES) {
        if (distanceMetres(centre, city.centre) > (radiusKm + city.radiusKm + 10) * 1000) continue;
        for (const property of ctx.view.byCity.get(city.code) ?? []) {
          if (distanceMetres(centre, property.geo) <= radiusKm * 1000) add(property);
        }
      }
    }
    if (refs.length === 0 && !position) throw invalid('Criterion', 'a HotelRef or a Position is required');
  }
  return out;
}

function occupancyOf(counts: XmlNode | undefined, where: string): StayOccupancy {
  let adults = 0;
  const childrenAges: number[] = [];
  for (const count of children(counts, 'GuestCount')) {
    const n = Number(attr(count, 'Count') ?? '1');
    if (!Number.isInteger(n) || n < 0 || n > 9) throw invalid(`${where}/GuestCount/@Count`, 'must be 0 to 9');
    if (attr(count, 'AgeQualifyingCode') === AGE_CHILD) {
      const age = Number(attr(count, 'Age') ?? 'NaN');
      if (!Number.isInteger(age) || age < 0 || age > 17) throw invalid(`${where}/GuestCount/@Age`, 'a child needs an Age from 0 to 17');
      for (let i = 0; i < n; i += 1) childrenAges.push(age);
    } else adults += n;
  }
  if (adults < 1) throw invalid(where, 'at least one adult is required');
  return { adults, childrenAges };
}

function stayDates(ctx: HandlerContext, range: XmlNode | undefined): { checkIn: string; checkOut: string } {
  const checkIn = attr(range, 'Start') ?? '';
  const checkOut = attr(range, 'End') ?? '';
  if (!DATE.test(checkIn) || !DATE.test(checkOut)) throw invalid('StayDateRange', 'Start and End must be dates (YYYY-MM-DD)');
  if (checkIn < ctx.clock().toISOString().slice(0, 10)) throw invalid('StayDateRange/@Start', 'must not be in the past');
  if (checkOut <= checkIn) throw invalid('StayDateRange/@End', 'must be after Start');
  return { checkIn, checkOut };
}

// ---------- booking ----------

async function book(ctx: HandlerContext, call: CallState, root: XmlNode): Promise<Answer> {
  const reservation = child(child(root, 'HotelReservations'), 'HotelReservation');
  if (!reservation) throw invalid('HotelReservations', 'one HotelReservation is required');
  const clientReference = clientReferenceOf(reservation);
  if (!clientReference)
    throw invalid(
      'HotelReservation/UniqueID',
      `the client's reservation id (Type ${UIT_RESERVATION}, ID_Context ${CONTEXT_CLIENT}) is required`,
    );
  const global = child(reservation, 'ResGlobalInfo');
  const holder = holderOf(global);
  if (!holder) throw invalid('ResGlobalInfo/Profiles', 'the booking holder (Customer/PersonName) is required');
  const guests = guestsByRph(reservation);
  const stays = children(child(reservation, 'RoomStays'), 'RoomStay');
  if (stays.length === 0) throw invalid('RoomStays', 'at least one RoomStay is required');
  const now = ctx.clock();
  const repriced = hasScenario(call.scenarios, 'reprice', SUPPLIER_ID);
  let property: SupplierProperty | undefined;
  let dates: { checkIn: string; checkOut: string } | undefined;
  const rooms = stays.map((stay) => {
    const hotelCode = attr(child(stay, 'BasicPropertyInfo'), 'HotelCode') ?? attr(child(global, 'BasicPropertyInfo'), 'HotelCode');
    const stayProperty = hotelCode ? ctx.view.byPropertyId.get(hotelCode) : undefined;
    if (!stayProperty) throw invalid('RoomStay/BasicPropertyInfo/@HotelCode', 'unknown hotel');
    const stayDatesOf = stayDates(ctx, child(stay, 'TimeSpan'));
    if (
      (property && property !== stayProperty) ||
      (dates && (dates.checkIn !== stayDatesOf.checkIn || dates.checkOut !== stayDatesOf.checkOut))
    ) {
      throw invalid('RoomStays', 'all rooms must be of the same hotel and stay');
    }
    property = stayProperty;
    dates = stayDatesOf;
    const roomType = child(child(stay, 'RoomTypes'), 'RoomType');
    const roomCode = attr(roomType, 'RoomTypeCode');
    const planCode = attr(child(child(stay, 'RatePlans'), 'RatePlan'), 'RatePlanCode');
    if (!roomCode || !planCode)
      throw invalid('RoomStay', 'RoomTypes/RoomType/@RoomTypeCode and RatePlans/RatePlan/@RatePlanCode are required');
    const units = Number(attr(roomType, 'NumberOfUnits') ?? '1');
    if (!Number.isInteger(units) || units < 1 || units > 9) throw invalid('RoomType/@NumberOfUnits', 'must be 1 to 9');
    const occupancy = occupancyOf(child(stay, 'GuestCounts'), 'RoomStay/GuestCounts');
    const rate = quoteStay({ seed: ctx.seed, property: stayProperty, ...stayDatesOf, occupancy, rooms: units, now, repriced }).find(
      (candidate) => candidate.room.code === roomCode && candidate.planCode === planCode,
    );
    if (!rate) throw new OtaFailure(EWT.businessRule, ERR.noAvailability, 'No availability: the room or rate plan can no longer be booked');
    const roomGuests = rphsOf(stay)
      .map((rph) => guests.get(rph))
      .filter((guest): guest is OtaSandboxGuest => guest !== undefined);
    const specialRequest = children(child(stay, 'SpecialRequests'), 'SpecialRequest')
      .flatMap((request) => texts(request, 'Text'))
      .join('\n');
    return { rate, guests: roomGuests, ...(specialRequest ? { specialRequest } : {}) };
  });
  if (hasScenario(call.scenarios, 'book-fail', SUPPLIER_ID)) {
    throw new OtaFailure(EWT.businessRule, ERR.unableToProcess, 'Unable to process: the hotel could not confirm the booking');
  }
  const remark = texts(child(child(global, 'Comments'), 'Comment'), 'Text').join('\n');
  const reference = ctx.bookings.nextReference();
  const booking: OtaSandboxBooking = {
    reference,
    clientReference,
    createdAt: now,
    status: RES_STATUS_RESERVED,
    holder,
    ...(remark ? { remark } : {}),
    property: property!,
    checkIn: dates!.checkIn,
    checkOut: dates!.checkOut,
    rooms,
    totalMinor: rooms.reduce((sum, room) => sum + room.rate.totalMinor, 0),
    currency: ctx.view.profile.currency,
    cancellation: mergeCancellationTiers(rooms.map((room) => room.rate.cancellation)),
    modificationAllowed: !hasScenario(call.scenarios, 'no-modify', SUPPLIER_ID),
    // The property's own number, as a hotel system connected to the supplier answers it with the booking.
    hotelConfirmation: `H${String(Number(reference.replace(/\D/g, '')) * 7).slice(-7)}`,
  };
  ctx.bookings.add(booking);
  // book-timeout: the reservation exists, but the answer comes after the caller has given up.
  if (hasScenario(call.scenarios, 'book-timeout', SUPPLIER_ID)) await pause(ctx.lateAnswerMs, call);
  return {
    attributes: { ResResponseType: 'Committed' },
    content: { Success: '', HotelReservations: { HotelReservation: [hotelReservation(booking, call.scenarios)] } },
  };
}

/** The client's id: UniqueID with ID_Context CLIENT, else HotelReservationIDs with ResID_Source CLIENT. */
function clientReferenceOf(reservation: XmlNode): string | undefined {
  const unique = children(reservation, 'UniqueID').find((id) => attr(id, 'ID_Context') === CONTEXT_CLIENT);
  if (unique) return attr(unique, 'ID');
  const ids = children(child(child(reservation, 'ResGlobalInfo'), 'HotelReservationIDs'), 'HotelReservationID');
  return attr(
    ids.find((id) => attr(id, 'ResID_Source') === CONTEXT_CLIENT),
    'ResID_Value',
  );
}

function customerOf(profiles: XmlNode | undefined): XmlNode | undefined {
  return child(child(child(profiles, 'ProfileInfo'), 'Profile'), 'Customer');
}

function holderOf(global: XmlNode | undefined): OtaSandboxHolder | undefined {
  const customer = customerOf(child(global, 'Profiles'));
  const name = child(customer, 'PersonName');
  const surname = text(name, 'Surname');
  if (!surname) return undefined;
  const phone = attr(child(customer, 'Telephone'), 'PhoneNumber');
  const email = text(customer, 'Email');
  return { givenName: texts(name, 'GivenName').join(' '), surname, ...(email ? { email } : {}), ...(phone ? { phone } : {}) };
}

function guestsByRph(reservation: XmlNode): Map<string, OtaSandboxGuest> {
  const guests = new Map<string, OtaSandboxGuest>();
  for (const guest of children(child(reservation, 'ResGuests'), 'ResGuest')) {
    const name = child(customerOf(child(guest, 'Profiles')), 'PersonName');
    const child_ = attr(guest, 'AgeQualifyingCode') === AGE_CHILD;
    const age = Number(attr(guest, 'Age'));
    guests.set(attr(guest, 'ResGuestRPH') ?? String(guests.size + 1), {
      givenName: texts(name, 'GivenName').join(' '),
      surname: text(name, 'Surname') ?? '',
      child: child_,
      ...(child_ && Number.isInteger(age) ? { age } : {}),
    });
  }
  return guests;
}

// ---------- reading a reservation (OTA_HotelResRQ ResStatus="Initiate", UniqueID only) ----------

function readReservations(ctx: HandlerContext, call: CallState, root: XmlNode): Answer {
  const ids = children(root, 'UniqueID');
  if (ids.length === 0) throw invalid('UniqueID', 'the reservation to read is required');
  const found = ids.flatMap((id) => bookingsFor(ctx, id));
  if (found.length === 0) throw new OtaFailure(EWT.businessRule, ERR.bookingNotFound, 'Booking reference not found');
  return {
    attributes: { ResResponseType: 'Unchanged' },
    content: { Success: '', HotelReservations: { HotelReservation: found.map((booking) => hotelReservation(booking, call.scenarios)) } },
  };
}

function bookingsFor(ctx: HandlerContext, id: XmlNode): OtaSandboxBooking[] {
  const value = attr(id, 'ID') ?? '';
  if (attr(id, 'ID_Context') === CONTEXT_CLIENT) return ctx.bookings.byClientReference(value);
  const booking = ctx.bookings.get(value);
  return booking ? [booking] : [];
}

function findOne(ctx: HandlerContext, id: XmlNode | undefined): OtaSandboxBooking {
  if (!id || !attr(id, 'ID')) throw invalid('UniqueID', 'the reservation id is required');
  const [booking] = bookingsFor(ctx, id).reverse();
  if (!booking) throw new OtaFailure(EWT.businessRule, ERR.bookingNotFound, 'Booking reference not found');
  return booking;
}

// ---------- cancellation ----------

function cancel(ctx: HandlerContext, call: CallState, root: XmlNode): Answer {
  const cancelType = attr(root, 'CancelType');
  if (cancelType !== 'Commit' && cancelType !== 'Initiate') throw invalid('CancelType', 'must be Initiate (quote) or Commit');
  const booking = findOne(
    ctx,
    children(root, 'UniqueID').find((id) => attr(id, 'Type') === UIT_RESERVATION),
  );
  if (booking.status === RES_STATUS_CANCELLED) throw new OtaFailure(EWT.businessRule, ERR.alreadyCancelled, 'Booking already cancelled');
  let supplierNow = ctx.clock();
  if (cancelType === 'Commit' && hasScenario(call.scenarios, 'late-cancel', SUPPLIER_ID)) {
    // The free-cancellation deadline passes while the cancellation is processed: the supplier's clock
    // reads just after the next penalty starts.
    const next = booking.cancellation.find((tier) => tier.amountMinor > 0 && Date.parse(tier.from) > supplierNow.getTime());
    if (next) supplierNow = new Date(Date.parse(next.from) + 1_000);
  }
  const penalty = penaltyAt(booking.cancellation, supplierNow);
  const currency = booking.currency;
  const nonRefundable = booking.rooms.every((room) => !room.rate.refundable);
  const rules = [
    {
      '@_Type': nonRefundable && penalty > 0 ? 'Forfeiture' : 'Charge',
      '@_CancelByDate': supplierNow.toISOString(),
      '@_Amount': formatMinor(penalty, currency),
      '@_CurrencyCode': currency,
    },
    ...(booking.rooms.every((room) => room.rate.payment === 'net')
      ? [{ '@_Type': 'Refund', '@_Amount': formatMinor(booking.totalMinor - penalty, currency), '@_CurrencyCode': currency }]
      : []),
  ];
  if (cancelType === 'Commit') {
    booking.status = RES_STATUS_CANCELLED;
    booking.cancellationAmountMinor = penalty;
    booking.cancellationReference = `OTC${randomBytes(4).toString('hex').toUpperCase()}`;
    booking.cancelledAt = supplierNow;
  }
  return {
    attributes: { Status: cancelType === 'Commit' ? 'Cancelled' : 'Pending' },
    content: {
      Success: '',
      UniqueID: [{ '@_Type': UIT_RESERVATION, '@_ID': booking.reference, '@_ID_Context': CONTEXT_SUPPLIER }],
      CancelInfoRS: {
        CancelRules: { CancelRule: rules },
        ...(booking.cancellationReference
          ? { UniqueID: { '@_Type': UIT_CANCELLATION, '@_ID': booking.cancellationReference, '@_ID_Context': CONTEXT_SUPPLIER } }
          : {}),
      },
    },
  };
}

// ---------- modification ----------

/**
 * OTA_HotelResModifyRQ. Holder, remark and guest names change in place. A RoomStay with a TimeSpan or
 * GuestCounts changes the stay: every room is requoted for the new dates and its occupancy, same room type
 * and rate plan (`reprice` raises it as at booking). ResStatus="Quote" answers the changed reservation and
 * keeps nothing; "Modify" (or none) keeps it. Scenarios: `no-modify` refuses, `change-unavailable` finds no
 * room for the new stay, `change-timeout` makes the change and answers after lateAnswerMs.
 */
async function modify(ctx: HandlerContext, call: CallState, root: XmlNode): Promise<Answer> {
  const change = child(child(root, 'HotelResModifies'), 'HotelResModify');
  if (!change) throw invalid('HotelResModifies', 'one HotelResModify is required');
  const resStatus = attr(root, 'ResStatus') ?? 'Modify';
  if (resStatus !== 'Quote' && resStatus !== 'Modify') throw invalid('@ResStatus', 'must be Quote or Modify');
  const booking = findOne(ctx, children(change, 'UniqueID')[0] ?? children(root, 'UniqueID')[0]);
  if (booking.status === RES_STATUS_CANCELLED) throw new OtaFailure(EWT.businessRule, ERR.alreadyCancelled, 'Booking already cancelled');
  if (!booking.modificationAllowed || hasScenario(call.scenarios, 'no-modify', SUPPLIER_ID)) {
    throw new OtaFailure(EWT.businessRule, ERR.modificationNotAllowed, 'Modification not allowed for this reservation');
  }
  const stays = children(child(change, 'RoomStays'), 'RoomStay');
  for (const stay of stays) {
    const index = Number(attr(stay, 'IndexNumber'));
    if (!booking.rooms[index - 1]) throw invalid('RoomStay/@IndexNumber', `the reservation has rooms 1 to ${booking.rooms.length}`);
  }
  const changed = changedStay(ctx, call, booking, stays);
  if (resStatus === 'Quote') {
    const quoted: OtaSandboxBooking = changed
      ? { ...booking, ...changed, rooms: booking.rooms.map((room, i) => ({ ...room, rate: changed.rates[i]! })) }
      : booking;
    return {
      attributes: { ResResponseType: 'Pending' },
      content: { Success: '', HotelResModifies: { HotelResModify: [hotelReservation(quoted, call.scenarios)] } },
    };
  }
  const global = child(change, 'ResGlobalInfo');
  const holder = holderOf(global);
  if (holder) booking.holder = holder;
  const comments = child(global, 'Comments');
  if (comments) booking.remark = texts(child(comments, 'Comment'), 'Text').join('\n');
  const guests = guestsByRph(change);
  for (const stay of stays) {
    const room = booking.rooms[Number(attr(stay, 'IndexNumber')) - 1]!;
    const replacement = rphsOf(stay)
      .map((rph) => guests.get(rph))
      .filter((guest): guest is OtaSandboxGuest => guest !== undefined);
    if (replacement.length > 0) room.guests = replacement;
  }
  if (changed) {
    booking.checkIn = changed.checkIn;
    booking.checkOut = changed.checkOut;
    booking.rooms.forEach((room, i) => (room.rate = changed.rates[i]!));
    booking.totalMinor = changed.totalMinor;
    booking.cancellation = changed.cancellation;
    // change-timeout: the change is made, but the answer comes after the caller has given up.
    if (hasScenario(call.scenarios, 'change-timeout', SUPPLIER_ID)) await pause(ctx.lateAnswerMs, call);
  }
  return {
    attributes: { ResResponseType: 'Modified' },
    content: { Success: '', HotelResModifies: { HotelResModify: [hotelReservation(booking, call.scenarios)] } },
  };
}

/** The reservation's rooms requoted when a RoomStay asks for new dates or a new occupancy; undefined otherwise. */
function changedStay(
  ctx: HandlerContext,
  call: CallState,
  booking: OtaSandboxBooking,
  stays: readonly XmlNode[],
): { checkIn: string; checkOut: string; rates: SandboxRate[]; totalMinor: number; cancellation: CancellationTier[] } | undefined {
  const asking = stays.filter((stay) => child(stay, 'TimeSpan') || child(stay, 'GuestCounts'));
  if (asking.length === 0) return undefined;
  const spans = asking.map((stay) => child(stay, 'TimeSpan')).filter((span): span is XmlNode => span !== undefined);
  const dates = spans.length > 0 ? stayDates(ctx, spans[0]) : { checkIn: booking.checkIn, checkOut: booking.checkOut };
  if (spans.some((span) => attr(span, 'Start') !== dates.checkIn || attr(span, 'End') !== dates.checkOut))
    throw invalid('RoomStay/TimeSpan', 'all rooms must have the same stay');
  const occupancies = booking.rooms.map((room, i) => {
    const counts = child(
      stays.find((stay) => Number(attr(stay, 'IndexNumber')) === i + 1),
      'GuestCounts',
    );
    return counts ? occupancyOf(counts, 'RoomStay/GuestCounts') : room.rate.occupancy;
  });
  const unavailable = () =>
    new OtaFailure(EWT.businessRule, ERR.noAvailability, 'No availability: the room or rate plan cannot be sold for the new stay');
  if (hasScenario(call.scenarios, 'change-unavailable', SUPPLIER_ID)) throw unavailable();
  const now = ctx.clock();
  const rates = booking.rooms.map((room, i) => {
    const rate = quoteStay({
      seed: ctx.seed,
      property: booking.property,
      ...dates,
      occupancy: occupancies[i]!,
      rooms: room.rate.rooms,
      now,
      repriced: hasScenario(call.scenarios, 'reprice', SUPPLIER_ID),
    }).find((candidate) => candidate.room.code === room.rate.room.code && candidate.planCode === room.rate.planCode);
    if (!rate) throw unavailable();
    return rate;
  });
  return {
    ...dates,
    rates,
    totalMinor: rates.reduce((sum, rate) => sum + rate.totalMinor, 0),
    cancellation: mergeCancellationTiers(rates.map((rate) => rate.cancellation)),
  };
}

// ---------- static content (a paged catalogue; OTA_HotelDescriptiveInfo is not in the published set) ----------

function catalogueError(status: number, type: string, code: string, message: string): { status: number; body: string } {
  return {
    status,
    body: buildXml({
      HotelCatalogue: { '@_xmlns': CATALOGUE_NAMESPACE, Errors: { Error: [{ '@_Type': type, '@_Code': code, '#text': message }] } },
    }),
  };
}

function catalogue(ctx: HandlerContext, req: IncomingMessage, query: URLSearchParams): { status: number; body: string } {
  const key = header(req, 'X-Api-Key');
  const secret = header(req, 'X-Api-Secret');
  if (key !== ctx.options.apiKey || secret !== ctx.options.secret) {
    return catalogueError(401, EWT.authentication, ERR.authorization, 'Authorization failed');
  }
  const start = Number(query.get('start') ?? '0');
  const count = Number(query.get('count') ?? '500');
  if (!Number.isInteger(start) || start < 0 || !Number.isInteger(count) || count < 1 || count > CATALOGUE_PAGE_MAX) {
    return catalogueError(400, EWT.requiredFieldMissing, ERR.invalidValue, `start must be 0 or more and count 1 to ${CATALOGUE_PAGE_MAX}`);
  }
  // LanguageCode as OTA's descriptive content names it (xs:language, BCP 47); HotelCode repeated for a list.
  const language = query.get('LanguageCode') ?? 'en';
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language))
    return catalogueError(400, EWT.requiredFieldMissing, ERR.invalidValue, `LanguageCode ${language} is not a language tag`);
  const english = language.toLowerCase().split('-')[0] === 'en';
  const codes = query.getAll('HotelCode');
  const all = codes.length > 0 ? codes.flatMap((code) => ctx.view.byPropertyId.get(code) ?? []) : ctx.view.properties;
  const page = all.slice(start, start + count);
  return {
    status: 200,
    body: buildXml({
      HotelCatalogue: {
        '@_xmlns': CATALOGUE_NAMESPACE,
        '@_LanguageCode': language,
        '@_Start': String(start),
        '@_Count': String(page.length),
        '@_Total': String(all.length),
        ...(start + page.length < all.length ? { '@_NextStart': String(start + page.length) } : {}),
        Hotel: page.map((property) => {
          const hotel = property.hotel;
          // Another language: the sandbox's translation where the hotel has one, else no texts at all.
          const translated = english ? undefined : translatedContent(property, language);
          const description = english ? hotel.description : translated?.description;
          const roomName = (code: string, name: string) => (english ? name : translated?.roomNames.get(code));
          return {
            ...Object.fromEntries(Object.entries(basicPropertyInfo(property)).filter(([name]) => name.startsWith('@_'))),
            '@_Rating': String(property.stars),
            '@_CheckInTime': hotel.checkInTime,
            '@_CheckOutTime': hotel.checkOutTime,
            Position: { '@_Latitude': property.geo.lat.toFixed(6), '@_Longitude': property.geo.lng.toFixed(6) },
            Address: basicPropertyInfo(property).Address,
            ...(property.phone ? { Phone: property.phone } : {}),
            Email: hotel.email,
            ...(description ? { Description: { '@_Language': english ? 'en' : translated!.language, '#text': description } } : {}),
            Amenity: hotel.amenities.map((code) => ({ '@_Code': code })),
            Image: hotel.images.map((url) => ({ '@_URL': url })),
            Room: property.roomTypes.flatMap((room) => {
              const name = roomName(room.code, room.name);
              return name ? [{ '@_RoomTypeCode': room.code, '@_Name': name, '@_MaxOccupancy': String(room.maxOccupancy) }] : [];
            }),
          };
        }),
      },
    }),
  };
}

// ---------- plumbing ----------

function invalid(field: string, message: string): OtaFailure {
  return new OtaFailure(EWT.requiredFieldMissing, ERR.requiredFieldMissing, `Invalid value at ${field}: ${message}`);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function sendXml(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'application/xml; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function sendText(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
