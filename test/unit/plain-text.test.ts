/** Text fields refuse control characters and unpaired surrogates, naming the field; every script and emoji passes. */
import { describe, expect, it } from 'vitest';
import { bookingRequestSchema, cancelBookingBodySchema } from '../../functions/booking/booking-request.js';
import { carBookingRequestSchema } from '../../functions/cars/car-booking-request.js';
import { fieldErrors } from '../../functions/shared/validation.js';
import { isPlainText, PLAIN_TEXT_MESSAGE } from '../../functions/shared/plain-text.js';

const booking = (firstName: string, clientReference = 'TRIP-1') => ({
  rateId: 'r1.abc',
  searchId: 'srch_1',
  holder: { firstName, lastName: 'Lovelace', email: 'ada@example.com' },
  rooms: [{ guests: [{ type: 'adult', firstName, lastName: 'Lovelace' }] }],
  clientReference,
});

const errorsOf = (result: ReturnType<typeof bookingRequestSchema.safeParse>) => (result.success ? [] : fieldErrors(result.error));

describe('plain text', () => {
  it('accepts names in any script, with marks, emoji (surrogate pairs) and right-to-left text', () => {
    for (const name of ['Zoë Ødegård', 'Łukasz Żółć', 'Ἀριστοτέλης', 'Фёдор', '李小龍', 'محمد', 'Zoe\u0308', 'Ada 👩‍💻', "O'Brien-Smith"]) {
      expect(isPlainText(name), name).toBe(true);
      expect(bookingRequestSchema.safeParse(booking(name)).success, name).toBe(true);
    }
  });

  it('refuses NUL, other control characters and unpaired surrogates, naming each field', () => {
    for (const name of [
      'A\u0000B',
      'bell\u0007',
      'esc\u001b[31m',
      'del\u007f',
      'next\u0085line',
      'Ada\ud800',
      '\udfffAda',
      'line\nbreak',
    ]) {
      expect(isPlainText(name), JSON.stringify(name)).toBe(false);
      expect(errorsOf(bookingRequestSchema.safeParse(booking(name)))).toEqual([
        { path: 'holder.firstName', message: PLAIN_TEXT_MESSAGE },
        { path: 'rooms[0].guests[0].firstName', message: PLAIN_TEXT_MESSAGE },
      ]);
    }
    expect(errorsOf(bookingRequestSchema.safeParse(booking('Ada', 'TRIP\u0000')))).toEqual([
      { path: 'clientReference', message: PLAIN_TEXT_MESSAGE },
    ]);
  });

  it('lets a cancel reason keep line breaks and tabs, nothing else of the kind', () => {
    expect(cancelBookingBodySchema.safeParse({ reason: 'Guest ill.\r\n\tRebooking later.' }).success).toBe(true);
    expect(cancelBookingBodySchema.safeParse({ reason: 'nul\u0000' }).success).toBe(false);
    expect(cancelBookingBodySchema.safeParse({ reason: '\ud83d' }).success).toBe(false);
  });

  it('holds for the planned car booking too', () => {
    const car = {
      offerId: 'co1.x',
      searchId: 'c1',
      driver: { firstName: 'A\u0000', lastName: 'B', email: 'a@example.com', age: 30, licenceCountry: 'GB' },
      clientReference: 'C-1',
    };
    expect(carBookingRequestSchema.safeParse(car).success).toBe(false);
    expect(carBookingRequestSchema.safeParse({ ...car, driver: { ...car.driver, firstName: 'Ada' } }).success).toBe(true);
  });
});
