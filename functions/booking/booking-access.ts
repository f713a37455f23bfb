/** A booking of the caller's tenant, or 404: another tenant's booking is as unknown as a missing one. */
import { z } from 'zod';
import { HttpProblem } from '../shared/problem.js';
import { BOOKING_ID_PATTERN } from './booking-id.js';
import type { BookingRecord } from './booking-record.js';
import type { BookingStore } from './booking-store.js';

export const bookingParams = z.object({ bookingId: z.string().regex(BOOKING_ID_PATTERN, 'is not a bookingId') });

export async function bookingOr404(store: BookingStore, tenant: string, bookingId: string): Promise<BookingRecord> {
  const record = await store.get(tenant, bookingId);
  if (!record) throw new HttpProblem('not-found', `No booking ${bookingId}`);
  return record;
}
