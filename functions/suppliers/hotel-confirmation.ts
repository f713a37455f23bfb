/**
 * The hotel's own confirmation number as the API shows it, from what a supplier gives per room (Rapid
 * `confirmation_id.property`, Hotelbeds' `supplierConfirmationCode` list, OpenTravel's hotel
 * HotelReservationID): each distinct code once, in room order, joined with ", ". A supplier's answer is
 * untrusted: codes are trimmed, control characters and blanks dropped, and the whole bounded, so a desk
 * reference never becomes a page of text on a voucher.
 */
const MAX_LENGTH = 100;

export function hotelConfirmationOf(codes: readonly unknown[]): string | undefined {
  const distinct: string[] = [];
  for (const code of codes) {
    if (typeof code !== 'string') continue;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this strips
    const clean = code.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
    if (clean !== '' && !distinct.includes(clean)) distinct.push(clean);
  }
  if (distinct.length === 0) return undefined;
  const joined = distinct.join(', ');
  return joined.length <= MAX_LENGTH ? joined : `${joined.slice(0, MAX_LENGTH - 1)}…`;
}

/** The field a SupplierBooking carries, present only when there is a number. */
export function withHotelConfirmation(codes: readonly unknown[]): { hotelConfirmationNumber?: string } {
  const number = hotelConfirmationOf(codes);
  return number === undefined ? {} : { hotelConfirmationNumber: number };
}
