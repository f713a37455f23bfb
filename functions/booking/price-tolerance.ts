/**
 * The partner's priceTolerance (API-SPEC.md, "Bookings"): the most a booking may cost is the searched total
 * raised by maxIncreasePercent. The rate check and the supplier's confirmation are held against it
 * (flow/booking-draft.ts), and a wallet-paid booking holds it (wallet/wallet-hold-amount.ts).
 */
import { Decimal, parseDecimal } from '../domain/money/decimal.js';
import type { BookingRequest } from './booking-request.js';

/** The highest total the request accepts, exactly; undefined without a priceTolerance (any total is accepted). */
export function toleratedTotal(request: Pick<BookingRequest, 'priceTolerance'>, quotedTotal: string): Decimal | undefined {
  if (!request.priceTolerance) return undefined;
  // A JSON number, not decimal text: 1e-7 or 2.5e-307 are valid percentages whose String() has an exponent,
  // which parseDecimal refuses by design. Decimal reads the number exactly as JavaScript prints it.
  return parseDecimal(quotedTotal).times(new Decimal(request.priceTolerance.maxIncreasePercent).dividedBy(100).plus(1));
}
