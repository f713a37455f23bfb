/**
 * SaveBooking: the pending record becomes the confirmed booking, with what the supplier confirmed and the
 * price as locked. Conditional on the record still being pending, so a repeated save changes nothing; a
 * record already confirmed with the same supplier reference counts as saved.
 */
import { recordBookingOutcome } from '../../shared/metric-events.js';
import { bookingResponse } from '../record/booking-record.js';
import { BookingStateConflict } from '../record/booking-store.js';
import { changeBooking } from '../record/change-booking.js';
import { confirmedTerms } from './booking-draft.js';
import type { FlowDeps } from './flow-deps.js';
import type { FlowState } from './flow-state.js';

export async function saveBookingStep(state: FlowState, deps: FlowDeps): Promise<FlowState> {
  const booking = state.supplierBooking!;
  const current = await deps.bookings.get(state.tenant, state.bookingId);
  try {
    // Paid before the record says confirmed (the lifecycle's capture), so a confirmed booking is never
    // unpaid; if the save then fails, UndoBooking gives the capture back.
    const record = await changeBooking(
      deps,
      state.tenant,
      state.bookingId,
      {
        kind: 'confirm',
        at: deps.now().toISOString(),
        supplierId: booking.supplierId,
        supplierReference: booking.supplierReference,
        via: state.reconciled?.found ? 'lookup-after-timeout' : 'answer',
        terms: current ? confirmedTerms(current, booking, state.locked!) : {},
      },
      current,
    );
    recordBookingOutcome('confirmed');
    return { ...state, response: bookingResponse(record) };
  } catch (error) {
    // A repeated save finds its booking confirmed; and the pending-booking reconciler (or a GET settling it)
    // may confirm the same booking between the read above and this write. That is this save done, not a
    // failure: failing here would undo at the supplier a booking our record calls confirmed.
    const saved = error instanceof BookingStateConflict ? error.current : undefined;
    if (saved?.status === 'confirmed' && saved.supplierReference === booking.supplierReference)
      return { ...state, response: bookingResponse(saved) };
    throw error;
  }
}
