/**
 * GET /v1/hotels/bookings/{bookingId}/voucher: the voucher rendered from the stored record, as PDF, or as
 * HTML when the caller prefers text/html (a browser, an e-mail template).
 */
import { httpHandler } from '../../shared/http-handler.js';
import { bookingOr404, bookingParams } from '../record/booking-access.js';
import { renderBookingVoucher } from './booking-voucher.js';
import { voucherDeps } from './voucher-deps.js';

/** text/html when Accept ranks it above application/pdf; PDF otherwise (and when Accept says nothing). */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const quality = (type: string) => {
    for (const part of accept.split(',')) {
      const [range = '', ...params] = part
        .trim()
        .split(';')
        .map((s) => s.trim());
      if (range === type) {
        const q = params.find((p) => p.startsWith('q='));
        return q ? Number(q.slice(2)) : 1;
      }
    }
    return 0;
  };
  return quality('text/html') > quality('application/pdf');
}

export const handler = httpHandler('getVoucher', { params: bookingParams, personalData: true }, async (request) => {
  const deps = voucherDeps();
  const record = await bookingOr404(deps.bookings, request.caller!.tenant, request.params.bookingId);
  const guests = await deps.guests.get(record.tenant, record.bookingId);
  const disposition = `inline; filename="voucher-${record.bookingId}`;
  if (prefersHtml(request.headers.accept)) {
    return {
      status: 200,
      raw: { contentType: 'text/html; charset=utf-8', body: await renderBookingVoucher(record, guests, deps, 'html') },
      headers: { 'Content-Disposition': `${disposition}.html"` },
    };
  }
  const pdf = await renderBookingVoucher(record, guests, deps, 'pdf');
  return {
    status: 200,
    raw: { contentType: 'application/pdf', body: Buffer.from(pdf) },
    headers: { 'Content-Disposition': `${disposition}.pdf"` },
  };
});
