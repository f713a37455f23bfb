/**
 * KeepPending: the supplier's outcome is unknown. The write-ahead record stays pending with the reason
 * in its history; the partner gets 202 with the bookingId and reads the outcome with GET once the
 * reconciler (or that GET) has asked the supplier again.
 */
import { recordBookingOutcome } from '../../shared/metric-events.js';
import { bookingResponse } from '../record/booking-record.js';
import type { FlowDeps } from './flow-deps.js';
import type { FlowState } from './flow-state.js';

export async function keepPendingStep(state: FlowState, deps: FlowDeps): Promise<FlowState> {
  const record = await deps.bookings.transition(
    state.tenant,
    state.bookingId,
    ['pending'],
    {},
    {
      at: deps.now().toISOString(),
      event: 'outcome-unknown',
      detail: 'the supplier did not confirm in time and no booking under our reference was found yet; it will be asked again',
    },
  );
  recordBookingOutcome('pending');
  return { ...state, response: bookingResponse(record) };
}
