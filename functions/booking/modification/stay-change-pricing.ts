/**
 * A changed stay priced for the account as the booking was: the account's rules, and the booking's own stamped
 * fx rate for the supplier's currency, so the difference a partner sees is the supplier's difference and its
 * markup, not a move of the exchange rate on nights that did not change. The supplier's change answer gives
 * its total, nightly figures, penalties and what the property collects; the taxes its total includes are
 * taken in the same share as in the price booked (none of the three suppliers' change answers breaks them out
 * per change).
 */
import type { FxRates } from '../../domain/fx/fx-rates.js';
import { parseMinor, scaleMinor, money } from '../../domain/money/money.js';
import { priceRate } from '../../domain/pricing/price-rate.js';
import type { Price } from '../../domain/pricing/price.js';
import type { PricingRules } from '../../domain/pricing/pricing-rules.js';
import { nightsBetween } from '../../domain/stay/nights.js';
import type { RateTax, StayChangeQuote } from '../../suppliers/port.js';
import type { BookingRecord } from '../record/booking-record.js';

type PricedBooking = Pick<
  BookingRecord,
  'supplierId' | 'currency' | 'fxFrom' | 'fxTo' | 'fxRate' | 'fxSource' | 'fxAsOf' | 'checkedRate' | 'ticket' | 'rooms' | 'supplierAmount'
>;

/** The booking's stamped rate for its supplier's currency; any other pair (a rule's fixed fee) as fx gives it now. */
function stampedFx(record: PricedBooking, current: FxRates): FxRates {
  return {
    rate: (from, to, asOf) =>
      from === record.fxFrom && to === record.fxTo
        ? { from, to, rate: record.fxRate, source: record.fxSource, asOf: record.fxAsOf }
        : current.rate(from, to, asOf),
  };
}

/** The included taxes of the booked rate, scaled to the changed price (half up, per tax). */
function scaledTaxes(taxes: readonly RateTax[], bookedAmount: string, changed: StayChangeQuote['price']): RateTax[] {
  const booked = parseMinor(bookedAmount, changed.currency);
  const now = parseMinor(changed.amount, changed.currency);
  if (booked <= 0) return [];
  return taxes
    .filter((tax) => tax.amount.currency === changed.currency)
    .map((tax) => ({ ...tax, amount: money(scaleMinor(parseMinor(tax.amount.amount, changed.currency), now, booked), changed.currency) }));
}

export function priceStayChange(record: PricedBooking, quote: StayChangeQuote, rules: PricingRules, fx: FxRates): Price {
  return priceRate({
    rate: {
      ...record.checkedRate,
      price: quote.price,
      cancellationPolicy: quote.cancellationPolicy,
      taxes: scaledTaxes(record.checkedRate.taxes, record.supplierAmount, quote.price),
      payAtProperty: quote.payAtProperty,
      nightly: quote.nightly,
    },
    supplierId: record.supplierId,
    stars: record.ticket.starRating,
    rules,
    quoteCurrency: record.currency,
    fx: stampedFx(record, fx),
    nights: nightsBetween(quote.checkIn, quote.checkOut),
    rooms: record.rooms.length,
  });
}
