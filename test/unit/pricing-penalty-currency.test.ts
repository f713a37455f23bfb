/**
 * A cancellation penalty in its own currency (Rapid's CancelPenalty.currency: the spec's availability example
 * penalises a CAD rate 10.00 USD) is converted from that currency, with the feed's figure for it, never with
 * the rate's figure as if it were in the rate's currency; in a search's stored row too.
 */
import { describe, expect, it } from 'vitest';
import { policyInQuoteCurrency } from '../../functions/domain/cancellation/policy-in-quote-currency.js';
import { embeddedFxRates } from '../../functions/domain/fx/reference-fx-rates.js';
import { minorConverter } from '../../functions/domain/fx/minor-converter.js';
import { formatMinorUnits } from '../../functions/domain/money/minor-units.js';
import { DEFAULT_PRICING_RULES } from '../../functions/domain/pricing/default-pricing-rules.js';
import { priceRate } from '../../functions/domain/pricing/price-rate.js';
import type { SupplierRate } from '../../functions/domain/rate/supplier-rate.js';
import { FxStamps, rateRowText, readRow, rowText } from '../../functions/search/stored-row.js';

const RATE: SupplierRate = {
  supplierRateKey: 'k',
  roomTypeCode: '123abc',
  roomTypeName: 'Fancy Queen Room',
  boardBasis: 'RO',
  refundable: true,
  payment: 'net',
  price: { amount: '702.00', currency: 'CAD' },
  cancellationPolicy: [
    { from: '2027-02-12T19:59:00.000Z', penalty: { amount: '10.00', currency: 'USD' } },
    { from: '2027-02-20T19:59:00.000Z', penalty: { amount: '346.00', currency: 'CAD' } },
  ],
  taxes: [],
};

const inEur = (amount: string, currency: string): string =>
  formatMinorUnits(minorConverter(embeddedFxRates.rate(currency, 'EUR').rate, 'EUR')(amount, currency), 'EUR');

const price = priceRate({
  rate: RATE,
  supplierId: 'expedia',
  stars: 4,
  rules: DEFAULT_PRICING_RULES.demo!,
  quoteCurrency: 'EUR',
  fx: embeddedFxRates,
  nights: 2,
  rooms: 1,
});

describe('a penalty in its own currency', () => {
  it('is stamped on the price: the rate converts from CAD, the penalty from USD', () => {
    expect(price.fx).toMatchObject({ from: 'CAD', to: 'EUR' });
    expect(price.feeFx).toEqual([embeddedFxRates.rate('USD', 'EUR')]);
  });

  it("is converted with its own figure, the rate's penalty with the rate's", () => {
    const policy = policyInQuoteCurrency(RATE.cancellationPolicy, price);
    expect(policy).toEqual([
      { from: '2027-02-12T19:59:00.000Z', penalty: { amount: inEur('10.00', 'USD'), currency: 'EUR' } },
      { from: '2027-02-20T19:59:00.000Z', penalty: { amount: inEur('346.00', 'CAD'), currency: 'EUR' } },
    ]);
    // Not 10.00 CAD in euros, as it read before.
    expect(policy[0]!.penalty.amount).not.toBe(inEur('10.00', 'CAD'));
  });

  it("reads the same from a search's stored row, which keeps only the rate's stamp", () => {
    const stamps = new FxStamps();
    const shown = {
      propertyId: 'prop_1',
      name: 'Hotel',
      supplierRefs: [{ supplierId: 'expedia', supplierPropertyId: '19248' }],
      rate: {
        supplierId: 'expedia',
        supplierPropertyId: '19248',
        rate: RATE,
        boardBasis: RATE.boardBasis,
        refundable: true,
        cancellationPolicy: RATE.cancellationPolicy,
        price,
      },
    };
    const read = readRow(rowText(shown, rateRowText(shown.rate, stamps)), { fx: stamps.list, currency: 'EUR' });
    expect(policyInQuoteCurrency(read.rate.cancellationPolicy, read.rate.price)).toEqual(
      policyInQuoteCurrency(RATE.cancellationPolicy, price),
    );
  });
});
