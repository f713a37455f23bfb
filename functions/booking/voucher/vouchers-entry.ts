/**
 * Entry of the vouchers Lambda function: the voucher route of the route table, and the issue of a confirmed
 * booking's voucher that the booking function hands over (voucher-issue.ts). The PDF renderer is loaded
 * here and nowhere else.
 */
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { groupHandler } from '../../shared/dispatch.js';
import { bufferedEntry } from '../../shared/lambda-entry.js';
import { voucherDeps } from './voucher-deps.js';
import { issueVoucher } from './issue-voucher.js';
import { isVoucherIssueEvent, type VoucherIssueEvent } from './voucher-issue-handoff.js';
import { handler as getVoucher } from './get-voucher-handler.js';
import { vouchersConfig } from './vouchers-config.js';

// At the cold start: a variable missing or malformed fails the init, naming it.
vouchersConfig();

export const routes = groupHandler('vouchers', { getVoucher });

const http = bufferedEntry(routes);

/** Lambda's entry: an issue handed over by the booking function, or an API Gateway request. */
export async function handler(event: APIGatewayProxyEvent | VoucherIssueEvent, context: Context): Promise<unknown> {
  if (isVoucherIssueEvent(event)) return issueVoucher(event.issueVoucher.tenant, event.issueVoucher.bookingId, voucherDeps());
  return http(event, context);
}
