/**
 * The reference implementation of priceRate: every component computed in decimal.js, exactly as the
 * rounding rule reads (see price-rate.ts for the rule). It is the slow path: the integer fast path
 * (rate-pricer.ts) hands it every input it does not take itself (malformed or refused amounts, products
 * beyond 40 significant digits, errors), so error messages and edge cases come from one place, and
 * test/unit/search-pricing-fast-path.test.ts checks the fast path against it bit for bit.
 */
import { withFxMargin } from '../fx/fx-margin.js';
import { Decimal, parseDecimal } from '../money/decimal.js';
import { formatMinorUnits, minorUnitExponent, parseAmount, roundToMinor } from '../money/minor-units.js';
import type { Money } from '../money/money.js';
import { selectMarkupRule } from './markup-rule-selection.js';
import type { PriceRateInput } from './price-rate-input.js';
import type { FxStamp, Price } from './price.js';
import type { MarkupRule, ServiceFeeRule } from './pricing-rules.js';

export function priceRateWithDecimals(input: PriceRateInput): Price {
  const { rate, rules, quoteCurrency: quote } = input;
  // The account's conversion margin on every conversion into the quote currency (fx-margin.ts).
  const fx = withFxMargin(input.fx, rules.fxMarginBps);
  requireCount('nights', input.nights);
  requireCount('rooms', input.rooms);
  const supplierCurrency = rate.price.currency;
  const stamp = fx.rate(supplierCurrency, quote, input.asOf);
  const supplierToQuote = parseDecimal(stamp.rate);
  const inSupplierCurrency = (money: Money, what: string): Decimal => {
    if (money.currency !== supplierCurrency) {
      throw new RangeError(`${what} is in ${money.currency} but the rate is in ${supplierCurrency}`);
    }
    const amount = parseAmount(money.amount, supplierCurrency);
    if (amount.isNegative()) throw new RangeError(`${what} is negative: ${money.amount}`);
    return amount;
  };

  const supplierPrice = inSupplierCurrency(rate.price, 'price');
  let includedTaxes = new Decimal(0);
  let excludedTaxes = new Decimal(0);
  for (const tax of rate.taxes) {
    const amount = inSupplierCurrency(tax.amount, `tax "${tax.description ?? tax.kind}"`);
    if (tax.included) includedTaxes = includedTaxes.plus(amount);
    else excludedTaxes = excludedTaxes.plus(amount);
  }
  const netInSupplierCurrency = supplierPrice.minus(includedTaxes);
  if (netInSupplierCurrency.isNegative()) throw new RangeError('included taxes exceed the price');
  const convertedNet = netInSupplierCurrency.times(supplierToQuote);

  const feeFx: FxStamp[] = [];
  const convertFixed = (amount: Decimal, currency: string): bigint => {
    const quoteForRule = fx.rate(currency, quote, input.asOf);
    if (currency !== quote && currency !== supplierCurrency && !feeFx.some((f) => f.from === currency)) feeFx.push(quoteForRule);
    return roundToMinor(amount.times(parseDecimal(quoteForRule.rate)), quote);
  };

  const net = roundToMinor(convertedNet, quote);
  const tax = roundToMinor(includedTaxes.times(supplierToQuote), quote);
  const commission = rate.commission ? roundToMinor(inSupplierCurrency(rate.commission, 'commission').times(supplierToQuote), quote) : 0n;
  const payAtHotel = rate.payment === 'pay_at_hotel';

  const markupRule =
    payAtHotel && !rules.payAtHotel.applyMarkup
      ? undefined
      : selectMarkupRule(rules.markups, { supplierId: input.supplierId, stars: input.stars, boardBasis: rate.boardBasis });
  const markup = markupRule ? markupAmount(markupRule, convertedNet, input, convertFixed) : 0n;
  const serviceFee = rules.serviceFee ? serviceFeeAmount(rules.serviceFee, net + markup + tax, quote, convertFixed) : 0n;
  const total = net + markup + tax + serviceFee;
  const excluded = roundToMinor(excludedTaxes.times(supplierToQuote), quote);
  const payableAtHotel = payAtHotel ? net + tax + excluded : excluded;

  const text = (minor: bigint): string => formatMinorUnits(minor, quote);
  return {
    net: text(net),
    markup: text(markup),
    commission: text(commission),
    tax: text(tax),
    serviceFee: text(serviceFee),
    total: text(total),
    currency: quote,
    payableAtHotel: text(payableAtHotel),
    fx: stamp,
    ...(feeFx.length > 0 ? { feeFx } : {}),
  };
}

function markupAmount(
  rule: MarkupRule,
  convertedNet: Decimal,
  input: PriceRateInput,
  convertFixed: (amount: Decimal, currency: string) => bigint,
): bigint {
  const { markup } = rule;
  if (markup.kind === 'percentage')
    return roundToMinor(convertedNet.times(parseDecimal(markup.percent)).dividedBy(100), input.quoteCurrency);
  const count = markup.per === 'booking' ? 1 : markup.per === 'night' ? input.nights : input.nights * input.rooms;
  return convertFixed(parseAmount(markup.amount, markup.currency).times(count), markup.currency);
}

function serviceFeeAmount(
  fee: ServiceFeeRule,
  subtotalMinor: bigint,
  quote: string,
  convertFixed: (amount: Decimal, currency: string) => bigint,
): bigint {
  if (fee.kind === 'fixed') return convertFixed(parseAmount(fee.amount, fee.currency), fee.currency);
  const subtotal = new Decimal(subtotalMinor.toString()).dividedBy(new Decimal(10).pow(minorUnitExponent(quote)));
  return roundToMinor(subtotal.times(parseDecimal(fee.percent)).dividedBy(100), quote);
}

function requireCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer: ${value}`);
}
