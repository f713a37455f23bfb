/**
 * The subset of Expedia Rapid v3 messages we send and read (specs/expedia-rapid/specs.yaml at the repository root;
 * the contract tests validate every exchange against the real schemas). Field names are the spec's.
 * Money is a decimal string everywhere in Rapid; dates are YYYY-MM-DD; instants carry an offset.
 */

export interface WireLink {
  method?: string;
  href?: string;
  expires?: string;
}

export interface WireError {
  type: string;
  message: string;
  fields?: { name: string; type: string; value?: string }[];
  errors?: { type: string; message: string; fields?: { name: string; type: string; value?: string }[] }[];
}

/**
 * The schema types amounts as strings; the spec's own examples send some as JSON numbers (an itinerary's
 * `cancel_refund.amount: -65.98`), so every amount is read as either.
 */
export type WireDecimal = string | number;

export interface WireAmount {
  value: WireDecimal;
  currency: string;
}

export interface WireCharge {
  billable_currency?: WireAmount;
  request_currency?: WireAmount;
}

export type WireChargeType =
  | 'base_rate'
  | 'tax_and_service_fee'
  | 'extra_person_fee'
  | 'property_fee'
  | 'sales_tax'
  | 'adjustment'
  | 'recovery_charges_and_fees'
  | 'traveler_service_fee';

export interface WireNightCharge {
  type: WireChargeType;
  value: WireDecimal;
  currency: string;
}

export interface WirePricingInformation {
  nightly?: WireNightCharge[][];
  stay?: WireNightCharge[];
  totals?: {
    inclusive?: WireCharge;
    exclusive?: WireCharge;
    property_inclusive?: WireCharge;
    marketing_fee?: WireCharge;
    /** The lowest total the rate may be sold at (the property's public price). */
    minimum_selling_price?: WireCharge;
    /** The sum of `fees`: what the property collects. */
    property_fees?: WireCharge;
  };
  fees?: {
    mandatory_fee?: WireCharge;
    resort_fee?: WireCharge;
    mandatory_tax?: WireCharge;
  };
}

export interface WireCancelPenalty {
  currency?: string;
  start?: string;
  end?: string;
  amount?: WireDecimal;
  nights?: WireDecimal;
  percent?: string;
}

/** Stay dates (YYYY-MM-DD, the night's check-in date, both ends included) that are never refunded. */
export interface WireNonrefundableDateRange {
  start?: string;
  end?: string;
}

export interface WireDeposit {
  value?: WireDecimal;
  due?: string;
  currency?: string;
}

export interface WireSaleScenario {
  package?: boolean;
  member?: boolean;
  corporate?: boolean;
  distribution?: boolean;
  mobile_promotion?: boolean;
}

export interface WireRateAmenity {
  id: string;
  name: string;
}

export interface WireBedGroup {
  id?: string;
  description?: string;
  configuration?: { type?: string; size?: string; quantity?: number }[];
  links?: { price_check?: WireLink };
}

export type WireMerchantOfRecord = 'expedia' | 'property';

export interface WireRate {
  id?: string;
  status?: 'available' | 'price_changed' | 'sold_out';
  available_rooms?: number;
  refundable?: boolean;
  current_refundability?: 'refundable' | 'non_refundable' | 'partially_refundable';
  merchant_of_record?: WireMerchantOfRecord;
  sale_scenario?: WireSaleScenario;
  amenities?: Record<string, WireRateAmenity>;
  bed_groups?: Record<string, WireBedGroup>;
  cancel_penalties?: WireCancelPenalty[];
  nonrefundable_date_ranges?: WireNonrefundableDateRange[];
  deposits?: WireDeposit[];
  /** Keyed by the occupancy as requested ("2", "2-9,4"); priced for one room of that occupancy. */
  occupancy_pricing?: Record<string, WirePricingInformation>;
}

export interface WireRoomAvailability {
  id?: string;
  room_name?: string;
  rates?: WireRate[];
}

/** An element of the availability answer (`Property` with status `available`: `PropertyAvailability`). */
export interface WirePropertyAvailability {
  property_id?: string;
  status?: 'available' | 'partially_unavailable';
  score?: number;
  rooms?: WireRoomAvailability[];
  links?: { additional_rates?: WireLink };
}

export interface WireRoomPriceCheck {
  status?: 'available' | 'price_changed' | 'sold_out';
  occupancy_pricing?: Record<string, WirePricingInformation>;
  deposits?: WireDeposit[];
  /**
   * `book` when the rate can be booked straight away; `payment_session` instead when PSD2 applies to the
   * partner (a payment session must be opened first, which this integration does not do).
   */
  links?: { book?: WireLink; payment_session?: WireLink; additional_rates?: WireLink; shop?: WireLink };
}

export interface WireCreateItineraryRequest {
  affiliate_reference_id?: string;
  hold?: boolean;
  email: string;
  phone: { country_code: string; area_code?: string; number: string };
  rooms: { given_name: string; family_name: string; smoking?: boolean; special_request?: string }[];
  payments?: {
    type: 'affiliate_collect' | 'customer_card' | 'corporate_card' | 'virtual_card';
    billing_contact: {
      given_name: string;
      family_name: string;
      address: { line_1?: string; city?: string; postal_code?: string; country_code: string };
    };
  }[];
  affiliate_metadata?: string;
}

export interface WireItineraryCreation {
  itinerary_id?: string;
  links?: { retrieve?: WireLink; resume?: WireLink; cancel?: WireLink };
}

export interface WireRoomItinerary {
  id?: string;
  confirmation_id?: { expedia?: string; property?: string };
  bed_group_id?: string;
  checkin?: string;
  checkout?: string;
  number_of_adults?: number;
  child_ages?: number[];
  given_name?: string;
  family_name?: string;
  status?: 'pending' | 'booked' | 'canceled';
  special_request?: string;
  smoking?: boolean;
  rate?: {
    id?: string;
    merchant_of_record?: WireMerchantOfRecord;
    refundable?: boolean;
    /**
     * What comes back on cancelling: a positive amount is refunded; a negative one is owed (the spec's own
     * example sends `-65.98`, as a JSON number).
     */
    cancel_refund?: { amount?: WireDecimal; currency?: string };
    /** Rate amenity ids (the itinerary repeats them without names). */
    amenities?: string[];
    cancel_penalties?: WireCancelPenalty[];
    nonrefundable_date_ranges?: WireNonrefundableDateRange[];
    deposits?: WireDeposit[];
    pricing?: WirePricingInformation;
  };
  links?: { cancel?: WireLink };
}

export interface WireItinerary {
  itinerary_id?: string;
  property_id?: string;
  links?: { cancel?: WireLink };
  email?: string;
  phone?: { country_code?: string; area_code?: string; number?: string };
  rooms?: WireRoomItinerary[];
  creation_date_time?: string;
  affiliate_reference_id?: string;
  affiliate_metadata?: string;
}

export interface WireRegion {
  id?: string;
  type?: string;
  name?: string;
  name_full?: string;
  country_code?: string;
  iata_airport_metro_code?: string;
  coordinates?: { center_longitude?: number; center_latitude?: number };
  property_ids?: string[];
}

/** `POST /properties/geography?include=property_ids`: property id → the property (its id only). */
export type WirePropertiesInPolygon = Record<string, { property_id?: string } | undefined>;

export interface WireImage {
  hero_image?: boolean;
  category?: number;
  caption?: string;
  links?: Record<string, WireLink>;
}

export interface WireRoomContent {
  id?: string;
  name?: string;
  descriptions?: { overview?: string };
  images?: WireImage[];
  bed_groups?: Record<string, { id?: string; description?: string; configuration?: { type?: string; size?: string; quantity?: number }[] }>;
  occupancy?: { max_allowed?: { total?: number; children?: number; adults?: number } };
}

/** Rapid's `GuestRating`: scores are decimal strings from 1.0 to 5.0, `count` a number. */
export interface WireGuestRating {
  count?: number;
  overall?: string;
  cleanliness?: string;
  service?: string;
  comfort?: string;
  condition?: string;
  location?: string;
  neighborhood?: string;
  quality?: string;
  value?: string;
  amenities?: string;
  recommendation_percent?: string;
}

export interface WirePropertyContent {
  property_id?: string;
  name?: string;
  address?: { line_1?: string; line_2?: string; city?: string; postal_code?: string; country_code?: string };
  ratings?: { property?: { rating?: string; type?: string }; guest?: WireGuestRating };
  location?: { coordinates?: { latitude?: number; longitude?: number } };
  phone?: string;
  checkin?: { begin_time?: string; end_time?: string; instructions?: string; special_instructions?: string };
  checkout?: { time?: string };
  /** Texts for the traveller: mandatory fees (resort fees, taxes collected on site) and optional ones. */
  fees?: { mandatory?: string; optional?: string };
  policies?: { know_before_you_go?: string };
  /** The currency the property accepts on site: the one it collects its fees in. */
  onsite_payments?: { currency?: string };
  /** Rate plans' content by rate id: the offer's own text. */
  rates?: Record<string, { id?: string; special_offer_description?: string }>;
  amenities?: Record<string, { id?: string; name?: string; categories?: string[] }>;
  images?: WireImage[];
  rooms?: Record<string, WireRoomContent>;
  descriptions?: { general?: string; location?: string; headline?: string };
  airports?: { preferred?: { iata_airport_code?: string } };
  supply_source?: string;
}
