/**
 * A booking summary: the answer to a booking (bookingResponse: id, status, references, locked price,
 * cancellation policy, voucher, createdAt) plus what a partner scanning a list needs to recognise a
 * booking without fetching it (supplier, property, stay dates, updatedAt). The full record with guests,
 * price breakdown and history stays behind GET /v1/hotels/bookings/{bookingId}.
 *
 * It reads only BOOKING_SUMMARY_ATTRIBUTES, the attributes the listing indexes project: the type below
 * makes reading any other one a compile error, so a summary built from an index item is never partial.
 */
import type { BOOKING_SUMMARY_ATTRIBUTES } from '../../shared/tables.js';
import { bookingResponse, type BookingRecord } from './booking-record.js';

export type BookingSummarySource = Pick<BookingRecord, (typeof BOOKING_SUMMARY_ATTRIBUTES)[number]>;

export function bookingSummary(record: BookingSummarySource) {
  return {
    ...bookingResponse(record),
    supplierId: record.supplierId,
    propertyId: record.propertyId,
    propertyName: record.propertyName,
    checkIn: record.checkIn,
    checkOut: record.checkOut,
    updatedAt: record.updatedAt,
  };
}

export type BookingSummary = ReturnType<typeof bookingSummary>;
