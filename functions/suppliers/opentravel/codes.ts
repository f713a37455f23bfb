import type { BoardBasis } from '../port.js';

/**
 * The OpenTravel code-list values this supplier uses (OTA code lists are published separately from the
 * XSDs, which type them only as OTA_CodeType). Sandbox and adapter share them so the two cannot drift.
 */
export const SUPPLIER_ID = 'opentravel';

/** Age Qualifying Code (AQC). */
export const AGE_ADULT = '10';
export const AGE_CHILD = '8';

/** Unique ID Type (UIT): 14 reservation, 15 cancellation, 5 travel agency (the requestor), 10 hotel (the hotel's own number). */
export const UIT_RESERVATION = '14';
export const UIT_HOTEL = '10';
export const UIT_CANCELLATION = '15';
export const UIT_REQUESTOR = '5';

/** ID_Context / ResID_Source telling whose reference a reservation id is. */
export const CONTEXT_CLIENT = 'CLIENT';
export const CONTEXT_SUPPLIER = 'OPENTRAVEL';
/** ResID_Source of the hotel's own confirmation number (ResID_Type UIT_HOTEL). */
export const CONTEXT_HOTEL = 'HOTEL';

/** Meal Plan Type (MPT): 14 room only, 3 bed and breakfast, 12 half board, 10 full board, 1 all inclusive. */
export const MEAL_PLAN_BY_BOARD: Readonly<Record<BoardBasis, string>> = { RO: '14', BB: '3', HB: '12', FB: '10', AI: '1' };
export const BOARD_BY_MEAL_PLAN: Readonly<Record<string, BoardBasis>> = Object.fromEntries(
  Object.entries(MEAL_PLAN_BY_BOARD).map(([board, code]) => [code, board as BoardBasis]),
);

/** PMS reservation status values carried in HotelReservation/@ResStatus. */
export const RES_STATUS_RESERVED = 'Reserved';
export const RES_STATUS_CANCELLED = 'Cancelled';

/** Error Warning Type (EWT). */
export const EWT = {
  unknown: '1',
  noImplementation: '2',
  businessRule: '3',
  authentication: '4',
  requiredFieldMissing: '10',
  processingException: '12',
} as const;

/**
 * Error codes (ERR) this supplier answers with, and their meaning for the adapter. The ShortText
 * travels too; the adapter decides on Type and Code only.
 */
export const ERR = {
  invalidValue: '320',
  requiredFieldMissing: '321',
  noAvailability: '322',
  bookingNotFound: '245',
  alreadyCancelled: '95',
  modificationNotAllowed: '111',
  unableToProcess: '450',
  systemError: '448',
  authorization: '497',
} as const;
