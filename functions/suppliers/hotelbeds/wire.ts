/**
 * The subset of the Hotelbeds APItude Hotel Booking API 1.0 messages we send and read
 * (specs/hotelbeds/openapi-spec.yaml at the repository root; tests validate against the real schemas).
 * Field names are the spec's. Money is a decimal string in the spec, except a few booking totals the
 * spec types as numbers, which we never use for arithmetic.
 */

export interface WireAuditData {
  processTime?: string;
  timestamp?: string;
  requestHost?: string;
  serverId?: string;
  environment?: string;
  release?: string;
  token?: string;
}

export interface WireApiError {
  code: string;
  message?: string;
}

export interface WirePaxAvail {
  type: 'AD' | 'CH';
  age?: number;
}

export interface WireOccupancy {
  rooms: number;
  adults: number;
  children: number;
  paxes?: WirePaxAvail[];
}

export interface WireAvailabilityRQ {
  stay: { checkIn: string; checkOut: string };
  occupancies: WireOccupancy[];
  geolocation?: { latitude: string; longitude: string; radius?: string; unit?: 'km' | 'mi' };
  hotels?: { hotel: number[] };
  filter?: { maxHotels?: number };
  sourceMarket?: string;
  language?: string;
  /** Asks for each rate's price per night of the stay (`dailyRates`). */
  dailyRate?: boolean;
}

/** One penalty tier: `amount`, or (the published ApiCancellationPolicy allows both) a `percent` of the rate or a `numberOfNights`. */
export interface WireCancellationPolicy {
  amount?: string | number;
  from?: string;
  percent?: string | number;
  numberOfNights?: string | number;
}

/**
 * A tax or fee. `amount` and `currency` are what the hotel charges, in its currency; `clientAmount` and
 * `clientCurrency` the same in the client's; `percent` alone is a share of the rate. Not `included`: payable
 * at the hotel.
 */
export interface WireTax {
  included?: boolean;
  percent?: string | number;
  amount?: string | number;
  currency?: string;
  type?: 'TAX' | 'FEE' | 'TAXESANDFEES';
  clientAmount?: string | number;
  clientCurrency?: string;
}

export interface WireRate {
  rateKey?: string;
  rateClass?: string;
  rateType?: 'BOOKABLE' | 'RECHECK';
  net?: string;
  sellingRate?: string;
  hotelMandatory?: boolean;
  commission?: string;
  commissionPCT?: string;
  allotment?: number;
  /** Not in the schema's properties but in every example of the spec: AT_WEB or AT_HOTEL. */
  paymentType?: 'AT_WEB' | 'AT_HOTEL';
  packaging?: boolean;
  boardCode?: string;
  boardName?: string;
  rooms?: number;
  adults?: number;
  children?: number;
  childrenAges?: string;
  cancellationPolicies?: WireCancellationPolicy[];
  taxes?: { allIncluded?: boolean; taxes?: WireTax[] };
  rateComments?: string;
  rateCommentsId?: string;
  /** Per night of the stay (ApiDailyRate, answered to `dailyRate: true`): the nightly prices, and what a penalty counted in nights is made of. */
  dailyRates?: { offset?: number; dailyNet?: string; dailySellingRate?: string }[];
}

export interface WireRoom {
  status?: 'CONFIRMED' | 'CANCELLED';
  id?: number;
  code?: string;
  name?: string;
  paxes?: WirePax[];
  rates?: WireRate[];
}

export interface WireHotel {
  checkIn?: string;
  checkOut?: string;
  code?: number;
  name?: string;
  categoryCode?: string;
  categoryName?: string;
  destinationCode?: string;
  destinationName?: string;
  zoneCode?: number;
  zoneName?: string;
  latitude?: string;
  longitude?: string;
  minRate?: string;
  maxRate?: string;
  totalNet?: string | number;
  totalSellingRate?: string | number;
  currency?: string;
  /** The spec types it as a string; its own cancellation example sends the number 0. */
  cancellationAmount?: string | number;
  /** The company that issued the booking: the voucher must name it with its VAT number. */
  supplier?: { name?: string; vatNumber?: string };
  rooms?: WireRoom[];
}

export interface WireAvailabilityRS {
  auditData: WireAuditData;
  error?: WireApiError;
  hotels?: { checkIn?: string; checkOut?: string; total?: number; hotels?: WireHotel[] };
}

export interface WireBookingRoomRQ {
  rateKey: string;
  paxes?: WirePax[];
}

export interface WireCheckRateRQ {
  rooms: WireBookingRoomRQ[];
  language?: string;
}

export interface WireCheckRateRS {
  auditData: WireAuditData;
  error?: WireApiError;
  /** The spec names the single checked hotel `hotels`; the live API is documented with `hotel`. We send
   * `hotels` and read either. */
  hotels?: WireHotel;
  hotel?: WireHotel;
}

export interface WirePax {
  roomId?: number;
  type: 'AD' | 'CH';
  age?: number;
  name?: string;
  surname?: string;
}

export interface WireHolder {
  name: string;
  surname: string;
}

export interface WireBookingRQ {
  holder: WireHolder;
  rooms: WireBookingRoomRQ[];
  clientReference: string;
  remark?: string;
  tolerance?: string;
  language?: string;
}

export interface WireBooking {
  reference?: string;
  cancellationReference?: string;
  clientReference?: string;
  creationDate?: string;
  status?: 'CONFIRMED' | 'CANCELLED';
  modificationPolicies?: { cancellation: boolean; modification: boolean };
  creationUser?: string;
  holder?: WireHolder;
  remark?: string;
  totalSellingRate?: number;
  totalNet?: number;
  pendingAmount?: number;
  currency?: string;
  hotel?: WireHotel;
}

export interface WireBookingRS {
  auditData: WireAuditData;
  error?: WireApiError;
  booking?: WireBooking;
}

export interface WireBookingListItem {
  reference?: string;
  clientReference?: string;
  creationDate?: string;
  status?: 'CONFIRMED' | 'CANCELLED';
  holder?: WireHolder;
  hotel?: { checkIn?: string; checkOut?: string; code?: number; name?: string; destinationCode?: string };
  totalNet?: string;
  currency?: string;
}

export interface WireBookingListRS {
  auditData: WireAuditData;
  error?: WireApiError;
  bookings?: { bookings?: WireBookingListItem[] };
}

/**
 * GET /bookings/reconfirmations: the hotels' own confirmation numbers, given asynchronously (the spec: "not
 * available at the time of the booking"). The spec gives this answer as an example only, no schema.
 */
export interface WireReconfirmationsRS {
  auditData?: WireAuditData;
  error?: WireApiError;
  bookings?: {
    reference?: string;
    clientReference?: string;
    hotel?: { rooms?: { id?: number; code?: string; supplierConfirmationCode?: string[] }[] };
  }[];
}

export interface WireBookingChangeRQ {
  mode: 'SIMULATION' | 'UPDATE';
  booking: WireBooking;
  language?: string;
}

/** Hotelbeds Content API (not in the booking spec): GET /hotel-content-api/1.0/hotels?from=&to=. */
export interface WireContentHotel {
  code: number;
  name: { content: string };
  description?: { content: string };
  countryCode: string;
  destinationCode: string;
  coordinates?: { longitude: number; latitude: number };
  categoryCode?: string;
  address?: { content: string; street?: string; number?: string };
  postalCode?: string;
  city?: { content: string };
  email?: string;
  phones?: { phoneNumber: string; phoneType: string }[];
  rooms?: { roomCode: string; description?: string; maxPax?: number; maxChildren?: number }[];
  facilities?: { facilityCode: string; description?: { content: string } }[];
  images?: { path: string; order: number; imageTypeCode: string; roomCode?: string }[];
  checkInTime?: string;
  checkOutTime?: string;
  /** The last day anything of the hotel's content changed (YYYY-MM-DD): the Content API's own change date. */
  lastUpdate?: string;
}

export interface WireContentHotelsRS {
  from: number;
  to: number;
  total: number;
  auditData?: WireAuditData;
  hotels: WireContentHotel[];
}
