/**
 * Erasing a booking's personal data (API-SPEC.md "Personal data"): the holder's and guests' names, e-mail,
 * phone, children's ages and the free-text cancel reason. One path for the partner's DELETE, the operator's
 * `npm run admin -- guest erase` and the retention job after check-out, so all three erase the same.
 *
 * Where that data is, and what erasing does there:
 * - the guests table (guest-details-store.ts): the details are replaced by the time they were erased, for
 *   good (a retried booking step cannot write them back); a booking stored before the guests table loses
 *   them from its booking item too;
 * - the booking itself keeps its ids, dates, status, supplier reference and money, so finance's ledger is
 *   unchanged; it gains `personalDataErasedAt` and a history entry, which is not a webhook event;
 * - nowhere else: the idempotency table stores answers without names (modify's are joined on the way out),
 *   and webhook events carry a booking's summary, which holds none.
 *
 * A pending booking is refused: its supplier may still confirm it under the names we sent, and it must then
 * be recognisable. Erasing twice answers the first erasure's time.
 */
import { refusalOf } from '../../domain/booking/booking-lifecycle.js';
import type { ErasedBy } from '../../domain/booking/erased-by.js';
import type { LifecycleRefusal } from '../../domain/booking/lifecycle-refusal.js';
import type { BookingRecord } from '../record/booking-record.js';
import { BookingStateConflict, type BookingStore } from '../record/booking-store.js';
import { changeBooking } from '../record/change-booking.js';
import type { GuestDetailsStore } from './guest-details.js';

export type { ErasedBy };

export interface ErasureDeps {
  readonly bookings: BookingStore;
  readonly guests: GuestDetailsStore;
  readonly now: () => Date;
}

export type ErasureOutcome =
  | { readonly kind: 'erased'; readonly bookingId: string; readonly personalDataErasedAt: string }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'pending'; readonly bookingId: string; readonly refusal: LifecycleRefusal };

export async function erasePersonalData(tenant: string, bookingId: string, by: ErasedBy, deps: ErasureDeps): Promise<ErasureOutcome> {
  const record = await deps.bookings.get(tenant, bookingId);
  if (!record) return { kind: 'not-found' };
  const refusal = refusalOf(record, 'erase-personal-data');
  if (refusal?.reason === 'personal-data-erased') return { kind: 'erased', bookingId, personalDataErasedAt: record.personalDataErasedAt! };
  if (refusal) return { kind: 'pending', bookingId, refusal };
  const erasedAt = await deps.guests.erase(tenant, bookingId, deps.now().toISOString());
  let marked: BookingRecord;
  try {
    marked = await changeBooking(deps, tenant, bookingId, { kind: 'erase-personal-data', at: erasedAt, by }, record);
  } catch (error) {
    // Marked by another erasure meanwhile: the details are gone either way; its time is the answer.
    if (error instanceof BookingStateConflict && error.current?.personalDataErasedAt)
      return { kind: 'erased', bookingId, personalDataErasedAt: error.current.personalDataErasedAt };
    throw error;
  }
  return { kind: 'erased', bookingId, personalDataErasedAt: marked.personalDataErasedAt ?? erasedAt };
}
