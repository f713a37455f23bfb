/**
 * Issues a confirmed booking's voucher: renders it once from the saved record, so a booking whose voucher
 * cannot be produced is known at once (it is logged; the booking stands), and notes its issue in the
 * history. It runs after the booking's answer has gone (book.ts defers it): rendering a PDF takes longer
 * than everything else a booking does on our side, and the partner does not wait for it. The voucher itself
 * is rendered from the record whenever it is asked for, so it always shows the current names and status.
 */
import type { FlowDeps } from '../flow/flow-deps.js';
import { renderBookingVoucher, type VoucherRenderDeps } from './booking-voucher.js';
import { BookingStateConflict } from '../record/booking-store.js';

export type IssueVoucherDeps = Pick<FlowDeps, 'bookings' | 'guests' | 'property' | 'now'> & VoucherRenderDeps;

export async function issueVoucher(tenant: string, bookingId: string, deps: IssueVoucherDeps): Promise<void> {
  const record = await deps.bookings.get(tenant, bookingId);
  if (record?.status !== 'confirmed' || record.history.some((e) => e.event === 'voucher-issued')) return;
  const pdf = await renderBookingVoucher(record, await deps.guests.get(tenant, bookingId), deps, 'pdf');
  try {
    await deps.bookings.transition(
      tenant,
      bookingId,
      ['confirmed'],
      {},
      { at: deps.now().toISOString(), event: 'voucher-issued', detail: `voucher PDF, ${pdf.length} bytes` },
      record,
    );
  } catch (error) {
    // Cancelled meanwhile (a partner may cancel the moment it has the answer): nothing to note.
    if (error instanceof BookingStateConflict) return;
    throw error;
  }
}
