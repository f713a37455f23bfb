import { plannedRoute } from '../shared/planned.js';

/** GET /v1/hotels/bookings/{bookingId}/voucher: not delivered yet, answers 501 naming the capability. */
export const handler = plannedRoute('getVoucher', 'Booking vouchers');
