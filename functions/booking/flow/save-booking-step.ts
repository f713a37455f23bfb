/**
 * SaveBooking: the pending record becomes the confirmed booking, with what the supplier confirmed and the
 * price as locked. Conditional on the record still being pending, so a repeated save changes nothing; a
 * record already confirmed with the same supplier reference counts as saved.
 */
import { recordBookingOutcome } from '../../shared/metric-events.js';
import { bookingResponse } from '../record/booking-record.js';
import { BookingStateConflict } from '../record/booking-store.js';
import { captureBookingTotal } from '../wallet/wallet-payment.js';
import { confirmedChanges } from './booking-draft.js';
import type { FlowDeps } from './flow-deps.js';
import type { FlowState } from './flow-state.js';

export async function saveBookingStep(state: FlowState, deps: FlowDeps): Promise<FlowState> {
  const booking = state.supplierBooking!;
  const current = await deps.bookings.get(state.tenant, state.bookingId);
  if (current?.status === 'confirmed' && current.supplierReference === booking.supplierReference)
    return { ...state, response: bookingResponse(current) };
  if (!current) throw new BookingStateConflict(undefined);
  // Paid before the record says confirmed, so a confirmed booking is never unpaid; if the save then fails,
  // UndoBooking gives the capture back.
  await captureBookingTotal(current, state.locked!, deps.wallets, deps.now());
  try {
    const record = await deps.bookings.transition(
      state.tenant,
      state.bookingId,
      ['pending'],
      confirmedChanges(current, booking, state.locked!),
      {
        at: deps.now().toISOString(),
        event: 'confirmed',
        detail: `confirmed by ${booking.supplierId} as ${booking.supplierReference}${state.reconciled?.found ? ' (found by our reference after a timeout)' : ''}`,
      },
      current,
    );
    recordBookingOutcome('confirmed');
    return { ...state, response: bookingResponse(record) };
  } catch (error) {
    // The pending-booking reconciler (or a GET settling it) may confirm the same booking between the read
    // above and this write. That is this save done, not a failure: failing here would undo at the supplier
    // a booking our record calls confirmed.
    const saved = error instanceof BookingStateConflict ? error.current : undefined;
    if (saved?.status === 'confirmed' && saved.supplierReference === booking.supplierReference)
      return { ...state, response: bookingResponse(saved) };
    throw error;
  }
}
