import { describe, expect, it } from 'vitest';
import { parseMinor } from '../../functions/domain/money/money.js';
import { addNightly, nightlyPrices } from '../../functions/domain/pricing/nightly-prices.js';

const sum = (nights: readonly { total: string }[], currency: string) => nights.reduce((s, n) => s + parseMinor(n.total, currency), 0);
const eur = (amount: string) => ({ amount, currency: 'EUR' });

describe('a price split night by night', () => {
  it('spreads evenly without supplier figures, the remainder on the last night, dated from check-in', () => {
    expect(nightlyPrices('100.00', 'EUR', { checkIn: '2027-02-27', nights: 3 })).toEqual([
      { date: '2027-02-27', total: '33.33' },
      { date: '2027-02-28', total: '33.33' },
      { date: '2027-03-01', total: '33.34' },
    ]);
  });

  it('follows the supplier figures as shares of the total (markup and conversion fall on the nights as its price does)', () => {
    // Supplier: 100 + 100 + 150 USD; sold at 402.50 EUR after conversion and markup.
    const nights = nightlyPrices('402.50', 'EUR', { checkIn: '2027-03-05', nights: 3 }, [
      { amount: '100.00', currency: 'USD' },
      { amount: '100.00', currency: 'USD' },
      { amount: '150.00', currency: 'USD' },
    ]);
    expect(nights.map((n) => n.total)).toEqual(['115.00', '115.00', '172.50']);
  });

  it('reproduces the supplier figures exactly when the total is their sum', () => {
    const figures = ['104.17', '98.02', '131.55', '131.55'].map(eur);
    const nights = nightlyPrices('465.29', 'EUR', { checkIn: '2027-01-30', nights: 4 }, figures);
    expect(nights.map((n) => n.total)).toEqual(['104.17', '98.02', '131.55', '131.55']);
    expect(nights.map((n) => n.date)).toEqual(['2027-01-30', '2027-01-31', '2027-02-01', '2027-02-02']);
  });

  it('always adds up to the total exactly, in currencies of 0, 2 and 3 decimals, over 1 to 30 nights', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    };
    for (const [currency, digits] of [
      ['JPY', 0],
      ['EUR', 2],
      ['BHD', 3],
    ] as const) {
      for (let run = 0; run < 300; run++) {
        const nights = 1 + (next() % 30);
        const totalMinor = next() % 50_000_000;
        const total = (totalMinor / 10 ** digits).toFixed(digits);
        const figures = run % 3 === 0 ? undefined : Array.from({ length: nights }, () => eur(((next() % 90_000) / 100).toFixed(2)));
        const split = nightlyPrices(total, currency, { checkIn: '2027-06-01', nights }, figures);
        expect(split).toHaveLength(nights);
        expect(sum(split, currency)).toBe(totalMinor);
        for (const night of split) expect(parseMinor(night.total, currency)).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('spreads evenly when the figures cannot be shares: another count of nights, a negative night, all zero', () => {
    const even = ['50.00', '50.00'];
    const stay = { checkIn: '2027-03-01', nights: 2 };
    expect(nightlyPrices('100.00', 'EUR', stay, [eur('10.00')]).map((n) => n.total)).toEqual(even);
    expect(nightlyPrices('100.00', 'EUR', stay, [eur('-10.00'), eur('30.00')]).map((n) => n.total)).toEqual(even);
    expect(nightlyPrices('100.00', 'EUR', stay, [eur('0.00'), eur('0.00')]).map((n) => n.total)).toEqual(even);
    expect(nightlyPrices('100.00', 'EUR', stay, [eur('10.00'), { amount: '30.00', currency: 'USD' }]).map((n) => n.total)).toEqual(even);
  });

  it('adds several rooms night by night, and gives up on rooms priced over different nights', () => {
    expect(
      addNightly([
        [eur('10.00'), eur('12.00')],
        [eur('1.50'), eur('2.50')],
      ]),
    ).toEqual([eur('11.50'), eur('14.50')]);
    expect(addNightly([[eur('10.00'), eur('12.00')], [eur('1.50')]])).toBeUndefined();
    expect(addNightly([[eur('10.00')], undefined])).toBeUndefined();
  });
});
