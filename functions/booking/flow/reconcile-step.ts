/**
 * ReconcileBooking: the supplier did not answer the booking in time (or an earlier attempt has no known
 * outcome), so it is asked whether it holds a booking under our reference. Found: the flow carries on as
 * if it had answered. Not found, or the supplier cannot say: the booking stays pending (KeepPending) and
 * the reconciler settles it later; it is never dropped, and never booked a second time.
 */
import type { FlowDeps } from './flow-deps.js';
import { askerOf, type FlowState } from './flow-state.js';
import { confirmedByTheSupplier } from './book-with-supplier-step.js';
import { measuredSupplierCall } from './measured-supplier-call.js';
import { adapterOf } from './supplier-of.js';

export async function reconcileStep(state: FlowState, deps: FlowDeps): Promise<FlowState> {
  const checked = state.checked!;
  const adapter = await adapterOf(state.tenant, checked.ticket.supplierId, deps);
  const found = await measuredSupplierCall(checked.ticket.supplierId, 'find-booking', () =>
    adapter.findBookingByClientReference({
      clientReference: state.bookingId,
      holderEmail: state.request.holder.email,
      bookedAround: new Date(state.requestedAt),
      ...askerOf(state),
      signal: AbortSignal.timeout(deps.supplierCallTimeoutMs),
    }),
  );
  if (found?.status !== 'confirmed') return { ...state, reconciled: { found: false } };
  return { ...(await confirmedByTheSupplier(state, found, deps)), reconciled: { found: true } };
}
