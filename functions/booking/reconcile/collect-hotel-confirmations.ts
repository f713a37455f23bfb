/**
 * The hotel's own confirmation number of bookings confirmed without one: many hotels give it hours after the
 * booking (Hotelbeds: "reconfirmation numbers are not available at the time of the booking"), and guests are
 * asked for it at the desk. The reconciler asks each booking's supplier again on every run, for the bookings
 * whose stay is nearest first (check-in from today over the next LOOKAHEAD_DAYS), at most ASKED_PER_RUN a run,
 * so a run costs a bounded number of supplier calls; a booking further out is asked once its arrival comes
 * within the window. A number found is noted through the lifecycle (history `hotel-confirmed`, webhook
 * `booking.modified`); a supplier that cannot be reached is asked again next run.
 */
import type { BookingListPosition } from '../list/booking-list-cursor.js';
import { planBookingList } from '../list/booking-list-plan.js';
import { logger } from '../../shared/observability.js';
import type { SupplierPort } from '../../suppliers/port.js';
import { supplierFailureReason } from '../../suppliers/supplier-error.js';
import type { FlowDeps } from '../flow/flow-deps.js';
import { adapterOf } from '../flow/supplier-of.js';
import { supplierContactOf } from '../personal-data/guest-details.js';
import { BookingStateConflict } from '../record/booking-store.js';
import { changeBooking } from '../record/change-booking.js';

export const LOOKAHEAD_DAYS = 14;
export const ASKED_PER_RUN = 25;
/** Pages of the window read a run (100 bookings each): the rest waits for later runs, nearest arrivals first. */
const MAX_PAGES = 10;

export type HotelConfirmationDeps = Pick<
  FlowDeps,
  'bookings' | 'guests' | 'contracts' | 'adapterFor' | 'now' | 'supplierCallTimeoutMs' | 'wallets'
>;

export async function collectHotelConfirmations(
  tenant: string,
  deps: HotelConfirmationDeps,
): Promise<{ readonly asked: number; readonly noted: number }> {
  const today = deps.now().toISOString().slice(0, 10);
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + LOOKAHEAD_DAYS * 86_400_000).toISOString().slice(0, 10);
  const plan = planBookingList(tenant, { status: ['confirmed'], checkInFrom: today, checkInTo: last });
  const waiting: { bookingId: string; supplierId: string; supplierReference: string; checkIn: string }[] = [];
  let after: BookingListPosition | undefined;
  let pages = 0;
  do {
    const page = await deps.bookings.list(tenant, plan, { limit: 100, ...(after ? { after } : {}) });
    for (const booking of page.bookings)
      if (!booking.hotelConfirmationNumber && booking.supplierReference)
        waiting.push({
          bookingId: booking.bookingId,
          supplierId: booking.supplierId,
          supplierReference: booking.supplierReference,
          checkIn: booking.checkIn,
        });
    // The page's end is the sort value of its last booking, which ends in `#<bookingId>` (booking-list-cursor.ts).
    after = page.next ? { sortValue: page.next, bookingId: page.next.slice(page.next.lastIndexOf('#') + 1) } : undefined;
    pages += 1;
  } while (after && pages < MAX_PAGES);
  // The index answers the latest check-in first; the nearest arrivals are the ones a desk will ask about first.
  const asked = waiting.sort((a, b) => a.checkIn.localeCompare(b.checkIn)).slice(0, ASKED_PER_RUN);
  const adapters = new Map<string, Promise<SupplierPort>>();
  const noted = await Promise.all(
    asked.map(async ({ bookingId, supplierId, supplierReference }) => {
      try {
        let adapter = adapters.get(supplierId);
        if (!adapter) adapters.set(supplierId, (adapter = adapterOf(tenant, supplierId, deps)));
        const { holderEmail, traveller } = supplierContactOf(await deps.guests.get(tenant, bookingId));
        const number = await (await adapter).hotelConfirmationNumber({
          supplierReference,
          ...(holderEmail ? { holderEmail } : {}),
          ...(traveller ? { traveller } : {}),
          signal: AbortSignal.timeout(deps.supplierCallTimeoutMs),
        });
        if (!number) return false;
        await changeBooking(deps, tenant, bookingId, {
          kind: 'note-hotel-confirmation',
          at: deps.now().toISOString(),
          supplierId,
          hotelConfirmationNumber: number,
        });
        return true;
      } catch (error) {
        // Noted meanwhile by another run, or the booking moved on (cancelled): nothing to do.
        if (error instanceof BookingStateConflict) return false;
        logger.warn('hotel confirmation not collected', { bookingId, supplierId, reason: supplierFailureReason(error) });
        return false;
      }
    }),
  );
  return { asked: asked.length, noted: noted.filter(Boolean).length };
}
