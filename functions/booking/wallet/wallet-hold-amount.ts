/**
 * How much a wallet-paid booking holds: the most the partner agreed to pay for it, so that the capture of
 * the confirmed total never needs more than was held. With a priceTolerance, that is the searched total
 * raised by it (price-tolerance.ts), rounded down to the currency's minor unit, since an accepted total never
 * exceeds it. Without one, no rise was agreed: the binding total. Never less than the binding total, which
 * the rate check already keeps within the tolerance.
 */
import { Decimal } from '../../domain/money/decimal.js';
import { currencyExponent, parseMinor } from '../../domain/money/money.js';
import type { BookingRequest } from '../booking-request.js';
import { toleratedTotal } from '../price-tolerance.js';

export interface AgreedPrice {
  /** The total the search quoted, which the tolerance is counted from. */
  readonly quotedTotal: string;
  /** The binding total (the rate check's); the quoted one before the check is made. */
  readonly bindingTotal: string;
  readonly currency: string;
}

export function walletHoldMinor(request: Pick<BookingRequest, 'priceTolerance'>, price: AgreedPrice): number {
  const binding = parseMinor(price.bindingTotal, price.currency);
  const tolerated = toleratedTotal(request, price.quotedTotal);
  if (!tolerated) return binding;
  const limit = tolerated.times(new Decimal(10).pow(currencyExponent(price.currency))).toDecimalPlaces(0, Decimal.ROUND_DOWN);
  return Math.max(binding, limit.toNumber());
}
