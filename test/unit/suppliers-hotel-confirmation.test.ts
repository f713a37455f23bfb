import { describe, expect, it } from 'vitest';
import { hotelConfirmationOf, withHotelConfirmation } from '../../functions/suppliers/hotel-confirmation.js';

describe("a hotel's confirmation number from a supplier's answer (untrusted)", () => {
  it('keeps each distinct code once, in room order, trimmed, without control characters', () => {
    expect(hotelConfirmationOf(['HIL_Conf_444322', ' HIL_Conf_444322 ', 'HIL_Conf_9\u0007'])).toBe('HIL_Conf_444322, HIL_Conf_9');
  });

  it('is absent when nothing usable was given', () => {
    expect(hotelConfirmationOf([undefined, '', '  ', 42, null])).toBeUndefined();
    expect(withHotelConfirmation([])).toEqual({});
    expect(withHotelConfirmation(['P123'])).toEqual({ hotelConfirmationNumber: 'P123' });
  });

  it('is bounded, so a hostile answer never becomes a page of text on a voucher', () => {
    const number = hotelConfirmationOf(['x'.repeat(10_000)])!;
    expect(number).toHaveLength(100);
    expect(number.endsWith('…')).toBe(true);
  });
});
