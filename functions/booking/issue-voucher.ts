/**
 * CreateVoucher: renders the voucher once from the saved record, so a booking whose voucher cannot be
 * produced is known at once (it is logged; the booking stands), and notes its issue in the history. The
 * voucher itself is rendered from the record whenever it is asked for, so it always shows the current
 * names and status.
 */
import type { FlowDeps } from './flow-deps.js';
import type { FlowState } from './flow-state.js';
import { renderBookingVoucher } from '../booking-voucher.js';

export async function createVoucherStep(state: FlowState, deps: FlowDeps): Promise<FlowState> {
  const record = await deps.bookings.get(state.tenant, state.bookingId);
  if (!record || record.history.some((e) => e.event === 'voucher-issued')) return state;
  const pdf = await renderBookingVoucher(record, deps, 'pdf');
  await deps.bookings.transition(state.tenant, state.bookingId, ['confirmed'], {}, { at: deps.now().toISOString(), event: 'voucher-issued', detail: `voucher PDF, ${pdf.length} bytes` });
  return state;
}
