/** Ground truth of the sandbox world: real cities, invented hotels. Suppliers see distorted views of it. */

export interface GeoPoint {
  readonly lat: number;
  readonly lng: number;
}

export interface City {
  /** IATA city (metropolitan area) code, e.g. LON, NYC, TYO. */
  readonly code: string;
  readonly name: string;
  /** ISO 3166-1 alpha-2. */
  readonly countryCode: string;
  readonly timeZone: string;
  readonly centre: GeoPoint;
  /** Relative size; the number of hotels is proportional to it. */
  readonly sizeWeight: number;
  /** Radius in km within which its hotels lie. */
  readonly radiusKm: number;
  /** Typical 3-star room price per night in EUR cents, before date and hotel variation. */
  readonly baseNightlyEurMinor: number;
  /** City tax per person per night in EUR cents, payable at the hotel (0 when none). */
  readonly cityTaxEurMinor: number;
}

export interface Address {
  readonly street: string;
  readonly number: string;
  readonly postalCode: string;
  readonly city: string;
  readonly countryCode: string;
}

export type BedType = 'single' | 'double' | 'queen' | 'king' | 'sofa_bed' | 'bunk';

export interface RoomType {
  /** World room code (ground truth), e.g. DBL.ST; suppliers rename it. */
  readonly code: string;
  readonly name: string;
  readonly maxOccupancy: number;
  readonly maxChildren: number;
  readonly beds: readonly { readonly type: BedType; readonly count: number }[];
  /** Price relative to a standard double, in permille. */
  readonly priceFactorPermille: number;
}

export type HotelTrap = 'brand_multiple_addresses' | 'shared_building' | 'local_script_name' | 'diacritics' | 'renamed';

export interface WorldHotel {
  /** Ground-truth id, e.g. PAR-00042. Never shown by a supplier. */
  readonly id: string;
  readonly cityCode: string;
  readonly name: string;
  /** The name in the local script (Japanese, Arabic, Cyrillic, ...) when the hotel has one. */
  readonly localName?: string;
  /** The name before a rename; suppliers with stale content still carry it. */
  readonly previousName?: string;
  readonly brand?: string;
  readonly district: string;
  readonly address: Address;
  readonly geo: GeoPoint;
  readonly stars: 1 | 2 | 3 | 4 | 5;
  readonly amenities: readonly string[];
  readonly description: string;
  readonly images: readonly string[];
  readonly roomTypes: readonly RoomType[];
  readonly checkInTime: string;
  readonly checkOutTime: string;
  readonly phone: string;
  readonly email: string;
  /** Base price of a standard double per night in EUR cents (before date variation). */
  readonly baseNightlyEurMinor: number;
  /** Hours before check-in (hotel local 18:00 on that day) until which refundable rates cancel free. */
  readonly freeCancelDaysBefore: number;
  readonly allInclusive: boolean;
  readonly traps: readonly HotelTrap[];
}

export interface World {
  readonly seed: number;
  readonly cities: readonly City[];
  readonly hotels: readonly WorldHotel[];
  readonly hotelsByCity: ReadonlyMap<string, readonly WorldHotel[]>;
  readonly hotelsById: ReadonlyMap<string, WorldHotel>;
}
