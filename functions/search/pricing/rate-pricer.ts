/**
 * priceRate for many rates of one search: the same rule (price-rate.ts), computed on BigInt minor units
 * instead of decimal.js, with everything constant across the search worked out once.
 *
 * Why it gives bit-for-bit the decimal.js result: every amount, rate and percent is a finite decimal
 * `units / 10^scale`; decimal.js (precision 40) forms sums and products of them exactly as long as they
 * have at most 40 digits, and division by 100 or a power of ten only moves the point. So each component is
 * one exact integer product, rounded once half up to the quote currency's minor unit, which is what
 * roundShiftHalfUp does. Where a product would reach 10^40 (decimal.js would round it), or an input is
 * anything but plain well-formed data (signs, spaces, too many decimals, another currency, an error), the
 * rate is priced by the decimal.js implementation itself (price-rate-decimal.ts), which also raises the
 * errors. test/unit/search-pricing-fast-path.test.ts compares the two on many random rates.
 *
 * Cached per pricer, i.e. per search: the fx quote of each (from, quote) pair and its parsed rate, the
 * markup rule chosen for each (supplier, stars, board), parsed percents, and converted fixed amounts.
 */
import type { FxQuote, FxRates } from '../fx/fx-rates.js';
import type { Money } from '../../suppliers/money.js';
import type { SupplierRate } from '../../suppliers/port.js';
import { selectMarkupRule } from './markup-rule-selection.js';
import { formatMinorUnits, minorUnitExponent } from './minor-units.js';
import type { FxStamp, Price } from './price.js';
import { priceRateWithDecimals } from './price-rate-decimal.js';
import type { PriceRateInput } from './price-rate.js';
import type { MarkupRule, PricingRules } from './pricing-rules.js';
import { exactProduct, parseMinorUnits, parseUnsignedDecimal, roundShiftHalfUp, type ScaledInteger } from './scaled-integer.js';

/** What stays the same for every rate of a search. */
export interface RatePricingContext {
  readonly rules: PricingRules;
  readonly quoteCurrency: string;
  readonly fx: FxRates;
  readonly nights: number;
  readonly rooms: number;
  readonly asOf?: string;
}

export interface RatePricer {
  /** Exactly priceRate({...context, rate, supplierId, stars}). */
  price(rate: SupplierRate, supplierId: string, stars: number | undefined): Price;
}

/** A conversion into the quote currency: the stamp and its rate as units / 10^scale. */
interface Conversion {
  readonly stamp: FxQuote;
  readonly rate: ScaledInteger;
}

/** A fixed rule amount (× its count) converted and rounded into the quote currency. */
interface ConvertedFixed {
  readonly minor: bigint;
  readonly currency: string;
  readonly stamp: FxQuote;
}

type PreparedMarkup =
  | { readonly kind: 'percentage'; readonly percent: ScaledInteger }
  | { readonly kind: 'fixed'; readonly converted: ConvertedFixed };

type PreparedFee =
  | { readonly kind: 'none' }
  | { readonly kind: 'percentage'; readonly percent: ScaledInteger }
  | { readonly kind: 'fixed'; readonly converted: ConvertedFixed };

/** Marks a cache entry for a rule the fast path does not take (the rate then goes the decimal.js way). */
const SLOW = null;

export function createRatePricer(context: RatePricingContext): RatePricer {
  const { rules, quoteCurrency: quote, fx, asOf } = context;
  const countsValid = isCount(context.nights) && isCount(context.rooms);
  const quoteExponent = minorUnitExponent(quote);
  const zeroText = formatMinorUnits(0n, quote);
  const text = (minor: bigint): string => (minor === 0n ? zeroText : formatMinorUnits(minor, quote));

  const conversions = new Map<string, Conversion | typeof SLOW>();
  const conversionFrom = (currency: string): Conversion | typeof SLOW => {
    let conversion = conversions.get(currency);
    if (conversion === undefined) {
      const stamp = fx.rate(currency, quote, asOf); // an FxUnavailableError is not cached: decimal.js raises it again
      const rate = parseUnsignedDecimal(stamp.rate);
      conversion = rate ? { stamp, rate } : SLOW;
      conversions.set(currency, conversion);
    }
    return conversion;
  };

  /** amount (in `currency`, at most its decimals) × count × rate(currency → quote), rounded once. */
  const convertFixed = (amount: string, currency: string, count: number): ConvertedFixed | typeof SLOW => {
    const exponent = minorUnitExponent(currency);
    const minor = parseMinorUnits(amount, exponent);
    const conversion = minor === undefined ? SLOW : conversionFrom(currency);
    if (minor === undefined || !conversion) return SLOW;
    const counted = exactProduct(minor, BigInt(count));
    const product = counted === undefined ? undefined : exactProduct(counted, conversion.rate.units);
    if (product === undefined) return SLOW;
    return { minor: roundShiftHalfUp(product, exponent + conversion.rate.scale - quoteExponent), currency, stamp: conversion.stamp };
  };

  const preparedMarkups = new Map<MarkupRule, PreparedMarkup | typeof SLOW>();
  const prepareMarkup = (rule: MarkupRule): PreparedMarkup | typeof SLOW => {
    let prepared = preparedMarkups.get(rule);
    if (prepared === undefined) {
      const { markup } = rule;
      if (markup.kind === 'percentage') {
        const percent = parseUnsignedDecimal(markup.percent);
        prepared = percent ? { kind: 'percentage', percent } : SLOW;
      } else {
        const count = markup.per === 'booking' ? 1 : markup.per === 'night' ? context.nights : context.nights * context.rooms;
        const converted = convertFixed(markup.amount, markup.currency, count);
        prepared = converted ? { kind: 'fixed', converted } : SLOW;
      }
      preparedMarkups.set(rule, prepared);
    }
    return prepared;
  };

  let preparedFee: PreparedFee | typeof SLOW | undefined;
  const prepareFee = (): PreparedFee | typeof SLOW => {
    if (preparedFee === undefined) {
      const fee = rules.serviceFee;
      if (!fee) preparedFee = { kind: 'none' };
      else if (fee.kind === 'percentage') {
        const percent = parseUnsignedDecimal(fee.percent);
        preparedFee = percent ? { kind: 'percentage', percent } : SLOW;
      } else {
        const converted = convertFixed(fee.amount, fee.currency, 1);
        preparedFee = converted ? { kind: 'fixed', converted } : SLOW;
      }
    }
    return preparedFee;
  };

  const chosenRules = new Map<string, MarkupRule | undefined>();
  const markupRuleFor = (supplierId: string, stars: number | undefined, rate: SupplierRate): MarkupRule | undefined => {
    if (rate.payment === 'pay_at_hotel' && !rules.payAtHotel.applyMarkup) return undefined;
    const key = `${supplierId}\u0000${stars}\u0000${rate.boardBasis}`;
    if (chosenRules.has(key)) return chosenRules.get(key);
    const rule = selectMarkupRule(rules.markups, { supplierId, stars, boardBasis: rate.boardBasis });
    chosenRules.set(key, rule);
    return rule;
  };

  // No closures are made per rate: this runs for every rate of a search.
  const fast = (rate: SupplierRate, supplierId: string, stars: number | undefined): Price | undefined => {
    const supplierCurrency = rate.price.currency;
    const conversion = conversionFrom(supplierCurrency);
    if (!conversion) return undefined;
    const supplierExponent = minorUnitExponent(supplierCurrency);

    const supplierPrice = minorIn(rate.price, supplierCurrency, supplierExponent);
    if (supplierPrice === undefined) return undefined;
    let includedTaxes = 0n;
    let excludedTaxes = 0n;
    for (const tax of rate.taxes) {
      const amount = minorIn(tax.amount, supplierCurrency, supplierExponent);
      if (amount === undefined) return undefined;
      if (tax.included) includedTaxes += amount;
      else excludedTaxes += amount;
    }
    const netInSupplierCurrency = supplierPrice - includedTaxes;
    if (netInSupplierCurrency < 0n) return undefined;

    // Products of supplier minor units and the rate's units are worth units / 10^shift in the quote's minor unit.
    const rateUnits = conversion.rate.units;
    const shift = supplierExponent + conversion.rate.scale - quoteExponent;
    const convertedNet = exactProduct(netInSupplierCurrency, rateUnits);
    const convertedTax = includedTaxes === 0n ? 0n : exactProduct(includedTaxes, rateUnits);
    const convertedExcluded = excludedTaxes === 0n ? 0n : exactProduct(excludedTaxes, rateUnits);
    if (convertedNet === undefined || convertedTax === undefined || convertedExcluded === undefined) return undefined;
    const net = roundShiftHalfUp(convertedNet, shift);
    const tax = roundShiftHalfUp(convertedTax, shift);
    const excluded = roundShiftHalfUp(convertedExcluded, shift);

    let commission = 0n;
    if (rate.commission) {
      const amount = minorIn(rate.commission, supplierCurrency, supplierExponent);
      const converted = amount === undefined ? undefined : exactProduct(amount, rateUnits);
      if (converted === undefined) return undefined;
      commission = roundShiftHalfUp(converted, shift);
    }

    let feeFx: FxStamp[] | undefined;
    let markup = 0n;
    const markupRule = markupRuleFor(supplierId, stars, rate);
    if (markupRule) {
      const prepared = prepareMarkup(markupRule);
      if (!prepared) return undefined;
      if (prepared.kind === 'percentage') {
        // exact converted net × percent / 100
        const product = exactProduct(convertedNet, prepared.percent.units);
        if (product === undefined) return undefined;
        markup = roundShiftHalfUp(product, shift + prepared.percent.scale + 2);
      } else {
        markup = prepared.converted.minor;
        feeFx = withFeeFx(feeFx, prepared.converted, quote, supplierCurrency);
      }
    }

    let serviceFee = 0n;
    const fee = prepareFee();
    if (!fee) return undefined;
    if (fee.kind === 'percentage') {
      // (rounded net + markup + tax, in quote minor units) × percent / 100
      const product = exactProduct(net + markup + tax, fee.percent.units);
      if (product === undefined) return undefined;
      serviceFee = roundShiftHalfUp(product, fee.percent.scale + 2);
    } else if (fee.kind === 'fixed') {
      serviceFee = fee.converted.minor;
      feeFx = withFeeFx(feeFx, fee.converted, quote, supplierCurrency);
    }

    const total = net + markup + tax + serviceFee;
    const payableAtHotel = rate.payment === 'pay_at_hotel' ? net + tax + excluded : excluded;
    const price: { -readonly [K in keyof Price]: Price[K] } = {
      net: text(net),
      markup: text(markup),
      commission: text(commission),
      tax: text(tax),
      serviceFee: text(serviceFee),
      total: text(total),
      currency: quote,
      payableAtHotel: text(payableAtHotel),
      fx: conversion.stamp,
    };
    if (feeFx) price.feeFx = feeFx;
    return price;
  };

  const slow = (rate: SupplierRate, supplierId: string, stars: number | undefined): Price =>
    priceRateWithDecimals({ rate, supplierId, stars, rules, quoteCurrency: quote, fx, nights: context.nights, rooms: context.rooms, asOf });

  return {
    price(rate, supplierId, stars) {
      if (!countsValid) return slow(rate, supplierId, stars);
      let priced: Price | undefined;
      try {
        priced = fast(rate, supplierId, stars);
      } catch {
        // Whatever went wrong (an unavailable fx pair, ...), decimal.js prices the rate or raises its own error.
      }
      return priced ?? slow(rate, supplierId, stars);
    },
  };
}

/** A supplier amount in the rate's currency as minor units; undefined for another currency or anything not plain. */
function minorIn(money: Money, supplierCurrency: string, exponent: number): bigint | undefined {
  return money.currency === supplierCurrency ? parseMinorUnits(money.amount, exponent) : undefined;
}

/** The stamp of a fixed amount's conversion, listed once, when its currency is neither the quote's nor the supplier's. */
function withFeeFx(feeFx: FxStamp[] | undefined, converted: ConvertedFixed, quote: string, supplierCurrency: string): FxStamp[] | undefined {
  const { currency } = converted;
  if (currency === quote || currency === supplierCurrency || feeFx?.some((f) => f.from === currency)) return feeFx;
  return feeFx ? [...feeFx, converted.stamp] : [converted.stamp];
}

function isCount(value: number): boolean {
  return Number.isInteger(value) && value >= 1;
}
