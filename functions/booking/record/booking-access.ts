/** A booking of the caller's tenant, or not-found: another tenant's booking is unknown here, exactly as a missing one is. */
import * as z from 'zod';
import { DomainError } from '../../domain/errors/domain-error.js';
import { opaqueId } from '../../domain/ids/opaque-id.js';
import type { BookingRecord } from './booking-record.js';
import type { BookingStore } from './booking-store.js';

export const bookingIdSchema = opaqueId('bookingId', 'Booking id', 'BK0F3M9Q2X7Z4W8N1RAB');

export const bookingParams = z.object({ bookingId: bookingIdSchema });

export async function bookingOr404(store: BookingStore, tenant: string, bookingId: string): Promise<BookingRecord> {
  const record = await store.get(tenant, bookingId);
  if (!record) throw new DomainError('not-found', `No booking ${bookingId}`);
  return record;
}
