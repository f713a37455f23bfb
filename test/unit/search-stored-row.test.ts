import { describe, expect, it } from 'vitest';
import type { FxQuote } from '../../functions/domain/fx/fx-rates.js';
import { describeRate } from '../../functions/domain/rate/shown-rate.js';
import { FxStamps, isRowOf, rateRowText, readRow, rowText } from '../../functions/search/stored-row.js';
import type { ShownProperty } from '../../functions/search/shown-property.js';

const identity: FxQuote = { from: 'EUR', to: 'EUR', rate: '1', source: 'identity', asOf: '2027-01-01' };
const usd: FxQuote = { from: 'USD', to: 'EUR', rate: '0.9213', source: 'ECB', asOf: '2027-01-01' };

const shown = (over: Partial<ShownProperty> = {}, fx: FxQuote = usd): ShownProperty => ({
  propertyId: 'prop_abc123',
  name: 'Ξενοδοχείο "Ακρόπολις" \\ Hôtel',
  starRating: 4,
  geo: { lat: 37.971532, lng: 23.725749 },
  supplierRefs: [
    { supplierId: 'expedia', supplierPropertyId: '24064466' },
    { supplierId: 'hotelbeds', supplierPropertyId: '6911398' },
  ],
  rate: {
    supplierId: 'expedia',
    supplierPropertyId: '24064466',
    rate: { supplierRateKey: 'exp1.eyJ|pipes|and\nnewline', roomTypeName: 'Double Room, 1 Double Bed', payment: 'pay_at_hotel' },
    boardBasis: 'BB',
    refundable: true,
    cancellationPolicy: [
      { from: '2027-02-08T17:00:00.000Z', penalty: { amount: '40.15', currency: 'USD' } },
      { from: '2027-02-09T23:00:00.000Z', penalty: { amount: '118.48', currency: 'USD' } },
    ],
    price: {
      net: '109.16',
      markup: '0.00',
      commission: '16.37',
      tax: '0.00',
      serviceFee: '0.00',
      total: '109.16',
      currency: 'EUR',
      payableAtHotel: '124.76',
      fx,
    },
  },
  ...over,
});

const stay = { searchId: 'srch_1', checkIn: '2027-01-20', nights: 3, rooms: 1, expiresAt: '2027-01-10T12:30:00.000Z' };

describe('stored search rows', () => {
  it('read back as the property and rate they were written from, and describe the same', () => {
    const fx = new FxStamps();
    for (const property of [shown(), shown({ starRating: undefined, geo: undefined }), shown({}, identity)]) {
      const { starRating, geo, ...rest } = property;
      const text = rowText(property, rateRowText(property.rate, fx));
      expect(text).not.toContain('\n');
      const read = readRow(text, { fx: fx.list, currency: 'EUR' });
      expect(read).toEqual({ ...rest, ...(starRating !== undefined ? { starRating } : {}), ...(geo ? { geo } : {}) });
      expect(describeRate(read.rate, read, stay)).toEqual(describeRate(property.rate, property, stay));
      expect(isRowOf(text, 'prop_abc123')).toBe(true);
      expect(isRowOf(text, 'prop_abc12')).toBe(false);
    }
  });

  it('keeps each fx stamp once, however many rates carry it', () => {
    const fx = new FxStamps();
    rateRowText(shown().rate, fx);
    rateRowText(shown({}, { ...usd }).rate, fx);
    rateRowText(shown({}, identity).rate, fx);
    expect(fx.list).toEqual([usd, identity]);
  });

  it('refuses text that is not a row instead of showing half a property', () => {
    expect(() => readRow('[1,2,3]', { fx: [usd], currency: 'EUR' })).toThrow(/row format/);
    const text = rowText(shown(), rateRowText(shown().rate, new FxStamps()));
    expect(() => readRow(text, { fx: [], currency: 'EUR' })).toThrow(/fx stamp 0/);
  });
});
