/**
 * KeepPending: the supplier's outcome is unknown. The write-ahead record stays pending with the reason
 * in its history; the partner gets 202 with the bookingId and reads the outcome with GET once the
 * reconciler (or that GET) has asked the supplier again.
 */
import { recordBookingOutcome } from '../../shared/metric-events.js';
import { bookingResponse } from '../record/booking-record.js';
import { BookingStateConflict } from '../record/booking-store.js';
import { changeBooking } from '../record/change-booking.js';
import type { FlowDeps } from './flow-deps.js';
import type { FlowState } from './flow-state.js';

export async function keepPendingStep(state: FlowState, deps: FlowDeps): Promise<FlowState> {
  let record;
  try {
    record = await changeBooking(deps, state.tenant, state.bookingId, { kind: 'keep-pending', at: deps.now().toISOString() });
  } catch (error) {
    // A retried request meeting the undo of an earlier attempt: pending until the undo records its outcome.
    if (!(error instanceof BookingStateConflict && error.refusal?.reason === 'being-undone' && error.current)) throw error;
    record = error.current;
  }
  recordBookingOutcome('pending');
  return { ...state, response: bookingResponse(record) };
}
