import { describe, expect, it } from 'vitest';
import { daysBefore, daysBetween } from '../../functions/domain/fx/calendar-day.js';
import { DatedFxRates } from '../../functions/domain/fx/dated-fx-rates.js';
import { isTargetWorkingDay, latestDueDay, workingDaysBehind } from '../../functions/domain/fx/target-calendar.js';
import { ECB_REFERENCE_CURRENCIES } from '../../functions/domain/fx/ecb-currencies.js';
import { usableFigures, type FeedDay, type OperatorRate } from '../../functions/domain/fx/feed-day.js';
import { withFxMargin } from '../../functions/domain/fx/fx-margin.js';
import { FxUnavailableError } from '../../functions/domain/fx/fx-rates.js';
import { pinnedFxRates } from '../../functions/domain/fx/pinned-fx-rates.js';
import { currencyExponent, isIso4217Currency } from '../../functions/domain/money/money.js';
import { priceRateWithDecimals } from '../../functions/domain/pricing/price-rate-decimal.js';
import { createRatePricer } from '../../functions/domain/pricing/rate-pricer.js';
import { pricingRulesSchema } from '../../functions/domain/pricing/pricing-rules.js';
import { parseMinor } from '../../functions/domain/money/money.js';
import type { SupplierRate } from '../../functions/suppliers/port.js';

const ECB = 'ECB euro foreign exchange reference rates';
const feedDay = (date: string, perEur: Record<string, string> = { USD: '1.0411', GBP: '0.82608', JPY: '156.96' }): FeedDay => ({
  date,
  source: ECB,
  perEur,
});
const operator = (currency: string, perEur: string, asOf: string): OperatorRate => ({
  currency,
  perEur,
  source: 'Central Bank of Kuwait, 09:00 fixing',
  asOf,
  setAt: `${asOf}T09:30:00.000Z`,
  setBy: 'ops',
});
const expected = new Set(ECB_REFERENCE_CURRENCIES);
const rates = (day: FeedDay | undefined, operators: OperatorRate[], today: string, maxAgeDays = 4) =>
  new DatedFxRates(usableFigures(day, operators), { today, maxAgeDays, expected });

describe('dated fx rates (the stored figures a quote converts with)', () => {
  it('stamps the feed by name and the day of its figures, the published figure itself from EUR', () => {
    const fx = rates(feedDay('2026-11-26'), [], '2026-11-27');
    expect(fx.rate('EUR', 'USD')).toEqual({ from: 'EUR', to: 'USD', rate: '1.0411', source: ECB, asOf: '2026-11-26' });
    // Crossed through the euro, rounded to 12 significant digits: the same rule as the embedded snapshot's.
    expect(fx.rate('USD', 'GBP').rate).toBe('0.793468446835');
    expect(fx.rate('GBP', 'GBP')).toMatchObject({ rate: '1', asOf: '2026-11-27' });
  });

  it('uses a figure up to the maximum age in calendar days, and never one older', () => {
    expect(rates(feedDay('2026-11-23'), [], '2026-11-27').rate('EUR', 'USD').asOf).toBe('2026-11-23');
    const stale = () => rates(feedDay('2026-11-22'), [], '2026-11-27').rate('USD', 'EUR');
    expect(stale).toThrow(FxUnavailableError);
    expect(stale).toThrow(
      /USD→EUR: the latest figure for USD \(ECB euro foreign exchange reference rates\) is of 2026-11-22, 5 days old, past the maximum age of 4 days/,
    );
    try {
      stale();
    } catch (error) {
      expect((error as FxUnavailableError).why).toBe('stale');
    }
    // A longer stack setting lets the same figure through.
    expect(rates(feedDay('2026-11-22'), [], '2026-11-27', 5).rate('USD', 'EUR').rate).toBe('0.960522524253');
  });

  it('tells a currency the feed publishes but has not been read (stale) from one nobody quotes (unquoted)', () => {
    const fx = rates(undefined, [], '2026-11-27');
    const why = (from: string, to: string) => {
      try {
        fx.rate(from, to);
      } catch (error) {
        return (error as FxUnavailableError).why;
      }
      return 'converted';
    };
    expect(why('EUR', 'USD')).toBe('stale');
    expect(why('EUR', 'KWD')).toBe('unquoted');
    expect(why('XAU', 'EUR')).toBe('unquoted');
    expect(why('EUR', 'EUR')).toBe('converted');
  });

  it("quotes an operator's currency once set, stamped with its source, its day and the feed's where both take part", () => {
    const fx = rates(feedDay('2026-11-26'), [operator('KWD', '0.3207', '2026-11-25')], '2026-11-27');
    expect(fx.rate('EUR', 'KWD')).toEqual({
      from: 'EUR',
      to: 'KWD',
      rate: '0.3207',
      source: 'operator rate (Central Bank of Kuwait, 09:00 fixing)',
      asOf: '2026-11-25',
    });
    const cross = fx.rate('USD', 'KWD');
    expect(cross.source).toBe(`${ECB} + operator rate (Central Bank of Kuwait, 09:00 fixing)`);
    expect(cross.asOf).toBe('2026-11-25');
    expect(() => rates(feedDay('2026-11-26'), [operator('KWD', '0.3207', '2026-11-20')], '2026-11-27').rate('EUR', 'KWD')).toThrow(
      /KWD .* is of 2026-11-20, 7 days old/,
    );
  });

  it('takes the newer of the feed and an operator for one currency, the feed on the same day', () => {
    const standIn = rates(feedDay('2026-11-20'), [operator('USD', '1.05', '2026-11-26')], '2026-11-27');
    expect(standIn.rate('EUR', 'USD')).toMatchObject({ rate: '1.05', asOf: '2026-11-26' });
    const sameDay = rates(feedDay('2026-11-26'), [operator('USD', '1.05', '2026-11-26')], '2026-11-27');
    expect(sameDay.rate('EUR', 'USD')).toMatchObject({ rate: '1.0411', source: ECB });
  });

  it('counts days in UTC calendar days', () => {
    expect(daysBefore('2026-03-02', 4)).toBe('2026-02-26');
    expect(daysBetween('2026-02-26', '2026-03-02')).toBe(4);
  });
});

describe('the conversion margin (fxMarginBps)', () => {
  const fx = rates(feedDay('2026-11-26'), [], '2026-11-27');

  it('raises the reference rate exactly and stamps rate, referenceRate and marginBps', () => {
    const margined = withFxMargin(fx, 150).rate('USD', 'GBP');
    expect(margined).toEqual({
      from: 'USD',
      to: 'GBP',
      rate: '0.805370473537525',
      source: ECB,
      asOf: '2026-11-26',
      referenceRate: '0.793468446835',
      marginBps: 150,
    });
    expect(withFxMargin(fx, 150).rate('GBP', 'GBP')).not.toHaveProperty('marginBps');
    expect(withFxMargin(fx, 0)).toBe(fx);
  });

  const rate = (amount: string, currency: string): SupplierRate => ({
    supplierRateKey: 'k',
    roomTypeCode: 'DBL',
    roomTypeName: 'Double',
    boardBasis: 'BB',
    refundable: true,
    payment: 'net',
    price: { amount, currency },
    cancellationPolicy: [],
    taxes: [{ kind: 'tax', description: 'VAT', amount: { amount: '10.00', currency }, included: true }],
  });

  it('prices the same on the integer path and in decimal.js, and total = net + markup + tax + serviceFee exactly', () => {
    const rules = pricingRulesSchema.parse({
      markups: [{ id: 'all', markup: { kind: 'percentage', percent: '7.5' } }],
      serviceFee: { kind: 'fixed', amount: '2.00', currency: 'EUR' },
      fxMarginBps: 175,
    });
    const kwd = [operator('KWD', '0.3207', '2026-11-26')];
    const fxWithKwd = rates(feedDay('2026-11-26'), kwd, '2026-11-27');
    for (const quote of ['EUR', 'GBP', 'JPY', 'KWD', 'USD']) {
      for (const amount of ['123.45', '999.99', '100.00', '87654.32']) {
        const input = { rules, quoteCurrency: quote, fx: fxWithKwd, nights: 3, rooms: 2 };
        const fast = createRatePricer(input).price(rate(amount, 'USD'), 'hotelbeds', 4);
        const reference = priceRateWithDecimals({ ...input, rate: rate(amount, 'USD'), supplierId: 'hotelbeds', stars: 4 });
        expect(fast).toEqual(reference);
        const minor = (text: string) => parseMinor(text, quote);
        expect(minor(fast.total)).toBe(minor(fast.net) + minor(fast.markup) + minor(fast.tax) + minor(fast.serviceFee));
        expect(fast.total.split('.')[1]?.length ?? 0).toBe(currencyExponent(quote));
        if (quote === 'USD') expect(fast.fx).not.toHaveProperty('marginBps');
        else {
          expect(fast.fx.marginBps).toBe(175);
          expect(fast.fx.referenceRate).toBe(fxWithKwd.rate('USD', quote).rate);
        }
      }
    }
  });

  it('refuses a margin that is not a whole number of basis points from 0 to 1000', () => {
    expect(pricingRulesSchema.safeParse({ fxMarginBps: 1001 }).success).toBe(false);
    expect(pricingRulesSchema.safeParse({ fxMarginBps: 12.5 }).success).toBe(false);
    expect(pricingRulesSchema.parse({ fxMarginBps: 250 }).fxMarginBps).toBe(250);
  });
});

describe("pinned figures (the booking locks at its check's)", () => {
  it("answers a pinned pair's reference rate whatever the live figures say, and asks live for the rest", () => {
    const checked = withFxMargin(rates(feedDay('2026-11-26'), [], '2026-11-27'), 100).rate('USD', 'EUR');
    const staleNow = rates(feedDay('2026-11-10'), [], '2026-11-27');
    const pinned = pinnedFxRates([checked], staleNow);
    expect(pinned.rate('USD', 'EUR')).toEqual({ from: 'USD', to: 'EUR', rate: '0.960522524253', source: ECB, asOf: '2026-11-26' });
    expect(() => pinned.rate('GBP', 'EUR')).toThrow(FxUnavailableError);
  });
});

describe('ISO 4217 minor units', () => {
  it('takes every exponent from ISO 4217: three decimals for KWD and BHD, none for JPY and VND, four for CLF', () => {
    expect(['KWD', 'BHD', 'OMR', 'TND', 'JOD', 'IQD'].map(currencyExponent)).toEqual([3, 3, 3, 3, 3, 3]);
    expect(['JPY', 'KRW', 'ISK', 'VND', 'CLP'].map(currencyExponent)).toEqual([0, 0, 0, 0, 0]);
    expect(currencyExponent('CLF')).toBe(4);
    expect(['EUR', 'USD', 'AED', 'SAR', 'QAR'].map(currencyExponent)).toEqual([2, 2, 2, 2, 2]);
  });

  it('knows which codes are currencies money is counted in (not gold, not the testing code)', () => {
    expect(isIso4217Currency('KWD')).toBe(true);
    expect(isIso4217Currency('XAU')).toBe(false);
    expect(isIso4217Currency('XXX')).toBe(false);
    expect(isIso4217Currency('ZZZ')).toBe(false);
    expect(isIso4217Currency('kwd')).toBe(false);
  });
});

describe('the ECB publication calendar (TARGET working days)', () => {
  it('skips weekends and the TARGET closing days, Easter included', () => {
    expect(isTargetWorkingDay('2026-11-27')).toBe(true); // a Friday
    expect(isTargetWorkingDay('2026-11-28')).toBe(false);
    expect(isTargetWorkingDay('2026-11-29')).toBe(false);
    // Easter 2027 is 28 March: Good Friday 26, Easter Monday 29.
    expect(['2027-03-25', '2027-03-26', '2027-03-29', '2027-03-30'].map(isTargetWorkingDay)).toEqual([true, false, false, true]);
    expect(['2026-01-01', '2026-05-01', '2026-12-24', '2026-12-25', '2026-12-28'].map(isTargetWorkingDay)).toEqual([
      false,
      false,
      true,
      false,
      true,
    ]);
  });

  it("expects a working day's figures once the read-by hour has passed, else the working day before", () => {
    expect(latestDueDay(new Date('2026-11-30T10:00:00Z'))).toBe('2026-11-27');
    expect(latestDueDay(new Date('2026-11-30T16:30:00Z'))).toBe('2026-11-30');
    expect(latestDueDay(new Date('2027-03-30T10:00:00Z'))).toBe('2027-03-25');
    expect(latestDueDay(new Date('2026-11-29T20:00:00Z'))).toBe('2026-11-27');
  });

  it('counts the working days not read: none over a weekend, two after a Thursday on the Monday evening', () => {
    expect(workingDaysBehind('2026-11-27', '2026-11-27')).toBe(0);
    expect(workingDaysBehind('2026-11-26', '2026-11-30')).toBe(2);
    expect(workingDaysBehind('2027-03-25', '2027-03-30')).toBe(1);
    expect(workingDaysBehind(undefined, '2026-11-30')).toBe(1);
  });
});
