/**
 * Issues a confirmed booking's voucher: renders it once from the saved record, so a booking whose voucher
 * cannot be produced is known at once (it is logged; the booking stands), and notes its issue in the
 * history. It runs after the booking's answer has gone (book.ts defers it): rendering a PDF takes longer
 * than everything else a booking does on our side, and the partner does not wait for it. The voucher itself
 * is rendered from the record whenever it is asked for, so it always shows the current names and status.
 */
import { refusalOf } from '../../domain/booking/booking-lifecycle.js';
import type { FlowDeps } from '../flow/flow-deps.js';
import { renderBookingVoucher, type VoucherRenderDeps } from './booking-voucher.js';
import { BookingStateConflict } from '../record/booking-store.js';
import { changeBooking } from '../record/change-booking.js';

export type IssueVoucherDeps = Pick<FlowDeps, 'bookings' | 'guests' | 'property' | 'now'> & VoucherRenderDeps;

export async function issueVoucher(tenant: string, bookingId: string, deps: IssueVoucherDeps): Promise<void> {
  const record = await deps.bookings.get(tenant, bookingId);
  // Not confirmed (any more), or issued already: nothing to issue.
  if (!record || refusalOf(record, 'issue-voucher')) return;
  const pdf = await renderBookingVoucher(record, await deps.guests.get(tenant, bookingId), deps, 'pdf');
  try {
    await changeBooking(deps, tenant, bookingId, { kind: 'issue-voucher', at: deps.now().toISOString(), bytes: pdf.length }, record);
  } catch (error) {
    // Cancelled meanwhile (a partner may cancel the moment it has the answer): nothing to note.
    if (error instanceof BookingStateConflict) return;
    throw error;
  }
}
