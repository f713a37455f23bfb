/**
 * Where a booking stands. `pending` while its supplier's outcome is unknown (the write-ahead record made
 * before the supplier is asked is pending too); `confirmed` once the supplier holds it; `cancelled` after a
 * confirmed booking was cancelled; `failed` when nothing stands booked (refused, never found, or undone).
 */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'failed'] as const;

export type BookingStatus = (typeof BOOKING_STATUSES)[number];
