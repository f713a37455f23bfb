/**
 * Errors in log lines go through an allow-list (functions/shared/loggable-error.ts): what an error carries
 * (a booking, a stored answer, a supplier's text) never reaches the line; what finds the case does.
 */
import { describe, expect, it } from 'vitest';
import type { BookingRecord } from '../../functions/booking/record/booking-record.js';
import { BookingStateConflict } from '../../functions/booking/record/booking-store.js';
import { loggableError } from '../../functions/shared/loggable-error.js';
import { logger } from '../../functions/shared/observability.js';
import { HttpProblem } from '../../functions/shared/problem.js';
import { SupplierError } from '../../functions/suppliers/supplier-error.js';
import { fileCapture } from '../support/log-leaks.js';

const booking = {
  bookingId: 'BK0F3M9Q2X7Z4W8N1RAB',
  status: 'confirmed',
  holder: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' },
  rooms: [{ roomTypeName: 'Double', boardBasis: 'RO', guests: [{ type: 'adult', firstName: 'Ada', lastName: 'Lovelace' }] }],
} as unknown as BookingRecord;

describe('loggableError', () => {
  it('keeps name, message, codes, ids and frames of an error, and nothing it carries', () => {
    const conflict = new BookingStateConflict(booking);
    const fields = loggableError(conflict);
    expect(fields).toMatchObject({ name: 'BookingStateConflict', message: 'booking is confirmed', status: 'confirmed' });
    expect(String(fields.stack)).toMatch(/^BookingStateConflict: booking is confirmed\n\s+at /);
    expect(JSON.stringify(fields)).not.toMatch(/Lovelace|ada@example|holder|guests/);
    // The caller that lost the race still reads the booking.
    expect(conflict.current?.bookingId).toBe(booking.bookingId);
  });

  it('reduces a supplier error to its codes and the length of its text, in the stack too', () => {
    const text = 'booking: holder Ada Lovelace <ada@example.com> is not accepted';
    const error = new SupplierError('rejected', 'hotelbeds', text, { status: 400, supplierCode: 'INVALID_DATA', operation: 'booking' });
    const fields = loggableError(
      new HttpProblem('supplier-error', 'The supplier failed', { extensions: { bookingId: 'BK1' }, cause: error }),
    );
    expect(fields).toMatchObject({ name: 'HttpProblem', kind: 'supplier-error', bookingId: 'BK1' });
    expect(fields.cause).toMatchObject({
      name: 'SupplierError',
      kind: 'rejected',
      supplierId: 'hotelbeds',
      supplierCode: 'INVALID_DATA',
      status: 400,
    });
    expect((fields.cause as { message: string }).message).toBe(
      `rejected from hotelbeds, on booking, code INVALID_DATA, HTTP 400, message of ${text.length} characters withheld`,
    );
    expect(JSON.stringify(fields)).not.toMatch(/Lovelace|ada@example/);
  });

  it('is what the logger writes for an error anywhere in a line', () => {
    const conflict = new BookingStateConflict(booking);
    logger.error('probe: a conflict logged as the flow logs it', {
      bookingId: booking.bookingId,
      error: conflict,
      nested: { errors: [conflict] },
    });
    const line = fileCapture()
      .lines.map((l) => l.text)
      .find((t) => t.includes('probe: a conflict logged'));
    expect(line).toBeDefined();
    expect(line).toContain('"name":"BookingStateConflict"');
    expect(line).not.toMatch(/Lovelace|ada@example|7946|"holder"|"guests"/);
  });
});
