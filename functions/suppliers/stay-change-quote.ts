/**
 * A stay change's quote from the booking a supplier answered its simulation with (Hotelbeds `mode: SIMULATION`,
 * OpenTravel `ResStatus="Quote"`): the changed stay, its price, nights, policy and what the property collects.
 */
import type { StayChangeQuoteResult, SupplierBooking } from './port.js';

export function quotedStayChange(booking: SupplierBooking): StayChangeQuoteResult {
  return {
    kind: 'quoted',
    quote: {
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      price: booking.price,
      ...(booking.nightly ? { nightly: booking.nightly } : {}),
      cancellationPolicy: booking.cancellationPolicy,
      ...(booking.payAtProperty && booking.payAtProperty.length > 0 ? { payAtProperty: booking.payAtProperty } : {}),
    },
  };
}
