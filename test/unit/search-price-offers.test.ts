/**
 * A rate that cannot be priced is left out of its offer, the offer's others kept, and the search hears why,
 * so it is counted and logged rather than lost without a trace.
 */
import { describe, expect, it } from 'vitest';
import { embeddedFxRates } from '../../functions/domain/fx/reference-fx-rates.js';
import { NO_PRICING_RULES } from '../../functions/domain/pricing/default-pricing-rules.js';
import { pricedRates, pricerFor } from '../../functions/search/price-offers.js';
import type { SupplierOffer, SupplierRate } from '../../functions/suppliers/port.js';

const rate = (amount: string, currency: string): SupplierRate => ({
  supplierRateKey: `k-${currency}`,
  roomTypeCode: 'DBL',
  roomTypeName: 'Double',
  boardBasis: 'BB',
  refundable: true,
  payment: 'net',
  price: { amount, currency },
  cancellationPolicy: [],
  taxes: [],
});

describe('pricing an offer', () => {
  it('leaves out a rate in a currency the FX table lacks, keeps the others, and says which and why', () => {
    const offer = {
      supplierId: 'expedia',
      supplierPropertyId: 'P1',
      name: 'Hotel',
      rates: [rate('120.00', 'EUR'), rate('99.00', 'XTS')],
    } as unknown as SupplierOffer;
    const heard: [string, string][] = [];
    const pricer = pricerFor({ rules: NO_PRICING_RULES, quoteCurrency: 'EUR', fx: embeddedFxRates, nights: 2, rooms: 1 });
    const priced = pricedRates(offer, 4, pricer, (supplierId, reason) => heard.push([supplierId, reason]));
    expect(priced.map((p) => p.rate.price.currency)).toEqual(['EUR']);
    expect(heard).toHaveLength(1);
    expect(heard[0]![0]).toBe('expedia');
    expect(heard[0]![1]).toMatch(/XTS/);
  });
});
