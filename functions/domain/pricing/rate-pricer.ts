/**
 * priceRate for many rates of one search: the same rule (price-rate.ts), computed on integer minor units
 * instead of decimal.js, with everything constant across the search worked out once. Each rate is tried
 * on JS numbers first (safe-integer.ts: real rates fit, and parsing, products and formatting cost a
 * fraction of their BigInt versions), then on BigInt (scaled-integer.ts), then in decimal.js.
 *
 * Why it gives bit-for-bit the decimal.js result: every amount, rate and percent is a finite decimal
 * `units / 10^scale`; decimal.js (precision 40) forms sums and products of them exactly as long as they
 * have at most 40 digits, and division by 100 or a power of ten only moves the point. So each component is
 * one exact integer product, rounded once half up to the quote currency's minor unit, which is what
 * roundShiftHalfUp does. The number path computes the same integers (every partial product and sum is
 * checked to be a safe integer, so exact; its products stay far below 10^40); where any would not be, it
 * leaves the rate to the BigInt path. Where a product would reach 10^40 (decimal.js would round it), or an
 * input is anything but plain well-formed data (signs, spaces, too many decimals, another currency, an
 * error), the rate is priced by the decimal.js implementation itself (price-rate-decimal.ts), which also
 * raises the errors. test/unit/search-pricing-fast-path.test.ts compares all three on many random rates, and
 * in use the first rate of every pricer and a sample after it are priced both ways: a fast path that throws
 * or disagrees is reported to the pricing path watch (pricing-path-watch.ts) and the exact price used.
 *
 * Cached per pricer, i.e. per search: the conversion of each currency into the quote (quote-conversions.ts:
 * fx's stamp, its parsed rate and its number-path multiplier), which the suppliers' obligations
 * (rate-obligations.ts) convert through too; the markup rule chosen for each (supplier, stars, board),
 * parsed percents, converted fixed amounts (and their text), and the number path's other prepared
 * multipliers (rate × percent, fee percent).
 */
import { withFxMargin } from '../fx/fx-margin.js';
import { formatMinorUnits, minorUnitExponent } from '../money/minor-units.js';
import type { Money } from '../money/money.js';
import { exactProduct, parseMinorUnits, parseUnsignedDecimal, roundShiftHalfUp, type ScaledInteger } from '../money/scaled-integer.js';
import type { SupplierRate } from '../rate/supplier-rate.js';
import { selectMarkupRule } from './markup-rule-selection.js';
import { priceRateWithDecimals } from './price-rate-decimal.js';
import { createQuoteConversions, type QuoteConversion } from './quote-conversions.js';
import { withPenaltyFx } from './penalty-fx.js';
import { createRateObligations } from './rate-obligations.js';
import type { PriceRateInput } from './price-rate-input.js';
import { CHECKED_EVERY, THROWING_WATCH, type PricingPathWatch } from './pricing-path-watch.js';
import type { FxStamp, Price } from './price.js';
import type { MarkupRule } from './pricing-rules.js';
import { NOT_EXACT, formatSafeMinorUnits, parseSafeMinorUnits, safeScaling, scaleRoundHalfUp, type SafeScaling } from './safe-integer.js';

/** What stays the same for every rate of a search: all of PriceRateInput but the rate itself. */
export type RatePricingContext = Omit<PriceRateInput, 'rate' | 'supplierId' | 'stars'>;

export interface RatePricer {
  /** Exactly priceRate({...context, rate, supplierId, stars}). */
  price(rate: SupplierRate, supplierId: string, stars: number | undefined): Price;
}

/** A fixed rule amount (× its count) converted and rounded into the quote currency. */
interface ConvertedFixed {
  readonly minor: bigint;
  /** The same as a number; NOT_EXACT (negative) when it is not a safe integer. */
  readonly safeMinor: number;
  /** minor formatted in the quote currency, once: it is the same on every rate. */
  readonly text: string;
  readonly currency: string;
  readonly stamp: FxStamp;
}

interface PercentageMarkup {
  readonly kind: 'percentage';
  readonly percent: ScaledInteger;
  /** Per supplier currency's conversion: its minor units → the markup in quote minor units (× rate units × percent units). */
  readonly safeScalings: Map<QuoteConversion, SafeScaling | typeof SLOW>;
}

type PreparedMarkup = PercentageMarkup | { readonly kind: 'fixed'; readonly converted: ConvertedFixed };

type PreparedFee =
  | { readonly kind: 'none' }
  | { readonly kind: 'percentage'; readonly percent: ScaledInteger; readonly safe: SafeScaling | undefined }
  | { readonly kind: 'fixed'; readonly converted: ConvertedFixed };

/** Marks a cache entry for a rule the fast path does not take (the rate then goes the decimal.js way). */
const SLOW = null;

export function createRatePricer(context: RatePricingContext, watch: PricingPathWatch = THROWING_WATCH): RatePricer {
  const { rules, quoteCurrency: quote, asOf } = context;
  // Every conversion into the quote currency carries the account's margin (fx-margin.ts); the slow path
  // adds it itself, to the reference rates of context.fx.
  const fx = withFxMargin(context.fx, rules.fxMarginBps);
  const countsValid = isCount(context.nights) && isCount(context.rooms);
  const quoteExponent = minorUnitExponent(quote);
  const zeroText = formatMinorUnits(0n, quote);
  const text = (minor: bigint): string => (minor === 0n ? zeroText : formatMinorUnits(minor, quote));
  const safeText = (minor: number): string => (minor === 0 ? zeroText : formatSafeMinorUnits(minor, quoteExponent));

  // Shared with the obligations below: fx is asked once per currency, and each rate parsed once, per search.
  const conversions = createQuoteConversions(fx, quote, asOf);

  /** amount (in `currency`, at most its decimals) × count × rate(currency → quote), rounded once. */
  const convertFixed = (amount: string, currency: string, count: number): ConvertedFixed | typeof SLOW => {
    const exponent = minorUnitExponent(currency);
    const minor = parseMinorUnits(amount, exponent);
    const conversion = minor === undefined ? SLOW : conversions.from(currency);
    if (minor === undefined || !conversion) return SLOW;
    const counted = exactProduct(minor, BigInt(count));
    const product = counted === undefined ? undefined : exactProduct(counted, conversion.rate.units);
    if (product === undefined) return SLOW;
    const minorInQuote = roundShiftHalfUp(product, exponent + conversion.rate.scale - quoteExponent);
    const safeMinor = minorInQuote <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(minorInQuote) : NOT_EXACT;
    return { minor: minorInQuote, safeMinor, text: text(minorInQuote), currency, stamp: conversion.stamp };
  };

  const preparedMarkups = new Map<MarkupRule, PreparedMarkup | typeof SLOW>();
  const prepareMarkup = (rule: MarkupRule): PreparedMarkup | typeof SLOW => {
    let prepared = preparedMarkups.get(rule);
    if (prepared === undefined) {
      const { markup } = rule;
      if (markup.kind === 'percentage') {
        const percent = parseUnsignedDecimal(markup.percent);
        prepared = percent ? { kind: 'percentage', percent, safeScalings: new Map() } : SLOW;
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
        // (quote minor units) × percent / 100
        preparedFee = percent ? { kind: 'percentage', percent, safe: safeScaling(percent.units, percent.scale + 2) } : SLOW;
      } else {
        const converted = convertFixed(fee.amount, fee.currency, 1);
        preparedFee = converted ? { kind: 'fixed', converted } : SLOW;
      }
    }
    return preparedFee;
  };

  // supplier → stars → board → the rule (null: none matches). Nested maps, not one map keyed by a joined
  // string: building and hashing that string for every rate cost more than pricing it.
  const chosenRules = new Map<string, Map<number | undefined, Map<string, MarkupRule | null>>>();
  const markupRuleFor = (supplierId: string, stars: number | undefined, rate: SupplierRate): MarkupRule | undefined => {
    if (rate.payment === 'pay_at_hotel' && !rules.payAtHotel.applyMarkup) return undefined;
    let bySupplier = chosenRules.get(supplierId);
    if (!bySupplier) chosenRules.set(supplierId, (bySupplier = new Map()));
    let byStars = bySupplier.get(stars);
    if (!byStars) bySupplier.set(stars, (byStars = new Map()));
    const boardBasis = rate.boardBasis;
    let rule = byStars.get(boardBasis);
    if (rule === undefined) {
      rule = selectMarkupRule(rules.markups, { supplierId, stars, boardBasis }) ?? null;
      byStars.set(boardBasis, rule);
    }
    return rule ?? undefined;
  };

  /** (supplier minor units) × rate × percent / 100 in quote minor units, for one supplier currency. */
  const safeMarkupScaling = (conversion: QuoteConversion, markup: PercentageMarkup): SafeScaling | typeof SLOW => {
    let scaling = markup.safeScalings.get(conversion);
    if (scaling === undefined) {
      const shift = conversion.exponent + conversion.rate.scale - quoteExponent + markup.percent.scale + 2;
      scaling = safeScaling(conversion.rate.units * markup.percent.units, shift) ?? SLOW;
      markup.safeScalings.set(conversion, scaling);
    }
    return scaling;
  };

  // No closures are made per rate: this runs for every rate of a search. Negative results are NOT_EXACT.
  const priceOnSafeIntegers = (rate: SupplierRate, supplierId: string, stars: number | undefined): Price | undefined => {
    const supplierCurrency = rate.price.currency;
    const conversion = conversions.from(supplierCurrency);
    const scaling = conversion?.safe;
    if (!conversion || !scaling) return undefined;
    const supplierExponent = conversion.exponent;

    const supplierPrice = parseSafeMinorUnits(rate.price.amount, supplierExponent); // in supplierCurrency by definition
    if (supplierPrice < 0) return undefined;
    let includedTaxes = 0;
    let excludedTaxes = 0;
    for (const tax of rate.taxes) {
      const amount = safeMinorIn(tax.amount, supplierCurrency, supplierExponent);
      if (amount < 0) return undefined;
      if (tax.included) includedTaxes += amount;
      else excludedTaxes += amount;
    }
    if (!Number.isSafeInteger(includedTaxes) || !Number.isSafeInteger(excludedTaxes)) return undefined;
    const netInSupplierCurrency = supplierPrice - includedTaxes;
    if (netInSupplierCurrency < 0) return undefined;

    const net = scaleRoundHalfUp(netInSupplierCurrency, scaling);
    const tax = includedTaxes === 0 ? 0 : scaleRoundHalfUp(includedTaxes, scaling);
    const excluded = excludedTaxes === 0 ? 0 : scaleRoundHalfUp(excludedTaxes, scaling);
    if (net < 0 || tax < 0 || excluded < 0) return undefined;

    let commission = 0;
    if (rate.commission) {
      const amount = safeMinorIn(rate.commission, supplierCurrency, supplierExponent);
      commission = amount < 0 ? NOT_EXACT : scaleRoundHalfUp(amount, scaling);
      if (commission < 0) return undefined;
    }

    let feeFx: FxStamp[] | undefined;
    let markup = 0;
    let markupText: string | undefined; // known already for a fixed markup
    const markupRule = markupRuleFor(supplierId, stars, rate);
    if (markupRule) {
      const prepared = prepareMarkup(markupRule);
      if (!prepared) return undefined;
      if (prepared.kind === 'percentage') {
        // exact converted net × percent / 100, in one product: net × (rate units × percent units)
        const markupScaling = safeMarkupScaling(conversion, prepared);
        markup = markupScaling ? scaleRoundHalfUp(netInSupplierCurrency, markupScaling) : NOT_EXACT;
      } else {
        markup = prepared.converted.safeMinor;
        markupText = prepared.converted.text;
        feeFx = withFeeFx(feeFx, prepared.converted, quote, supplierCurrency);
      }
      if (markup < 0) return undefined;
    }

    let serviceFee = 0;
    let serviceFeeText: string | undefined; // known already for a fixed fee
    const fee = prepareFee();
    if (!fee) return undefined;
    if (fee.kind === 'percentage') {
      // (rounded net + markup + tax, in quote minor units) × percent / 100
      const subtotal = net + markup + tax;
      serviceFee = fee.safe && Number.isSafeInteger(subtotal) ? scaleRoundHalfUp(subtotal, fee.safe) : NOT_EXACT;
    } else if (fee.kind === 'fixed') {
      serviceFee = fee.converted.safeMinor;
      serviceFeeText = fee.converted.text;
      feeFx = withFeeFx(feeFx, fee.converted, quote, supplierCurrency);
    }
    if (serviceFee < 0) return undefined;

    const total = net + markup + tax + serviceFee;
    const payableAtHotel = rate.payment === 'pay_at_hotel' ? net + tax + excluded : excluded;
    if (!Number.isSafeInteger(total) || !Number.isSafeInteger(payableAtHotel)) return undefined;
    return assemblePrice(
      {
        net: safeText(net),
        markup: markupText ?? safeText(markup),
        commission: safeText(commission),
        tax: safeText(tax),
        serviceFee: serviceFeeText ?? safeText(serviceFee),
        total: safeText(total),
        payableAtHotel: safeText(payableAtHotel),
      },
      quote,
      conversion.stamp,
      feeFx,
    );
  };

  // No closures are made per rate: this runs for every rate the number path leaves.
  const priceOnBigInts = (rate: SupplierRate, supplierId: string, stars: number | undefined): Price | undefined => {
    const supplierCurrency = rate.price.currency;
    const conversion = conversions.from(supplierCurrency);
    if (!conversion) return undefined;
    const supplierExponent = conversion.exponent;

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
    return assemblePrice(
      {
        net: text(net),
        markup: text(markup),
        commission: text(commission),
        tax: text(tax),
        serviceFee: text(serviceFee),
        total: text(total),
        payableAtHotel: text(payableAtHotel),
      },
      quote,
      conversion.stamp,
      feeFx,
    );
  };

  // Selling floors and property charges, converted through the same conversions as the prices.
  const obligations = createRateObligations(conversions);

  const slow = (rate: SupplierRate, supplierId: string, stars: number | undefined): Price =>
    priceRateWithDecimals({
      rate,
      supplierId,
      stars,
      rules,
      quoteCurrency: quote,
      fx: context.fx,
      nights: context.nights,
      rooms: context.rooms,
      asOf,
    });

  let priced = 0;
  return {
    price(rate, supplierId, stars) {
      // Penalties in their own currency (Rapid's CancelPenalty.currency) get that currency's stamp.
      const finish = (price: Price): Price => withPenaltyFx(obligations.apply(price, rate), rate, conversions);
      if (!countsValid) return finish(slow(rate, supplierId, stars));
      let fast: Price | undefined;
      try {
        fast = priceOnSafeIntegers(rate, supplierId, stars) ?? priceOnBigInts(rate, supplierId, stars);
      } catch (error) {
        // decimal.js prices the rate or raises its own error (an unavailable fx pair, ...); where it prices
        // it, the fast path had no reason to throw, and the watch hears of it.
        const exact = slow(rate, supplierId, stars);
        watch.fastPathFailed(error, supplierId);
        return finish(exact);
      }
      if (fast === undefined) return finish(slow(rate, supplierId, stars));
      if (priced++ % CHECKED_EVERY === 0) {
        const exact = slow(rate, supplierId, stars);
        if (JSON.stringify(exact) !== JSON.stringify(fast)) {
          watch.disagreed(fast, exact, supplierId);
          return finish(exact);
        }
      }
      return finish(fast);
    },
  };
}

/** The Price of a rate whose amounts are already formatted, in the key order every path gives. */
function assemblePrice(
  amounts: Pick<Price, 'net' | 'markup' | 'commission' | 'tax' | 'serviceFee' | 'total' | 'payableAtHotel'>,
  currency: string,
  fx: FxStamp,
  feeFx: FxStamp[] | undefined,
): Price {
  const { net, markup, commission, tax, serviceFee, total, payableAtHotel } = amounts;
  const price: { -readonly [K in keyof Price]: Price[K] } = {
    net,
    markup,
    commission,
    tax,
    serviceFee,
    total,
    currency,
    payableAtHotel,
    fx,
  };
  if (feeFx) price.feeFx = feeFx;
  return price;
}

/** A supplier amount in the rate's currency as minor units; NOT_EXACT for another currency, anything not plain, or beyond safe integers. */
function safeMinorIn(money: Money, supplierCurrency: string, exponent: number): number {
  return money.currency === supplierCurrency ? parseSafeMinorUnits(money.amount, exponent) : NOT_EXACT;
}

/** A supplier amount in the rate's currency as minor units; undefined for another currency or anything not plain. */
function minorIn(money: Money, supplierCurrency: string, exponent: number): bigint | undefined {
  return money.currency === supplierCurrency ? parseMinorUnits(money.amount, exponent) : undefined;
}

/** The stamp of a fixed amount's conversion, listed once, when its currency is neither the quote's nor the supplier's. */
function withFeeFx(
  feeFx: FxStamp[] | undefined,
  converted: ConvertedFixed,
  quote: string,
  supplierCurrency: string,
): FxStamp[] | undefined {
  const { currency } = converted;
  if (currency === quote || currency === supplierCurrency || feeFx?.some((f) => f.from === currency)) return feeFx;
  return feeFx ? [...feeFx, converted.stamp] : [converted.stamp];
}

function isCount(value: number): boolean {
  return Number.isInteger(value) && value >= 1;
}
