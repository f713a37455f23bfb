/**
 * THE supplier port: what the search and booking domains ask of any supplier. Types are ours; every
 * adapter (Hotelbeds JSON, Expedia Rapid JSON, OpenTravel XML) maps its wire format to them.
 *
 * Conventions: money as decimal strings with the currency's exponent (`Money`); instants as UTC ISO 8601
 * ("2026-03-10T17:00:00.000Z"); dates as YYYY-MM-DD; every call takes an AbortSignal (the caller's
 * budget) and the sandbox scenarios to pass through. Failures are thrown as `SupplierError`.
 */
import type { CancellationPenalty } from '../domain/cancellation/cancellation-penalty.js';
import type { Money } from '../domain/money/money.js';
import type { GeoPoint } from '../domain/property/geo-point.js';
import type { PropertyAddress } from '../domain/property/property-address.js';
import type { SupplierRoomContent } from '../domain/property/room-content.js';
import type { MemberSummary } from '../domain/property/unified-property.js';
import type { BoardBasis, PaymentModel, PropertyCharge, SupplierRate, SupplierRemark } from '../domain/rate/supplier-rate.js';
import type { RefusalCounts } from './refusal-reason.js';
import type { Scenario } from './scenario.js';

// The values a rate and a property are made of are the domain's (functions/domain/), which prices and shows
// them; they are re-exported so an adapter reads its whole contract here.
export type { CancellationPenalty, GeoPoint, Money, PropertyAddress, SupplierRoomContent };
export type {
  BoardBasis,
  PaymentModel,
  PropertyCharge,
  PropertyChargeKind,
  RateTax,
  RemarkKind,
  SupplierRate,
  SupplierRemark,
} from '../domain/rate/supplier-rate.js';

export interface Occupancy {
  readonly adults: number;
  /** One age per child. */
  readonly childrenAges: readonly number[];
}

/**
 * Who is really asking, for suppliers that take it (Rapid's `Customer-Ip` and `Customer-Session-Id`): the
 * traveller's address as the partner gave it, or the partner's own source address, never a placeholder.
 */
export interface TravellerContext {
  readonly ip: string;
  readonly sessionId?: string;
}

export interface CallContext {
  readonly signal?: AbortSignal;
  readonly scenarios?: readonly Scenario[];
  readonly traveller?: TravellerContext;
  /** The account's point of sale (ISO 3166-1 alpha-2), for suppliers that ask where the sale is made. */
  readonly pointOfSale?: string;
}

/** Who asks, as every supplier call made for a partner's request carries it (the point of sale is the contract's). */
export type Asker = Pick<CallContext, 'scenarios' | 'traveller'>;

export interface SupplierOffer {
  readonly supplierId: string;
  readonly supplierPropertyId: string;
  readonly name: string;
  readonly stars?: number;
  readonly geo?: GeoPoint;
  readonly address?: PropertyAddress;
  readonly rates: readonly SupplierRate[];
}

/**
 * Where a supplier is asked to look. Every supplier has a published form for each: a city (its own city
 * or region code where it has one, otherwise the circle around the city's centre), a circle (hotels
 * around an airport or a point), or a list of its own hotel codes (a shortlist, a property's rates).
 */
export type SupplierDestination = CityArea | CircleArea | HotelList;

export interface CityArea {
  readonly kind: 'city';
  /** IATA city code, metropolitan codes included (LON, NYC). */
  readonly cityCode: string;
  readonly centre: GeoPoint;
  readonly radiusKm: number;
}

export interface CircleArea {
  readonly kind: 'circle';
  readonly centre: GeoPoint;
  readonly radiusKm: number;
}

export interface HotelList {
  readonly kind: 'hotels';
  /** This supplier's own property ids; may be empty (none of the listed properties is this supplier's). */
  readonly supplierPropertyIds: readonly string[];
}

export interface AvailabilityRequest extends CallContext {
  readonly destination: SupplierDestination;
  readonly checkIn: string;
  readonly checkOut: string;
  /** One entry per room. */
  readonly occupancies: readonly Occupancy[];
  /** A hint: suppliers answer in their own currency; conversion is ours. */
  readonly currency?: string;
  /** ISO 3166-1 alpha-2 of the traveller (source market). */
  readonly nationality: string;
}

export interface AvailabilityResult {
  readonly supplierId: string;
  readonly offers: readonly SupplierOffer[];
  /**
   * One entry per rate (or hotel) the adapter could not read and left out, saying why in our own words (a
   * field name and what was wrong with it, never a value from the answer): one unreadable rate costs that
   * rate, never the supplier's whole answer. Search counts them (a metric) and logs the reasons.
   */
  readonly unreadable?: readonly string[];
  /**
   * Hotels and rates the supplier boundary refused, by reason (answer-refusal.ts): not the hotels, stay or
   * occupancy asked, an unknown currency, a price of zero, a rate key answered twice, past the caps. The
   * adapter counts those only the wire shows (the stay and occupancy it states); answer-check.ts the rest.
   */
  readonly refused?: RefusalCounts;
}

export interface StaticContentRequest extends CallContext {
  /** Opaque cursor from the previous page (or a slice's first cursor); absent for the first page. */
  readonly cursor?: string;
  /** Page size hint; adapters clamp to what the supplier allows. */
  readonly pageSize?: number;
  /**
   * BCP 47 language of the texts (description, room names), asked of the supplier's content API in its own
   * terms; English when absent. A text the supplier does not have in it is left out, not sent in English.
   */
  readonly language?: string;
  /** Only these of the supplier's properties (one page, at most CONTENT_IDS_MAX), instead of the catalogue's pages. */
  readonly supplierPropertyIds?: readonly string[];
  /**
   * Only the properties the supplier changed on or after this UTC date (YYYY-MM-DD), by its own change
   * dates: for an adapter whose `contentChangeDates` is true. A slice's cursor carries it where the
   * supplier's paging does.
   */
  readonly changedSince?: string;
}

/** A part of a supplier's catalogue read page by page from its own first cursor, at the same time as the others. */
export interface ContentSlice {
  /** The slice's first cursor (absent: the catalogue's first page). */
  readonly cursor?: string;
  /** How many properties it holds, when the supplier says. */
  readonly properties?: number;
}

/** The most supplier property ids one localized content call asks for (Rapid takes 250 at a time). */
export const CONTENT_IDS_MAX = 250;

/** A supplier's guest rating of a property: its score on its scale, from how many reviews. */
export interface SupplierGuestRating {
  readonly score: number;
  readonly scale: number;
  readonly count: number;
}

/**
 * A supplier's static content for one property: what a unified property keeps of each member (its ids,
 * name, stars, position, address, city and contacts: MemberSummary), and its descriptive content.
 */
export interface SupplierPropertyContent extends MemberSummary {
  /** BCP 47 language of the texts, when asked for one and the supplier answered in it. */
  readonly language?: string;
  readonly description?: string;
  readonly amenities: readonly string[];
  readonly images: readonly string[];
  readonly roomTypes: readonly SupplierRoomContent[];
  readonly checkInTime?: string;
  readonly checkOutTime?: string;
  readonly guestRating?: SupplierGuestRating;
  /** When the supplier last changed this content (its own date, UTC ISO 8601), where its content API says. */
  readonly changedAt?: string;
}

export interface StaticContentPage {
  readonly supplierId: string;
  readonly properties: readonly SupplierPropertyContent[];
  /** Absent on the last page. */
  readonly nextCursor?: string;
  readonly total?: number;
}

export interface CheckRateRequest extends CallContext {
  readonly supplierRateKey: string;
  /** The hotel the rate was quoted for: an answer for another is refused (guarded-supplier.ts). */
  readonly supplierPropertyId?: string;
}

export interface CheckedRate {
  readonly supplierRateKey: string;
  /** The binding price; compare with the searched one to detect a reprice. */
  readonly rate: SupplierRate;
  readonly supplierPropertyId: string;
}

export interface Guest {
  readonly type: 'adult' | 'child';
  readonly firstName: string;
  readonly lastName: string;
  readonly age?: number;
}

export interface Holder {
  readonly firstName: string;
  readonly lastName: string;
  readonly email?: string;
  readonly phone?: string;
}

export interface BookRequest extends CallContext {
  readonly supplierRateKey: string;
  /** ISO 3166-1 alpha-2 of the traveller (the searched nationality: the source market some rates are limited to). */
  readonly nationality?: string;
  /** Our booking id, sent as the supplier's client reference so a retried step cannot book twice. */
  readonly clientReference: string;
  readonly holder: Holder;
  /** One entry per room, in the order of the searched occupancies. */
  readonly rooms: readonly BookedRoom[];
  readonly remark?: string;
}

/** A room as booked: who stays, and what the traveller asks of the hotel for it (sent in the supplier's own field). */
export interface BookedRoom {
  readonly guests: readonly Guest[];
  /** Free text ("late arrival, quiet room"): a request the hotel may not honour. */
  readonly specialRequest?: string;
}

export type SupplierBookingStatus = 'confirmed' | 'cancelled';

/** The company that issued the booking, as the supplier names it for the voucher (Hotelbeds `hotel.supplier`). */
export interface BookingIssuer {
  readonly name: string;
  readonly vatNumber?: string;
}

export interface SupplierBooking {
  readonly supplierId: string;
  readonly supplierReference: string;
  /** As the supplier stores it (see the adapter's notes on length limits). */
  readonly clientReference: string;
  readonly status: SupplierBookingStatus;
  readonly supplierPropertyId: string;
  readonly propertyName: string;
  readonly checkIn: string;
  readonly checkOut: string;
  readonly holder: Holder;
  readonly rooms: readonly {
    readonly roomTypeCode: string;
    readonly roomTypeName?: string;
    readonly boardBasis?: BoardBasis;
    readonly guests: readonly Guest[];
  }[];
  readonly price: Money;
  readonly payment?: PaymentModel;
  readonly cancellationPolicy: readonly CancellationPenalty[];
  /** UTC instant. */
  readonly createdAt?: string;
  /** Who issued it, for the voucher, where the supplier says. */
  readonly issuer?: BookingIssuer;
  /** Texts the supplier attaches to the booking itself (Hotelbeds `rateComments`, Rapid instructions). */
  readonly remarks?: readonly SupplierRemark[];
  /** What the property collects at the stay, as the supplier states it on the booking. */
  readonly payAtProperty?: readonly PropertyCharge[];
  /** Night by night, in `price`'s currency, where the supplier gives each night's price on the booking. */
  readonly nightly?: readonly Money[];
  /**
   * The hotel's own confirmation number, which the desk asks guests for (Rapid `confirmation_id.property`,
   * OpenTravel's hotel HotelReservationID), where the supplier gives it with the booking. Hotelbeds gives it
   * only later: `hotelConfirmationNumber` below.
   */
  readonly hotelConfirmationNumber?: string;
}

/**
 * The holder's e-mail as the booking was made with it: Rapid files an itinerary under the customer's e-mail
 * and finds it again only with it (or a link token we do not keep). Absent, the adapter uses its configured
 * reservations mailbox, the one it booked with when the holder gave none.
 */
interface BookedWithEmail {
  readonly holderEmail?: string;
}

export interface BookingLookup extends CallContext, BookedWithEmail {
  readonly supplierReference: string;
}

export interface ClientReferenceLookup extends CallContext, BookedWithEmail {
  readonly clientReference: string;
  /** When we tried to book; bounds the supplier-side search (defaults to the last 7 days). */
  readonly bookedAround?: Date;
}

export interface CancelRequest extends CallContext, BookedWithEmail {
  readonly supplierReference: string;
}

export interface CancellationResult {
  readonly supplierReference: string;
  readonly status: 'cancelled';
  /** What the supplier applied, on its own clock. */
  readonly penalty: Money;
  readonly cancelledAt: string;
  readonly cancellationReference?: string;
}

/** What cancelling now would cost, by the supplier's own simulation (changes nothing), in its currency. */
export interface CancellationQuote {
  readonly penalty: Money;
}

export interface ModifyRequest extends CallContext {
  readonly supplierReference: string;
  readonly holder?: Holder;
  /** Replacement guest names per room, same shape as at booking. */
  readonly rooms?: readonly { readonly guests: readonly Guest[] }[];
  readonly remark?: string;
}

/**
 * A change of a booked stay: its new dates and, room by room, its new occupancy (the booking keeps its rooms,
 * room types and rate plans). Guests are the names to send where the supplier wants every guest named.
 */
export interface StayChangeRequest extends CallContext, BookedWithEmail {
  readonly supplierReference: string;
  readonly checkIn: string;
  readonly checkOut: string;
  /** One per booked room, in the booking's room order. */
  readonly occupancies: readonly Occupancy[];
  /** The names the booking holds, room by room, for suppliers that name every guest of a changed room. */
  readonly rooms?: readonly { readonly guests: readonly Guest[] }[];
}

/** The supplier's own price of the changed stay (Hotelbeds `mode: SIMULATION`, OpenTravel `ResStatus="Initiate"`). */
export interface StayChangeQuote {
  readonly checkIn: string;
  readonly checkOut: string;
  /** The whole changed stay, all rooms and nights, in the supplier's currency. */
  readonly price: Money;
  readonly nightly?: readonly Money[];
  readonly cancellationPolicy: readonly CancellationPenalty[];
  /** What the property collects at the changed stay, as the supplier states it. */
  readonly payAtProperty?: readonly PropertyCharge[];
  /** Opaque: what committing this quote needs from the supplier's answer (a link, a token), if anything. */
  readonly commitToken?: string;
  /** When the supplier's own quote lapses, where it says (UTC). */
  readonly expiresAt?: string;
}

export type StayChangeQuoteResult =
  | { readonly kind: 'quoted'; readonly quote: StayChangeQuote }
  | { readonly kind: 'unsupported'; readonly reason: string };

export interface StayChangeCommit extends StayChangeRequest {
  /** The supplier price the partner accepted: the change is made at it, or not at all. */
  readonly quotedPrice: Money;
  readonly commitToken?: string;
}

export type StayChangeResult =
  | { readonly kind: 'changed'; readonly booking: SupplierBooking }
  /** The supplier would change the stay only at another price: nothing was changed. */
  | { readonly kind: 'price-changed'; readonly price: Money }
  | { readonly kind: 'unsupported'; readonly reason: string };

export type ModifyResult =
  | { readonly kind: 'modified'; readonly booking: SupplierBooking }
  | { readonly kind: 'unsupported'; readonly reason: string };

export interface SupplierPort {
  readonly supplierId: string;
  searchAvailability(request: AvailabilityRequest): Promise<AvailabilityResult>;
  staticContent(request: StaticContentRequest): Promise<StaticContentPage>;
  /**
   * The catalogue in parts that can be read at the same time (ranges, countries), for what changed since a
   * date or all of it. Absent: the catalogue is one part, read from its first page.
   */
  contentSlices?(request: Omit<StaticContentRequest, 'cursor'>): Promise<readonly ContentSlice[]>;
  /** Whether staticContent honours `changedSince` (the supplier's content API publishes change dates). */
  readonly contentChangeDates?: boolean;
  checkRate(request: CheckRateRequest): Promise<CheckedRate>;
  book(request: BookRequest): Promise<SupplierBooking>;
  /** undefined when the supplier has no booking with that client reference. */
  findBookingByClientReference(request: ClientReferenceLookup): Promise<SupplierBooking | undefined>;
  getBooking(request: BookingLookup): Promise<SupplierBooking>;
  cancel(request: CancelRequest): Promise<CancellationResult>;
  /**
   * The supplier's own simulation of a cancellation now (Hotelbeds `cancellationFlag=SIMULATION`, OpenTravel
   * `CancelType="Initiate"`); undefined where the supplier has none (Rapid), when only the stored policy can tell.
   */
  quoteCancellation(request: CancelRequest): Promise<CancellationQuote | undefined>;
  modify(request: ModifyRequest): Promise<ModifyResult>;
  /**
   * What the supplier would charge for the stay changed to new dates or occupancy, from its own answer, changing
   * nothing; `unsupported` where it has no path for that change (never a cancel and rebook). A stay the
   * supplier cannot sell for the new dates is a `sold_out` SupplierError.
   */
  quoteStayChange(request: StayChangeRequest): Promise<StayChangeQuoteResult>;
  /** Makes the change at the quoted price, or nothing (`price-changed`). */
  changeStay(request: StayChangeCommit): Promise<StayChangeResult>;
  /**
   * The hotel's own confirmation number of a booking, once the hotel gave one (often hours after the
   * booking: Hotelbeds' reconfirmations); undefined while it has not.
   */
  hotelConfirmationNumber(request: BookingLookup): Promise<string | undefined>;
}
