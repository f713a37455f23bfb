/**
 * What a supplier imposes on a rate beyond its price (API-SPEC "Supplier obligations"), applied to the price
 * pricing computed:
 *
 * - A selling floor (Hotelbeds `sellingRate` with `hotelMandatory`, Rapid `minimum_selling_price`): the
 *   hotel's lowest public price, which a reseller must not undercut. It is converted at the price's stamped
 *   rate and rounded UP to the quote currency's minor unit, so no rounding sells below it; when the total is
 *   below, the markup is raised by the difference, so `total = net + markup + tax + serviceFee` still holds
 *   exactly and the extra is ours (what the floor forbids giving away).
 * - Charges the property collects (`payAtProperty`): shown with their amount in the property's currency and
 *   an estimate in the quote currency at a stamped rate (the price's own when the currency is the rate's,
 *   otherwise listed in `feeFx`), added to `payableAtHotel`, never to `total`.
 *
 * Most rates carry neither, and those are returned as priced, untouched. Those that do are worked out on
 * safe integers (safe-integer.ts), as the pricer's number path is: every amount is units / 10^exponent and
 * every stamped rate units / 10^scale, so each conversion is one exact product rounded once, the integer
 * decimal.js arrives at. Anything that is not plain data or not exact there goes to decimal.js
 * (rate-obligations-decimal.ts), which also raises the errors. A search applies them to thousands of rates
 * while its partner waits, hence one RateObligations per search, converting through the search's
 * conversions into its quote currency (quote-conversions.ts), the ones its rate pricer prices with.
 */
import { minorUnitExponent } from '../money/minor-units.js';
import type { SupplierRate } from '../rate/supplier-rate.js';
import type { FxStamp, Price, PropertyChargeQuote } from './price.js';
import type { QuoteConversion, QuoteConversions } from './quote-conversions.js';
import { withRateObligationsOnDecimals } from './rate-obligations-decimal.js';
import { NOT_EXACT, formatSafeMinorUnits, parseSafeMinorUnits, scaleRoundHalfUp, scaleRoundUp } from './safe-integer.js';

export interface RateObligations {
  /**
   * The price with the rate's selling floor and property charges applied (the price itself when it has
   * neither). `price` is one the pricer built, in Price's key order, which the answer keeps.
   */
  apply(price: Price, rate: SupplierRate): Price;
}

export function createRateObligations(conversions: QuoteConversions): RateObligations {
  const { fx, asOf } = conversions;

  /**
   * This search's conversion of `currency`, when it is at the stamp the reference takes: the price's own, one
   * already listed, else fx's (listed unless the quote's). Null when that stamp is another rate than the
   * conversion's (a price priced at other figures) or fx's rate is not plain: decimal.js decides then.
   */
  const conversionFor = (currency: string, price: Price, feeFx: FxStamp[]): QuoteConversion | null => {
    const conversion = conversions.from(currency);
    if (!conversion) return null;
    const stamp = currency === price.fx.from ? price.fx : listedStamp(feeFx, currency);
    if (stamp === undefined) {
      if (currency !== price.currency) feeFx.push(conversion.stamp);
      return conversion;
    }
    return stamp.rate === conversion.stamp.rate ? conversion : null;
  };

  /** An amount in `currency` → quote minor units, rounded half up or (a floor) up; negative when not plain or not exact. */
  const converted = (amount: string, currency: string, price: Price, feeFx: FxStamp[], up: boolean): number => {
    const minor = parseSafeMinorUnits(amount, minorUnitExponent(currency));
    if (minor < 0) return minor;
    const scaling = conversionFor(currency, price, feeFx)?.safe;
    if (!scaling) return NOT_EXACT;
    return up ? scaleRoundUp(minor, scaling) : scaleRoundHalfUp(minor, scaling);
  };

  // No closures, object spreads or rests per rate: this runs for every rate with an obligation.
  /** Applied on safe integers; undefined where decimal.js must decide (it then gives the answer or the error). */
  const onSafeIntegers = (price: Price, rate: SupplierRate): Price | undefined => {
    if (price.payAtProperty !== undefined || price.minimumSellingPrice !== undefined) return undefined;
    if (price.currency !== conversions.quote) return undefined;
    const charges = rate.payAtProperty;
    const floor = rate.minimumSellingPrice;
    const quoteExponent = conversions.quoteExponent;
    const feeFx: FxStamp[] = price.feeFx === undefined ? [] : price.feeFx.slice();

    let payableAtHotel = parseSafeMinorUnits(price.payableAtHotel, quoteExponent);
    if (payableAtHotel < 0) return undefined;
    let payAtProperty: PropertyChargeQuote[] | undefined;
    if (charges !== undefined && charges.length > 0) {
      payAtProperty = [];
      for (const charge of charges) {
        const { amount, currency } = charge.amount;
        const quoted = converted(amount, currency, price, feeFx, false);
        if (quoted < 0) return undefined;
        payableAtHotel += quoted;
        payAtProperty.push({
          kind: charge.kind,
          description: charge.description,
          amount,
          currency,
          quote: formatSafeMinorUnits(quoted, quoteExponent),
        });
      }
    }

    let markup = parseSafeMinorUnits(price.markup, quoteExponent);
    let total = parseSafeMinorUnits(price.total, quoteExponent);
    if (markup < 0 || total < 0) return undefined;
    let minimumSellingPrice: string | undefined;
    if (floor) {
      const floorInQuote = converted(floor.amount, floor.currency, price, feeFx, true);
      if (floorInQuote < 0) return undefined;
      if (total < floorInQuote) {
        markup += floorInQuote - total;
        total = floorInQuote;
      }
      minimumSellingPrice = formatSafeMinorUnits(floorInQuote, quoteExponent);
    }
    // Sums of safe integers only grow: past 2^53 they stay unsafe, so one check at the end is enough.
    if (!Number.isSafeInteger(payableAtHotel) || !Number.isSafeInteger(markup)) return undefined;

    // The reference's key order: the price's own, then feeFx, payAtProperty and minimumSellingPrice when there are any.
    const applied: { -readonly [K in keyof Price]: Price[K] } = {
      net: price.net,
      markup: formatSafeMinorUnits(markup, quoteExponent),
      commission: price.commission,
      tax: price.tax,
      serviceFee: price.serviceFee,
      total: formatSafeMinorUnits(total, quoteExponent),
      currency: price.currency,
      payableAtHotel: formatSafeMinorUnits(payableAtHotel, quoteExponent),
      fx: price.fx,
    };
    if (feeFx.length > 0) applied.feeFx = feeFx;
    if (payAtProperty !== undefined) applied.payAtProperty = payAtProperty;
    if (minimumSellingPrice !== undefined) applied.minimumSellingPrice = minimumSellingPrice;
    return applied;
  };

  return {
    apply(price, rate) {
      if ((rate.payAtProperty === undefined || rate.payAtProperty.length === 0) && !rate.minimumSellingPrice) return price;
      let applied: Price | undefined;
      try {
        applied = onSafeIntegers(price, rate);
      } catch {
        // Whatever went wrong (an unavailable fx pair, ...), decimal.js applies them or raises its own error.
      }
      return applied ?? withRateObligationsOnDecimals(price, rate, fx, asOf);
    },
  };
}

/** The first stamp listed for `currency`, if any. */
function listedStamp(feeFx: readonly FxStamp[], currency: string): FxStamp | undefined {
  for (const listed of feeFx) if (listed.from === currency) return listed;
  return undefined;
}
