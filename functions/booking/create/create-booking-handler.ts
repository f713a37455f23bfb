/** POST /v1/hotels/bookings under its Idempotency-Key: book.ts does the booking. */
import { bookRate } from './create-booking.js';
import { bookingRequestSchema } from '../booking-request.js';
import { bookingDeps } from '../booking-deps.js';
import { idempotentRoute } from '../idempotent-operation.js';
import { runBookingFlow } from './run-booking-flow.js';
import { handOverVoucherIssue } from '../voucher/voucher-issue-handoff.js';

export const handler = idempotentRoute('createBooking', { body: bookingRequestSchema, personalData: true }, (input) =>
  bookRate(input, { ...bookingDeps(), runFlow: runBookingFlow, issueVoucher: handOverVoucherIssue }),
);
