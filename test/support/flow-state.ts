/**
 * A flow state as BookWithSupplier and UndoBooking are given it: a Hotelbeds rate of 250.19 EUR net for
 * five nights, priced with the demo account's rules, checked and ready to book. Tests change the request
 * (payment, priceTolerance, clientReference) and the ids; the rest is the same booking everywhere.
 */
import type { BookingRequest } from '../../functions/booking/booking-request.js';
import type { FlowState } from '../../functions/booking/flow/flow-state.js';
import { embeddedFxRates } from '../../functions/domain/fx/reference-fx-rates.js';
import { DEFAULT_PRICING_RULES } from '../../functions/domain/pricing/default-pricing-rules.js';
import type { Price } from '../../functions/domain/pricing/price.js';
import { priceRate } from '../../functions/domain/pricing/price-rate.js';
import type { SupplierRate } from '../../functions/suppliers/port.js';

export const SAMPLE_RATE: SupplierRate = {
  supplierRateKey: 'RK-1',
  roomTypeCode: 'DBL',
  roomTypeName: 'Double room',
  boardBasis: 'BB',
  refundable: true,
  payment: 'net',
  price: { amount: '250.19', currency: 'EUR' },
  cancellationPolicy: [],
  taxes: [],
};

export const DEMO_RULES = DEFAULT_PRICING_RULES.demo!;

/** The sample rate at another net amount, priced as the search priced it. */
function pricedAt(amount: string): Price {
  return priceRate({
    rate: { ...SAMPLE_RATE, price: { amount, currency: 'EUR' } },
    supplierId: 'hotelbeds',
    stars: 4,
    rules: DEMO_RULES,
    quoteCurrency: 'EUR',
    fx: embeddedFxRates,
    nights: 5,
    rooms: 1,
  });
}

export const SAMPLE_PRICE = pricedAt('250.19');

export interface FlowStateChanges {
  readonly bookingId?: string;
  readonly requestId?: string;
  readonly requestedAt?: string;
  readonly request?: Partial<BookingRequest>;
}

export function checkedFlowState(changes: FlowStateChanges = {}): FlowState {
  const price = SAMPLE_PRICE;
  return {
    tenant: 'demo',
    clientId: 'demo-client',
    bookingId: changes.bookingId ?? 'bk_test',
    requestId: changes.requestId ?? 'req-1',
    request: {
      rateId: 'r1.x',
      searchId: 'srch_1',
      holder: { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com' },
      rooms: [{ guests: [{ type: 'adult', firstName: 'Ada', lastName: 'Byron' }] }],
      clientReference: 'REF-1',
      ...changes.request,
    } as FlowState['request'],
    scenarios: [],
    stay: { checkIn: '2036-03-01', checkOut: '2036-03-06', nights: 5 },
    requestedAt: changes.requestedAt ?? '2026-11-25T12:00:00.000Z',
    checked: {
      ticket: {
        searchId: 'srch_1',
        supplierId: 'hotelbeds',
        supplierRateKey: 'RK-1',
        supplierPropertyId: 'H1',
        propertyId: 'prop_1',
        starRating: 4,
        quoted: { net: price.net, markup: price.markup, tax: price.tax, serviceFee: price.serviceFee, total: price.total, currency: 'EUR' },
        nights: 5,
        rooms: 1,
        expiresAt: '2036-01-01T00:00:00.000Z',
      },
      rate: SAMPLE_RATE,
      price,
    },
  };
}
