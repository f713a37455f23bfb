/**
 * A confirmed booking's voucher is issued by the vouchers function, not the booking function: the booking
 * function hands the issue over (an asynchronous invoke) once the partner has the answer. The PDF renderer
 * (pdf-lib, fontkit and the fonts, 1.4 MB of the 2.4 MB bundle) then loads only where vouchers are made,
 * and a buffered booking answer no longer waits behind a render.
 */
import { invokeAsync } from '../../shared/lambda-invoke.js';
import { bookingConfig } from '../booking-config.js';

/** What the booking function sends the vouchers function. */
export interface VoucherIssueEvent {
  readonly issueVoucher: { readonly tenant: string; readonly bookingId: string };
}

export function isVoucherIssueEvent(event: unknown): event is VoucherIssueEvent {
  const issue = (event as Partial<VoucherIssueEvent> | null)?.issueVoucher;
  return typeof issue?.tenant === 'string' && typeof issue.bookingId === 'string';
}

export function handOverVoucherIssue(tenant: string, bookingId: string): Promise<void> {
  const event: VoucherIssueEvent = { issueVoucher: { tenant, bookingId } };
  return invokeAsync(bookingConfig().voucherFunctionName, event);
}
