/**
 * The stay a search asked for: dates and, room by room, the guests (the interface document's occupancy).
 * A rateId is priced for it, and a booking must be for the same rooms and guests.
 */
export interface RoomOccupancy {
  readonly adults: number;
  /** One age per child. */
  readonly children?: readonly number[] | undefined;
}

export interface SearchedStay {
  /** YYYY-MM-DD. */
  readonly checkIn: string;
  readonly checkOut: string;
  readonly occupancies: readonly RoomOccupancy[];
  /** ISO 3166-1 alpha-2 of the traveller: the market a rate may be limited to (every search request has one). */
  readonly nationality?: string;
}
